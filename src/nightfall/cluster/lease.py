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
from typing import Any

from redis.asyncio import Redis
from redis.exceptions import RedisError

_RENEW = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0
"""
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
"""
# A lease that already names this node is taken again with a new token: the node
# forgot it (it restarted under the same name, or gave the room up while Redis was
# away); any write still carrying the old token is refused by the store.
_TAKE = """
local owner = redis.call('GET', KEYS[1])
if not owner or owner == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return redis.call('INCR', KEYS[2])
end
return 0
"""

# Renew many leases in one round trip. KEYS are (owner, fence) key pairs, ARGV the
# node, the TTL and each lease's token. A lease that is vacant (it expired while this
# node was slow, or Redis restarted and lost it) is taken back with the same token if
# no node took it since (the fence counter is not above ours; after a Redis restart
# the counter is restored to ours). 1: renewed, 2: taken back, 0: another node has
# or had it since: lost.
_RENEW_ALL = """
local out = {}
for i = 1, #KEYS, 2 do
  local fence = tonumber(ARGV[2 + (i + 1) / 2])
  local owner = redis.call('GET', KEYS[i])
  if owner == ARGV[1] then
    redis.call('PEXPIRE', KEYS[i], ARGV[2])
    out[#out + 1] = 1
  elseif not owner and (tonumber(redis.call('GET', KEYS[i + 1])) or 0) <= fence then
    redis.call('SET', KEYS[i], ARGV[1], 'PX', ARGV[2])
    redis.call('SET', KEYS[i + 1], fence)
    out[#out + 1] = 2
  else
    out[#out + 1] = 0
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


class Leases:
    def __init__(self, redis: Redis, node: str, ttl_ms: int = 10_000, prefix: str = "nf") -> None:
        self.redis = redis
        self.node = node
        self.ttl_ms = ttl_ms
        self.prefix = prefix

    @classmethod
    def from_url(cls, url: str, node: str, ttl_ms: int = 10_000, prefix: str = "nf") -> Leases:
        # Timeouts well under the lease: a Redis that hangs is noticed while the leases hold.
        timeout = max(0.2, ttl_ms / 4000)
        client: Redis = Redis.from_url(url, socket_timeout=timeout, socket_connect_timeout=timeout)
        return cls(client, node, ttl_ms, prefix)

    def _owner_key(self, code: str) -> str:
        return f"{self.prefix}:owner:{code}"

    def _fence_key(self, code: str) -> str:
        return f"{self.prefix}:fence:{code}"

    async def take(self, code: str) -> Lease | None:
        """The lease with a fresh fencing token, or ``None`` if another node holds it."""
        try:
            fence = await self._eval(
                _TAKE, [self._owner_key(code), self._fence_key(code)], self.node, self.ttl_ms
            )
        except RedisError as exc:
            raise LeaseLost(f"room {code}: Redis is unreachable: {exc}") from exc
        return Lease(code, self.node, int(fence)) if fence else None

    async def renew(self, lease: Lease) -> None:
        try:
            ok = await self._eval(_RENEW, [self._owner_key(lease.code)], lease.node, self.ttl_ms)
        except RedisError as exc:
            raise LeaseLost(
                f"room {lease.code}: cannot renew the lease, Redis is unreachable: {exc}"
            ) from exc
        if not ok:
            raise LeaseLost(f"room {lease.code}: the lease was taken by another node")

    async def renew_all(self, leases: list[Lease]) -> dict[str, bool]:
        """Renew every lease in one round trip: code -> still ours. Raises ``LeaseLost``
        when Redis cannot be reached (then nothing is known)."""
        if not leases:
            return {}
        keys = [key for lease in leases for key in (self._owner_key(lease.code), self._fence_key(lease.code))]
        try:
            answers = await self._eval(_RENEW_ALL, keys, self.node, self.ttl_ms, *(x.fence for x in leases))
        except RedisError as exc:
            raise LeaseLost(f"cannot renew leases, Redis is unreachable: {exc}") from exc
        return {lease.code: bool(answer) for lease, answer in zip(leases, answers, strict=True)}

    async def raise_fence(self, lease: Lease, at_least: int) -> Lease:
        """The lease with a token of at least ``at_least`` (``LeaseLost`` if it is not ours)."""
        try:
            fence = await self._eval(
                _RAISE, [self._owner_key(lease.code), self._fence_key(lease.code)], self.node, at_least
            )
        except RedisError as exc:
            raise LeaseLost(f"room {lease.code}: Redis is unreachable: {exc}") from exc
        if not fence:
            raise LeaseLost(f"room {lease.code}: the lease was taken by another node")
        return Lease(lease.code, lease.node, int(fence))

    # -- which rooms need an owner: a sorted set, code -> from when (ms since the epoch)

    async def want_owner(self, code: str, from_ms: int) -> None:
        """``code`` needs an owner from ``from_ms`` on (0: always, while it is open)."""
        with contextlib.suppress(RedisError):  # only speeds up a takeover; a connection finds it too
            await self.redis.zadd(self._rooms_key(), {code: from_ms})

    async def forget(self, code: str) -> None:
        with contextlib.suppress(RedisError):
            await self.redis.zrem(self._rooms_key(), code)

    async def orphans(self, now_ms: int, limit: int = 200) -> list[str]:
        """Rooms that need an owner by ``now_ms`` and have none (a node died holding them,
        or a game's timer is due in a room nobody has loaded)."""
        raw = await self.redis.zrangebyscore(self._rooms_key(), "-inf", now_ms, start=0, num=limit)
        codes = [c.decode() if isinstance(c, bytes) else str(c) for c in raw]
        if not codes:
            return []
        owners = await self.redis.mget([self._owner_key(code) for code in codes])
        return [code for code, owner in zip(codes, owners, strict=True) if owner is None]

    def _rooms_key(self) -> str:
        return f"{self.prefix}:rooms"

    async def release(self, lease: Lease) -> None:
        with contextlib.suppress(RedisError):  # if Redis is away, the lease expires on its own
            await self._eval(_RELEASE, [self._owner_key(lease.code)], lease.node)

    async def owner(self, code: str) -> str | None:
        value = await self.redis.get(self._owner_key(code))
        return None if value is None else value.decode() if isinstance(value, bytes) else str(value)

    async def close(self) -> None:
        await self.redis.aclose()

    async def _eval(self, script: str, keys: list[str], *args: Any) -> Any:
        return await self.redis.eval(script, len(keys), *keys, *args)
