"""Creating a room when the store fails: a clear answer, and nothing half made.

A room that starts its game at creation (Andorra) is stored with its game in one
transaction, so a failure leaves no room without its game behind; any store error
on create is a ``503 store_failed`` JSON answer, not a bare 500, and the server
goes on creating rooms once the store works again.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from nightfall.games.registry import default_catalog

from ..games.andorra_site.game_data import create_body
from .conftest import Serve

pytestmark = [pytest.mark.server, pytest.mark.timeout(60)]


def _break(db: Path, table: str) -> None:
    """Every insert into ``table`` fails from now on with an ``OperationalError``, as a
    full disk would (the trigger calls a function the server's connection lacks)."""
    with sqlite3.connect(db) as conn:
        conn.execute(f"CREATE TRIGGER broken BEFORE INSERT ON {table} BEGIN SELECT disk_is_full(); END")


def _mend(db: Path) -> None:
    with sqlite3.connect(db) as conn:
        conn.execute("DROP TRIGGER broken")


def _rooms_on_disk(db: Path) -> list[tuple[str, str]]:
    with sqlite3.connect(db) as conn:
        return [(code, status) for code, status in conn.execute("SELECT code, status FROM rooms")]


async def test_an_andorra_game_that_cannot_be_stored_leaves_no_room_behind(
    serve: Serve, tmp_path: Path
) -> None:
    live = await serve(catalog=default_catalog())
    db = tmp_path / "nightfall.sqlite3"
    _break(db, "games")  # the room's row could be written, its game's cannot
    r = await live.http.post("/api/andorra", json=create_body())
    assert r.status_code == 503, r.text
    assert r.json()["error"]["code"] == "store_failed"
    assert _rooms_on_disk(db) == []  # no orphan: a room "playing" a game the store does not have
    assert len(live.app.state.rooms) == 0
    _mend(db)
    created = await live.http.post("/api/andorra", json=create_body())
    assert created.status_code == 201, created.text
    assert _rooms_on_disk(db) == [(created.json()["code"], "playing")]


@pytest.mark.parametrize("game", ["heks", "andorra"])
async def test_a_store_error_on_create_is_a_clear_json_answer(
    serve: Serve, tmp_path: Path, game: str
) -> None:
    live = await serve(catalog=default_catalog())
    db = tmp_path / "nightfall.sqlite3"
    _break(db, "rooms")
    form = {"name": "Anna"} if game == "heks" else create_body()
    r = await live.http.post("/api/rooms", json={"game": game, **form})
    assert r.status_code == 503, r.text
    assert r.json()["error"] == {
        "code": "store_failed",
        "params": {},
        "message": "The server could not save that; try again.",
    }
    assert _rooms_on_disk(db) == [] and len(live.app.state.rooms) == 0
    _mend(db)
    again = await live.http.post("/api/rooms", json={"game": game, **form})
    assert again.status_code == 201, again.text
