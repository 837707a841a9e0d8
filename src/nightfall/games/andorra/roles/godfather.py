"""The Godfather (A-ROLE-GODFATHER): everything the role does, in one module.

His moves (their catalogue rows, names and limits: not the same player two nights running,
each influence once per player per game), his step (9), and his role card. The influence itself,
a vote or a move taken away, is the Godfather's and the Mayor's alike (``influence.py``). The
common tables gather these parts (``roles/role_modules.py``); the catalogue row, the codes and
the step's row in ``night/steps.py`` name it.
"""

from __future__ import annotations

from ..night.ctx import Night
from ..night.step_ids import StepId
from .action_spec import OTHER, ActionSpec, spec
from .card_words import INFLUENCE_EN, INFLUENCE_RU, STAKE_EN, STAKE_RU
from .codes import Move, Role
from .influence import influence

ROLE = Role.GODFATHER

MOVES: tuple[ActionSpec, ...] = (
    spec(Move.GF_MUTE, StepId.GODFATHER, "V", None, OTHER, Role.GODFATHER),
    spec(Move.GF_BLOCK, StepId.GODFATHER, "V", None, OTHER, Role.GODFATHER),
)
MOVE_NAMES: dict[str, tuple[str, str]] = {
    Move.GF_MUTE.value: ("лишить голоса", "take away the vote"),
    Move.GF_BLOCK.value: ("лишить хода", "take away the move"),
}
ONCE_PER_TARGET: dict[str, str] = {
    Move.GF_MUTE.value: "GF_MUTE",
    Move.GF_BLOCK.value: "GF_BLOCK",
}
CONSECUTIVE_FAMILY: dict[str, str] = {
    Move.GF_MUTE.value: "GF",
    Move.GF_BLOCK.value: "GF",
}
MESSAGES: dict[str, dict[str, tuple[str, str]]] = {}

DESCRIPTION: tuple[str, str] = (
    f"Имеет бронежилет.\nНочное действие:\n{STAKE_RU}\n{INFLUENCE_RU}\n"
    "Крёстный отец и Мафия не знают друг друга.",
    f"Has a bulletproof vest.\nNight move:\n{STAKE_EN}\n{INFLUENCE_EN}\n"
    "The Godfather and the Mafia do not know each other.",
)


def step_9_godfather(ctx: Night) -> None:
    """A-ROLE-GODFATHER-2/5: a vote (Day N+1) or a move (now) taken away."""
    influence(ctx, StepId.GODFATHER, "GF_MUTE", "GF")
