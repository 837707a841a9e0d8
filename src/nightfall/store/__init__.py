"""The event store: rooms and the accepted commands of their games.

A game is ``(config, seed, commands)``, so storing the commands in order is
enough to rebuild any room. The server talks to ``EventStore``; SQLite is the
embedded default (``sqlite.py``), PostgreSQL serves several nodes
(``postgres.py``, imported only when asked for: ``open_store``).
"""

from .interface import EventStore, StaleOwner
from .records import GameRecord, RoomRecord, StoredRoom
from .sqlite import SqliteStore
from .url import open_store

__all__ = ["EventStore", "GameRecord", "RoomRecord", "SqliteStore", "StaleOwner", "StoredRoom", "open_store"]
