"""The host's controls (H-HST-1..6, H-ERR-5). The host is a player with two extra buttons."""

from __future__ import annotations

from nightfall.engine import Command, Event, Rejected

from . import flow
from .checks import player_of, seat_arg
from .defaults import absent_default
from .events import public, secret
from .obligations import owed
from .state import DEPART_A, GUARD_B, QUARREL, WITCH_C, HeksState

_HOST_BARRED = frozenset({WITCH_C, QUARREL})  # H-HST-5 (morning and resolution take no input at all)


def _host(state: HeksState, cmd: Command) -> None:
    me = player_of(state, cmd)
    if me.seat != state.host:
        raise Rejected("not_host", "H-HST-1")
    if state.phase in _HOST_BARRED:
        raise Rejected("host_cannot_act", "H-ERR-5", phase=state.phase)


def mark_absent(state: HeksState, cmd: Command) -> list[Event]:
    """H-HST-2: applies to the current step only; a player who owes nothing is unaffected."""
    out: list[Event] = []
    _host(state, cmd)
    seat = seat_arg(state, cmd.payload, "seat")
    assert seat is not None
    if seat in owed(state):
        absent_default(state, seat, cmd.now, out)
        if state.phase in (DEPART_A, GUARD_B):
            secret(out, "absent", seat=seat)  # H-HST-4: departure is a secret step
        else:
            public(out, "absent", seat=seat)
            state.absent.add(seat)  # H-TBL-5: her own view says so (cleared by flow.enter)
    flow.advance(state, cmd.now, out)
    return out


def force_continue(state: HeksState, cmd: Command) -> list[Event]:
    """H-HST-4 (b): only the input missing at this moment gets its absent default.

    In step A that is every cat without a place; a Protector who already tapped Guard has
    acted in time and keeps step B with its own timer (H-TIM-2): the force does not reach
    into the step it opens (issue 31). In step B it is the guard's missing place.
    """
    out: list[Event] = []
    _host(state, cmd)
    if state.phase not in (DEPART_A, GUARD_B):
        raise Rejected("wrong_phase", "H-HST-4", phase=state.phase)
    for seat in owed(state):
        absent_default(state, seat, cmd.now, out)
    flow.advance(state, cmd.now, out)
    return out
