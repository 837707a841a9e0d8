"""The Vampire (A-ROLE-VAMPIRE): everything the role does, in one module.

His moves (their catalogue rows and names), his steps (6: a Ghoul's vote; 29: the bite), his
role card and his messages. The common tables gather these parts
(``roles/role_modules.py``); the catalogue row, the codes and the step's row in
``night/steps.py`` name it. A second bite makes a Ghoul and a bite kills the next night:
rules of the hostile-action resolution (``night/hostile_actions.py``, which sends the Ghoul messages)
and of step 39a (``night/engine_steps.py``).
"""

from __future__ import annotations

from ..night.ctx import Night
from ..night.hostile_actions import hostile
from ..night.step_ids import StepId
from ..tally import entry
from .action_spec import OTHER, ActionSpec, spec
from .codes import Move, Role

ROLE = Role.VAMPIRE

MOVES: tuple[ActionSpec, ...] = (
    spec(Move.VAMPIRE_GHOUL_VOTE, StepId.VAMPIRE_VOTE, "V", None, OTHER, Role.VAMPIRE),
    spec(Move.BITE, StepId.VAMPIRE, "H", None, OTHER, Role.VAMPIRE),
)
MOVE_NAMES: dict[str, tuple[str, str]] = {
    Move.VAMPIRE_GHOUL_VOTE.value: ("голос Упыря", "the Ghoul's vote"),
    Move.BITE.value: ("укус", "bite"),
}
ONCE_PER_TARGET: dict[str, str] = {}
CONSECUTIVE_FAMILY: dict[str, str] = {}
MESSAGES: dict[str, dict[str, tuple[str, str]]] = {
    "MSG-GHOUL": {
        "": (
            "Вы стали Упырём. Ваша роль сохраняется; вы побеждаете вместе с Вампиром и/или другими Упырями.",
            "You became a Ghoul. You keep your role; you win with the Vampire and/or other Ghouls.",
        )
    },
    "MSG-VAMPIRE-GHOUL": {"": ("{X} стал(а) Упырём.", "{X} became a Ghoul.")},
}

DESCRIPTION: tuple[str, str] = (
    "Ночное действие:\n"
    "- укус игрока. Игнорирует бронежилет;\n"
    "- изменить голос Упыря на дневном голосовании;\n"
    "- может отказаться от ночного хода.\n"
    "В случае повторного укуса игрок становится Упырём. Нечисть не ходит с кольями.",
    "Night move:\n"
    "- bites a player. Ignores the vest;\n"
    "- changes a Ghoul's vote at the day's vote;\n"
    "- may skip the night move.\n"
    "Bitten twice, a player becomes a Ghoul. The Undead do not join stake hunts.",
)


def step_6_vampire_vote(ctx: Night) -> None:
    """A-ROLE-VAMPIRE-7, A-TALLY-8: the Ghoul's entry := the Vampire's choice."""
    for a in ctx.acts_at(StepId.VAMPIRE_VOTE):
        if not ctx.start(a) or a.target is None:
            continue
        e = entry(ctx, a.target)
        if e is not None:
            e.update(target=int(a.params["vote"]), kind="VOTE")
            e["modified_by"].append("VAMPIRE")
        a.result = "OK"
        ctx.log(a.actor, a.code, a.target, "V", "OK")


def step_29_vampire(ctx: Night) -> None:
    """A-ROLE-VAMPIRE-2..6: the bite, a hostile «BITE» (the vest does not stop it)."""
    for a in ctx.acts_at(StepId.VAMPIRE):
        if ctx.start(a) and a.target is not None:
            a.result = hostile(ctx, a.actor, a.target, "BITE", a.code).result
