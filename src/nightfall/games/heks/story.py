"""The story of a finished game: its recap (H-VIS-5) rebuilt from the transcript alone."""

from __future__ import annotations

from nightfall.engine import Transcript, replay

from .game import HeksGame
from .state import GAME_END, HeksState
from .view_types import HeksRecapDay


def build(transcript: Transcript) -> list[HeksRecapDay]:
    """Replay the transcript and return the recap its result carries."""
    state: HeksState = replay(HeksGame(), transcript)
    if state.phase != GAME_END or state.result is None:
        raise ValueError("the game in this transcript is not over")
    return state.result["recap"]
