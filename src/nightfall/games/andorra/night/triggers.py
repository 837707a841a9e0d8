"""End-of-step triggers (A-HAR H11): the Executioner's axe, deaths, revenge,
role transformations, depression and sinfulness. What one role's death or kill brings is that
role's (``roles/executioner.py``: the axe and the Psycho; ``roles/bodyguard.py``: the Maniac;
``roles/sheriff.py``: depression); here is when they happen, in order."""

from __future__ import annotations

from ..roles import bodyguard, executioner, sheriff
from ..roles.catalogue import MAFIA, PEACEFUL, UNDEAD
from ..roles.codes import Role
from ..state import DEAD
from .ctx import Death, Night
from .hostile_actions import PISTOL
from .step_ids import StepId


def _sin(ctx: Night, d: Death, actor: int) -> None:
    """A-SIN-1..3: the actor of a lethal action is sinful, save the §26 exceptions."""
    world = ctx.world
    killer, victim = world.player(actor), world.player(d.seat)
    if d.reflected or actor == d.seat:
        return
    if killer.role in (Role.SHERIFF, Role.INVESTIGATOR) and victim.faction == MAFIA:
        return
    if killer.role in (Role.PRIEST, Role.VH) and victim.faction == UNDEAD:
        return
    killer.sinful = True


def finish_step(ctx: Night) -> None:
    """H11 at the end of a step: deaths and the triggers they fire (A-DEATH-2)."""
    apply_deaths(ctx)


def apply_deaths(ctx: Night) -> None:
    if ctx.step not in (StepId.JAILING, StepId.EARLY_WIN, StepId.PSYCHO_REVENGE):
        executioner.axe(ctx)
    world = ctx.world
    seen: set[int] = set()
    queue = list(ctx.dying)
    ctx.dying.clear()
    while queue:
        d = queue.pop(0)
        if d.seat in seen or world.player(d.seat).status == DEAD:
            continue
        seen.add(d.seat)
        victim = world.player(d.seat)
        was_peaceful = victim.faction == PEACEFUL
        victim.status = DEAD
        victim.death = {"night": ctx.n, "step": d.step, "cause": d.cause, "by": d.by, "bloody": d.bloody}
        ctx.deaths.append(d)
        ctx.audit_line(action="DEATH", target=d.seat, cause=d.cause, by=d.by)
        for a in ([d.by] if d.by is not None else []) + d.accomplices:
            _sin(ctx, d, a)
        if d.by is None or d.reflected:
            continue
        killer = world.player(d.by)
        # A-ROLE-PSYCHO-4/7: a pistol killer of a Psycho holding explosive dies too.
        if (
            d.cause in PISTOL
            and victim.role == Role.PSYCHO
            and not victim.ghoul
            and victim.count("EXPLOSIVE") > 0
        ):
            queue.insert(0, Death(d.by, "REVENGE", d.seat, ctx.step))
        bodyguard.turns_maniac(ctx, d, killer, was_peaceful)  # A-ROLE-BODYGUARD-6/7
        executioner.turns_psycho(ctx, d, killer, was_peaceful)  # A-ROLE-EXECUTIONER-2
        sheriff.depression(ctx, d, killer, was_peaceful)  # A-ROLE-SHERIFF-4/5
