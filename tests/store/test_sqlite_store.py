"""What only the SQLite store has: chunked statements, WAL, timestamps, old files.
The store contract itself is tested on both databases in tests/store."""

from __future__ import annotations

from pathlib import Path

import pytest

from nightfall.store import RoomRecord, SqliteStore

# Aliased: under its own name pytest would collect it here a second time.
from .test_event_store import test_a_batch_of_many_rooms_commits_as_one as batch_contract


def test_a_batch_larger_than_one_statement_commits_as_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite writes a batch in statements of ``_CHUNK`` rows: the contract's batch test
    (tests/store/test_event_store.py) again with chunks of 3, so each table takes
    several statements and a bad item in a later one still fails the whole batch."""
    from nightfall.store import sqlite

    monkeypatch.setattr(sqlite, "_CHUNK", 3)
    batch_contract(lambda: SqliteStore(tmp_path / "s.sqlite3"))


def test_wal_mode(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "s.sqlite3")
    assert store._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_only_recently_written_rooms_are_loaded_at_start(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "s.sqlite3")
    store.create_room(RoomRecord("OLDD", "toy", "lobby", {}, 1))
    store._db.execute("UPDATE rooms SET updated_ms = 5 WHERE code = 'OLDD'")
    store.create_room(RoomRecord("NEWW", "toy", "lobby", {}, 1))
    assert [r.room.code for r in store.load_open_rooms(active_since_ms=10)] == ["NEWW"]
    assert [r.room.code for r in store.load_open_rooms()] == ["NEWW", "OLDD"]


def test_a_database_without_timestamps_is_upgraded(tmp_path: Path) -> None:
    import sqlite3

    db = sqlite3.connect(tmp_path / "s.sqlite3")
    db.execute(
        "CREATE TABLE rooms (code TEXT PRIMARY KEY, game TEXT NOT NULL, status TEXT NOT NULL, lobby TEXT NOT NULL, revision INTEGER NOT NULL)"
    )
    db.execute("INSERT INTO rooms VALUES ('KXTR', 'toy', 'lobby', '{}', 3)")
    db.commit()
    db.close()
    store = SqliteStore(tmp_path / "s.sqlite3")
    loaded = store.load_room("KXTR")
    assert loaded is not None and loaded.room.revision == 3
    store.save_lobby("KXTR", "lobby", {"x": 1}, 4)
    assert [r.room.code for r in store.load_open_rooms(active_since_ms=1)] == ["KXTR"]
