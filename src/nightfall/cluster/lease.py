"""Room leases in Redis, with fencing tokens.

A node that wants to run a room takes its lease: ``SET nf:owner:CODE NODE PX ttl``
unless another node holds it. Each successful take also increments ``nf:fence:CODE``, and that
number is the node's fencing token for the room: the store refuses writes
with a smaller token than the last claimed one (store ``claim``), so a node
that was paused past its lease and wakes up cannot write over the new owner.

The owner renews the lease well before it expires. A renewal or release only
touches a lease that still names this node (a Lua script, atomic in Redis).
A node that cannot renew (Redis unreachable, or the lease taken) must stop
accepting commands for the room: ``renew`` raises ``LeaseLost``.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from nightfall.extras import need

if TYPE_CHECKING:
    # redis comes with the `cluster` extra; a game night imports this module (through
    # cluster.ownership) without it, and only a node with --redis makes Leases.
    from redis.asyncio import Redis

# KEYS: owner, was. With ARGV[2] = 1 the room was let go on purpose (idle): whoever
# takes it next has no downtime to give back, so ``was`` goes too.
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  if ARGV[2] == '1' then
    redis.call('DEL', KEYS[2])
  end
  return redis.call('DEL', KEYS[1])
end
return 0
"""
# A lease that already names this node is taken again with a new token: the node
# forgot it (it restarted under the same name, or gave the room up while Redis was
# away); any write still carrying the old token is refused by the store. KEYS: owner,
# fence, rooms, was; ARGV: node, TTL. The room needs an owner again when the lease
# runs out (rooms score: Redis's clock + TTL). Returns the token and the node that
# held the room before (``was``: set at every take, deleted when a node lets the
# room go idle), so a node taking over a dead node's room knows whose downtime it was.
# When another node holds it: 0, that node, and the ms its lease has left.
_TAKE = """
local owner = redis.call('GET', KEYS[1])
if not owner or owner == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  local t = redis.call('TIME')
  redis.call('ZADD', KEYS[3], t[1] * 1000 + math.floor(t[2] / 1000) + tonumber(ARGV[2]), ARGV[3])
  local was = redis.call('GET', KEYS[4])
  redis.call('SET', KEYS[4], ARGV[1], 'PX', 86400000)
  return {redis.call('INCR', KEYS[2]), was or ''}
end
return {0, owner, redis.call('PTTL', KEYS[1])}
"""

# The keeper's one round trip (``Leases.keep``): renew many leases, then list the
# rooms that need an owner and have none. KEYS: the rooms set, then (owner, fence)
# key pairs; ARGV: the node, the TTL, how many orphans at most, the owner keys'
# prefix, each lease's code and token. A renewed lease's room needs an owner again only when the lease runs out
# (its score: Redis's clock + TTL), so the rooms listed are the ones whose owner
# stopped renewing (a dead node) or whose game timer is due with nobody holding
# them, never the hundreds that are fine. A lease that is vacant (it expired while
# this node was slow, or Redis restarted and lost it) is taken back with the same
# token if no node took it since (the fence counter is not above ours; after a Redis
# restart the counter is restored to ours). Answers: 1 renewed, 2 taken back, 0
# another node has or had it since: lost; then the orphans' codes.
_KEEP = """
local t = redis.call('TIME')
local now = t[1] * 1000 + math.floor(t[2] / 1000)
local ttl = tonumber(ARGV[2])
local n = (#KEYS - 1) / 2
local out = {}
for i = 1, n do
  local okey, fkey = KEYS[2 * i], KEYS[2 * i + 1]
  local code, fence = ARGV[3 + 2 * i], tonumber(ARGV[4 + 2 * i])
  local owner = redis.call('GET', okey)
  local answer = 0
  if owner == ARGV[1] then
    redis.call('PEXPIRE', okey, ttl)
    answer = 1
  elseif not owner and (tonumber(redis.call('GET', fkey)) or 0) <= fence then
    redis.call('SET', okey, ARGV[1], 'PX', ttl)
    redis.call('SET', fkey, fence)
    answer = 2
  end
  if answer > 0 then
    redis.call('ZADD', KEYS[1], now + ttl, code)
  end
  out[#out + 1] = answer
end
local limit = tonumber(ARGV[3])
if limit > 0 then
  local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'LIMIT', 0, limit)
  for _, code in ipairs(due) do
    if redis.call('EXISTS', ARGV[4] .. code) == 0 then
      out[#out + 1] = code
    end
  end
end
return out
"""

# After Redis lost its data the fence counter starts again from 1, below the token
# the store holds: the owner raises it past that (only while it holds the lease).
_RAISE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  local fence = math.max(tonumber(redis.call('GET', KEYS[2])) or 0, tonumber(ARGV[2]))
  redis.call('SET', KEYS[2], fence)
  return fence
end
return 0
"""


class LeaseLost(Exception):
    """This node no longer owns the room (or cannot tell, because Redis is away)."""


@dataclass(frozen=True, slots=True)
class Lease:
    code: str
    node: str
    fence: int
    # The node that held the room before this take, if it did not let the room go on
    # purpose (it died, was paused, or lost Redis): its downtime is the room's.
    was: str | None = None


@dataclass(frozen=True, slots=True)
class Elsewhere:
    """A lease another node holds: which, and the ms until it runs out unless renewed."""

    node: str
    left_ms: int


class Leases:
    def __init__(self, redis: Redis, node: str, ttl_ms: int = 10_000, prefix: str = "nf") -> None:
        self.redis = redis
        self.node = node
        self.ttl_ms = ttl_ms
        self.prefix = prefix
        self._unreachable: type[Exception] = need("redis.exceptions", "Room leases").RedisError
        # EVALSHA: the scripts are sent once, not with every renewal (reloaded by
        # redis-py when a restarted Redis no longer knows them).
        self._take = redis.register_script(_TAKE)
        self._keep = redis.register_script(_KEEP)
        self._release = redis.register_script(_RELEASE)
        self._raise = redis.register_script(_RAISE)

    @classmethod
    def from_url(cls, url: str, node: str, ttl_ms: int = 10_000, prefix: str = "nf") -> Leases:
        # Timeouts well under the lease: a Redis that hangs is noticed while the leases hold.
        timeout = max(0.2, ttl_ms / 4000)
        redis_asyncio = need("redis.asyncio", "Room leases in Redis (--redis)")
        client: Redis = redis_asyncio.Redis.from_url(
            url, socket_timeout=timeout, socket_connect_timeout=timeout
        )
        return cls(client, node, ttl_ms, prefix)

    def _owner_key(self, code: str) -> str:
        return f"{self.prefix}:owner:{code}"

    def _fence_key(self, code: str) -> str:
        return f"{self.prefix}:fence:{code}"

    def _was_key(self, code: str) -> str:
        return f"{self.prefix}:was:{code}"

    def _rooms_key(self) -> str:
        return f"{self.prefix}:rooms"

    async def take(self, code: str) -> Lease | None:
        """The lease with a fresh fencing token, or ``None`` if another node holds it."""
        got = await self.try_take(code)
        return got if isinstance(got, Lease) else None

    async def try_take(self, code: str) -> Lease | Elsewhere:
        """The lease with a fresh fencing token, or who holds it and for how long yet."""
        keys = [self._owner_key(code), self._fence_key(code), self._rooms_key(), self._was_key(code)]
        try:
            fence, who, *left = await self._take(
                keys=keys, args=[self.node, self.ttl_ms, code], client=self.redis
            )
        except self._unreachable as exc:
            raise LeaseLost(f"room {code}: Redis is unreachable: {exc}") from exc
        who = who.decode() if isinstance(who, bytes) else str(who)
        if not fence:
            return Elsewhere(who, int(left[0]) if left else self.ttl_ms)
        return Lease(code, self.node, int(fence), who or None)

    async def renew(self, lease: Lease) -> None:
        answers, _ = await self.keep([lease], orphans=0)
        if not answers[lease.code]:
            raise LeaseLost(f"room {lease.code}: the lease was taken by another node")

    async def renew_all(self, leases: list[Lease]) -> dict[str, bool]:
        """Renew every lease in one round trip: code -> still ours. Raises ``LeaseLost``
        when Redis cannot be reached (then nothing is known)."""
        return (await self.keep(leases, orphans=0))[0]

    async def keep(self, leases: list[Lease], orphans: int = 200) -> tuple[dict[str, bool], list[str]]:
        """Renew every lease and list up to ``orphans`` rooms that need an owner and
        have none (a node died holding them, or a game's timer is due in a room
        nobody has loaded), in one round trip. Raises ``LeaseLost`` when Redis cannot
        be reached (then nothing is known)."""
        keys = [self._rooms_key()]
        args: list[Any] = [self.node, self.ttl_ms, orphans, f"{self.prefix}:owner:"]
        for lease in leases:
            keys += [self._owner_key(lease.code), self._fence_key(lease.code)]
            args += [lease.code, lease.fence]
        try:
            out = await self._keep(keys=keys, args=args, client=self.redis)
        except self._unreachable as exc:
            raise LeaseLost(f"cannot renew leases, Redis is unreachable: {exc}") from exc
        answers = {lease.code: bool(answer) for lease, answer in zip(leases, out, strict=False)}
        found = [c.decode() if isinstance(c, bytes) else str(c) for c in out[len(leases) :]]
        return answers, found

    async def raise_fence(self, lease: Lease, at_least: int) -> Lease:
        """The lease with a token of at least ``at_least`` (``LeaseLost`` if it is not ours)."""
        keys = [self._owner_key(lease.code), self._fence_key(lease.code)]
        try:
            fence = await self._raise(keys=keys, args=[self.node, at_least], client=self.redis)
        except self._unreachable as exc:
            raise LeaseLost(f"room {lease.code}: Redis is unreachable: {exc}") from exc
        if not fence:
            raise LeaseLost(f"room {lease.code}: the lease was taken by another node")
        return Lease(lease.code, lease.node, int(fence), lease.was)

    # -- which rooms need an owner: a sorted set, code -> from when (ms, Redis's clock)

    async def want_owner(self, code: str, from_ms: int) -> None:
        """``code`` needs an owner from ``from_ms`` on (ms since the epoch)."""
        with contextlib.suppress(self._unreachable):  # only speeds up a takeover; a connection finds it too
            await self.redis.zadd(self._rooms_key(), {code: from_ms})

    async def forget(self, code: str) -> None:
        with contextlib.suppress(self._unreachable):
            await self.redis.zrem(self._rooms_key(), code)

    async def release(self, lease: Lease, idle: bool = True) -> None:
        """Let the lease go. ``idle``: on purpose, the room is not in use (whoever takes
        it next owes it no downtime); else this node stops and its rooms move."""
        with contextlib.suppress(self._unreachable):  # if Redis is away, the lease expires on its own
            await self._release(
                keys=[self._owner_key(lease.code), self._was_key(lease.code)],
                args=[lease.node, int(idle)],
                client=self.redis,
            )

    async def owner(self, code: str) -> str | None:
        value = await self.redis.get(self._owner_key(code))
        return None if value is None else value.decode() if isinstance(value, bytes) else str(value)

    async def close(self) -> None:
        await self.redis.aclose()
