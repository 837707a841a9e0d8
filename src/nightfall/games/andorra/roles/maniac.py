"""The Maniac (A-ROLE-MANIAC): everything the role does, in one module.

His moves (their catalogue rows and names), his step (30: a bloody or a quick kill, or
torture; a bloody kill also kills who blocked his victim, and the Priest who confessed him
dies of heart failure, A-ROLE-PRIEST-6/8) and his role card. The common tables gather these
parts (``roles/role_modules.py``); the catalogue row, the codes and the steps' rows in
``night/steps.py`` name it.
"""

from __future__ import annotations

from ..night.ctx import Death, Night
from ..night.hostile_actions import hostile
from ..night.step_ids import StepId
from .action_spec import OTHER, ActionSpec, spec
from .card_words import STAKE_EN, STAKE_RU
from .codes import Move, Role
from .common import visit

ROLE = Role.MANIAC

MOVES: tuple[ActionSpec, ...] = (
    spec(Move.MANIAC_BLOODY, StepId.MANIAC, "H", None, OTHER, Role.MANIAC),
    spec(Move.MANIAC_QUICK, StepId.MANIAC, "H", None, OTHER, Role.MANIAC),
    spec(Move.MANIAC_TORTURE, StepId.MANIAC, "V", None, OTHER, Role.MANIAC),
)
MOVE_NAMES: dict[str, tuple[str, str]] = {
    Move.MANIAC_BLOODY.value: ("убить кроваво", "bloody kill"),
    Move.MANIAC_QUICK.value: ("убить быстро", "quick kill"),
    Move.MANIAC_TORTURE.value: ("мучить", "torture"),
}
ONCE_PER_TARGET: dict[str, str] = {}
CONSECUTIVE_FAMILY: dict[str, str] = {}
MESSAGES: dict[str, dict[str, tuple[str, str]]] = {}

DESCRIPTION: tuple[str, str] = (
    f"Орудие убийства - нож. Игнорирует бронежилет.\nНочное действие:\n{STAKE_RU}\n"
    "- убить с особой жестокостью (кроваво), оставив улики.\n"
    "- убить быстро, не оставляя улик.\n"
    "- мучить - выбранный игрок лишается голоса на дневном голосовании.",
    f"His weapon is a knife. Ignores the vest.\nNight move:\n{STAKE_EN}\n"
    "- kills with cruelty (bloodily), leaving evidence.\n"
    "- kills quickly, leaving no evidence.\n"
    "- tortures: the player loses his vote at the day's vote.",
)


def step_30_maniac(ctx: Night) -> None:
    """A-ROLE-MANIAC-2..4 and the Priest's heart failure (A-ROLE-PRIEST-6/8)."""
    world = ctx.world
    bloody_ok: set[int] = set()
    for a in ctx.acts_at(StepId.MANIAC):
        if not ctx.start(a) or a.target is None:
            continue
        if a.code == Move.MANIAC_TORTURE:  # A-CLASS-7: not hostile
            if visit(ctx, a):
                world.lose_vote(ctx.n + 1, a.target, "MANIAC")
            continue
        tau = "KNIFE_B" if a.code == Move.MANIAC_BLOODY else "KNIFE_Q"
        a.result = hostile(ctx, a.actor, a.target, tau, a.code).result
        if tau == "KNIFE_B" and a.result == "OK":
            bloody_ok.add(a.actor)
            for b in ctx.blockers.get(a.target, []):
                if b != a.actor:
                    hostile(ctx, a.actor, b, "KNIFE_B", a.code)
    for maniac in bloody_ok:
        priest = ctx.confessed_by.get(maniac)
        if priest is not None and world.player(priest).alive:
            ctx.dying.append(Death(priest, "HEART", maniac, ctx.step))
