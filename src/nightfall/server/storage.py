"""The event store seen from the event loop.

SQLite calls block (a commit waits for fsync), so they run on one writer
thread of their own: the loop keeps serving other rooms, and one thread means
the store never sees two writers at once.

Appends use group commit: commands that arrive while a commit is on disk wait
together and go in the next transaction, one fsync for all of them. Each is
still acknowledged only after its own transaction is durable, so the tail
latency under load is one fsync, not a queue of them.

The writer thread takes its next batch as soon as a commit is done and only
*tells* the loop which commands are durable (one ``call_soon_threadsafe`` per
batch). Until 2026-12-01 a task on the loop started each commit, so the disk
waited for the loop between commits, and under load a command waited 10-20 ms
at the median for a ~1.5 ms transaction (docs/benchmarks.md, 2026-12-01 evening).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from nightfall.engine import Command
from nightfall.store import EventStore, GameRecord, RoomRecord, StoredRoom
from nightfall.store.interface import Append

T = TypeVar("T")
log = logging.getLogger("nightfall.server")


@dataclass(slots=True)
class _Call:
    """Any other store call, run in order with the appends."""

    fn: Callable[[], Any]
    done: asyncio.Future[Any]


@dataclass(slots=True)
class _Append:
    item: Append
    done: asyncio.Future[None]


_STOP = object()


class AsyncStore:
    def __init__(self, store: EventStore) -> None:
        self.store = store
        self._jobs: queue.SimpleQueue[_Call | _Append | object] = queue.SimpleQueue()
        self._held: _Call | object | None = None  # a job taken while gathering a batch: it runs next
        self._writer: threading.Thread | None = None

    def _put(self, job: _Call | _Append) -> None:
        if self._writer is None:  # started on first use, from the loop that will wait for it
            self._writer = threading.Thread(target=self._write_loop, name="store", daemon=True)
            self._writer.start()
        self._jobs.put(job)

    async def _run(self, fn: Callable[..., T], *args: Any) -> T:
        done: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._put(_Call(lambda: fn(*args), done))
        return await done

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
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._put(_Append((code, game_no, seq, command, revision, result), done))
        await done

    async def load_open_rooms(self, active_since_ms: int = 0) -> list[StoredRoom]:
        return await self._run(self.store.load_open_rooms, active_since_ms)

    async def load_room(self, code: str) -> StoredRoom | None:
        return await self._run(self.store.load_room, code)

    async def close(self) -> None:
        await self._run(self.store.close)
        if self._writer is not None:
            self._jobs.put(_STOP)
            await asyncio.to_thread(self._writer.join)

    # -- the writer thread ----------------------------------------------------

    def _write_loop(self) -> None:
        while True:
            job = self._held if self._held is not None else self._jobs.get()
            self._held = None
            if job is _STOP:
                return
            try:
                if isinstance(job, _Call):
                    self._call(job)
                elif isinstance(job, _Append):
                    self._commit(self._gather(job))
            except Exception:  # a bug here must not stop every later write: log it, go on
                log.exception("the store's writer thread failed on a job")

    def _gather(self, first: _Append) -> list[_Append]:
        """``first`` and every append queued behind it, up to the next other call
        (which is held to run right after this batch, keeping the order)."""
        batch = [first]
        while True:
            try:
                job = self._jobs.get_nowait()
            except queue.Empty:
                return batch
            if isinstance(job, _Append):
                batch.append(job)
            else:
                self._held = job
                return batch

    def _commit(self, batch: list[_Append]) -> None:
        try:
            self.store.append_many([a.item for a in batch])
        except Exception:
            # One bad append must not fail the others: retry them one by one.
            for a in batch:
                try:
                    self.store.append_many([a.item])
                except Exception as exc:
                    _tell(a.done, None, exc)
                else:
                    _tell(a.done, None, None)
            return
        _tell_all([a.done for a in batch])

    def _call(self, job: _Call) -> None:
        try:
            result = job.fn()
        except Exception as exc:
            _tell(job.done, None, exc)
        else:
            _tell(job.done, result, None)


def _tell(done: asyncio.Future[Any], result: Any, exc: BaseException | None) -> None:
    """Settle ``done`` on its own loop, from the writer thread."""
    with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits any more
        done.get_loop().call_soon_threadsafe(_settle, done, result, exc)


def _tell_all(futures: list[asyncio.Future[None]]) -> None:
    """One wake-up of each waiting loop (the server has one) for a whole durable batch."""
    by_loop: dict[asyncio.AbstractEventLoop, list[asyncio.Future[None]]] = {}
    for done in futures:
        by_loop.setdefault(done.get_loop(), []).append(done)
    for loop, waiting in by_loop.items():
        with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits any more
            loop.call_soon_threadsafe(_settle_all, waiting)


def _settle(done: asyncio.Future[Any], result: Any, exc: BaseException | None) -> None:
    if done.done():  # the waiter was cancelled
        return
    if exc is not None:
        done.set_exception(exc)
    else:
        done.set_result(result)


def _settle_all(futures: list[asyncio.Future[None]]) -> None:
    for done in futures:
        if not done.done():
            done.set_result(None)
