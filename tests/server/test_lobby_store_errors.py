"""A lobby change or a new game the store does not take is refused as the phones hear a
refused command (docs/deploy.md): ``store_failed`` when the store could not write,
``not_owner`` when it refused the write because another node claimed the room; and the
room stays as it was, so the next try builds on what is stored."""

from __future__ import annotations

from typing import Any

import pytest

from nightfall.store import SqliteStore, StaleOwner

from .harness import Live, table

pytestmark = [pytest.mark.server, pytest.mark.timeout(60)]


# A write that fails (the disk, the database away), and one the store refuses because
# another node claimed the room with a larger token.
REFUSALS = pytest.mark.parametrize(
    ("error", "code"),
    [(OSError("disk gone"), "store_failed"), (StaleOwner("XXXX", 1, 2), "not_owner")],
)


def _failing(error: Exception) -> Any:
    def write(self: SqliteStore, code: str, *args: Any, **kwargs: Any) -> None:
        raise error

    return write


@REFUSALS
async def test_a_lobby_change_the_store_refuses_is_refused(
    live: Live, monkeypatch: pytest.MonkeyPatch, error: Exception, code: str
) -> None:
    room, _, (_anna, bram) = await table(live, ["Anna", "Bram"])
    with monkeypatch.context() as patched:
        patched.setattr(SqliteStore, "save_lobby", _failing(error))
        answer = await bram.lobby("profile", name="Bo")
        assert answer["type"] == "error" and answer["error"]["code"] == code
    assert (await bram.lobby("profile", name="Bram B"))["type"] == "ack"  # the store is back
    names = [m["name"] for m in (await live.http.get(f"/api/rooms/{room}")).json()["members"]]
    assert names == ["Anna", "Bram B"]


@REFUSALS
async def test_a_new_game_the_store_refuses_is_refused(
    live: Live, monkeypatch: pytest.MonkeyPatch, error: Exception, code: str
) -> None:
    room, _, (anna, _bram) = await table(live, ["Anna", "Bram"])
    with monkeypatch.context() as patched:
        patched.setattr(SqliteStore, "start_game", _failing(error))
        answer = await anna.lobby("start")
        assert answer["type"] == "error" and answer["error"]["code"] == code
    assert (await live.http.get(f"/api/rooms/{room}")).json()["status"] == "lobby"
    assert (await anna.lobby("start"))["type"] == "ack"
