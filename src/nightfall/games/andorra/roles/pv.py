"""The Peaceful Villager (A-ROLE-PV): everything the role does, in one module.

His move (its catalogue row and name), his step (20: a watch over the whole night), his role
card and his message. What he saw decides at dawn whether he may choose a free role
(``night/dawn.py``, D1, A-ROLE-PV-6). The common tables gather these parts
(``roles/role_modules.py``); the catalogue row, the codes and the step's row in
``night/steps.py`` name it.
"""

from __future__ import annotations

from ..night.ctx import Night
from ..night.step_ids import StepId
from .action_spec import OTHER, ActionSpec, spec
from .card_words import STAKE_EN, STAKE_RU
from .codes import Move, Role

ROLE = Role.PV

MOVES: tuple[ActionSpec, ...] = (spec(Move.PV_WATCH, StepId.PV, "W", None, OTHER, Role.PV),)
MOVE_NAMES: dict[str, tuple[str, str]] = {
    Move.PV_WATCH.value: ("следить", "watch"),
}
ONCE_PER_TARGET: dict[str, str] = {}
CONSECUTIVE_FAMILY: dict[str, str] = {}
MESSAGES: dict[str, dict[str, tuple[str, str]]] = {
    "MSG-PV-NOTHING": {"": ("Ничего не замечено.", "Nothing noticed.")},
}

DESCRIPTION: tuple[str, str] = (
    f"Ночное действие:\n{STAKE_RU}\n"
    "- следит за одним из жителей, и в случае удачного враждебного действия на него может "
    "выбрать одну из свободных ролей, не задействованных в игре. Видит момент отравления ядом.\n"
    "- может отказаться от ночного действия.\n"
    "В начале партии каждый МЖ получает один случайный подарок из списка феи.",
    f"Night move:\n{STAKE_EN}\n"
    "- watches a villager; if a hostile act on him succeeds, may choose one of the free roles "
    "not in play. Sees a poisoning.\n"
    "- may skip the night move.\n"
    "At the start each Peaceful Villager gets one random gift from the Fairy's list.",
)


def step_20_pv(ctx: Night) -> None:
    """A-ROLE-PV-2/6: a watch over the whole night; the choice comes at dawn D1."""
    for a in ctx.acts_at(StepId.PV):
        if not ctx.start(a) or a.target is None:
            continue
        ctx.pv_watch[a.actor] = a.target
        a.result = "OK"
        a.lines = [("MSG-PV-NOTHING", {})]
        ctx.log(a.actor, a.code, a.target, "W", "OK")
