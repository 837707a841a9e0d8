"""Room ownership on cluster nodes (two apps in this loop, one PostgreSQL database,
one Redis key prefix): a room is served only by the node holding its lease, every
write carries the lease's fencing token, and a node that lost a room refuses its
commands, tells the phones and closes their sockets so they reconnect elsewhere."""

from __future__ import annotations

import asyncio
import json
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
import websockets
from redis.asyncio import Redis

from nightfall.server.protocol import CLOSE_MOVED
from nightfall.store.postgres import PostgresStore
from tests.faults.live import make_table, open_seat

from .nodes import REDIS_URL, node_in_loop

pytestmark = pytest.mark.timeout(60)
NAMES = ["Anna", "Bram", "Cas", "Dewi"]


@pytest.fixture
async def prefix() -> AsyncIterator[str]:
    name = "nftest" + uuid.uuid4().hex[:8]
    client = Redis.from_url(REDIS_URL)
    try:
        await client.ping()
    except Exception as exc:
        pytest.fail(f"Redis is not reachable at {REDIS_URL} (bash .ci/run starts it): {exc}")
    yield name
    keys = [k async for k in client.scan_iter(f"{name}:*")]
    if keys:
        await client.delete(*keys)
    await client.aclose()


async def _command(
    ws: websockets.ClientConnection, rid: str, ctype: str, **payload: object
) -> dict[str, Any]:
    """Send a game command; the answer to it (ack or error), skipping states."""
    await ws.send(json.dumps({"type": "command", "id": rid, "command": {"type": ctype, "payload": payload}}))
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), 10))
        if message.get("id") == rid:
            return dict(message)


async def test_only_the_owner_serves_a_room(pg_url: str, prefix: str, tmp_path: Path) -> None:
    (a, _), (b, _) = [await node_in_loop(pg_url, prefix, n, tmp_path) for n in ("a", "b")]
    try:
        code, tokens = await make_table(a.url, NAMES)
        async with httpx.AsyncClient(timeout=10) as http:
            elsewhere = await http.get(f"{b.url}/api/rooms/{code}")
            assert elsewhere.status_code == 503  # the proxy retries on 503 (deploy/haproxy.cfg)
            assert elsewhere.json()["error"]["code"] == "not_owner"
            assert elsewhere.json()["error"]["params"]["owner"] == "a"
            assert (await http.get(f"{a.url}/api/rooms/{code}")).status_code == 200
        with pytest.raises(websockets.InvalidStatus) as refused:  # refused before the handshake
            await open_seat(b.url, code, tokens[1])
        assert refused.value.response.status_code == 503
        ws, welcome, _ = await open_seat(a.url, code, tokens[1])
        assert welcome["you"]["pid"] == 2
        await ws.close()
    finally:
        await a.stop()
        await b.stop()


async def test_a_stale_owner_has_its_writes_refused_and_lets_go(
    pg_url: str, prefix: str, tmp_path: Path
) -> None:
    """Node A is paused past its lease (here: its lease key vanishes as if it had
    expired) and B takes the room over. A still believes its lease runs, so it
    applies a phone's command; the store refuses it (fencing token), the phone gets
    ``not_owner``, and when A's keeper sees the lease gone the socket closes with
    4503 so the phone reconnects to B, in its seat."""
    (a, own_a), (b, _) = [await node_in_loop(pg_url, prefix, n, tmp_path) for n in ("a", "b")]
    try:
        code, tokens = await make_table(a.url, NAMES)
        host, _, _ = await open_seat(a.url, code, tokens[0])
        await host.send(json.dumps({"type": "lobby", "id": "s", "action": "start", "payload": {}}))
        phone, welcome, state = await open_seat(a.url, code, tokens[1])
        seat = welcome["you"]["seat"]
        assert state["room"]["status"] == "playing" and seat is not None

        redis = Redis.from_url(REDIS_URL)
        await redis.delete(f"{prefix}:owner:{code}")  # A's lease ran out while A was paused
        await redis.aclose()
        async with httpx.AsyncClient(timeout=10) as http:
            taken = await http.get(f"{b.url}/api/rooms/{code}")
        assert taken.status_code == 200  # B took the lease and claimed a larger token

        held = own_a.held(code)
        assert held is not None and held.valid()  # A does not know yet
        answer = await _command(phone, "late", "ready")
        assert answer["type"] == "error" and answer["error"]["code"] == "not_owner"
        store = PostgresStore(pg_url)
        stored = store.load_room(code)
        store.close()
        assert stored is not None and not [c for c in stored.commands if c.type == "ready"]

        await own_a.renew()  # A's keeper: the lease is B's
        await own_a.settle()
        with pytest.raises(websockets.ConnectionClosed) as closed:
            while True:
                await asyncio.wait_for(phone.recv(), 10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == CLOSE_MOVED
        again, welcome_b, _ = await open_seat(b.url, code, tokens[1])
        assert welcome_b["you"]["seat"] == seat
        assert (await _command(again, "on-b", "ready"))["type"] == "ack"
        await again.close()
        await host.close()
    finally:
        await a.stop()
        await b.stop()


async def test_a_lease_that_runs_out_without_redis_stops_the_room(
    pg_url: str, prefix: str, tmp_path: Path
) -> None:
    """Redis cannot be reached and the lease runs out: the node refuses the room's
    commands with ``not_owner`` (the phone is told), closes its sockets (4503) and
    logs why; with Redis back, the room is taken again on the phone's reconnect."""
    a, own_a = await node_in_loop(pg_url, prefix, "a", tmp_path)
    try:
        code, tokens = await make_table(a.url, NAMES)
        phone, _, _ = await open_seat(a.url, code, tokens[0])
        held = own_a.held(code)
        assert held is not None
        working = own_a.leases.redis
        own_a.leases.redis = Redis.from_url("redis://127.0.0.1:1/0", socket_connect_timeout=0.5)
        held.valid_until = 0.0  # ...and time passes
        answer = await _command(phone, "x", "ready")
        assert answer["error"]["code"] == "not_owner"
        await own_a.renew()
        await own_a.settle()
        with pytest.raises(websockets.ConnectionClosed) as closed:
            while True:
                await asyncio.wait_for(phone.recv(), 10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == CLOSE_MOVED
        assert own_a.held(code) is None
        await own_a.leases.redis.aclose()
        own_a.leases.redis = working
        back, welcome, _ = await open_seat(a.url, code, tokens[0])
        assert welcome["you"]["pid"] == 1
        await back.close()
    finally:
        await a.stop()


async def test_a_stalled_node_keeps_its_rooms_when_the_lease_is_still_its_own(
    pg_url: str, prefix: str, tmp_path: Path
) -> None:
    """The event loop stalled past the lease's local validity (a busy machine), but no
    other node took the room: the next change renews the lease first and goes through."""
    a, own_a = await node_in_loop(pg_url, prefix, "a", tmp_path)
    try:
        code, tokens = await make_table(a.url, NAMES)
        host, _, _ = await open_seat(a.url, code, tokens[0])
        held = own_a.held(code)
        assert held is not None
        held.valid_until = 0.0  # the keeper has not run for longer than the lease
        await host.send(json.dumps({"type": "lobby", "id": "s", "action": "start", "payload": {}}))
        while True:
            message = json.loads(await asyncio.wait_for(host.recv(), 10))
            if message.get("id") == "s":
                break
        assert message["type"] == "ack", message
        assert held.valid()  # renewed by that change
        await host.close()
    finally:
        await a.stop()


async def test_a_dead_nodes_game_timer_fires_once_on_another_node_with_no_phone(
    pg_url: str, prefix: str, tmp_path: Path
) -> None:
    """Node A runs a game and dies (its rooms and lease keeper stop, nothing is let
    go); no phone reconnects. Once A's lease runs out, B adopts the room from the
    rooms that need an owner, rebuilds it from PostgreSQL and its timers fire there,
    each once (tests/cluster/live.py ``ticks_fired_once``)."""
    from .live import load, ticks_fired_once

    timers = {
        k: 0.3 for k in ("depart", "guard", "propose", "approve", "exile", "confirm", "ritual", "discuss")
    }
    timers |= {"witch": 0.2, "quarrel": 0.05}
    a, own_a = await node_in_loop(pg_url, prefix, "a", tmp_path, ttl_ms=1200, timers=timers)
    b, own_b = await node_in_loop(pg_url, prefix, "b", tmp_path, ttl_ms=1200, timers=timers)
    try:
        code, tokens = await make_table(a.url, NAMES)
        host, _, _ = await open_seat(a.url, code, tokens[0])
        await host.send(json.dumps({"type": "lobby", "id": "s", "action": "start", "payload": {}}))
        while json.loads(await asyncio.wait_for(host.recv(), 10)).get("id") != "s":
            pass
        for token in tokens:  # the role reveal waits for every Ready; from then on the timers run
            phone, _, _ = await open_seat(a.url, code, token)
            assert (await _command(phone, "r", "ready"))["type"] == "ack"
            await phone.close()
        await host.close()
        # A dies: its rooms stop where they are, its keeper stops renewing.
        assert own_a._task is not None
        own_a._task.cancel()
        for room in list(a.app.state.rooms._rooms.values()):
            await room.stop()
        written_by_a = len(load(pg_url, code).commands)
        loop = asyncio.get_running_loop()
        end = loop.time() + 20
        while own_b.held(code) is None or len(load(pg_url, code).commands) <= written_by_a + 3:
            assert loop.time() < end, (
                f"B never took the room over nor ran its timers: held {own_b.held(code)}, "
                f"{len(load(pg_url, code).commands)} commands, A wrote {written_by_a}"
            )
            await asyncio.sleep(0.2)
        stored = load(pg_url, code)
        assert any(c.type == "tick" for c in stored.commands[written_by_a:])
        ticks_fired_once(stored)
    finally:
        a.app.state.rooms._rooms.clear()
        await a.stop()
        await b.stop()


async def test_a_room_that_cannot_be_served_lets_its_lease_go(
    pg_url: str, prefix: str, tmp_path: Path
) -> None:
    """A node that took a room's lease to load it, and found it closed, lets the lease go:
    kept, it would be renewed for ever and no other node could try the room."""
    (a, _), (b, own_b) = [await node_in_loop(pg_url, prefix, n, tmp_path) for n in ("a", "b")]
    redis = Redis.from_url(REDIS_URL)
    try:
        code, _tokens = await make_table(a.url, NAMES)
        await a.stop()  # A goes away; the room is then closed in the store
        await redis.delete(f"{prefix}:owner:{code}")
        with psycopg.connect(pg_url) as db:
            db.execute("UPDATE rooms SET status = 'closed' WHERE code = %s", (code,))
        async with httpx.AsyncClient(timeout=10) as http:
            gone = await http.get(f"{b.url}/api/rooms/{code}")
        assert gone.status_code == 404, gone.text
        assert own_b.held(code) is None
        assert await redis.get(f"{prefix}:owner:{code}") is None
    finally:
        await redis.aclose()
        await b.stop()
