"""The store interface: small on purpose so another database can implement it."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Protocol

from nightfall.engine import Command

from .records import GameRecord, RoomRecord, StoredRoom

# The arguments of one ``append``: (code, game_no, seq, command, revision, result).
Append = tuple[str, int, int, Command, int, dict[str, Any] | None]


class StaleOwner(Exception):
    """A write from a node whose fencing token is older than the room's: another
    node owns the room now, and this write must not land (split brain)."""

    def __init__(self, code: str, fence: int, current: int) -> None:
        super().__init__(f"room {code}: write with fencing token {fence}, but the room's owner has {current}")
        self.code = code
        self.fence = fence
        self.current = current


class EventStore(Protocol):
    """Every write is one transaction, committed before the method returns.

    ``revision`` is the room's version number after the write; the store keeps
    it with the room so versions never go backwards across restarts.
    """

    # How many threads besides the writer may call ``load_room``, ``claim`` and
    # ``last_alive`` at once (server/storage.py): 0, one thread for everything.
    readers: int

    def create_room(self, room: RoomRecord, game: GameRecord | None = None) -> None:
        """A new room and, for a room whose game starts when it is created, that
        game, in one transaction. Raises ``KeyError`` if the code is taken."""
        ...

    def code_taken(self, code: str) -> bool: ...

    def save_lobby(
        self, code: str, status: str, lobby: dict[str, Any], revision: int, fence: int | None = None
    ) -> None:
        """With ``fence``, refused (``StaleOwner``) like ``append_many`` when the room was
        claimed with a larger token."""
        ...

    def start_game(
        self, code: str, game: GameRecord, lobby: dict[str, Any], revision: int, fence: int | None = None
    ) -> None:
        """Record a new game and mark the room ``playing``, atomically (``fence``: as
        ``save_lobby``)."""
        ...

    def append(
        self,
        code: str,
        game_no: int,
        seq: int,
        command: Command,
        revision: int,
        result: dict[str, Any] | None = None,
    ) -> None:
        """Append the ``seq``-th (0-based) accepted command of a game.

        With ``result`` the same transaction also ends the game and marks the
        room ``ended``: a game is never over in memory but running on disk.
        A store that subclasses ``EventStore`` gets it as a batch of one.
        """
        self.append_many([(code, game_no, seq, command, revision, result)])

    def append_many(self, items: list[Append], fences: Mapping[str, int] | None = None) -> None:
        """Several ``append`` calls (possibly of different rooms) in ONE transaction:
        one fsync for all of them (group commit). All or nothing.

        ``fences`` maps a room to the writer's fencing token; if any room has
        been claimed with a larger token, nothing is written and ``StaleOwner``
        is raised."""
        ...

    def claim(self, code: str, fence: int) -> None:
        """Record ``fence`` as the room's owner token. Raises ``StaleOwner`` if a
        larger one is recorded already, ``KeyError`` for an unknown room."""
        ...

    def load_open_rooms(self, active_since_ms: int = 0) -> list[StoredRoom]:
        """Every room not closed and written to since ``active_since_ms`` (server
        time), with its latest game and that game's commands."""
        ...

    def load_room(self, code: str) -> StoredRoom | None: ...

    def finished_results(self) -> Iterator[tuple[str, dict[str, Any]]]:
        """Every finished game's (room's game, result), by room code and game number: what real tables
        did (issue 34 §3). Read once when the server starts, and by ``nightfall stats``."""
        ...

    def mark_alive(self, node: str, ms: int) -> None:
        """Record that server ``node`` was running at ``ms`` (its heartbeat): after a
        crash, the time from the last mark to the restart is the outage (H-TBL-4)."""
        ...

    def last_alive(self, node: str) -> int | None:
        """The last ``mark_alive`` of ``node``, or None if it never ran on this store."""
        ...

    def close(self) -> None: ...
