"""A room's inbox: the jobs its one task runs, in order.

Like ``asyncio.Queue`` (unbounded, one consumer), plus ``take_while``: the room
takes the run of game commands queued behind the one it is about to run, so
they share one commit instead of waiting for one each (``Room._requests``).
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class Inbox(Generic[T]):
    def __init__(self) -> None:
        self._items: deque[T] = deque()
        self._waiter: asyncio.Future[None] | None = None

    def put_nowait(self, item: T) -> None:
        self._items.append(item)
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    async def get(self) -> T:
        while not self._items:
            self._waiter = asyncio.get_running_loop().create_future()
            try:
                await self._waiter
            finally:
                self._waiter = None
        return self._items.popleft()

    def get_nowait(self) -> T:
        return self._items.popleft()  # IndexError when empty, as a deque's

    def take_while(self, wanted: Callable[[T], bool], limit: int) -> list[T]:
        """Up to ``limit`` items from the front, as long as each is ``wanted``."""
        taken: list[T] = []
        items = self._items
        while items and len(taken) < limit and wanted(items[0]):
            taken.append(items.popleft())
        return taken

    def empty(self) -> bool:
        return not self._items

    def __len__(self) -> int:
        return len(self._items)
