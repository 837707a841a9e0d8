"""The event store contract, on SQLite and PostgreSQL: round trip, one use per
sequence number, atomic end of game, group commit, fencing."""

from __future__ import annotations

import sqlite3

import psycopg
import pytest

from nightfall.engine import Command, tick
from nightfall.store import GameRecord, RoomRecord, StaleOwner
from nightfall.store.interface import Append

from .conftest import StoreFactory

# Starts a server, a subprocess or a database (tests/starts.py): not in `make check`.
pytestmark = pytest.mark.server


def _room(store_factory: StoreFactory, code: str = "KXTR") -> None:
    store = store_factory()
    store.create_room(RoomRecord(code, "toy", "lobby", {}, 1))
    store.start_game(code, GameRecord(1, {}, 1, []), {}, 2)


def test_round_trip_survives_a_reopen(open_store: StoreFactory) -> None:
    store = open_store()
    store.create_room(RoomRecord("KXTR", "toy", "lobby", {"members": ["Anna"]}, 1))
    assert store.code_taken("KXTR") and not store.code_taken("BBBB")
    with pytest.raises(KeyError):
        store.create_room(RoomRecord("KXTR", "toy", "lobby", {}, 1))
    store.save_lobby("KXTR", "lobby", {"members": ["Anna", "Bram"]}, 2)
    config = {"players": ["Anna", "Bram"], "host": 1, "naam": "Eva ü"}
    store.start_game("KXTR", GameRecord(1, config, 42, [1, 2]), {"members": ["Anna", "Bram"]}, 3)
    commands = [Command(1, "add", {"n": 3}, now=1000), Command(2, "add", {"n": 4}, now=1500), tick(2000)]
    for seq, c in enumerate(commands):
        store.append("KXTR", 1, seq, c, 4 + seq)

    again = open_store()
    loaded = again.load_room("KXTR")
    assert loaded is not None
    assert loaded.room.status == "playing" and loaded.room.revision == 6
    assert loaded.room.lobby == {"members": ["Anna", "Bram"]}
    assert loaded.game == GameRecord(1, config, 42, [1, 2], None)
    assert loaded.commands == commands
    assert [r.room.code for r in again.load_open_rooms()] == ["KXTR"]
    assert again.load_room("NOPE") is None


def test_a_room_created_with_its_game_is_one_transaction(open_store: StoreFactory) -> None:
    """A room whose game starts at creation (Andorra) is stored with that game at once;
    when the code is taken, neither is written."""
    store = open_store()
    game = GameRecord(1, {"players": ["Anna", "Bram"]}, 7, [2, 3])
    store.create_room(RoomRecord("KXTR", "toy", "playing", {"members": 3}, 2), game)
    loaded = store.load_room("KXTR")
    assert loaded is not None and loaded.game == game and loaded.commands == []
    assert loaded.room.status == "playing" and loaded.room.revision == 2
    with pytest.raises(KeyError):
        store.create_room(RoomRecord("KXTR", "toy", "playing", {}, 2), GameRecord(1, {"other": 1}, 8, []))
    again = store.load_room("KXTR")
    assert again is not None and again.game == game and again.room.lobby == {"members": 3}


def test_saving_the_lobby_of_an_unknown_room_is_a_key_error(open_store: StoreFactory) -> None:
    with pytest.raises(KeyError):
        open_store().save_lobby("NOPE", "lobby", {}, 1)


def test_a_sequence_number_is_used_once(open_store: StoreFactory) -> None:
    _room(open_store)
    store = open_store()
    store.append("KXTR", 1, 0, tick(1), 3)
    with pytest.raises((sqlite3.IntegrityError, psycopg.errors.UniqueViolation)):  # nothing half-written
        store.append("KXTR", 1, 0, tick(2), 4)
    loaded = store.load_room("KXTR")
    assert loaded is not None and loaded.commands == [tick(1)] and loaded.room.revision == 3


def test_the_last_command_and_the_end_of_the_game_commit_together(open_store: StoreFactory) -> None:
    _room(open_store)
    store = open_store()
    store.append("KXTR", 1, 0, tick(1), 3, result={"winner": 1})
    loaded = store.load_room("KXTR")
    assert loaded is not None and loaded.room.status == "ended" and loaded.game is not None
    assert loaded.game.result == {"winner": 1}


def test_a_batch_of_many_rooms_commits_as_one(open_store: StoreFactory) -> None:
    codes = ["AAAA", "BBBB", "CCCC"]
    for code in codes:
        _room(open_store, code)
    store = open_store()
    batch: list[Append] = [
        (code, 1, seq, tick(10 * seq), 3 + seq, None) for seq in range(4) for code in codes
    ]
    batch[-1] = ("CCCC", 1, 3, tick(30), 6, {"winner": 2})
    store.append_many(batch)
    for code in codes:
        loaded = store.load_room(code)
        assert loaded is not None and loaded.game is not None
        assert loaded.commands == [tick(0), tick(10), tick(20), tick(30)]
        assert loaded.room.revision == 6
        assert loaded.room.status == ("ended" if code == "CCCC" else "playing")
        assert loaded.game.result == ({"winner": 2} if code == "CCCC" else None)
    # Seq 3 of AAAA is taken: the database refuses the duplicate key and the batch fails as a
    # whole (an error of another kind, a bug in the batch's SQL, must not pass for this).
    with pytest.raises((sqlite3.IntegrityError, psycopg.errors.UniqueViolation)):
        store.append_many([("BBBB", 1, 4, tick(40), 7, None), ("AAAA", 1, 3, tick(40), 7, None)])
    loaded = store.load_room("BBBB")
    assert loaded is not None and len(loaded.commands) == 4 and loaded.room.revision == 6


def test_the_latest_game_is_loaded(open_store: StoreFactory) -> None:
    store = open_store()
    store.create_room(RoomRecord("KXTR", "toy", "lobby", {}, 1))
    store.start_game("KXTR", GameRecord(1, {"g": 1}, 1, []), {}, 2)
    store.append("KXTR", 1, 0, tick(1), 3, result={"winner": 1})
    store.start_game("KXTR", GameRecord(2, {"g": 2}, 2, []), {}, 4)
    store.append("KXTR", 2, 0, tick(5), 5)
    loaded = store.load_room("KXTR")
    assert loaded is not None and loaded.game is not None
    assert loaded.game.game_no == 2 and loaded.commands == [tick(5)] and loaded.room.status == "playing"


def test_every_finished_game_is_read_back_with_its_rooms_game_and_no_running_one(
    open_store: StoreFactory,
) -> None:
    """What real tables did (issue 34 §3) is read from the finished games of every room."""
    store = open_store()
    store.create_room(RoomRecord("KXTR", "heks", "lobby", {}, 1))
    store.start_game("KXTR", GameRecord(1, {"g": 1}, 1, []), {}, 2)
    store.append("KXTR", 1, 0, tick(1), 3, result={"winner": "village", "day": 3})
    store.start_game("KXTR", GameRecord(2, {"g": 2}, 2, []), {}, 4)
    store.append("KXTR", 2, 0, tick(5), 5)  # running: not finished
    store.create_room(RoomRecord("ABCD", "toy", "lobby", {}, 1))
    store.start_game("ABCD", GameRecord(1, {}, 1, []), {}, 2)
    store.append("ABCD", 1, 0, tick(1), 3, result={"winner": 2})
    assert list(open_store().finished_results()) == [
        ("toy", {"winner": 2}),
        ("heks", {"winner": "village", "day": 3}),
    ]


def test_a_stale_owner_cannot_write_after_a_takeover(open_store: StoreFactory) -> None:
    """Fencing: node A holds token 1; node B takes the room over with token 2;
    A's delayed group commit, which also carries another room, is refused whole."""
    _room(open_store, "KXTR")
    _room(open_store, "OTHR")
    node_a, node_b = open_store(), open_store()
    node_a.claim("KXTR", 1)
    node_a.append_many([("KXTR", 1, 0, tick(1), 3, None)], fences={"KXTR": 1})
    node_b.claim("KXTR", 2)
    with pytest.raises(StaleOwner) as refused:
        node_a.append_many(
            [("OTHR", 1, 0, tick(2), 3, None), ("KXTR", 1, 1, tick(2), 4, None)], fences={"KXTR": 1}
        )
    assert refused.value.code == "KXTR" and refused.value.current == 2
    with pytest.raises(StaleOwner):
        node_a.claim("KXTR", 1)
    node_b.append_many([("KXTR", 1, 1, tick(3), 4, None)], fences={"KXTR": 2})
    kxtr, othr = node_b.load_room("KXTR"), node_b.load_room("OTHR")
    assert kxtr is not None and kxtr.commands == [tick(1), tick(3)]
    assert othr is not None and othr.commands == []
    with pytest.raises(KeyError):
        node_b.claim("NOPE", 1)


def test_a_stale_owner_cannot_change_the_lobby_nor_start_a_game(open_store: StoreFactory) -> None:
    """Fencing covers every write a room's owner makes, not only its commands."""
    _room(open_store, "KXTR")
    node_a, node_b = open_store(), open_store()
    node_a.claim("KXTR", 1)
    node_a.save_lobby("KXTR", "lobby", {"by": "a"}, 2, fence=1)
    node_b.claim("KXTR", 2)
    with pytest.raises(StaleOwner):
        node_a.save_lobby("KXTR", "lobby", {"by": "a again"}, 3, fence=1)
    with pytest.raises(StaleOwner):
        node_a.start_game("KXTR", GameRecord(2, {"g": 2}, 1, []), {"by": "a"}, 3, fence=1)
    node_b.start_game("KXTR", GameRecord(2, {"g": 2}, 1, []), {"by": "b"}, 3, fence=2)
    loaded = node_b.load_room("KXTR")
    assert loaded is not None and loaded.room.lobby == {"by": "b"} and loaded.game is not None


def test_the_heartbeat_survives_a_reopen_per_node(open_store: StoreFactory) -> None:
    """The server's last sign of life, read after a restart to give game timers the
    outage back (docs/rules/heks.md H-TBL-4)."""
    store = open_store()
    assert store.last_alive("server") is None
    store.mark_alive("server", 1_000)
    store.mark_alive("server", 2_500)
    store.mark_alive("other", 9_000)
    again = open_store()
    assert again.last_alive("server") == 2_500 and again.last_alive("other") == 9_000
