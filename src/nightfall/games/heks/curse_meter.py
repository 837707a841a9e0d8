"""The curse meter (H-CUR-1..4): +1 per rejection, full at CURSE_MAX, reset each morning."""

from __future__ import annotations

from nightfall.engine import Event

from .events import public
from .state import HeksState
from .tables import CURSE_MAX


def raise_curse(state: HeksState, out: list[Event]) -> None:
    state.curse += 1
    public(out, "curse", value=state.curse, full=is_full(state))


def is_full(state: HeksState) -> bool:
    """H-CUR-4: full at 3/3; the night's ritual fails automatically and counts for nothing (H-CUR-2)."""
    return state.curse >= CURSE_MAX
