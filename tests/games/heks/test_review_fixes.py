"""Regressions from the rulebook review: step B stays invisible, old ballots (the mask's
spending, H-ERR-3, went with the mask: balance change B-8)."""

from __future__ import annotations

import pytest

from nightfall.engine import Command, Rejected, kernel, tick
from nightfall.games.heks import HeksGame, HeksState

ROLES5 = ["CROW", "WITCH", "VILLAGER", "HERB_DOCTOR", "PROTECTOR"]  # Table 2.1 with B-5
ROLES9 = ["SEER", "WITCH", "CROW", "HERB_DOCTOR", "PROTECTOR", "JESTER", "CROW", "WITCH", "PICKPOCKET"]  # B-9


def _start(
    roles: list[str], mode: str = "timed", from_days: dict[str, int] | None = None, **timers: int
) -> tuple[HeksGame, HeksState]:
    game = HeksGame()
    config: dict[str, object] = {
        "players": [f"P{i}" for i in range(len(roles))],
        "roles": roles,
        "mode": mode,
        "timers": timers,
    }
    if from_days is not None:
        config["from_days"] = from_days
    state = game.setup(config, 1)
    for seat in state.seats():
        kernel.apply(game, state, Command(seat, "ready", {}, 10))
    return game, state


def test_rejections_during_step_b_do_not_name_it() -> None:
    # H-DEP-13, H-VIS-4: only the Protector may learn that step B runs
    game, state = _start(ROLES5, guard=120)  # step B outlasts step A's countdown
    kernel.apply(game, state, Command(1, "depart", {"place": "P1"}, 100))
    kernel.apply(game, state, Command(3, "depart", {"place": "P2"}, 200))
    kernel.apply(game, state, Command(4, "depart", {"place": "P3"}, 300))
    kernel.apply(game, state, Command(5, "depart", {"guard": True}, 400))
    assert state.phase == "GUARD_B"
    with pytest.raises(Rejected) as err:
        kernel.apply(game, state, Command(2, "witch_place", {"place": "P1"}, 500))
    assert err.value.params["phase"] == "DEPART_A"
    with pytest.raises(Rejected) as err:
        kernel.apply(game, state, Command(1, "confirm", {}, 500))
    assert err.value.params["phase"] == "DEPART_A"
    # Past step A's shown deadline, a switch is too late, with step A's deadline as the reason.
    late = state.day.depart_deadline
    assert late is not None
    with pytest.raises(Rejected) as err:
        kernel.apply(game, state, Command(1, "depart", {"place": "P2"}, late + 1))
    assert err.value.code == "too_late" and err.value.params["deadline"] == late
    # The host can still force step B to end (H-HST-4).
    kernel.apply(game, state, Command(1, "force_continue", {}, late + 2))
    assert state.phase == "WITCH_C"


def test_game_end_shows_no_stale_ballot() -> None:
    # H-EXC-5, H-ERR-4: a game that ends at the end of a day shows that day's announcement, not an old ballot
    # Table 2.1 at 4 players (B-16); the day-1 attack needs A = 1 (test-only from_days, Decision 11).
    game, state = _start(["WITCH", "SEER", "PROTECTOR", "CROW"], mode="unlimited", from_days={"attacks": 1})
    # Day 1: everyone at P1; the witch frogs seat 2.
    for seat in (2, 3, 4):
        kernel.apply(game, state, Command(seat, "depart", {"place": "P1"}, 100 + seat))
    kernel.apply(game, state, Command(1, "witch_place", {"place": "P1"}, 200))
    kernel.apply(game, state, Command(1, "witch_spell", {"spell": None}, 201))
    kernel.apply(game, state, Command(1, "witch_target", {"target": 2}, 202))
    assert state.deadline is not None
    kernel.apply(game, state, tick(state.deadline))
    assert state.player(2).status == "FROG"
    view = game.view(state, 3)
    assert view["vote_result"] is None
    assert view["announcement"] == {"day": 1, "new_frogs": [2], "turned_back": []}


def test_vote_result_scene_belongs_to_the_new_day() -> None:
    # H-SEQ-1, H-MORN-2: yesterday's vote result opens day d >= 2
    from nightfall.games.heks.bots import BOTS, play_game

    seen: list[tuple[int, int]] = []

    def watch(state: HeksState, _cmd: Command) -> None:
        if state.phase == "VOTE_RESULT_SCENE":
            view = HeksGame().view(state, 1)
            seen.append((view["day"], view["vote_result"]["day"]))

    for seed in range(5):
        play_game(
            {"players": [f"P{i}" for i in range(8)]},
            seed,
            {s: BOTS["heuristic"]() for s in range(1, 9)},
            on_command=watch,
        )
    assert seen and all(day == voted + 1 for day, voted in seen)
