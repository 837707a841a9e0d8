"""The Headless Horseman (A-ROLE-HORSEMAN): everything the role does, in one module.

His move (its catalogue row and name), his step (39: the search for Van Helsing, who is
beheaded when found), his role card and his message. The common tables gather these parts
(``roles/role_modules.py``); the catalogue row, the codes and the step's row in
``night/steps.py`` name it.
"""

from __future__ import annotations

from ..night.ctx import Night
from ..night.hostile_actions import hostile
from ..night.step_ids import StepId
from .action_spec import OTHER, ActionSpec, spec
from .codes import Move, Role
from .common import visit

ROLE = Role.HORSEMAN

MOVES: tuple[ActionSpec, ...] = (
    spec(Move.HORSEMAN_SEARCH, StepId.HORSEMAN, "W", None, OTHER, Role.HORSEMAN),
)
MOVE_NAMES: dict[str, tuple[str, str]] = {
    Move.HORSEMAN_SEARCH.value: ("поиск Ван Хельсинга", "search for Van Helsing"),
}
ONCE_PER_TARGET: dict[str, str] = {}
CONSECUTIVE_FAMILY: dict[str, str] = {}
MESSAGES: dict[str, dict[str, tuple[str, str]]] = {
    "MSG-CHOP": {"": ("Казнь: {ok}.", "Beheading: {ok}.")},
}

DESCRIPTION: tuple[str, str] = (
    "Основной ход – поиск Ван Хельсинга. При нахождении сразу рубит голову. Игнорирует "
    "бронежилет. Во время проверки жертва цепенеет от ужаса и не может сходить. Не действует "
    "на Нечисть.",
    "His main move is the search for Van Helsing; if found, he beheads him at once. Ignores "
    "the vest. The one checked freezes with terror and cannot move. No effect on the Undead.",
)


def step_39_horseman(ctx: Night) -> None:
    """A-ROLE-HORSEMAN-2..4, A-ERR-4: freeze every checked non-Undead; behead Van Helsing."""
    world = ctx.world
    for a in ctx.acts_at(StepId.HORSEMAN):
        if not ctx.start(a) or a.target is None:
            continue
        t = world.player(a.target)
        if t.undead:
            a.result = "FAIL"
            ctx.log(a.actor, a.code, a.target, "W", "FAIL", hit="IMMUNE")
            continue
        if not visit(ctx, a, "W"):
            continue
        ctx.block(a.target)
        if t.role == Role.VH:
            ok = hostile(ctx, a.actor, a.target, "HH_CHOP", a.code).result == "OK"
            a.lines = [
                ("MSG-SEARCH", {"X": a.orig, "role": Role.VH, "found": True, "shot": None}),
                ("MSG-CHOP", {"ok": ok}),
            ]
        else:
            a.lines = [("MSG-SEARCH", {"X": a.orig, "role": Role.VH, "found": False, "shot": None})]
