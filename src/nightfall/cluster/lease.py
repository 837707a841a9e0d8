"""Room leases in Redis, with fencing tokens.

A node that wants to run a room takes its lease: ``SET nf:owner:CODE NODE NX
PX ttl``. Each successful take also increments ``nf:fence:CODE``, and that
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
_TAKE = """
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
  return redis.call('INCR', KEYS[2])
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
    def from_url(cls, url: str, node: str, ttl_ms: int = 10_000) -> Leases:
        client: Redis = Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)
        return cls(client, node, ttl_ms)

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
