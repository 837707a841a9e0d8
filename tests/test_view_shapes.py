"""The views real games produce have exactly the shape of their TypedDicts (the types
``make types`` gives the web clients). mypy checks the dicts ``view.py`` builds; this
checks, at run time, what it cannot: records the engines keep as plain dicts (moves,
prompts, inbox items, audits, chat) and passed through with a ``cast``."""

from __future__ import annotations

import types
import typing
from typing import Annotated, Any, Literal, NotRequired, Required, get_args, get_origin, get_type_hints

import pytest

from nightfall.engine import Command, kernel
from nightfall.games.andorra import AndorraGame
from nightfall.games.andorra.site import AndorraSiteGame
from nightfall.games.andorra.view_types import AndorraView
from nightfall.games.heks import HeksGame, HeksState
from nightfall.games.heks.bots import play_game
from nightfall.games.heks.bots.random_bot import RandomBot
from nightfall.games.heks.view_types import HeksResult, HeksView


def mismatches(value: Any, tp: Any, path: str = "view") -> list[str]:
    """Where ``value`` (JSON-like) differs from the type ``tp``; empty when it conforms."""
    origin, args = get_origin(tp), get_args(tp)
    if origin in (NotRequired, Required):
        return mismatches(value, args[0], path)
    if origin is Annotated:
        literal = next((m for m in tp.__metadata__ if get_origin(m) is Literal), None)
        return mismatches(value, literal if literal is not None else args[0], path)
    if tp is Any or tp is object:
        return []
    if tp is None or tp is type(None):
        return [] if value is None else [f"{path}: {value!r} is not null"]
    if origin is Literal:
        return [] if value in args else [f"{path}: {value!r} is not one of {args}"]
    if origin in (typing.Union, types.UnionType):
        found = [mismatches(value, a, path) for a in args]
        return [] if any(not f for f in found) else [f"{path}: {value!r} fits no branch: {found}"]
    if tp is bool:
        return [] if isinstance(value, bool) else [f"{path}: {value!r} is not a boolean"]
    if tp in (int, float):
        ok = isinstance(value, int | float) if tp is float else isinstance(value, int)
        return [] if ok and not isinstance(value, bool) else [f"{path}: {value!r} is not a number"]
    if tp is str:
        return [] if isinstance(value, str) else [f"{path}: {value!r} is not a string"]
    if origin is list:
        if not isinstance(value, list | tuple):
            return [f"{path}: {type(value).__name__} is not a list"]
        return [e for i, v in enumerate(value) for e in mismatches(v, args[0], f"{path}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{path}: {type(value).__name__} is not an object"]
        # int keys are fine: JSON writes every key as a string
        return [e for k, v in value.items() for e in mismatches(v, args[1], f"{path}.{k}")]
    if typing.is_typeddict(tp):
        if not isinstance(value, dict):
            return [f"{path}: {type(value).__name__} is not a {tp.__name__}"]
        hints = get_type_hints(tp, include_extras=True)
        out = [f"{path}: unexpected key {k!r} in {tp.__name__}" for k in value if k not in hints]
        for key, hint in hints.items():
            optional = get_origin(hint) is NotRequired or (
                key in tp.__optional_keys__ and get_origin(hint) is not Required
            )
            if key in value:
                out += mismatches(value[key], hint, f"{path}.{key}")
            elif not optional:
                out.append(f"{path}: {tp.__name__} lacks {key!r}")
        return out
    raise TypeError(f"{path}: cannot check against {tp!r}")


def test_the_checker_finds_a_wrong_key_a_wrong_type_and_a_missing_key() -> None:
    """A test that cannot fail is a defect: the checker itself must see each kind of drift."""
    view = HeksGame().view(HeksGame().setup({"players": ["A", "B", "C", "D"]}, 1), 1)
    assert mismatches(view, HeksView) == []
    assert mismatches({**view, "extra": 1}, HeksView) == ["view: unexpected key 'extra' in HeksView"]
    assert mismatches({**view, "phase": "NOON"}, HeksView)
    assert mismatches({**view, "day": "1"}, HeksView) == ["view.day: '1' is not a number"]
    less = dict(view)
    del less["seals"]
    assert mismatches(less, HeksView) == ["view: HeksView lacks 'seals'"]


@pytest.mark.parametrize(("seed", "players"), [(3, 9)])
def test_every_heks_view_of_whole_games_has_its_type(seed: int, players: int) -> None:
    """H-VIS-1..4: each seat's view, the board's and the result, at every step of
    whole games (every command would take the fast loop's whole minute)."""
    game = HeksGame()
    seen: set[str] = set()
    last = [-1]

    def check(state: HeksState, _command: Command) -> None:
        if state.step == last[0] and state.phase != "GAME_END":
            return
        last[0] = state.step
        for viewer in [*range(1, players + 1), "public"]:
            view = game.view(state, viewer)
            assert mismatches(view, HeksView) == [], (viewer, state.phase)
            seen.update(view.get("me", {}).keys())
            seen.update(k for item in view.get("me", {}).get("inbox", []) for k in item)
        if game.result(state) is not None:
            assert mismatches(game.result(state), HeksResult, "result") == []

    config: dict[str, Any] = {"players": [f"P{i}" for i in range(players)]}
    play_game(config, seed, RandomBot(idle_rate=0.05, illegal_rate=0.05), game=game, on_command=check)
    assert {"witch", "hand", "inbox"} <= seen  # the private parts really were checked


def test_every_andorra_view_of_the_worked_example_has_its_type() -> None:
    """EX-1 (spec §17) through the site game: every player's page and the desk, with chat
    and the move form, after every command."""
    from tests.games.andorra.test_ex1 import CAST, GIFTS, SEED, play_ex1

    commands = play_ex1().commands
    site = AndorraSiteGame()
    config = {"players": [n for n, _ in CAST], "roles": [r for _, r in CAST], "gifts": GIFTS}
    state = site.setup(config, SEED)
    seats = range(1, len(CAST) + 1)
    phases: set[str] = set()
    for i, command in enumerate(commands):
        kernel.apply(site, state, command)
        phase = site.view(state, "host")["phase"]
        phases.add(phase)
        # the move form is costly (a trial per move): every player's page at each phase change
        viewers: list[Any] = ["host", "public"]
        if i + 1 == len(commands) or site.view(state, "public")["phase"] != phase or i % 8 == 0:
            viewers += list(seats)
        for viewer in viewers:
            assert mismatches(site.view(state, viewer), AndorraView) == [], (viewer, phase)
    assert {"DAY", "NIGHT", "REVIEW"} <= phases
    rules = AndorraGame()
    assert mismatches(rules.view(state.game, "all"), AndorraView) == []
