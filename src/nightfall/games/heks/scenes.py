"""Taps that only say "done": Ready, Confirm/OK and End discussion (H-START-1, H-EVE-2, H-DIS-2/3)."""

from __future__ import annotations

from nightfall.engine import Command, Event, Rejected

from .checks import is_cat, phase_in, player_of
from .events import public
from .state import CONFIRM_SCENES, DISCUSSION, ROLE_REVEAL, HeksState


def _tap(state: HeksState, seat: int, cmd: Command, out: list[Event]) -> None:
    if seat in state.done:
        raise Rejected("already_done", phase=state.phase)
    state.done.add(seat)
    public(out, "tapped", phase=state.phase, done=len(state.done))


def ready(state: HeksState, cmd: Command) -> list[Event]:
    out: list[Event] = []
    me = player_of(state, cmd)
    phase_in(state, ROLE_REVEAL, rule="H-START-1")
    _tap(state, me.seat, cmd, out)
    return out


def confirm(state: HeksState, cmd: Command) -> list[Event]:
    """Every player confirms, frogs and exiled included (H-EVE-2, H-FRG-5, OQ-11)."""
    out: list[Event] = []
    me = player_of(state, cmd)
    if state.phase not in CONFIRM_SCENES:
        raise Rejected("wrong_phase", "H-EVE-2", phase=state.phase)
    _tap(state, me.seat, cmd, out)
    return out


def end_discussion(state: HeksState, cmd: Command) -> list[Event]:
    """H-DIS-3: only cats tap, and the tap is final."""
    out: list[Event] = []
    me = player_of(state, cmd)
    phase_in(state, DISCUSSION, rule="H-DIS-2")
    is_cat(me, "H-DIS-3")
    _tap(state, me.seat, cmd, out)
    return out
