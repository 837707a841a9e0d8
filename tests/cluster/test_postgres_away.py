"""PostgreSQL made unreachable mid-game, for real: a cluster node reaches the real
PostgreSQL through a TCP proxy the test cuts (tests/cluster/cut.py; the shared
server is never stopped). While it is away the phones get a clear refusal
(``store_failed``) and nothing is acknowledged; no acknowledged command is lost;
when it is back the same node takes commands again without a restart."""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import websockets
from redis.asyncio import Redis

from nightfall.store.postgres import PostgresStore
from tests.faults.live import make_table, open_seat

from .cut import CutProxy
from .nodes import REDIS_URL, node_in_loop

pytestmark = pytest.mark.timeout(180)
NAMES = ["Anna", "Bram", "Cas", "Dewi"]


@pytest.fixture
async def prefix() -> AsyncIterator[str]:
    name = "nftest" + uuid.uuid4().hex[:8]
    yield name
    client = Redis.from_url(REDIS_URL)
    keys = [k async for k in client.scan_iter(f"{name}:*")]
    if keys:
        await client.delete(*keys)
    await client.aclose()


async def _answer(ws: websockets.ClientConnection, rid: str, message: dict[str, Any]) -> dict[str, Any]:
    await ws.send(json.dumps({"id": rid, **message}))
    while True:
        got = json.loads(await asyncio.wait_for(ws.recv(), 30))
        if got.get("id") == rid:
            return dict(got)


def _ready(rid: str) -> dict[str, Any]:
    return {"type": "command", "command": {"type": "ready", "payload": {}}}


async def test_postgres_unreachable_mid_game_refuses_clearly_and_loses_nothing(
    pg_url: str, prefix: str, tmp_path: Path
) -> None:
    host, port = pg_url.split("@", 1)[1].split("/", 1)[0].split(":")
    proxy = CutProxy(host, int(port))
    proxy.start()
    through = pg_url.replace(f"{host}:{port}", f"127.0.0.1:{proxy.port}")
    node, _ = await node_in_loop(through, prefix, "a", tmp_path)
    phones: list[websockets.ClientConnection] = []
    try:
        code, tokens = await make_table(node.url, NAMES)
        for token in tokens:
            ws, _, _ = await open_seat(node.url, code, token)
            phones.append(ws)
        started = await _answer(phones[0], "s", {"type": "lobby", "action": "start", "payload": {}})
        assert started["type"] == "ack", started
        acked = []
        for i in (0, 1):
            answer = await _answer(phones[i], f"r{i}", _ready(f"r{i}"))
            assert answer["type"] == "ack", answer
            acked.append(i + 1)

        proxy.cut()  # the database is gone (connections dropped, new ones refused)
        t0 = time.monotonic()
        refused = await _answer(phones[2], "r2", _ready("r2"))
        waited = time.monotonic() - t0
        print(f"refused after {waited:.2f} s: {refused}")
        assert refused["type"] == "error" and refused["error"]["code"] == "store_failed", refused
        assert waited < 15, "the phone must hear within the store's timeout, not hang"
        again = await _answer(phones[3], "r3", _ready("r3"))  # still away: refused again, not queued
        assert again["type"] == "error" and again["error"]["code"] == "store_failed", again

        proxy.heal()
        end = time.monotonic() + 30
        for i in (2, 3):  # the phones tap again, as a player does after the error
            while True:
                answer = await _answer(phones[i], f"again{i}", _ready(f"again{i}"))
                if answer["type"] == "ack":
                    acked.append(i + 1)
                    break
                assert answer["error"]["code"] == "store_failed", answer
                assert time.monotonic() < end, "the node never took commands again after PostgreSQL came back"
                await asyncio.sleep(0.5)

        # Every acknowledged command is in PostgreSQL, once; the refused ones are not.
        store = PostgresStore(pg_url)
        try:
            stored = store.load_room(code)
        finally:
            store.close()
        assert stored is not None
        readies = [int(c.actor) for c in stored.commands if c.type == "ready"]
        assert sorted(readies) == sorted(acked) == [1, 2, 3, 4], readies
        # The node is healthy again: a new room can be made and joined.
        assert (await make_table(node.url, NAMES[:2]))[0]
    finally:
        for ws in phones:
            ws.transport.abort()
        await node.stop()
        proxy.close()
