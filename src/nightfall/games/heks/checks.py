"""Validation helpers shared by the command handlers. They only read the state."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nightfall.engine import Command, Rejected

from .state import CAT, HeksState, Player
from .tables import INGREDIENTS, PLACES


def player_of(state: HeksState, cmd: Command) -> Player:
    actor = cmd.actor
    players = state.players
    if type(actor) is int and 0 < actor <= len(players):  # the common case, in one test
        return players[actor - 1]
    if not isinstance(actor, int) or isinstance(actor, bool) or not 1 <= actor <= len(state.players):
        raise Rejected("unknown_seat", seat=actor)
    return state.players[actor - 1]  # state.player(actor), inlined: every command passes here


def phase_in(state: HeksState, *phases: str, rule: str | None = None) -> None:
    if state.phase not in phases:
        raise Rejected("wrong_phase", rule, phase=state.phase, expected=list(phases))


def is_cat(player: Player, rule: str = "H-ROL-1") -> None:
    if player.status != CAT:
        raise Rejected("not_a_cat", rule, seat=player.seat, status=player.status)


def seat_arg(state: HeksState, payload: Mapping[str, Any], key: str, *, nullable: bool = False) -> int | None:
    if key not in payload:
        if nullable:
            return None
        raise Rejected("bad_payload", field=key, reason="missing")
    value = payload[key]
    if value is None and nullable:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise Rejected("bad_payload", field=key, reason="expected a seat number")
    if not 1 <= value <= len(state.players):
        raise Rejected("unknown_seat", seat=value)
    return value


def place_arg(state: HeksState, payload: Mapping[str, Any], key: str = "place") -> str:
    value = payload.get(key)
    if not isinstance(value, str):
        raise Rejected("bad_payload", field=key, reason="expected a place id such as P1")
    # value in state.open_places(), without building the list
    if value not in PLACES[: state.params.places] or value in state.day.closed:
        raise Rejected("closed_place", "H-SET-7", place=value)
    return value


def ingredient_arg(payload: Mapping[str, Any], key: str, *, allow_empty: bool = False) -> str:
    value = payload.get(key)
    if not isinstance(value, str) or not (value in INGREDIENTS or (allow_empty and value == "EMPTY")):
        raise Rejected("bad_payload", field=key, reason="expected an ingredient")
    return value


def step_matches(state: HeksState, payload: Mapping[str, Any]) -> None:
    """A late tap from an earlier scene must not land in this one."""
    if "step" not in payload:
        return
    step = payload["step"]
    if not isinstance(step, int) or isinstance(step, bool):
        raise Rejected("bad_payload", field="step", reason="expected an integer")
    if step != state.step:
        raise Rejected("stale_step", step=step, current=state.step)
