"""The Executioner (A-ROLE-EXECUTIONER): everything the role does, in one module.

His move (its catalogue row and name), his step (18: a watch over the whole night), his role
card and his messages. The axe falls at the end of the step in which the watched player
succeeds in a hostile act: an end-of-step trigger (``night/triggers.py``,
``executioner_check``, which sends ``MSG-EXEC-SAW``); beheading a Peaceful makes him the
Psycho (``triggers``). The common tables gather these parts (``roles/role_modules.py``); the
catalogue row, the codes and the step's row in ``night/steps.py`` name it.
"""

from __future__ import annotations

from ..night.ctx import Night
from ..night.step_ids import StepId
from .action_spec import OTHER, ActionSpec, spec
from .card_words import STAKE_EN, STAKE_RU
from .codes import Move, Role

ROLE = Role.EXECUTIONER

MOVES: tuple[ActionSpec, ...] = (
    spec(Move.EXECUTIONER_WATCH, StepId.EXECUTIONER, "W", None, OTHER, Role.EXECUTIONER),
)
MOVE_NAMES: dict[str, tuple[str, str]] = {
    Move.EXECUTIONER_WATCH.value: ("следить", "watch"),
}
ONCE_PER_TARGET: dict[str, str] = {}
CONSECUTIVE_FAMILY: dict[str, str] = {}
MESSAGES: dict[str, dict[str, tuple[str, str]]] = {
    "MSG-EXEC-NOTHING": {"": ("Ничего не увидел.", "Saw nothing.")},
    "MSG-EXEC-SAW": {
        "": (
            "{X} совершил(а) удачное враждебное действие. Казнь: {ok}.",
            "{X} committed a successful hostile action. Beheading: {ok}.",
        )
    },
}

DESCRIPTION: tuple[str, str] = (
    f"Изначально имеет сирену.\nНевербуемая роль.\nНочное действие:\n{STAKE_RU}\n"
    "- следит за ходом персонажа - видит только удачное враждебное действие. Если увидел - рубит "
    "голову. Игнорирует защиту. Не рубит голову Нечисти.\n"
    "Если отрубил голову Мирному - становится Психом.",
    f"Starts with a siren.\nCannot be recruited.\nNight move:\n{STAKE_EN}\n"
    "- watches a character's move and sees only a successful hostile act; if he sees one, he "
    "beheads him. Ignores protection. Does not behead the Undead.\n"
    "If he beheads a Peaceful, he becomes a Psycho.",
)


def step_18_executioner(ctx: Night) -> None:
    """A-ROLE-EXECUTIONER-3: the watch covers the whole night; the axe comes in triggers."""
    for a in ctx.acts_at(StepId.EXECUTIONER):
        if not ctx.start(a) or a.target is None:
            continue
        ctx.exec_watch[a.actor] = a.target  # observation works on inaccessible targets (A-ACCESS-3)
        a.result = "OK"
        a.lines = [("MSG-EXEC-NOTHING", {})]
        ctx.log(a.actor, a.code, a.target, "W", "OK")
