"""The Executioner (A-ROLE-EXECUTIONER): everything the role does, in one module.

His move (its catalogue row and name), his step (18: a watch over the whole night), his axe,
which falls at the end of the step in which the watched player succeeds in a hostile act
(``axe``, which sends ``MSG-EXEC-SAW``), the Psycho he becomes by beheading a Peaceful, his role
card and his messages. Both are end-of-step triggers: ``night/triggers.py`` calls them in
their place (H11). The common tables gather these parts (``roles/role_modules.py``); the
catalogue row, the codes and the step's row in ``night/steps.py`` name it.
"""

from __future__ import annotations

from ..night.ctx import Death, Night
from ..night.hostile_actions import hostile
from ..night.step_ids import StepId
from ..state import Player
from .action_spec import OTHER, ActionSpec, spec
from .card_words import STAKE_EN, STAKE_RU
from .catalogue import LONERS
from .codes import Move, Role
from .common import successful_hostile_by

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


def axe(ctx: Night) -> None:
    """A-ROLE-EXECUTIONER-3: behead at the end of the step of the first hostile success."""
    for ex, watched in sorted(ctx.exec_watch.items()):
        if (
            ex in ctx.exec_done
            or not ctx.world.player(ex).alive
            or ctx.world.player(ex).role != Role.EXECUTIONER
        ):
            continue
        if successful_hostile_by(ctx, watched):
            ctx.exec_done.add(ex)
            out = hostile(ctx, ex, watched, "AXE", "AXE")
            act = ctx.acts.get(ex)
            if act is not None:
                act.lines = [("MSG-EXEC-SAW", {"X": watched, "ok": out.result == "OK"})]


def turns_psycho(ctx: Night, d: Death, killer: Player, was_peaceful: bool) -> None:
    """A-ROLE-EXECUTIONER-2: beheading a Peaceful makes him the Psycho with 1 explosive."""
    if d.cause == "AXE" and was_peaceful and killer.role == Role.EXECUTIONER:
        assert d.by is not None
        killer.role, killer.faction = Role.PSYCHO, LONERS
        killer.give("EXPLOSIVE", ctx.n)
        ctx.notice(d.by, "MSG-NEWROLE", role=Role.PSYCHO)
