"""The host's penalties for a missing avatar (H-05, A-GEN-9), kept in the host log."""

from __future__ import annotations

from typing import Any

from .state import AndorraState


def avatar_penalty(state: AndorraState, seat: int) -> dict[str, Any] | None:
    """Today's standing host penalty for a missing avatar against ``seat``, if any: one per
    player per day; an undone one no longer counts."""
    day = state.world.day
    return next(
        (
            h
            for h in state.host_log
            if h.get("penalty") == seat and h.get("day") == day and not h.get("undone")
        ),
        None,
    )
