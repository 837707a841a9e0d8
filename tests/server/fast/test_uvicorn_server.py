"""uvicorn's server with its tick on the chores' grid (``fast/uvicorn_server.py``):
it serves, keeps its Date header fresh, and stops within a tick."""

from __future__ import annotations

import asyncio
import time

import httpx
import pytest
import uvicorn

from nightfall.server.fast.uvicorn_server import TICK_S, Server
from tests.local_servers import free_port

# Starts a server, a subprocess or a database (tests/starts.py): not in `make check`.
pytestmark = pytest.mark.server


async def _app(scope: dict, receive: object, send: object) -> None:  # type: ignore[type-arg]
    if scope["type"] != "http":
        return
    await send({"type": "http.response.start", "status": 200, "headers": []})  # type: ignore[operator]
    await send({"type": "http.response.body", "body": b"ok"})  # type: ignore[operator]


async def test_it_serves_refreshes_the_date_and_stops_within_a_tick() -> None:
    port = free_port()
    server = Server(uvicorn.Config(_app, host="127.0.0.1", port=port, lifespan="off", log_level="warning"))
    task = asyncio.create_task(server.serve())
    while not server.started:
        await asyncio.sleep(0.01)
    async with httpx.AsyncClient() as client:
        first = await client.get(f"http://127.0.0.1:{port}/")
        # The date is refreshed by the server's tick: waited for (up to 10 s), not raced with
        # a fixed sleep, which a busy machine's loop may overrun.
        for _ in range(100):
            await asyncio.sleep(0.1)
            second = await client.get(f"http://127.0.0.1:{port}/")
            if second.headers["date"] != first.headers["date"]:
                break
    assert first.text == "ok"
    assert first.headers["date"] != second.headers["date"]
    started = time.monotonic()
    server.should_exit = True
    await asyncio.wait_for(task, 5)
    assert time.monotonic() - started < TICK_S + 0.5
