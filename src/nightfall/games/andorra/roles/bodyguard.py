"""The Bodyguard (A-ROLE-BODYGUARD): everything the role does, in one module.

His move (its catalogue row, name and limit: not the same player two nights running), his
step (21) and his role card. His protection and return shot are rules of the hostile-action
resolution (``night/hostile_actions.py``, A-ROLE-BODYGUARD-3..5); killing a Peaceful makes him the
Maniac (``night/triggers.py``). The common tables gather these parts
(``roles/role_modules.py``); the catalogue row, the codes and the step's row in
``night/steps.py`` name it.
"""

from __future__ import annotations

from ..night.ctx import Night
from ..night.step_ids import StepId
from .action_spec import OTHER, ActionSpec, spec
from .card_words import STAKE_EN, STAKE_RU
from .codes import Move, Role
from .common import visit

ROLE = Role.BODYGUARD

MOVES: tuple[ActionSpec, ...] = (spec(Move.PROTECT, StepId.BODYGUARD, "V", None, OTHER, Role.BODYGUARD),)
MOVE_NAMES: dict[str, tuple[str, str]] = {
    Move.PROTECT.value: ("защищать", "protect"),
}
ONCE_PER_TARGET: dict[str, str] = {}
CONSECUTIVE_FAMILY: dict[str, str] = {
    Move.PROTECT.value: "BODYGUARD",
}
MESSAGES: dict[str, dict[str, tuple[str, str]]] = {}

DESCRIPTION: tuple[str, str] = (
    f"Изначально имеет сирену.\nНевербуемая роль.\nНочное действие:\n{STAKE_RU}\n"
    "- защита выбранного персонажа. При враждебном действии против защищаемого стреляет в "
    "нападающего.\n"
    "- может отказаться от ночного действия.\n"
    "Не может защитить от Нечисти. Не может защищать сам себя и одного и того же игрока две "
    "ночи подряд.",
    f"Starts with a siren.\nCannot be recruited.\nNight move:\n{STAKE_EN}\n"
    "- guards a character: if anyone acts hostile against him, shoots the attacker.\n"
    "- may skip the night move.\n"
    "Cannot guard against the Undead. Cannot guard himself, nor the same player two nights "
    "in a row.",
)


def step_21_bodyguard(ctx: Night) -> None:
    """A-ROLE-BODYGUARD-2..7: protection for hostile actions at steps ≥ 21."""
    for a in ctx.acts_at(StepId.BODYGUARD):
        if not ctx.start(a) or a.target is None:
            continue
        ctx.world.record_target(a.actor, "BODYGUARD", ctx.n, a.target)
        if visit(ctx, a):
            ctx.bodyguard[a.target] = a.actor
