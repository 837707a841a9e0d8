"""The night move form: which moves and targets a seat may submit now, and the
shape of each move's parameters.

The choices are found by trying each move on a scratch copy through the engine's
own ``apply``, so they are exactly what the engine would accept at this moment;
the lists of values come from the game's own tables (Appendix C's moves, the
Fairy's gift list, the Loner roles, the items), never copies of them.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from nightfall.engine import Command, Game, Rejected

from ..items import DISPLAY_ONLY, GIFT_LIST, ITEM_NAMES
from ..roles.actions import ACTIONS
from ..roles.catalogue import LONERS, ROLES
from ..view_types import AndorraMoveOption
from .chat import RoomState

# Every move code of Appendix C, in its order: the engine decides which are legal.
MOVE_CODES = list(ACTIONS)
# The roles a Prosecutor may search for (A-ROLE-PROSECUTOR-3): the Loners that can be dealt.
LONER_ROLES = tuple(code for code, role in ROLES.items() if role.faction == LONERS and role.base)
# What the Shmara may list to take (A-ROLE-SHMARA-5): any item but the display-only ones.
TAKEABLE = tuple(code for code in ITEM_NAMES if code not in DISPLAY_ONLY)
# Extra fields a move needs, as the form shows them: "seat" (a player) or a list (one of
# these) is required; {"optional": "seat"} may be left out; {"ranked": "seat" | [values],
# "max": n} is an ordered preference list of up to n (may be empty); {"per_voter": "seat"}
# maps voters to candidates (may be empty). SWINDLER_CHANGE's is built per night, and the
# Fairy's gifts are those in her stock (A-ROLE-FAIRY-4).
PARAMS: dict[str, dict[str, Any]] = {
    "TELEPATH_VOTE": {"vote": "seat"},
    "VAMPIRE_GHOUL_VOTE": {"vote": "seat"},
    "TELEPATH_RETARGET": {"new_target": "seat"},
    "FAIRY_GIFT": {"gift": list(GIFT_LIST)},  # A-ITEM-GIFTLIST-1
    "USE_VOUCHER": {"kind": ["tour", "excursion"]},  # A-ITEM-VOUCHER-1
    "PROSECUTOR_SEARCH": {"role": list(LONER_ROLES)},
    "REBEL_VOTES": {"mapping": {"per_voter": "seat"}, "all": {"optional": "seat"}},  # A-ROLE-REBEL-9
    "REANIMATE": {"prefer": {"ranked": "seat", "max": 3}},  # A-ROLE-REANIMATOR-4
    "SHMARA_CLONIDINE": {"take": {"ranked": list(TAKEABLE), "max": 3}},  # A-ROLE-SHMARA-5
}
# The shape of each move's parameters. The engine reads some of them only when the night
# is resolved, so a malformed value sent by a player would stop the resolution of the
# whole night; the site refuses it when it arrives ("seat": a seat number).
PARAM_SHAPES: dict[str, dict[str, str]] = {
    "TELEPATH_VOTE": {"vote": "seat"},
    "VAMPIRE_GHOUL_VOTE": {"vote": "seat"},
    "TELEPATH_RETARGET": {"new_target": "seat"},
    "FAIRY_GIFT": {"gift": "str"},
    "USE_VOUCHER": {"kind": "str"},
    "PROSECUTOR_SEARCH": {"role": "str"},
    "SWINDLER_CHANGE": {"changes": "changes"},
    "REBEL_VOTES": {"mapping": "mapping", "all": "seat"},
    "SHMARA_CLONIDINE": {"take": "strs"},
    "REANIMATE": {"prefer": "seats"},
    "USE_DIPLOMA": {"clan": "bool"},
}
# Rejections that depend on the target: the move itself may still be possible.
_TARGET_CODES = {"bad_target", "target_not_alive", "self_target", "no_target_expected"}


def check_params(rules: Game[Any], state: RoomState, payload: Mapping[str, Any]) -> None:
    """Refuse a ``move``/``correct`` whose ``params`` do not have the move's shape (``bad_params``)."""
    params = payload.get("params")
    if params is None:
        return
    action = payload.get("action")
    if not isinstance(params, dict):
        raise Rejected("bad_params", action=action)
    shape = PARAM_SHAPES.get(action, {}) if isinstance(action, str) else {}
    n = len(rules.view(state.game, "public")["players"])
    for key, value in params.items():
        kind = shape.get(key)
        if kind is None or not _fits(kind, value, n):
            raise Rejected("bad_params", action=action, field=key)


def _seat(v: Any, n: int) -> bool:
    return type(v) is int and 1 <= v <= n


def _fits(kind: str, v: Any, n: int) -> bool:
    if kind == "seat":
        return _seat(v, n)
    if kind == "str":
        return isinstance(v, str) and len(v) <= 40
    if kind == "bool":
        return isinstance(v, bool)
    if kind == "strs":
        return isinstance(v, list) and len(v) <= 20 and all(isinstance(x, str) and len(x) <= 40 for x in v)
    if kind == "seats":
        return isinstance(v, list) and len(v) <= n and all(_seat(x, n) for x in v)
    if kind == "mapping":
        return (
            isinstance(v, dict)
            and len(v) <= n
            and all(k.isdigit() and _seat(int(k), n) and _seat(x, n) for k, x in v.items())
        )
    if kind == "changes":
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


def options(rules: Game[Any], state: RoomState, seat: int) -> list[AndorraMoveOption]:
    """The moves ``seat`` may submit now (for itself, or as its clan's sender)."""
    # A trial that succeeds changes only the trying player's own sheet, which no
    # other check of that player reads; the scratch copy is renewed per player.
    scratch = [copy.deepcopy(state.game), False]
    public = rules.view(state.game, "public")["players"]
    seats = [int(p["seat"]) for p in public]
    alive = [int(p["seat"]) for p in public if p["status"] == "ALIVE"]
    now = rules.next_deadline(state.game) or 0
    now = max(0, now - 1)  # inside the phase

    def ok(player: int, action: str, target: int | None, params: dict[str, Any]) -> str | None:
        payload: dict[str, Any] = {"player": player, "action": action, "target": target}
        if params:
            payload["params"] = params
        try:
            rules.apply(scratch[0], Command(actor=seat, type="move", payload=payload, now=now))
        except Rejected as rejected:
            return rejected.code
        scratch[1] = True
        return None

    out: list[AndorraMoveOption] = []
    for player in seats:
        if scratch[1]:
            scratch[:] = [copy.deepcopy(state.game), False]
        if player != seat and ok(player, "STAY_HOME", None, {}) is not None:
            continue  # not this seat's sheet (A-MOVE-5)
        for action in MOVE_CODES:
            spec = PARAMS.get(action, {})
            # required fields get a trial value; optional ones (dicts) are left out
            trial = {
                k: (alive[0] if v == "seat" else v[0])
                for k, v in spec.items()
                if alive and not isinstance(v, dict)
            }
            if action == "FAIRY_GIFT":
                gifts = [
                    g for g in GIFT_LIST if ok(player, action, _other(alive, player), {"gift": g}) is None
                ]
                if not gifts:
                    continue
                trial = {"gift": gifts[0]}
                spec = {"gift": gifts}
            if action == "SWINDLER_CHANGE":  # A-TALLY-7: which voters' votes may change, and how many
                window = [
                    v
                    for v in alive
                    if ok(player, action, None, {"changes": [{"voter": v, "target": None}]}) is None
                ]
                if not window:
                    continue
                pair = [{"voter": v, "target": None} for v in window[:2]]
                most = 2 if len(pair) == 2 and ok(player, action, None, {"changes": pair}) is None else 1
                out.append(
                    {
                        "player": player,
                        "action": action,
                        "targets": None,
                        "params": {"changes": {"voters": window, "max": most}},
                    }
                )
                continue
            first = ok(player, action, None, trial)
            if first is None:
                out.append({"player": player, "action": action, "targets": None, "params": spec})
                continue
            if first not in _TARGET_CODES:
                continue
            targets = [t for t in seats if ok(player, action, t, trial) is None]
            if targets:
                out.append({"player": player, "action": action, "targets": targets, "params": spec})
    return out


def _other(alive: list[int], seat: int) -> int | None:
    return next((s for s in alive if s != seat), None)
