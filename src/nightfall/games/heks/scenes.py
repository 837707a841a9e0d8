"""Taps that only say "done": Ready, Confirm/OK and End discussion (H-START-1, H-EVE-2, H-DIS-2/3)."""

from __future__ import annotations

from nightfall.engine import PUBLIC, Command, Event, Rejected

from .checks import is_cat, phase_in, player_of
from .state import CAT, CONFIRM_SCENES, DISCUSSION, ROLE_REVEAL, HeksState


def _tap(state: HeksState, seat: int) -> list[Event]:
    done = state.done
    if seat in done:
        raise Rejected("already_done", phase=state.phase)
    done.add(seat)
    # public(out, "tapped", ...) written out: taps are most of a game's commands
    return [Event("tapped", {"phase": state.phase, "done": len(done)}, PUBLIC)]


def ready(state: HeksState, cmd: Command) -> list[Event]:
    me = player_of(state, cmd)
    if state.phase != ROLE_REVEAL:  # phase_in, called only to refuse
        phase_in(state, ROLE_REVEAL, rule="H-START-1")
    return _tap(state, me.seat)


def confirm(state: HeksState, cmd: Command) -> list[Event]:
    """Every player confirms, frogs and exiled included (H-EVE-2, H-FRG-5, OQ-11)."""
    me = player_of(state, cmd)
    if state.phase not in CONFIRM_SCENES:
        raise Rejected("wrong_phase", "H-EVE-2", phase=state.phase)
    return _tap(state, me.seat)


def end_discussion(state: HeksState, cmd: Command) -> list[Event]:
    """H-DIS-3: only cats tap, and the tap is final."""
    me = player_of(state, cmd)
    if state.phase != DISCUSSION:  # phase_in, called only to refuse
        phase_in(state, DISCUSSION, rule="H-DIS-2")
    if me.status != CAT:  # is_cat, called only to refuse
        is_cat(me, "H-DIS-3")
    return _tap(state, me.seat)
