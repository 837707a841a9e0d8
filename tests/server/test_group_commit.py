"""Group commit: appends that wait together share one transaction (one fsync)."""

from __future__ import annotations

import asyncio
import time
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

    def append_many(self, items: list[Append]) -> None:
        time.sleep(0.02)
        self.batches.append(len(items))
        super().append_many(items)


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
