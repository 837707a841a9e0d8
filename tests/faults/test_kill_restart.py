"""SIGKILL the server while rooms of bots are playing, restart it: every
acknowledged command is in the store, and every room resumes and finishes
(docs/protocol.md §6: an ``ack`` is sent only after the command is durable)."""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from nightfall.store import SqliteStore
from tests.local_servers import free_port

from .live import Process, make_table
from .phones import Table

# About 6 s on a quiet machine; 100-160 s when the machine's load average is 20-40.
pytestmark = pytest.mark.timeout(400)

ROOMS = 6
# Eight players: games of five can end on day 1 (Table 2.1 B-5, H-PRO-6) before the kill.
NAMES = ["Anna", "Bram", "Cas", "Dewi", "Eva", "Fien", "Gijs", "Hugo"]
TIMERS = {"depart": 1.0, "guard": 0.5, "witch": 0.2, "propose": 1.0, "approve": 1.0, "quarrel": 0.05}


def _key(seat: int, ctype: str, payload: dict[str, Any]) -> str:
    return json.dumps([seat, ctype, payload], sort_keys=True)


async def test_sigkill_under_load_loses_no_acknowledged_command(tmp_path: Path) -> None:
    server = Process(tmp_path, free_port(), TIMERS)
    server.start()
    tables: list[Table] = []
    try:
        for i in range(ROOMS):
            code, tokens = await make_table(server.url, NAMES)
            table = Table(server.url, code, tokens, seed=i)
            await table.connect()
            tables.append(table)
        for table in tables:
            await table.host.lobby("start")
        plays = [asyncio.create_task(t.play_until_end(120)) for t in tables]
        # Let the games run until plenty of commands are acknowledged, then kill -9.
        loop = asyncio.get_running_loop()
        end = loop.time() + 20
        while sum(len(p.acked) for t in tables for p in t.phones) < 40 * ROOMS and loop.time() < end:
            await asyncio.sleep(0.05)
        server.kill()
        playing_at_kill = sum(t.host.status == "playing" for t in tables)
        for play in plays:
            play.cancel()
        await asyncio.gather(*plays, return_exceptions=True)
        acked = {t.code: [a for p in t.phones for a in p.acked] for t in tables}
        assert sum(len(a) for a in acked.values()) >= 20 * ROOMS
        assert playing_at_kill >= ROOMS // 2, "the games ended before the kill: make them longer"
        print(
            f"killed with {sum(len(a) for a in acked.values())} acknowledged commands, {playing_at_kill} rooms mid-game"
        )

        # 1. Every acknowledged command is on disk.
        store = SqliteStore(tmp_path / "nightfall.sqlite3")
        try:
            for table in tables:
                stored = store.load_room(table.code)
                assert stored is not None and stored.game is not None
                on_disk = Counter(
                    _key(int(c.actor), c.type, dict(c.payload)) for c in stored.commands if c.type != "tick"
                )
                missing = Counter(_key(*a) for a in acked[table.code]) - on_disk
                assert not missing, f"room {table.code}: acknowledged but not stored: {list(missing)[:3]}"
        finally:
            store.close()

        # 2. The server comes back; every phone gets its seat back and every room plays on to the end.
        for table in tables:
            for phone in table.phones:
                await phone.drop()
        server.start()
        for table in tables:
            before = {p.index: (p.pid, p.seat) for p in table.phones}
            steps = {p.index: (p.state.get("view") or {}).get("step", 0) for p in table.phones}
            await table.connect()
            assert {p.index: (p.pid, p.seat) for p in table.phones} == before
            for phone in table.phones:
                assert phone.status in ("playing", "ended")
                assert phone.state["view"]["step"] >= steps[phone.index]
        # Every phone, not only the host's, gets the end of its game (play_until_end waits for each).
        await asyncio.gather(*(t.play_until_end(90) for t in tables))
        for table in tables:
            results = {json.dumps(p.state["view"]["result"], sort_keys=True) for p in table.phones}
            assert len(results) == 1, (table.code, [p.describe() for p in table.phones], results)
            assert json.loads(results.pop())["winner"] in ("village", "witch", "solo")
    finally:
        for table in tables:
            await table.close()
        server.stop()
