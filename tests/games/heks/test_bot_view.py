"""The bots' smaller view (``bot_view.py``) is the seat's view with parts left out, never
anything more or different (H-VIS-1), and ``obligations.owes`` is ``owed`` for one seat."""

from __future__ import annotations

from typing import Any

import pytest

from nightfall.engine import Command, Event
from nightfall.games.heks import HeksGame, HeksState
from nightfall.games.heks.bot_view import LEFT_OUT, LEFT_OUT_OF_ME
from nightfall.games.heks.bots import BOTS, play_game
from nightfall.games.heks.departure import live_counts
from nightfall.games.heks.obligations import owed, owes


def check_bot_view(bot: dict[str, Any], whole: dict[str, Any]) -> None:
    """Every key of the bot's view has the seat view's value, except the live counts (None)."""
    assert set(bot) <= set(whole), "the bot's view has a key the seat's view has not"
    assert set(whole) - set(bot) <= LEFT_OUT
    for key, value in bot.items():
        if key == "me":
            assert set(value) <= set(whole["me"]), "me has a key the seat's me has not"
            assert set(whole["me"]) - set(value) <= LEFT_OUT_OF_ME
            assert value == {k: whole["me"][k] for k in value}, "me differs"
        elif key in LEFT_OUT:
            assert value is None
        else:
            assert value == whole[key], f"{key} differs"


class CheckingGame(HeksGame):
    """Compares every view a bot gets with the seat's view, and ``owes`` with ``owed``."""

    def __init__(self) -> None:
        self.compared = 0

    def bot_view(self, state: HeksState, seat: int) -> dict[str, Any]:
        bot = super().bot_view(state, seat)
        check_bot_view(bot, self.view(state, seat))
        if "witch" in bot["me"]:  # H-WAT-3: step C's counts, kept per step, are today's counts
            assert bot["me"]["witch"]["counts"] == live_counts(state, for_witches=True)
        self.compared += 1
        return bot

    def apply(self, state: HeksState, command: Command) -> list[Event]:
        events = super().apply(state, command)
        pending = owed(state)
        for seat in state.seats():
            assert owes(state, seat) == (seat in pending), (state.phase, seat)
        return events


@pytest.mark.parametrize("bots", ["heuristic", "strong", "random"])
@pytest.mark.parametrize("players", [5, 9, 12])
def test_the_bot_view_is_the_seat_view_with_parts_left_out(bots: str, players: int) -> None:
    # H-VIS-1 (a bot sees only what its seat sees), H-DEP-12/13 (the guard's own step B)
    game = CheckingGame()
    for seed in range(3):
        config = {"players": [f"P{i}" for i in range(players)], "mode": "timed"}
        play_game(config, seed, lambda _seat, _role: BOTS[bots](), game=game)
    assert game.compared > 100


def test_the_check_fails_when_the_bot_view_differs() -> None:
    state_view = {
        "phase": "DEPART_A",
        "progress": {"done": 1, "total": 2},
        "me": {"seat": 1, "side": "VILLAGE"},
    }
    check_bot_view({"phase": "DEPART_A", "progress": None, "me": {"seat": 1}}, state_view)
    with pytest.raises(AssertionError):
        check_bot_view({"phase": "GUARD_B", "progress": None, "me": {"seat": 1}}, state_view)
    with pytest.raises(AssertionError):
        check_bot_view({"phase": "DEPART_A", "progress": None, "me": {"seat": 1, "role": "SEER"}}, state_view)
    with pytest.raises(AssertionError):
        check_bot_view({"phase": "DEPART_A", "me": {"seat": 1}}, {**state_view, "recipe": []})
