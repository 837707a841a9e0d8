"""The event store: rooms and the accepted commands of their games.

A game is ``(config, seed, commands)`` (design.md §2), so storing the commands
in order is enough to rebuild any room. The server talks to ``EventStore``;
SQLite is the embedded default, PostgreSQL can implement the same protocol.
"""

from .interface import EventStore
from .records import GameRecord, RoomRecord, StoredRoom
from .sqlite import SqliteStore

__all__ = ["EventStore", "GameRecord", "RoomRecord", "SqliteStore", "StoredRoom"]
