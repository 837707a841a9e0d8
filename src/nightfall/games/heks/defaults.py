"""What a missing input becomes at 0 s or when the host marks a player absent (§10.2)."""

from __future__ import annotations

from nightfall.engine import Event

from . import departure, proposal, ritual, witches
from .events import public
from .state import (
    APPROVAL_VOTE,
    CONFIRM_SCENES,
    DEPART_A,
    DISCUSSION,
    EXILE_VOTE,
    GUARD_B,
    PROPOSAL,
    RITUAL,
    ROLE_REVEAL,
    HeksState,
)


def absent_default(state: HeksState, seat: int, now: int, out: list[Event]) -> None:
    """Fill ``seat``'s input for the current step (H-HST-2). Owes nothing → no effect."""
    phase = state.phase
    if phase in (ROLE_REVEAL, DISCUSSION) or phase in CONFIRM_SCENES:
        state.done.add(seat)  # counts as Ready / Confirm / tapped
        public(out, "tapped", phase=phase, done=len(state.done), auto=True)
    elif phase == DEPART_A:
        departure.default_departure(state, seat, out)
    elif phase == GUARD_B:
        if seat == state.day.guarding:
            departure.default_guard(state, out)
    elif phase == PROPOSAL:
        if seat == state.night.chief and state.night.members is None:
            proposal.random_proposal(state, out)
    elif phase == APPROVAL_VOTE:
        state.night.votes[seat] = "for"  # H-APR-4/5: absent and timed out count as For
        state.night.auto.add(seat)
        public(out, "voted", phase=phase, count=len(state.night.votes), auto=True)
    elif phase == EXILE_VOTE:
        state.night.votes[seat] = "blank"  # H-EXV-3
        state.night.auto.add(seat)
        public(out, "voted", phase=phase, count=len(state.night.votes), auto=True)
    elif phase == RITUAL:
        ritual.default_card(state, seat, out)


def timeout_default(state: HeksState, seat: int, now: int, out: list[Event]) -> None:
    """At 0 s the defaults are the absent defaults of §10.2 for every step that has a timer."""
    absent_default(state, seat, now, out)


def witch_auto_choices(state: HeksState, out: list[Event]) -> None:
    witches.auto_choices(state, out)
