"""Herb Doctor (Kruidendokter): turns one frog back per day (H-HD-1..4)."""

from __future__ import annotations

from nightfall.engine import Event, Rejected

from ..events import public
from ..state import CAT, FROG, HeksState
from ..tables import HERB_DOCTOR


def validate_target(state: HeksState, seat: int | None) -> None:
    """H-HD-1: one current frog or none; exiled players cannot be chosen."""
    if seat is None:
        return
    target = state.player(seat)
    if target.status != FROG:
        raise Rejected("bad_target", "H-HD-1", target=seat, reason="not a frog")


def turn_back(state: HeksState, out: list[Event]) -> None:
    """② H-HD-2: only if the Herb Doctor is still a cat after ①."""
    day = state.day
    if day.turn_back is None:
        return
    doctor = next((p for p in state.players if p.role == HERB_DOCTOR), None)
    if doctor is None or doctor.status != CAT:
        return
    frog = state.player(day.turn_back)
    if frog.status == FROG:
        frog.status = CAT  # H-HD-3: keeps role, side and frozen hand
        day.turned_back.append(frog.seat)
        public(out, "turned_back", seat=frog.seat)
