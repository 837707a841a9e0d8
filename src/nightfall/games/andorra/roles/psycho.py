"""The Psycho (A-ROLE-PSYCHO): everything the role does, in one module.

His moves (their catalogue rows and names), his step (34: an explosion, or an explosive
made) and his role card. His revenge when jailed is at dawn (``night/dawn.py``, D7,
A-VOTE-30/31). The common tables gather these parts (``roles/role_modules.py``); the
catalogue row, the codes and the steps' rows in ``night/steps.py`` name it.
"""

from __future__ import annotations

from ..night.ctx import Night
from ..night.hostile_actions import hostile
from ..night.step_ids import StepId
from .action_spec import NONE, OTHER, ActionSpec, spec
from .card_words import STAKE_EN, STAKE_RU
from .codes import Move, Role

ROLE = Role.PSYCHO

MOVES: tuple[ActionSpec, ...] = (
    spec(Move.EXPLODE, StepId.PSYCHO, "H", None, OTHER, Role.PSYCHO),
    spec(Move.MAKE_EXPLOSIVE, StepId.PSYCHO, "S", None, NONE, Role.PSYCHO),
)
MOVE_NAMES: dict[str, tuple[str, str]] = {
    Move.EXPLODE.value: ("взорвать", "explode"),
    Move.MAKE_EXPLOSIVE.value: ("изготовить взрывчатку", "make explosive"),
}
ONCE_PER_TARGET: dict[str, str] = {}
CONSECUTIVE_FAMILY: dict[str, str] = {}
MESSAGES: dict[str, dict[str, tuple[str, str]]] = {}

DESCRIPTION: tuple[str, str] = (
    f"Ночное действие:\n{STAKE_RU}\n"
    "- может взрывать персонажей. Бронежилет от взрыва не спасает.\n"
    "- изготовить 1 штуку взрывчатки.\n"
    "- может отказаться от ночного хода.\n"
    "Имеет первоначальный запас взрывчатки - 1 шт. Если психа убивают из пистолета - убийца "
    "так же становится убитым.",
    f"Night move:\n{STAKE_EN}\n"
    "- blows players up. A vest does not save from the blast.\n"
    "- makes 1 explosive.\n"
    "- may skip the night move.\n"
    "Starts with 1 explosive. Whoever shoots the Psycho dies too.",
)


def step_34_psycho(ctx: Night) -> None:
    """A-ROLE-PSYCHO-2/7: explosion (explosive spent on «удачно») or make one."""
    world = ctx.world
    for a in ctx.acts_at(StepId.PSYCHO):
        if not ctx.start(a):
            continue
        me = world.player(a.actor)
        if a.code == Move.MAKE_EXPLOSIVE:
            me.give("EXPLOSIVE", ctx.n)
            a.result = "OK"
            ctx.log(a.actor, a.code, None, "S", "OK")
            continue
        assert a.target is not None
        a.result = hostile(ctx, a.actor, a.target, "EXPLOSION", a.code).result
        if a.result == "OK":
            me.take("EXPLOSIVE")
