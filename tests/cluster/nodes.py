"""Cluster nodes in this event loop: the real app on the real PostgreSQL, with room
leases in the real Redis under a key prefix of the test's own."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

import uvicorn
from redis.asyncio import Redis

from nightfall.cluster import Leases
from nightfall.cluster.ownership import Ownership
from nightfall.games.heks.site import HeksSite
from nightfall.server.app import create_app
from nightfall.server.limits import ServerLimits
from nightfall.server.main import websocket_settings
from nightfall.server.room import RoomOptions
from nightfall.store.postgres import PostgresStore
from tests.faults.live import InLoop

REDIS_URL = os.environ.get("NIGHTFALL_TEST_REDIS", "redis://127.0.0.1:6379/0")


async def node_in_loop(
    pg_url: str,
    prefix: str,
    name: str,
    tmp: Path,
    ttl_ms: int = 30_000,
    redis_url: str = REDIS_URL,
    timers: dict[str, float] | None = None,
) -> tuple[InLoop, Ownership]:
    ownership = Ownership(Leases(Redis.from_url(redis_url), name, ttl_ms, prefix=prefix))
    app: Any = create_app(
        PostgresStore(pg_url),
        catalog={"heks": HeksSite(timers=timers or {})},
        options=RoomOptions(grace_ms=500),
        web_dist=tmp / "no-dist",
        limits=ServerLimits.unlimited(),
        ownership=ownership,
    )
    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", **websocket_settings())
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve())
    for _ in range(1000):
        if server.started or task.done():
            break
        await asyncio.sleep(0.01)
    assert server.started, "the node did not start"
    port = server.servers[0].sockets[0].getsockname()[1]
    return InLoop(f"http://127.0.0.1:{port}", server, task, app), ownership
