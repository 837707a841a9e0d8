"""What the SQL backends do alike, written once.

SQLite and PostgreSQL differ in their SQL, their placeholders, how they keep JSON
and how they lock a row; they do not differ in the steps of a write: which checks
come first and what else changes in the same transaction. Those steps live here;
each backend supplies its transaction and its statements through the hooks below,
so a rule about the order (the owner's token is checked before anything is
written) cannot drift apart between the two.
"""

from __future__ import annotations

import time
from abc import abstractmethod
from collections.abc import Mapping
from contextlib import AbstractContextManager
from typing import Any, Generic, TypeVar

from .interface import EventStore
from .records import GameRecord

Db = TypeVar("Db")  # the backend's connection, handed from ``_tx`` to its hooks


def now_ms() -> int:
    # Bookkeeping for which rooms to restore at start, not game time: the
    # games only ever see the server clock through their commands.
    return int(time.time() * 1000)


class SqlBackend(EventStore, Generic[Db]):
    @abstractmethod
    def _tx(self) -> AbstractContextManager[Db]:
        """One write transaction: committed when the block ends, rolled back if it raises."""

    @abstractmethod
    def _check_fences(self, db: Db, fences: Mapping[str, int]) -> None:
        """Raise ``StaleOwner`` if a room was claimed with a larger token than the write's."""

    @abstractmethod
    def _insert_game(self, db: Db, code: str, game: GameRecord) -> None: ...

    @abstractmethod
    def _update_room(self, db: Db, code: str, status: str, lobby: dict[str, Any], revision: int) -> None:
        """Raise ``KeyError`` for an unknown room."""

    @abstractmethod
    def _set_fence(self, db: Db, code: str, fence: int) -> None:
        """Record the room's owner token; raise ``KeyError`` for an unknown room."""

    def save_lobby(
        self, code: str, status: str, lobby: dict[str, Any], revision: int, fence: int | None = None
    ) -> None:
        with self._tx() as db:
            if fence is not None:
                self._check_fences(db, {code: fence})
            self._update_room(db, code, status, lobby, revision)

    def start_game(
        self, code: str, game: GameRecord, lobby: dict[str, Any], revision: int, fence: int | None = None
    ) -> None:
        with self._tx() as db:
            if fence is not None:
                self._check_fences(db, {code: fence})
            self._insert_game(db, code, game)
            self._update_room(db, code, "playing", lobby, revision)

    def claim(self, code: str, fence: int) -> None:
        with self._tx() as db:
            # The same check as every fenced write (and on PostgreSQL the same row lock),
            # so a claim with an older token is refused exactly where a write would be.
            self._check_fences(db, {code: fence})
            self._set_fence(db, code, fence)
