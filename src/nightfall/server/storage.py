"""The event store seen from the event loop.

SQLite calls block (a commit waits for fsync), so they run on one worker
thread: the loop keeps serving other rooms, and one thread means the store
never sees two writers at once. A store that takes calls from several threads
(PostgreSQL's pool: ``readers``) also gets that many threads for the calls that
load or claim one room, so a node taking over a dead node's rooms rebuilds them
side by side instead of one by one behind the group commits.

Appends use group commit: commands that arrive while a commit is on disk wait
together and go in the next transaction, one fsync for all of them. Each is
still acknowledged only after its own transaction is durable, so the tail
latency under load is one fsync, not a queue of them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any, TypeVar

from nightfall.engine import Command
from nightfall.store import EventStore, GameRecord, RoomRecord, StoredRoom
from nightfall.store.interface import Append

T = TypeVar("T")


class AsyncStore:
    def __init__(self, store: EventStore) -> None:
        self.store = store
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="store")
        readers = store.readers
        self._reads = (
            ThreadPoolExecutor(max_workers=readers, thread_name_prefix="store-read")
            if readers
            else self._pool
        )
        self._waiting: list[tuple[list[Append], int | None, asyncio.Future[None]]] = []
        self._flusher: asyncio.Task[None] | None = None

    async def _run(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._pool, partial(fn, *args))

    async def _read(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._reads, partial(fn, *args))

    async def create_room(self, room: RoomRecord, game: GameRecord | None = None) -> None:
        await self._run(self.store.create_room, room, game)

    async def code_taken(self, code: str) -> bool:
        return await self._run(self.store.code_taken, code)

    async def save_lobby(
        self, code: str, status: str, lobby: dict[str, Any], revision: int, fence: int | None = None
    ) -> None:
        fenced = () if fence is None else (fence,)  # stores without owners take no token
        await self._run(self.store.save_lobby, code, status, lobby, revision, *fenced)

    async def start_game(
        self, code: str, game: GameRecord, lobby: dict[str, Any], revision: int, fence: int | None = None
    ) -> None:
        fenced = () if fence is None else (fence,)
        await self._run(self.store.start_game, code, game, lobby, revision, *fenced)

    async def claim(self, code: str, fence: int) -> None:
        await self._read(self.store.claim, code, fence)

    async def append(
        self,
        code: str,
        game_no: int,
        seq: int,
        command: Command,
        revision: int,
        result: dict[str, Any] | None,
    ) -> None:
        await self.append_all([(code, game_no, seq, command, revision, result)])

    async def append_all(self, items: list[Append], fence: int | None = None) -> None:
        """Store ``items`` (one room's consecutive commands) all or none, in the next
        group commit; returns once they are durable. With ``fence`` (the room's owner
        token on a cluster node) they are refused with ``StaleOwner`` if another node
        took the room over."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append((items, fence, done))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush())
        await done

    async def _flush(self) -> None:
        while self._waiting:
            batch, self._waiting = self._waiting, []
            try:
                fences = {items[0][0]: fence for items, fence, _ in batch if fence is not None and items}
                await self._append([item for items, _, _ in batch for item in items], fences)
            except Exception:
                # One bad unit (or stale owner) must not fail the others: retry them one by one.
                for items, fence, done in batch:
                    try:
                        await self._append(items, {items[0][0]: fence} if fence is not None and items else {})
                    except Exception as exc:
                        if not done.done():
                            done.set_exception(exc)
                    else:
                        if not done.done():
                            done.set_result(None)
                continue
            for _, _, done in batch:
                if not done.done():
                    done.set_result(None)

    async def _append(self, items: list[Append], fences: dict[str, int]) -> None:
        if fences:
            await self._run(self.store.append_many, items, fences)
        else:  # a single node: no tokens to check
            await self._run(self.store.append_many, items)

    async def load_open_rooms(self, active_since_ms: int = 0) -> list[StoredRoom]:
        return await self._run(self.store.load_open_rooms, active_since_ms)

    async def load_room(self, code: str) -> StoredRoom | None:
        return await self._read(self.store.load_room, code)

    async def finished_results(self) -> list[tuple[str, dict[str, Any]]]:
        return await self._read(lambda: list(self.store.finished_results()))

    async def mark_alive(self, node: str, ms: int) -> None:
        await self._run(self.store.mark_alive, node, ms)

    async def last_alive(self, node: str) -> int | None:
        return await self._read(self.store.last_alive, node)

    async def close(self) -> None:
        if self._reads is not self._pool:
            self._reads.shutdown(wait=True)
        await self._run(self.store.close)
        self._pool.shutdown(wait=True)
