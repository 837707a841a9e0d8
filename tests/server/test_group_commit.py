"""Group commit: appends that wait together share one transaction (one fsync)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Mapping
from pathlib import Path

from nightfall.engine import Command
from nightfall.server.storage import AsyncStore
from nightfall.store import GameRecord, RoomRecord, SqliteStore
from nightfall.store.interface import Append


class SlowCountingStore(SqliteStore):
    """A store whose commits take 20 ms and that records each batch's size."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.batches: list[int] = []

    def append_many(self, items: list[Append], fences: Mapping[str, int] | None = None) -> None:
        time.sleep(0.02)
        self.batches.append(len(items))
        super().append_many(items, fences)


async def test_concurrent_appends_share_commits_and_all_survive(tmp_path: Path) -> None:
    raw = SlowCountingStore(tmp_path / "db.sqlite")
    store = AsyncStore(raw)
    codes = [f"R{i:03d}" for i in range(10)]
    for code in codes:
        await store.create_room(RoomRecord(code=code, game="toy", status="lobby", lobby={}, revision=0))
        await store.start_game(code, GameRecord(game_no=1, config={}, seed=1, seating=[]), {}, 1)

    async def room(code: str) -> None:  # each room writes its commands in order, like a room task
        for seq in range(5):
            await store.append(code, 1, seq, Command(1, "add", {"n": seq}, seq), 2 + seq, None)

    await asyncio.gather(*(room(c) for c in codes))
    assert sum(raw.batches) == 50
    assert len(raw.batches) < 50 / 2  # commits were shared
    await store.close()
    again = SqliteStore(tmp_path / "db.sqlite")
    for code in codes:
        loaded = again.load_room(code)
        assert loaded is not None
        assert [c.payload["n"] for c in loaded.commands] == [0, 1, 2, 3, 4]
    again.close()


async def _room_with_a_game(store: AsyncStore, code: str) -> None:
    await store.create_room(RoomRecord(code=code, game="toy", status="lobby", lobby={}, revision=0))
    await store.start_game(code, GameRecord(game_no=1, config={}, seed=1, seating=[]), {}, 1)


class FailingStore(SqliteStore):
    """A store that refuses one room's appends (a full disk for one row, say)."""

    def append_many(self, items: list[Append], fences: Mapping[str, int] | None = None) -> None:
        if any(item[0] == "BAD1" for item in items):
            raise OSError("disk says no")
        super().append_many(items, fences)


async def test_one_failing_append_fails_only_its_own_command(tmp_path: Path) -> None:
    raw = FailingStore(tmp_path / "db.sqlite")
    store = AsyncStore(raw)
    for code in ("GOOD", "BAD1"):
        await _room_with_a_game(store, code)
    results = await asyncio.gather(
        store.append("GOOD", 1, 0, Command(1, "add", {"n": 0}, 0), 2, None),
        store.append("BAD1", 1, 0, Command(1, "add", {"n": 0}, 0), 2, None),
        return_exceptions=True,
    )
    assert results[0] is None and isinstance(results[1], OSError)
    loaded = await store.load_room("GOOD")
    assert loaded is not None and len(loaded.commands) == 1
    await store.close()
