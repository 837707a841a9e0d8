"""The Jailer (A-ROLE-JAILER): everything the role does, in one module.

His moves (their catalogue rows and names: a sin check, which jails the sinful, or, on the
player the day's vote jailed, a check or a release), his step (35), his role card and his
message. The common tables gather these parts (``roles/role_modules.py``); the catalogue row,
the codes and the steps' rows in ``night/steps.py`` name it. The releases and the jail opened
by his death happen at dawn (D6, A-ROLE-JAILER-7/8, ``d6_jail``); a sin check that finds no sin
answers with the common ``MSG-NOT-SINFUL``.
"""

from __future__ import annotations

from ..night.ctx import Night
from ..night.step_ids import StepId
from ..state import ALIVE, DEAD, JAILED_JAILER, JAILED_LYNCH
from .action_spec import JAILED_TODAY, OTHER, ActionSpec, spec
from .card_words import STAKE_EN, STAKE_RU
from .codes import Move, Role
from .common import visit

ROLE = Role.JAILER

MOVES: tuple[ActionSpec, ...] = (
    spec(Move.JAILER_SIN, StepId.JAILER, "V", None, OTHER, Role.JAILER),
    spec(Move.JAILER_CHECK_JAILED, StepId.JAILER, "V", None, JAILED_TODAY, Role.JAILER),
    spec(Move.JAILER_RELEASE, StepId.JAILER, "V", None, JAILED_TODAY, Role.JAILER),
)
MOVE_NAMES: dict[str, tuple[str, str]] = {
    Move.JAILER_SIN.value: ("проверка на грешность", "sin check"),
    Move.JAILER_CHECK_JAILED.value: ("проверка посаженного", "check the jailed player"),
    Move.JAILER_RELEASE.value: ("выпустить посаженного", "release the jailed player"),
}
ONCE_PER_TARGET: dict[str, str] = {}
CONSECUTIVE_FAMILY: dict[str, str] = {}
MESSAGES: dict[str, dict[str, tuple[str, str]]] = {
    "MSG-JAILER-SIN": {
        "": ("{X} грешен(на) и отправлен(а) в тюрьму.", "{X} is sinful and was sent to jail.")
    },
}

DESCRIPTION: tuple[str, str] = (
    f"Изначально имеет сирену.\nНевербуемая роль.\nНочное действие:\n{STAKE_RU}\n"
    "- проверяет игрока на грешность. Если игрок грешен, сразу отправляет его в тюрьму.\n"
    "- проверяет посаженного в текущий день игрока. Утром раскрывается его роль.\n"
    "- может выпустить посаженного в текущий день игрока без проверки.",
    f"Starts with a siren.\nCannot be recruited.\nNight move:\n{STAKE_EN}\n"
    "- checks a player for sin; if sinful, sends him to jail at once.\n"
    "- checks the player jailed that day; his role is revealed in the morning.\n"
    "- may release the player jailed that day without a check.",
)


def step_35_jailer(ctx: Night) -> None:
    """A-ROLE-JAILER-2..8."""
    world = ctx.world
    for a in ctx.acts_at(StepId.JAILER):
        if not ctx.start(a):
            continue
        if a.code == Move.JAILER_SIN:
            assert a.target is not None
            if not visit(ctx, a):
                continue
            t = world.player(a.target)
            if t.sinful:
                t.status = JAILED_JAILER
                ctx.jailer_jailed.append(a.target)
                if a.target not in world.jailed_unrevealed:
                    world.jailed_unrevealed.append(a.target)
                ctx.notice(a.target, "MSG-JAILED")
            a.lines = [("MSG-JAILER-SIN" if t.sinful else "MSG-NOT-SINFUL", {"X": a.orig})]
            continue
        if ctx.jailed is None:
            a.result = "FAIL"
            continue
        a.target = a.orig = ctx.jailed
        a.result = "OK"
        ctx.log(a.actor, a.code, ctx.jailed, "V", "OK")
        if a.code == Move.JAILER_CHECK_JAILED:
            world.player(ctx.jailed).revealed = True
            if ctx.jailed in world.jailed_unrevealed:
                world.jailed_unrevealed.remove(ctx.jailed)
        else:
            ctx.released.append(ctx.jailed)


def d6_jail(ctx: Night) -> None:
    """A-ROLE-JAILER-7/8: releases and the Jailer's death opening the jail."""
    world = ctx.world
    jailer_dead = any(
        world.player(d.seat).role == Role.JAILER and world.player(d.seat).status == DEAD for d in ctx.deaths
    )
    if jailer_dead:
        for s in sorted(world.jailed_unrevealed):
            q = world.player(s)
            if q.status in (JAILED_LYNCH, "JAILED_JAILER"):
                q.status = ALIVE
                q.poisonings.clear()
                q.bitten_night = None
                ctx.left_jail.append(s)
                ctx.dawn_msgs.append((s, "MSG-RELEASED", {}))
        world.jailed_unrevealed = []
    for s in ctx.released:
        q = world.player(s)
        if q.status == JAILED_LYNCH:
            q.status = ALIVE
            if s in world.jailed_unrevealed:
                world.jailed_unrevealed.remove(s)
            ctx.dawn_msgs.append((s, "MSG-RELEASED", {}))
