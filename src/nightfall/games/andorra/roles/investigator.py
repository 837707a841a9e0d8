"""The Investigator (A-ROLE-INVESTIGATOR): everything the role does alone, in one module.

His own move (the interrogation: its catalogue row and name), his step (41), his role card
and his messages. His searches (25) and shot (33) are the Cops' (``clans.py``); the
depression after shooting a Peaceful is the Sheriff's rule (``sheriff.depression``); he
becomes the Sheriff by the clan heads' succession (``clan_heads.promote``). The common tables
gather these parts (``roles/role_modules.py``); the catalogue row, the codes and the step's
row in ``night/steps.py`` name it.
"""

from __future__ import annotations

from ..night.ctx import Night
from ..night.step_ids import StepId
from .action_spec import OTHER, ActionSpec, spec
from .card_words import STAKE_EN, STAKE_RU
from .codes import Move, Role
from .common import successful_hostile_by, visit

ROLE = Role.INVESTIGATOR

MOVES: tuple[ActionSpec, ...] = (
    spec(Move.INTERROGATE, StepId.INTERROGATION, "V", "INTERROGATE", OTHER, Role.INVESTIGATOR),
)
MOVE_NAMES: dict[str, tuple[str, str]] = {
    Move.INTERROGATE.value: ("допрос", "interrogation"),
}
ONCE_PER_TARGET: dict[str, str] = {}
CONSECUTIVE_FAMILY: dict[str, str] = {}
MESSAGES: dict[str, dict[str, tuple[str, str]]] = {
    "MSG-INTERROGATED": {"": ("Вас вызывали на допрос.", "You were summoned for interrogation.")},
    "MSG-INTERROGATION": {
        "yes": ("{X} совершал(а) враждебное действие этой ночью.", "{X} committed a hostile action tonight."),
        "no": (
            "{X} не совершал(а) враждебных действий этой ночью.",
            "{X} committed no hostile action tonight.",
        ),
    },
}

DESCRIPTION: tuple[str, str] = (
    f"Изначально имеет сирену.\nНевербуемая роль.\nЗнает Шерифа.\nНочное действие:\n{STAKE_RU}\n"
    "- делает выстрел. В случае убийства мирного впадает в депрессию.\n"
    "- поиск Маньяка. При нахождении - стреляет.\n"
    "- поиск Вербовщика мафии. При нахождении - стреляет.\n"
    "- вызвать на допрос. Узнаёт, совершал ли допрашиваемый враждебное действие в ночь допроса.\n"
    "Если Шерифа убивают или сажают, Следователь становится Шерифом.",
    f"Starts with a siren.\nCannot be recruited.\nKnows the Sheriff.\nNight move:\n{STAKE_EN}\n"
    "- shoots. After killing a Peaceful he falls into depression.\n"
    "- searches for the Maniac; if found, shoots.\n"
    "- searches for the Mafia Recruiter; if found, shoots.\n"
    "- interrogates: learns whether the player made a hostile act that night.\n"
    "If the Sheriff is killed or jailed, the Investigator becomes the Sheriff.",
)


def step_41_interrogation(ctx: Night) -> None:
    """A-ROLE-INVESTIGATOR-3/4."""
    for a in ctx.acts_at(StepId.INTERROGATION):
        if not ctx.start(a) or a.target is None:
            continue
        if not visit(ctx, a):
            continue
        yes = successful_hostile_by(ctx, a.target)
        a.lines = [("MSG-INTERROGATION", {"X": a.orig, "yes": yes})]
        ctx.notice(a.target, "MSG-INTERROGATED")
