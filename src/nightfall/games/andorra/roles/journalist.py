"""The Journalist (A-ROLE-JOURNALIST): everything the role does, in one module.

His move (its catalogue row and name; the Journalist-Soldier makes it too), his step (19: a
watch, whose report is written at dawn from the night's events, ``reports/messages.py``) and
his role card. His article on the next day is ``article.py`` (A-ROLE-JOURNALIST-7); the
Journalist-Soldier's card is with the clans' (``descriptions.py``). The common tables gather
these parts (``roles/role_modules.py``); the catalogue row, the codes and the step's row in
``night/steps.py`` name it.
"""

from __future__ import annotations

from ..night.ctx import Night
from ..night.step_ids import StepId
from .action_spec import OTHER, ActionSpec, spec
from .card_words import JOURNALIST_EN, JOURNALIST_RU
from .codes import Move, Role

ROLE = Role.JOURNALIST

MOVES: tuple[ActionSpec, ...] = (
    spec(
        Move.JOURNALIST_WATCH,
        StepId.JOURNALIST,
        "V",
        "WATCH",
        OTHER,
        Role.JOURNALIST,
        Role.JOURNALIST_SOLDIER,
    ),
)
MOVE_NAMES: dict[str, tuple[str, str]] = {
    Move.JOURNALIST_WATCH.value: ("следить", "watch"),
}
ONCE_PER_TARGET: dict[str, str] = {}
CONSECUTIVE_FAMILY: dict[str, str] = {}
MESSAGES: dict[str, dict[str, tuple[str, str]]] = {}

DESCRIPTION: tuple[str, str] = (
    f"{JOURNALIST_RU}\nНе может писать ложь. В случае вербовки в мафиозный клан или Бунтарём не теряет своей роли.",
    f"{JOURNALIST_EN}\nCannot write lies. If recruited by a mafia clan or the Rebel, keeps his role.",
)


def step_19_journalist(ctx: Night) -> None:
    """A-ROLE-JOURNALIST-2/8: the report is written at dawn from the event log."""
    for a in ctx.acts_at(StepId.JOURNALIST):
        if not ctx.start(a) or a.target is None:
            continue
        if a.target == a.actor:
            a.result = "FAIL"  # A-ITEM-CARDJOUR-2
            continue
        ctx.journalist_watch[a.actor] = a.target
        a.result = "OK"
        ctx.log(a.actor, a.code, a.target, "V", "OK", visible=False)
