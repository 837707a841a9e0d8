"""The Mayor (A-ROLE-MAYOR): everything the role does, in one module.

His moves (their catalogue rows, names and limits: not the same player two nights running,
each influence once per player per game), his step (10), and his role card. The influence itself,
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

ROLE = Role.MAYOR

MOVES: tuple[ActionSpec, ...] = (
    spec(Move.MAYOR_MUTE, StepId.MAYOR, "V", None, OTHER, Role.MAYOR),
    spec(Move.MAYOR_BLOCK, StepId.MAYOR, "V", None, OTHER, Role.MAYOR),
)
MOVE_NAMES: dict[str, tuple[str, str]] = {
    Move.MAYOR_MUTE.value: ("лишить голоса", "take away the vote"),
    Move.MAYOR_BLOCK.value: ("лишить хода", "take away the move"),
}
ONCE_PER_TARGET: dict[str, str] = {
    Move.MAYOR_MUTE.value: "MAYOR_MUTE",
    Move.MAYOR_BLOCK.value: "MAYOR_BLOCK",
}
CONSECUTIVE_FAMILY: dict[str, str] = {
    Move.MAYOR_MUTE.value: "MAYOR",
    Move.MAYOR_BLOCK.value: "MAYOR",
}
MESSAGES: dict[str, dict[str, tuple[str, str]]] = {}

DESCRIPTION: tuple[str, str] = (
    f"Изначально имеет сирену.\nНевербуемая роль.\nНочное действие:\n{STAKE_RU}\n{INFLUENCE_RU}",
    f"Starts with a siren.\nCannot be recruited.\nNight move:\n{STAKE_EN}\n{INFLUENCE_EN}",
)


def step_10_mayor(ctx: Night) -> None:
    """A-ROLE-MAYOR-2/4: a vote (Day N+1) or a move (now) taken away."""
    influence(ctx, StepId.MAYOR, "MAYOR_MUTE", "MAYOR")
