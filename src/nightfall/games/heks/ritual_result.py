"""The ritual's outcome (H-RIT-6..9, H-SET-8, H-PRI-1)."""

from __future__ import annotations

from nightfall.engine import Event

from .events import public
from .hand import remove_oldest
from .state import HeksState
from .tables import EMPTY_PAW, SEALS_COMPLETE


def resolve(state: HeksState, out: list[Event]) -> None:
    plays = state.night.plays
    for seat, card in plays.items():  # H-RIT-7: played cards leave the hands
        if card != EMPTY_PAW:
            remove_oldest(state.player(seat).hand, card)
    success = sorted(plays.values()) == sorted(state.day.recipe)  # H-RIT-6: the multisets match
    if success:
        state.seals += 1
        state.last_ritual = "SUCCESS"
        if state.seals >= state.params.seals:  # H-PRI-1 / H-WIN-1, shown after the result scene
            state.pending_result = SEALS_COMPLETE
    else:
        state.spoiled += 1  # H-SET-8: a performed ritual that failed; may unlock spells (H-SPL-1)
        state.last_ritual = "FAILURE"
    # H-RIT-9: only success or failure, never who played what.
    public(out, "ritual_result", result=state.last_ritual, seals=state.seals, spoiled=state.spoiled)
