"""The shape of each move's fields, checked when a ``move`` or a ``correct`` arrives.

The engine reads some fields only when the night is resolved, so a malformed value sent by
a player would stop the resolution of the whole night; the site refuses it at once, in the
engine's words (``bad_params`` names the move and the field). The shapes come from the
engine's table of fields (``roles/move_params.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nightfall.engine import Rejected

from ..roles.move_params import (
    CHANGES,
    CHOICE,
    FLAG,
    PER_VOTER,
    RANKED_CHOICE,
    RANKED_SEATS,
    SEAT,
    params_of,
)

MAX_TEXT = 40  # a value's code


def check_params(players: int, payload: Mapping[str, Any]) -> None:
    """Refuse a ``move``/``correct`` whose ``params`` do not have the move's shape (``bad_params``)."""
    params = payload.get("params")
    if params is None:
        return
    action = payload.get("action")
    move = action if isinstance(action, str) else None
    if not isinstance(params, dict):
        raise Rejected("bad_params", rule="A-MOVE-6", move=move, field=None)
    shape = {p.name: p.kind for p in params_of(move)} if move else {}
    for key, value in params.items():
        kind = shape.get(key)
        if kind is None:
            raise Rejected("unknown_param", rule="A-MOVE-6", move=move, field=key)
        if not _fits(kind, value, players):
            raise Rejected("bad_params", rule="A-MOVE-6", move=move, field=key)


def _seat(v: Any, n: int) -> bool:
    return type(v) is int and 1 <= v <= n


def _text(v: Any) -> bool:
    return isinstance(v, str) and len(v) <= MAX_TEXT


def _fits(kind: str, v: Any, n: int) -> bool:
    if kind == SEAT:
        return _seat(v, n)
    if kind == CHOICE:
        return _text(v)
    if kind == FLAG:
        return isinstance(v, bool)
    if kind == RANKED_CHOICE:
        return isinstance(v, list) and len(v) <= 20 and all(_text(x) for x in v)
    if kind == RANKED_SEATS:
        return isinstance(v, list) and len(v) <= n and all(_seat(x, n) for x in v)
    if kind == PER_VOTER:
        return (
            isinstance(v, dict)
            and len(v) <= n
            and all(k.isdigit() and _seat(int(k), n) and _seat(x, n) for k, x in v.items())
        )
    if kind == CHANGES:
        return (
            isinstance(v, list)
            and len(v) <= n
            and all(
                isinstance(c, dict)
                and set(c) <= {"voter", "target"}
                and _seat(c.get("voter"), n)
                and (c.get("target") is None or _seat(c.get("target"), n))
                for c in v
            )
        )
    return False
