"""Role and move codes as enums (issue 33 §3): one name each, the same strings as before."""

from __future__ import annotations

import json
from typing import Any

from nightfall.engine import Viewer
from nightfall.games.andorra import AndorraGame
from nightfall.games.andorra.roles.actions import ACTIONS
from nightfall.games.andorra.roles.catalogue import ROLES
from nightfall.games.andorra.roles.codes import Move, Role

G = AndorraGame()


def _enum_keys(x: Any, path: str = "$") -> list[str]:
    """Dict keys that are a str subclass (an enum member): orjson refuses them as keys, so
    the server would fall back to its slow encoder for every such view."""
    if isinstance(x, dict):
        bad = [f"{path}.{k}" for k in x if isinstance(k, str) and type(k) is not str]
        return bad + [p for k, v in x.items() for p in _enum_keys(v, f"{path}.{k}")]
    if isinstance(x, list | tuple):
        return [p for i, v in enumerate(x) for p in _enum_keys(v, f"{path}[{i}]")]
    return []


def test_every_role_and_move_has_one_code_and_one_row() -> None:
    assert list(ROLES) == [r.value for r in Role]
    assert list(ACTIONS) == [m.value for m in Move]
    assert all(type(code) is str for code in [*ROLES, *ACTIONS])  # plain keys (orjson)


def test_a_code_is_its_string_in_json() -> None:
    assert Role.DOCTOR == "DOCTOR" and json.dumps({"role": Role.DOCTOR}) == '{"role": "DOCTOR"}'
    assert f"{Move.HEAL}" == "HEAL" and str(Move.HEAL) == "HEAL"


def test_views_of_a_played_game_have_plain_keys() -> None:
    from .test_ex1 import play_ex1

    s = play_ex1()
    viewers: list[Viewer] = ["host", "public", *(p.seat for p in s.state.world.players)]
    for viewer in viewers:
        assert _enum_keys(G.view(s.state, viewer)) == [], viewer
    assert _enum_keys(G.snapshot(s.state)) == []
