"""The views a ``HeksGame`` answers from its memo (``view_memo.ViewMemo``: the server's
rooms and the bot driver ask it) are the rules' fresh views (``view.view``), at every
command of whole games, for every viewer (H-VIS-1: a memo may only repeat what the rules
say); its owed list, kept per step and updated from the last one (``_owed_now``), is
``obligations.owed`` whether it is asked at every version or only now and then; and
``obligations.owes`` is ``owed`` for one seat."""

from __future__ import annotations

from typing import Any

import pytest

from nightfall.engine import Command, Event, Viewer
from nightfall.games.heks import HeksGame, HeksState
from nightfall.games.heks import view as rules_view
from nightfall.games.heks.bots import BOTS, play_game
from nightfall.games.heks.obligations import owed, owes
from nightfall.games.heks.view_memo import ViewMemo

from .test_rules_table import day1, to_discussion


def check_memo(memo: ViewMemo, state: HeksState) -> int:
    """Every viewer's memoised view and parts against the fresh view; returns how many."""
    viewers: list[Viewer] = [*state.seats(), "public", "host"]
    for viewer in viewers:
        fresh = rules_view.view(state, viewer)
        assert memo.view(state, viewer) == fresh, f"{viewer}: the memo's view is not the rules' view"
        shared, own = memo.parts(state, viewer)
        assert {**shared, **own} == fresh, f"{viewer}: the memo's parts are not the rules' view"
    return len(viewers)


class CheckingGame(HeksGame):
    """After every accepted command, every viewer's memoised view against the fresh one,
    and ``owes`` against ``owed``; a second memo, asked only at every third command (so
    that several answers come in between, as when a bot sends many commands in a row),
    gives the same owed list and views."""

    def __init__(self) -> None:
        super().__init__()
        self.compared = 0
        self.sparse = ViewMemo()
        self.sparse_compared = 0

    def apply(self, state: HeksState, command: Command) -> list[Event]:
        events = super().apply(state, command)
        self.compared += check_memo(self.memo, state)
        pending = owed(state)
        assert self.memo.owed(state) == pending, state.phase
        for seat in state.seats():
            assert owes(state, seat) == (seat in pending), (state.phase, seat)
        if state.version % 3 == 0:
            assert self.sparse.owed(state) == pending, state.phase
            self.sparse_compared += check_memo(self.sparse, state)
        return events


@pytest.mark.parametrize("bots", ["heuristic", "strong", "random"])
@pytest.mark.parametrize("players", [5, 9, 12])
def test_the_memo_gives_the_rules_views(bots: str, players: int) -> None:
    # H-VIS-1 (what the bots and the server read is the seat's view), H-DEP-12/13 (the
    # guard's own step B), H-TBL-1 (the live waiting list), H-HST-7a (the host moves)
    game = CheckingGame()
    for seed in range(2):
        config = {"players": [f"P{i}" for i in range(players)], "mode": "timed"}
        play_game(config, seed, lambda _seat, _role: BOTS[bots](), game=game)
    assert game.compared > 500
    assert game.sparse_compared > 150


def test_the_kept_owed_list_follows_answers_out_of_seat_order() -> None:
    # H-TBL-1: the waiting list shrinks by whoever answered, first seat or not, one answer
    # or several between two looks; a switched vote (H-EXV-2) changes nothing in it.
    g = day1()
    to_discussion(g)
    memo = g.game.memo
    before = list(memo.owed(g.state))
    assert before == owed(g.state) and len(before) > 3
    g.send(before[2], "end_discussion")
    assert memo.owed(g.state) == owed(g.state) == [s for s in before if s != before[2]]
    g.send(before[-1], "end_discussion")
    g.send(before[0], "end_discussion")
    assert (
        memo.owed(g.state)
        == owed(g.state)
        == [s for s in before if s not in (before[0], before[2], before[-1])]
    )
    assert check_memo(memo, g.state)


def test_a_resume_inside_a_step_reaches_the_memoised_views() -> None:
    # H-TBL-4: the outage's time given back changes the deadline inside one step; the memo
    # built the step's public part before it and must not show the old deadline after it.
    g = day1()
    to_discussion(g)
    g.end_discussion_all()
    g.propose("Anna", ["Anna", "Cas"])
    before = g.game.memo.parts(g.state, 1)[0]["deadline"]
    assert isinstance(before, int)
    g.send("system", "resume", paused_ms=25_000)
    assert g.game.memo.parts(g.state, 1)[0]["deadline"] == before + 25_000
    assert check_memo(g.game.memo, g.state)


def test_the_check_fails_when_the_memo_is_stale() -> None:
    class Stale(ViewMemo):
        """Keeps the first public part it made, whatever the version."""

        kept: Any = None

        def public(self, state: HeksState) -> Any:
            self.kept = self.kept or super().public(state)
            return self.kept

    game = HeksGame()
    state = game.setup({"players": [f"P{i}" for i in range(5)]}, 3)
    memo = Stale()
    check_memo(memo, state)
    game.apply(state, Command(1, "ready", {}, 1))
    with pytest.raises(AssertionError, match="not the rules' view"):
        check_memo(memo, state)
