"""The rules the kernel enforces for every game (docs/rules/kernel.md), each for both games.

Every refusal must leave the state as it was (the kernel contract), so each check
compares the game's snapshot before and after.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from nightfall.engine import HOST, SYSTEM, Command, Game, Rejected, kernel, tick
from nightfall.games.andorra import AndorraGame
from nightfall.games.heks import HeksGame
from nightfall.games.heks.bots import play_game
from nightfall.games.heks.bots.heuristic import HeuristicBot
from tests.games.andorra.kit import deal
from tests.games.heks.kit import Scenario

ANDORRA = AndorraGame()
HEKS = HeksGame()


def refused(game: Game[Any], state: Any, command: Command) -> Rejected:
    """``command`` through the kernel must be refused and change nothing."""
    before = copy.deepcopy(game.snapshot(state))
    clock = state.now
    with pytest.raises(Rejected) as err:
        kernel.apply(game, state, command)
    assert game.snapshot(state) == before and state.now == clock
    return err.value


def andorra_timed() -> Any:
    """Day 1 of a small Andorra game with a 1000 ms day (its deadline is at 1000)."""
    return ANDORRA.setup(
        {
            "players": ["a", "b", "c", "d"],
            "roles": ["BOSS", "PV", "PV", "DOCTOR"],
            "schedule": {"day_ms": 1000, "night_ms": 1000},
        },
        1,
    )


def heks_timed() -> Any:
    """A timed Heks game in its departure (everyone ready at 10 ms)."""
    roles = ["CROW", "WITCH", "VILLAGER", "HERB_DOCTOR", "PROTECTOR"]  # Table 2.1 with B-5
    state = HEKS.setup({"players": [f"P{i}" for i in range(5)], "roles": roles, "mode": "timed"}, 1)
    for seat in state.seats():
        kernel.apply(HEKS, state, Command(seat, "ready", {}, 10))
    assert HEKS.next_deadline(state) is not None
    return state


GAMES: list[tuple[Game[Any], Callable[[], Any]]] = [(ANDORRA, andorra_timed), (HEKS, heks_timed)]
IDS = ["andorra", "heks"]


# ---- K-TICK-1 ---------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "start"), GAMES, ids=IDS)
@pytest.mark.parametrize("actor", [1, HOST])
def test_k_tick_1_only_the_system_sends_the_clock(
    game: Game[Any], start: Callable[[], Any], actor: Any
) -> None:
    """K-TICK-1: Andorra's own rules would have taken a player's tick; the kernel refuses it."""
    state = start()
    due = game.next_deadline(state)
    assert due is not None
    err = refused(game, state, Command(actor, "tick", {}, due))
    assert (err.code, err.rule) == ("not_your_step", "K-TICK-1")
    kernel.apply(game, state, tick(due))  # the system's own tick is taken
    assert state.now == due


# ---- K-TICK-2 ---------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "start"), GAMES, ids=IDS)
def test_k_tick_2_a_tick_before_the_deadline_is_refused(game: Game[Any], start: Callable[[], Any]) -> None:
    """K-TICK-2: the clock ticks only at (or after) a deadline."""
    state = start()
    due = game.next_deadline(state)
    assert due is not None
    err = refused(game, state, tick(due - 1))
    assert (err.code, err.rule, err.params) == ("not_due", "K-TICK-2", {"deadline": due})


def test_k_tick_2_without_a_deadline_there_is_nothing_to_tick() -> None:
    """K-TICK-2 for Andorra with no schedule (the host closes every phase) and for an untimed Heks game."""
    andorra = ANDORRA.setup({"players": ["a", "b", "c", "d"], "roles": ["BOSS", "PV", "PV", "DOCTOR"]}, 1)
    assert refused(ANDORRA, andorra, tick(10**9)).rule == "K-TICK-2"
    heks = HEKS.setup({"players": [f"P{i}" for i in range(5)], "mode": "unlimited"}, 1)
    assert HEKS.next_deadline(heks) is None
    assert refused(HEKS, heks, tick(10**9)).rule == "K-TICK-2"


# ---- K-CMD-1 ----------------------------------------------------------------------------


class _Counting(AndorraGame):
    """Andorra that counts what reaches its handler."""

    def __init__(self) -> None:
        self.seen: list[str] = []

    def apply(self, state: Any, command: Command) -> list[Any]:
        self.seen.append(command.type)
        return super().apply(state, command)


@pytest.mark.parametrize(("game", "start"), GAMES, ids=IDS)
def test_k_cmd_1_unknown_command_types_are_refused(game: Game[Any], start: Callable[[], Any]) -> None:
    """K-CMD-1: a type the game does not declare is refused; the declared ones are the handlers'."""
    state = start()
    err = refused(game, state, Command(1, "teleport", {}, 20))
    assert (err.code, err.rule, err.params) == ("unknown_command", "K-CMD-1", {"type": "teleport"})
    assert "tick" not in game.commands


def test_k_cmd_1_the_game_never_sees_an_unknown_command() -> None:
    """K-CMD-1: the refusal comes before the game's handler is called."""
    game = _Counting()
    state = andorra_timed()
    refused(game, state, Command(1, "teleport", {}, 20))
    assert game.seen == []
    kernel.apply(game, state, Command(1, "vote", {"target": 2}, 20))
    assert game.seen == ["vote"]


def test_k_cmd_1_declared_types_match_each_games_handlers() -> None:
    """K-CMD-1: the declarations are the games' own command tables (docs/heks-commands.md)."""
    assert {
        "vote",
        "edit_vote",
        "move",
        "end_day",
        "end_night",
        "publish",
        "set_deadline",
    } <= ANDORRA.commands
    assert {"ready", "depart", "witch_place", "propose", "exile_vote", "pass_host"} <= HEKS.commands


# ---- K-TIME-1 ---------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "start"), GAMES, ids=IDS)
def test_k_time_1_time_never_goes_backwards(game: Game[Any], start: Callable[[], Any]) -> None:
    """K-TIME-1: a command dated before the state's clock is refused; the clock follows commands."""
    state = start()
    ctype = "vote" if game is ANDORRA else "depart"
    kernel.apply(game, state, Command(1, ctype, _payload(game), 500))
    assert state.now == 500
    err = refused(game, state, Command(3, ctype, _payload(game), 499))
    assert (err.code, err.rule, err.params["field"]) == ("bad_payload", "K-TIME-1", "now")
    kernel.apply(game, state, Command(3, ctype, _payload(game), 500))  # the same moment is fine


def _payload(game: Game[Any]) -> dict[str, Any]:
    return {"target": 2} if game is ANDORRA else {"place": "P1"}


def test_k_time_1_a_refused_command_does_not_move_the_clock() -> None:
    """K-TIME-1: only a command the game takes moves the clock."""
    state = andorra_timed()
    refused(ANDORRA, state, Command(1, "vote", {"target": 99}, 700))  # bad target
    kernel.apply(ANDORRA, state, Command(1, "vote", {"target": 2}, 600))
    assert state.now == 600


# ---- K-OVER-1 ---------------------------------------------------------------------------


def andorra_over() -> Any:
    s = deal("BOSS", "PV", "PV", "DOCTOR", "PSYCHO", gifts={"pv": "DIPLOMA", "pv2": "DIPLOMA"})
    s.day([("pv", "psycho"), ("pv2", "psycho"), ("doctor", "psycho"), ("boss", None), ("psycho", "pv")])
    s.resolve()
    s.day([("pv", "boss"), ("pv2", "boss"), ("boss", "pv")])
    s.move("boss", "SHOOT", "pv")
    s.resolve()
    assert ANDORRA.result(s.state) is not None
    return s.state


def heks_over() -> Any:
    rec = play_game({"players": ["Anna", "Bram", "Cas", "Dewi", "Eva"], "mode": "timed"}, 7, HeuristicBot())
    assert HEKS.result(rec.state) is not None
    return rec.state


@pytest.mark.parametrize(("game", "over"), [(ANDORRA, andorra_over), (HEKS, heks_over)], ids=IDS)
def test_k_over_1_nothing_is_taken_after_the_end(game: Game[Any], over: Callable[[], Any]) -> None:
    """K-OVER-1: every command after the end is refused, the clock's and the host's too."""
    state = over()
    later = state.now + 1
    commands = [Command(1, "vote" if game is ANDORRA else "confirm", {}, later), tick(later + 10**9)]
    commands.append(
        Command(HOST, "publish", {}, later)
        if game is ANDORRA
        else Command(1, "pass_host", {"seat": 2}, later)
    )
    for command in commands:
        err = refused(game, state, command)
        assert (err.code, err.rule) == ("game_over", "K-OVER-1"), command


# ---- K-LATE-1 ---------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "start"), GAMES, ids=IDS)
def test_k_late_1_at_the_deadline_the_tick_goes_first(game: Game[Any], start: Callable[[], Any]) -> None:
    """K-LATE-1: a command at or after the deadline is refused until the deadline's tick is applied."""
    state = start()
    due = game.next_deadline(state)
    assert due is not None
    actor, ctype, payload = (HOST, "end_day", {}) if game is ANDORRA else (1, "depart", {"place": "P1"})
    for now in (due, due + 1):
        err = refused(game, state, Command(actor, ctype, payload, now))
        assert (err.code, err.rule, err.params) == ("too_late", "K-LATE-1", {"deadline": due})
    kernel.apply(game, state, Command(actor, ctype, payload, due - 1))  # just in time


def test_k_late_1_andorra_words_a_late_vote_and_move_by_its_own_rules() -> None:
    """K-LATE-1 in Andorra's words: A-VOTE-1 (votes count until the deadline), A-MOVE-4, A-MOVE-4a."""
    state = andorra_timed()
    err = refused(ANDORRA, state, Command(1, "vote", {"target": 2}, 1000))
    assert (err.code, err.rule, err.params) == (
        "vote_after_deadline",
        "A-VOTE-1",
        {"player": "a", "deadline": 1000},
    )
    kernel.apply(ANDORRA, state, tick(1000))  # night 1, until 2000
    err = refused(ANDORRA, state, Command(HOST, "move", {"player": 2, "action": "STAY_HOME"}, 2000))
    assert (err.code, err.rule, err.params) == (
        "move_after_deadline",
        "A-MOVE-4",
        {"player": 2, "deadline": 2000},
    )


def test_k_late_1_heks_keeps_step_b_secret_in_the_kernels_refusals() -> None:
    """K-LATE-1 with H-DEP-13: during step B a late tap names step A's deadline, never step B's."""
    g = Scenario.standard(5)
    g.all_ready()
    for n in ("Anna", "Cas", "Dewi"):
        g.depart(n, "Forest")
    g.depart("Eva", guard=True)
    assert g.phase == "GUARD_B"
    step_b = HEKS.next_deadline(g.state)
    step_a = g.state.day.depart_deadline
    assert step_b is not None and step_a is not None and step_b != step_a
    err = refused(HEKS, g.state, Command(g.seat("Bram"), "witch_place", {"place": "P1"}, step_b))
    assert (err.code, err.rule, err.params) == ("too_late", "K-LATE-1", {"deadline": step_a})
    err = refused(HEKS, g.state, Command(g.seat("Eva"), "guard_place", {"place": "P1"}, step_b))
    assert err.params == {"deadline": step_b}  # the Protector knows his own clock


def test_the_kernel_checks_before_any_handler_runs_and_in_order() -> None:
    """K-TICK-1 before K-TIME-1 before K-OVER-1: the first broken rule names the refusal."""
    state = andorra_timed()
    kernel.apply(ANDORRA, state, Command(1, "vote", {"target": 2}, 500))
    assert refused(ANDORRA, state, Command(1, "tick", {}, 400)).rule == "K-TICK-1"
    assert refused(ANDORRA, state, Command(1, "teleport", {}, 400)).rule == "K-CMD-1"
    assert refused(ANDORRA, state, Command(SYSTEM, "tick", {}, 400)).rule == "K-TIME-1"


def test_k_late_1_binds_players_and_the_host_not_the_systems_clock() -> None:
    """K-LATE-1: the system's own commands are never late (Heks's resume after an outage, H-TBL-4)."""
    state = heks_timed()
    due = HEKS.next_deadline(state)
    assert due is not None
    kernel.apply(HEKS, state, Command(SYSTEM, "resume", {"paused_ms": 5_000}, due + 1))
    assert HEKS.next_deadline(state) == due + 5_000
    kernel.apply(HEKS, state, Command(1, "depart", {"place": "P1"}, due + 2))  # in time again


def test_every_kernel_rule_is_tested_here() -> None:
    """Each rule of docs/rules/kernel.md is named by a test of this file."""
    root = Path(__file__).resolve().parents[2]
    book = (root / "docs" / "rules" / "kernel.md").read_text(encoding="utf-8")
    rules = re.findall(r"^\| (K-[A-Z]+-\d+) \|", book, re.M)
    assert len(rules) >= 6
    tests = Path(__file__).read_text(encoding="utf-8").split("def test_every_kernel_rule_is_tested_here")[0]
    assert [r for r in rules if r not in tests] == []
