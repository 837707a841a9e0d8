"""The Reanimator (A-ROLE-REANIMATOR): everything the role does, in one module.

His move (its catalogue row and name), his step (40: a question to him, which corpse of
this night to revive), his role card and his messages. The common tables gather these parts
(``roles/role_modules.py``); the catalogue row (``catalogue.ROLES``), the codes
(``codes.Role``, ``codes.Move``) and the step's row in ``night/steps.py`` name it. His move's
field (``prefer``, the corpses he would revive first) is in ``move_params.py``.
"""

from __future__ import annotations

from ..night.ctx import Night
from ..night.step_ids import StepId
from ..state import ALIVE, DEAD
from .action_spec import NONE, ActionSpec, spec
from .card_words import STAKE_EN, STAKE_RU
from .codes import Move, Role

ROLE = Role.REANIMATOR

MOVES: tuple[ActionSpec, ...] = (spec(Move.REANIMATE, StepId.REANIMATOR, "V", None, NONE, Role.REANIMATOR),)
MOVE_NAMES: dict[str, tuple[str, str]] = {
    Move.REANIMATE.value: ("реанимировать", "reanimate"),
}
ONCE_PER_TARGET: dict[str, str] = {}
CONSECUTIVE_FAMILY: dict[str, str] = {}
MESSAGES: dict[str, dict[str, tuple[str, str]]] = {
    "MSG-REANIMATE-PROMPT": {
        "": (
            "Трупы этой ночи: {list}. Кого реанимировать?",
            "Corpses of this night: {list}. Whom to reanimate?",
        )
    },
    "MSG-REANIMATED": {"": ("Вас реанимировали.", "You were reanimated.")},
}

DESCRIPTION: tuple[str, str] = (
    f"Имеет бронежилет.\nНочное действие:\n{STAKE_RU}\n"
    "- реанимирование трупа.\n"
    "- может отказаться от реанимирования трупа.\n"
    "Ходит последним и знает все трупы за прошедшую ночь. Реанимирует любого (одного) из них на "
    "свой выбор. Себя реанимировать не может. Не может два дня подряд реанимировать одного и "
    "того же человека.",
    f"Has a bulletproof vest.\nNight move:\n{STAKE_EN}\n"
    "- revives a corpse.\n"
    "- may decline to revive.\n"
    "Moves last and knows every corpse of the night. Revives any one of them. Cannot revive "
    "himself, nor the same person two days in a row.",
)


def step_40_reanimator(ctx: Night) -> None:
    """A-ROLE-REANIMATOR-2..4: one corpse of this night, chosen interactively."""
    world = ctx.world
    for a in ctx.acts_at(StepId.REANIMATOR):
        if not ctx.start(a):
            continue
        last = world.player(a.actor).mem.get("last_revived")
        corpses = [
            d.seat
            for d in ctx.deaths
            if d.seat != a.actor
            and world.player(d.seat).status == DEAD
            and not (last and last[0] == d.seat and last[1] == ctx.n - 1)
        ]
        prefs = [int(x) for x in a.params.get("prefer", [])]
        default = next((s for s in prefs if s in corpses), None)
        pid = ctx.prompt_id("REANIMATE", a.actor)
        if not corpses:
            a.result = "FAIL"
            continue
        choice = ctx.ask(
            [
                {
                    "id": pid,
                    "seat": a.actor,
                    "kind": "REANIMATE",
                    "options": corpses,
                    "default": default,
                    "key": "MSG-REANIMATE-PROMPT",
                    "params": {"list": corpses},
                }
            ]
        )[pid]
        if choice not in corpses:
            a.result = "FAIL"
            continue
        t = world.player(int(choice))
        t.status, t.death, t.bitten_night = ALIVE, None, None
        t.poisonings.clear()
        ctx.reanimated.append(t.seat)
        # His target is the answer, not a field of his move: the desk's audit and the review
        # name the revived player as any move's target (orig == target: not a retarget).
        a.orig = a.target = t.seat
        world.player(a.actor).mem["last_revived"] = [t.seat, ctx.n]
        ctx.notice(t.seat, "MSG-REANIMATED")
        a.result = "OK"
        ctx.log(a.actor, a.code, t.seat, "V", "OK")
