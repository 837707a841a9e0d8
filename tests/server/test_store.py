"""What only the SQLite store has: chunked statements, WAL, timestamps, old files.
The store contract itself is tested on both databases in tests/store."""

from __future__ import annotations

from pathlib import Path

import pytest

from nightfall.engine import tick
from nightfall.store import GameRecord, RoomRecord, SqliteStore


def test_a_batch_larger_than_one_statement_commits_as_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Group commit (server/storage.py): many rooms' commands in one transaction,
    each room at its highest revision, an ended game marked; a bad item fails
    the whole batch and leaves nothing behind."""
    from nightfall.store import sqlite
    from nightfall.store.interface import Append

    monkeypatch.setattr(sqlite, "_CHUNK", 3)  # several statements per table, too
    store = SqliteStore(tmp_path / "s.sqlite3")
    codes = ["AAAA", "BBBB", "CCCC"]
    for code in codes:
        store.create_room(RoomRecord(code, "toy", "lobby", {}, 1))
        store.start_game(code, GameRecord(1, {}, 1, []), {}, 2)
    batch: list[Append] = [
        (code, 1, seq, tick(10 * seq), 3 + seq, None) for seq in range(4) for code in codes
    ]
    batch[-1] = ("CCCC", 1, 3, tick(30), 6, {"winner": 2})  # CCCC's last command ends its game
    store.append_many(batch)
    for code in codes:
        loaded = store.load_room(code)
        assert loaded is not None and loaded.game is not None
        assert loaded.commands == [tick(0), tick(10), tick(20), tick(30)]
        assert loaded.room.revision == 6
        assert loaded.room.status == ("ended" if code == "CCCC" else "playing")
        assert loaded.game.result == ({"winner": 2} if code == "CCCC" else None)
    with pytest.raises(Exception):  # noqa: B017 - seq 3 of AAAA is taken: the batch fails as a whole
        store.append_many([("BBBB", 1, 4, tick(40), 7, None), ("AAAA", 1, 3, tick(40), 7, None)])
    loaded = store.load_room("BBBB")
    assert loaded is not None and len(loaded.commands) == 4 and loaded.room.revision == 6


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
