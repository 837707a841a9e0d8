"""The SQLite event store: round trip, atomic end of game, replay."""

from __future__ import annotations

from pathlib import Path

import pytest

from nightfall.engine import Command, Transcript, replay, tick
from nightfall.store import GameRecord, RoomRecord, SqliteStore

from .toy import ToyGame


def test_round_trip(tmp_path: Path) -> None:
    db = tmp_path / "s.sqlite3"
    store = SqliteStore(db)
    store.create_room(RoomRecord("KXTR", "toy", "lobby", {"members": ["Anna"]}, 1))
    assert store.code_taken("KXTR") and not store.code_taken("BBBB")
    with pytest.raises(KeyError):
        store.create_room(RoomRecord("KXTR", "toy", "lobby", {}, 1))
    store.save_lobby("KXTR", "lobby", {"members": ["Anna", "Bram"]}, 2)
    config = {"players": ["Anna", "Bram"], "host": 1}
    store.start_game("KXTR", GameRecord(1, config, 42, [1, 2]), {"members": ["Anna", "Bram"]}, 3)
    commands = [
        Command(1, "add", {"n": 3}, now=1000),
        Command(2, "add", {"n": 4}, now=1500),
        tick(2000),
    ]
    for seq, c in enumerate(commands):
        store.append("KXTR", 1, seq, c, 4 + seq)
    store.close()

    again = SqliteStore(db)
    loaded = again.load_room("KXTR")
    assert loaded is not None
    assert loaded.room.status == "playing" and loaded.room.revision == 6
    assert loaded.room.lobby == {"members": ["Anna", "Bram"]}
    assert loaded.game == GameRecord(1, config, 42, [1, 2], None)
    assert loaded.commands == commands
    state = replay(ToyGame(), Transcript("toy", config, 42, loaded.commands))
    assert state.total == 7
    assert [r.room.code for r in again.load_open_rooms()] == ["KXTR"]
    assert again.load_room("NOPE") is None


def test_a_sequence_number_is_used_once(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "s.sqlite3")
    store.create_room(RoomRecord("KXTR", "toy", "lobby", {}, 1))
    store.start_game("KXTR", GameRecord(1, {}, 1, []), {}, 2)
    store.append("KXTR", 1, 0, tick(1), 3)
    with pytest.raises(Exception):  # noqa: B017 - any database error: nothing half-written
        store.append("KXTR", 1, 0, tick(2), 4)
    loaded = store.load_room("KXTR")
    assert loaded is not None and loaded.commands == [tick(1)] and loaded.room.revision == 3


def test_the_last_command_and_the_end_of_the_game_commit_together(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "s.sqlite3")
    store.create_room(RoomRecord("KXTR", "toy", "lobby", {}, 1))
    store.start_game("KXTR", GameRecord(1, {}, 1, []), {}, 2)
    store.append("KXTR", 1, 0, tick(1), 3, result={"winner": 1})
    loaded = store.load_room("KXTR")
    assert loaded is not None and loaded.room.status == "ended" and loaded.game is not None
    assert loaded.game.result == {"winner": 1}


def test_a_batch_of_many_rooms_commits_as_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
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


def test_the_latest_game_is_loaded(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "s.sqlite3")
    store.create_room(RoomRecord("KXTR", "toy", "lobby", {}, 1))
    store.start_game("KXTR", GameRecord(1, {"g": 1}, 1, []), {}, 2)
    store.append("KXTR", 1, 0, tick(1), 3, result={"winner": 1})
    store.start_game("KXTR", GameRecord(2, {"g": 2}, 2, []), {}, 4)
    store.append("KXTR", 2, 0, tick(5), 5)
    loaded = store.load_room("KXTR")
    assert loaded is not None and loaded.game is not None
    assert loaded.game.game_no == 2 and loaded.commands == [tick(5)] and loaded.room.status == "playing"


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
