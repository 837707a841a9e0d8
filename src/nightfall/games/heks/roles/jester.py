"""Jester (Nar): the once-per-game mask that makes the Seer see "Witch" (H-JST-1, H-ERR-3)."""

from __future__ import annotations

from nightfall.engine import Rejected

from ..state import HeksState


def validate_mask(state: HeksState, on: bool) -> None:
    if on and state.mask_used:
        raise Rejected("ability_used", "H-JST-1", ability="mask")


def masked_today(state: HeksState) -> bool:
    """H-ERR-3: a mask that is on stays on all day, even if the Jester is frogged."""
    return state.day.mask_on
