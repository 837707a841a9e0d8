"""The table between games: each member's name, colour and avatar (the ``profile`` lobby
action), and the evening's score across "Play again" (issue 18 §6, §7).

The toy game's seat that reaches the target wins alone (``ToyAdapter.outcome``); Heks's
winners (H-WIN-8) are checked in tests/games/heks/test_site.py.
"""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import Serve
from .harness import Live, Ws, table

pytestmark = [pytest.mark.server, pytest.mark.timeout(60)]


def members(ws: Ws) -> list[dict[str, Any]]:
    members_now: list[dict[str, Any]] = ws.state["room"]["members"]
    return members_now


async def test_a_profile_change_reaches_every_phone(live: Live) -> None:
    code, _, (anna, bram) = await table(live, ["Anna", "Bram"])
    assert [m["colour"] for m in members(bram)] == ["red", "orange"]
    ack = await bram.lobby("profile", name="Bram B", colour="teal", avatar="moon")
    assert ack["type"] == "ack"
    state = await anna.state_where(lambda s: s["room"]["members"][1]["name"] == "Bram B")
    assert state["room"]["members"][1] | {"presence": None} == {
        "pid": 2,
        "name": "Bram B",
        "seat": 2,
        "host": False,
        "colour": "teal",
        "avatar": "moon",
        "presence": None,
    }
    summary = (await live.http.get(f"/api/rooms/{code}")).json()
    assert [m["name"] for m in summary["members"]] == ["Anna", "Bram B"]


@pytest.mark.parametrize(
    ("payload", "code", "field"),
    [
        ({"name": ""}, "bad_name", "name"),
        ({"name": "x" * 21}, "bad_name", "name"),
        ({"name": "anna"}, "name_taken", "name"),
        ({"colour": "red"}, "colour_taken", "colour"),
        ({"avatar": "unicorn"}, "bad_avatar", "avatar"),
    ],
)
async def test_a_bad_profile_is_refused_with_its_field(
    live: Live, payload: dict[str, Any], code: str, field: str
) -> None:
    _, _, (anna, bram) = await table(live, ["Anna", "Bram"])
    version = bram.state["version"]
    answer = await bram.lobby("profile", **payload)
    assert answer["type"] == "error"
    assert answer["error"]["code"] == code and answer["error"]["params"]["field"] == field
    assert answer["error"]["message"]  # an English text for developers
    await anna.lobby("settings", target=5)  # something else changes: the profile did not
    state = await bram.state_where(lambda s: s["room"]["settings"]["target"] == 5)
    assert state["version"] == version + 1
    assert state["room"]["members"][1]["name"] == "Bram"


async def test_no_profile_change_while_a_game_runs(live: Live) -> None:
    _, _, (anna, bram) = await table(live, ["Anna", "Bram"])
    await anna.lobby("start")
    answer = await bram.lobby("profile", name="Bo")
    assert answer["error"]["code"] == "wrong_status"


async def play_to(ws: Ws, target: int) -> None:
    """``ws``'s seat adds until the toy game's target is reached: that seat wins."""
    total = 0
    while total < target:
        n = min(10, target - total)
        assert (await ws.command("add", n=n))["type"] == "ack"
        total += n


async def test_the_evening_counts_every_game_across_play_again_and_a_restart(serve: Serve) -> None:
    first = await serve()
    code, seats, (anna, bram) = await table(first, ["Anna", "Bram"])
    await anna.lobby("settings", target=3)
    assert anna.state["room"]["evening"] == []
    await anna.lobby("start")
    await play_to(bram, 3)  # game 1: Bram
    state = await anna.state_where(lambda s: s["room"]["status"] == "ended")
    assert state["room"]["evening"] == [{"game_no": 1, "side": "first", "winners": [2], "names": ["Bram"]}]
    await bram.lobby("profile", name="Bo")  # the score follows the member, not the name
    await anna.lobby("play_again")
    state = await anna.state_where(lambda s: s["room"]["status"] == "playing" and s["room"]["game_no"] == 2)
    assert [g["winners"] for g in state["room"]["evening"]] == [[2]]
    await play_to(anna, 3)  # game 2: Anna
    await anna.state_where(lambda s: s["room"]["status"] == "ended")
    await first.stop()

    second = await serve()
    anna2 = await second.connect(code, seats[0]["token"])
    evening = anna2.state["room"]["evening"]
    assert [(g["game_no"], g["winners"], g["names"]) for g in evening] == [
        (1, [2], ["Bo"]),
        (2, [1], ["Anna"]),
    ]
    assert (await anna2.lobby("play_again"))["type"] == "ack"  # game 3 folds game 2 into the lobby
    await second.stop()

    third = await serve()
    bram3 = await third.connect(code, seats[1]["token"])
    assert bram3.state["room"]["game_no"] == 3
    assert [g["game_no"] for g in bram3.state["room"]["evening"]] == [1, 2]  # each game once


async def test_a_finished_games_seats_stay_when_the_host_reorders_for_the_next(live: Live) -> None:
    # The results (and the board's badges on them) speak of the finished game's seats, while
    # ``seat`` already is the next game's: ``game_seat`` keeps the finished one.
    _code, _seats, (anna, bram) = await table(live, ["Anna", "Bram"])
    assert "game_seat" not in members(anna)[0]  # no game yet
    await anna.lobby("settings", target=3)
    await anna.lobby("start")
    await play_to(bram, 3)
    await anna.state_where(lambda s: s["room"]["status"] == "ended")
    assert (await anna.lobby("reorder", order=[2, 1]))["type"] == "ack"
    state = await anna.state_where(lambda s: [m["name"] for m in s["room"]["members"]] == ["Bram", "Anna"])
    seats = {m["name"]: (m["seat"], m["game_seat"]) for m in state["room"]["members"]}
    assert seats == {"Bram": (1, 2), "Anna": (2, 1)}
