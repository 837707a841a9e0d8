"""A phone that stops reading does not stall its room, and a disconnect storm
(every phone drops and comes back at once) loses no seat."""

from __future__ import annotations

import asyncio
import contextlib
import json
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest
import websockets

from nightfall.server.connection import OUTBOX_SIZE, Connection
from nightfall.server.room import RoomOptions

from .live import make_table, open_seat, serve_in_loop, version_of
from .phones import Table

pytestmark = pytest.mark.timeout(90)

NAMES = ["Anna", "Bram", "Cas", "Dewi", "Eva"]
CHANGES = 150
# Long names make each lobby state about 1.5 KB.
LONG_NAMES = [f"Speler {i:02d} met lange naam"[:20] for i in range(1, 13)]


async def test_a_client_that_stops_reading_does_not_stall_its_room(tmp_path: Path) -> None:
    # The store on tmpfs when there is one: this test is about sockets, not fsync.
    shm = Path("/dev/shm")
    db_dir = Path(tempfile.mkdtemp(dir=shm)) if shm.is_dir() else tmp_path
    live = await serve_in_loop(
        db_dir / "db.sqlite3", options=RoomOptions(burst=10_000, rate_per_second=10_000)
    )
    try:
        code, tokens = await make_table(live.url, LONG_NAMES)
        host, _, _ = await open_seat(live.url, code, tokens[0])
        reader, _, _ = await open_seat(live.url, code, tokens[1])
        # The slow phone never reads after the hello: its client stops reading the
        # TCP socket once one message waits, so the server's writes to it back up.
        slow, _, _ = await open_seat(live.url, code, tokens[2], max_queue=1)
        room = live.app.state.rooms._rooms[code]
        latest = {"reader": -1}

        async def read_all() -> None:
            with contextlib.suppress(websockets.ConnectionClosed):
                async for raw in reader:
                    assert isinstance(raw, str)  # the server sends text frames only
                    if '"type":"state"' in raw[:100]:
                        latest["reader"] = max(latest["reader"], version_of(raw))

        reading = asyncio.create_task(read_all())
        worst, final, deepest = 0.0, -1, 0
        for i in range(CHANGES):
            t0 = time.perf_counter()
            payload = {"discuss_seconds": 60 + 30 * (i % 2)}
            await host.send(json.dumps({"type": "lobby", "id": i, "action": "settings", "payload": payload}))
            while True:
                message = json.loads(await asyncio.wait_for(host.recv(), 15))
                if message["type"] == "ack" and message["id"] == i:
                    final = message["version"]
                    break
            worst = max(worst, time.perf_counter() - t0)
            deepest = max([deepest, *(c.pending for c in room.conns)])
        for _ in range(100):
            if latest["reader"] >= final:
                break
            await asyncio.sleep(0.05)
        print(
            f"{CHANGES} lobby changes while one phone did not read: slowest ack {worst * 1000:.0f} ms, "
            f"deepest server outbox {deepest} messages"
        )
        assert worst < 5.0, "the room waited for the slow phone"  # a stall would be forever
        assert latest["reader"] >= final, "a reading phone missed the latest state"
        assert deepest <= OUTBOX_SIZE, "a slow phone's backlog grew without bound"

        # When it reads again it gets everything up to the latest state, or it was cut
        # off (4408) and a reconnect brings it the latest state with the same seat.
        got, closed_with = -1, None
        try:
            while got < final:
                raw = await asyncio.wait_for(slow.recv(), 10)
                assert isinstance(raw, str)
                if '"type":"state"' in raw[:100]:
                    got = version_of(raw)
        except websockets.ConnectionClosed as closed:
            closed_with = closed.rcvd.code if closed.rcvd else None
        assert got == final or closed_with == 4408, (got, final, closed_with)
        again, welcome, state = await open_seat(live.url, code, tokens[2])
        assert welcome["you"]["pid"] == 3
        assert state["room"]["settings"]["discuss_seconds"] == 60 + 30 * ((CHANGES - 1) % 2)
        reading.cancel()
        for ws in (host, reader, again, slow):
            await ws.close()
    finally:
        await live.stop()
        if db_dir != tmp_path:
            shutil.rmtree(db_dir, ignore_errors=True)


class _StuckSocket:
    """A socket whose peer never reads: every send waits forever."""

    def __init__(self) -> None:
        self.closed_with: int | None = None

    async def send_text(self, text: str) -> None:
        await asyncio.Event().wait()

    async def close(self, code: int) -> None:
        self.closed_with = code


async def test_a_phone_that_cannot_keep_up_is_cut_off_not_buffered() -> None:
    """docs/protocol.md §4.4: 64 queued messages, then close 4408 (the kernel's
    socket buffers are taken out of the picture by a send that never returns)."""
    conn = Connection(_StuckSocket(), outbox_size=OUTBOX_SIZE)  # type: ignore[arg-type]
    conn.start()
    try:
        for i in range(OUTBOX_SIZE + 2):
            conn.offer(f"message {i}")
            await asyncio.sleep(0)
        assert conn.closed
        assert conn.pending <= 1  # the backlog was dropped; only the close is left
    finally:
        await conn.stop()


async def test_a_disconnect_storm_loses_no_seat(tmp_path: Path) -> None:
    live = await serve_in_loop(tmp_path / "db.sqlite3", options=RoomOptions(grace_ms=300))
    tables: list[Table] = []
    try:
        for i in range(8):
            code, tokens = await make_table(live.url, NAMES)
            table = Table(live.url, code, tokens, seed=i)
            await table.connect()
            tables.append(table)
        for table in tables:
            await table.host.lobby("settings", mode="unlimited")  # no timers: the state holds still
            await table.host.lobby("start")
        for table in tables:
            for phone in table.phones:
                for _ in range(100):
                    if phone.status == "playing":
                        break
                    await asyncio.sleep(0.02)
                assert phone.status == "playing"
        phones = [p for t in tables for p in t.phones]
        seats = {(t.code, p.index): (p.pid, p.seat) for t in tables for p in t.phones}
        for storm in range(3):
            await asyncio.gather(*(p.drop() for p in phones))  # every phone at once, no close handshake
            if storm == 1:
                await asyncio.sleep(0.5)  # past the grace period: everyone shows as disconnected
            welcomes = await asyncio.gather(*(p.connect() for p in phones))
            assert all(w["you"]["spectator"] is False for w in welcomes)
            assert {(t.code, p.index): (p.pid, p.seat) for t in tables for p in t.phones} == seats
        # Every member is connected again, and every seat can still play.
        for table in tables:
            for _ in range(100):
                members = table.host.state["room"]["members"]
                if all(m["presence"] == "connected" for m in members):
                    break
                await asyncio.sleep(0.05)
                table.host.state = (await _fresh_state(live.url, table))["state"]
            assert [m["presence"] for m in table.host.state["room"]["members"]] == ["connected"] * len(NAMES)
        for table in tables:
            for phone in table.phones:
                assert phone.state["view"]["phase"] == "ROLE_REVEAL"
                await phone.command("ready", {"step": phone.state["view"]["step"]})
        for _ in range(200):
            if all(p.acked for p in phones):
                break
            await asyncio.sleep(0.02)
        assert all(p.acked for p in phones), [p.errors for p in phones if not p.acked]
    finally:
        for table in tables:
            await table.close()
        await live.stop()


async def _fresh_state(url: str, table: Table) -> dict[str, dict[str, Any]]:
    ws, _, state = await open_seat(url, table.code, None)  # a spectator's look at the room
    await ws.close()
    return {"state": state}
