"""Room leases in the real Redis (127.0.0.1:6379, started by .ci/run; a Redis
that is not there fails these tests, it never skips them)."""

from __future__ import annotations

import asyncio
import os
import time
import uuid
from collections.abc import AsyncIterator

import pytest
from redis.asyncio import Redis

from nightfall.cluster import LeaseLost, Leases
from nightfall.cluster.lease import Elsewhere
from nightfall.cluster.ownership import NotOwner, Ownership

URL = os.environ.get("NIGHTFALL_TEST_REDIS", "redis://127.0.0.1:6379/0")


@pytest.fixture
async def prefix() -> AsyncIterator[str]:
    name = "nftest" + uuid.uuid4().hex[:8]
    client = Redis.from_url(URL)
    try:
        await client.ping()
    except Exception as exc:
        pytest.fail(f"Redis is not reachable at {URL} (bash .ci/run starts it): {exc}")
    yield name
    keys = [k async for k in client.scan_iter(f"{name}:*")]
    if keys:
        await client.delete(*keys)
    await client.aclose()


def _node(prefix: str, node: str, ttl_ms: int = 10_000) -> Leases:
    return Leases(Redis.from_url(URL), node, ttl_ms, prefix=prefix)


async def test_one_owner_at_a_time_and_each_take_gets_a_larger_token(prefix: str) -> None:
    a, b = _node(prefix, "a", ttl_ms=300), _node(prefix, "b", ttl_ms=300)
    first = await a.take("KXTR")
    assert first is not None and first.fence == 1
    assert await b.take("KXTR") is None
    assert await b.owner("KXTR") == "a"
    await asyncio.sleep(0.4)  # a was paused past its lease
    second = await b.take("KXTR")
    assert second is not None and second.fence > first.fence
    with pytest.raises(LeaseLost, match="taken by another node"):
        await a.renew(first)
    await a.release(first)  # a stale release leaves b's lease alone
    assert await b.owner("KXTR") == "b"
    await b.renew(second)
    await b.release(second)
    assert await a.owner("KXTR") is None
    await a.close()
    await b.close()


async def test_an_unreachable_redis_means_the_lease_is_lost(prefix: str) -> None:
    away = Leases.from_url("redis://127.0.0.1:1/0", "a")
    with pytest.raises(LeaseLost, match="Redis is unreachable"):
        await away.take("KXTR")
    lease_holder = _node(prefix, "a")
    lease = await lease_holder.take("KXTR")
    assert lease is not None
    with pytest.raises(LeaseLost, match="unreachable"):
        await away.renew(lease)
    await away.close()
    await lease_holder.close()


async def test_a_refused_take_names_the_holder_and_the_time_its_lease_has_left(prefix: str) -> None:
    a, b = _node(prefix, "a", ttl_ms=2000), _node(prefix, "b", ttl_ms=2000)
    assert await a.take("KXTR") is not None
    elsewhere = await b.try_take("KXTR")
    assert isinstance(elsewhere, Elsewhere)
    assert elsewhere.node == "a" and 1500 < elsewhere.left_ms <= 2000
    await a.close()
    await b.close()


async def test_a_node_waits_out_an_overdue_lease_instead_of_refusing(prefix: str) -> None:
    """Renewals come every third of the TTL: a lease with under half of it left belongs
    to a node that stopped renewing (it died), so the next node waits it out and takes
    the room, rather than refuse a phone that would come back only a second later."""
    # No wall-clock window: a TTL of 10 s leaves a fresh lease unmistakably alive, and the
    # overdue one is made by cutting its TTL in Redis, not by sleeping and hoping.
    dead = _node(prefix, "dead", ttl_ms=10_000)
    assert await dead.take("KXTR") is not None
    claimed: list[int] = []

    async def claim(code: str, fence: int) -> None:
        claimed.append(fence)

    next_node = Ownership(_node(prefix, "next", ttl_ms=10_000))
    with pytest.raises(NotOwner) as refused:  # freshly renewed: its holder is alive
        await next_node.acquire("KXTR", claim)
    assert refused.value.owner == "dead"
    started = time.monotonic()
    assert await dead.redis.pexpire(dead._owner_key("KXTR"), 400)  # no renewal since: overdue
    held = await next_node.acquire("KXTR", claim)
    # Taken, not refused; and not before the dead node's lease ran out in Redis (however
    # slow this machine is, the lease cannot end sooner than 0.4 s after `started`).
    assert time.monotonic() - started >= 0.39
    assert claimed == [held.fence] and held.fence == 2
    await next_node.leases.close()
    await dead.close()
