"""The event store seen from the event loop.

SQLite calls block (a commit waits for fsync), so they run on one worker
thread: the loop keeps serving other rooms, and one thread means the store
never sees two writers at once.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any, TypeVar

from nightfall.engine import Command
from nightfall.store import EventStore, GameRecord, RoomRecord, StoredRoom

T = TypeVar("T")


class AsyncStore:
    def __init__(self, store: EventStore) -> None:
        self.store = store
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="store")

    async def _run(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._pool, partial(fn, *args))

    async def create_room(self, room: RoomRecord) -> None:
        await self._run(self.store.create_room, room)

    async def code_taken(self, code: str) -> bool:
        return await self._run(self.store.code_taken, code)

    async def save_lobby(self, code: str, status: str, lobby: dict[str, Any], revision: int) -> None:
        await self._run(self.store.save_lobby, code, status, lobby, revision)

    async def start_game(self, code: str, game: GameRecord, lobby: dict[str, Any], revision: int) -> None:
        await self._run(self.store.start_game, code, game, lobby, revision)

    async def append(
        self,
        code: str,
        game_no: int,
        seq: int,
        command: Command,
        revision: int,
        result: dict[str, Any] | None,
    ) -> None:
        await self._run(self.store.append, code, game_no, seq, command, revision, result)

    async def load_open_rooms(self, active_since_ms: int = 0) -> list[StoredRoom]:
        return await self._run(self.store.load_open_rooms, active_since_ms)

    async def load_room(self, code: str) -> StoredRoom | None:
        return await self._run(self.store.load_room, code)

    async def close(self) -> None:
        await self._run(self.store.close)
        self._pool.shutdown(wait=True)
