"""End-of-step triggers (A-HAR H11): the Executioner's axe, deaths, revenge,
role transformations, depression and sinfulness."""

from __future__ import annotations

from ..roles.catalogue import LONERS, MAFIA, PEACEFUL, UNDEAD
from ..roles.codes import Role
from ..state import DEAD
from .ctx import Death, Night
from .hostile_actions import PISTOL, hostile
from .step_ids import StepId


def successful_hostile_by(ctx: Night, seat: int) -> bool:
    """A-ROLE-INVESTIGATOR-4 / A-ROLE-EXECUTIONER-3: an own «удачно» hostile action this night."""
    return any(e.actor == seat and e.cls == "H" and e.result == "OK" and not e.reflected for e in ctx.events)


def executioner_check(ctx: Night) -> None:
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
        executioner_check(ctx)
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
        if d.cause == "RSHOT" and was_peaceful and killer.role == Role.BODYGUARD:
            # A-ROLE-BODYGUARD-6/7: becomes the Maniac at once; the protection ends.
            killer.role, killer.faction = Role.MANIAC, LONERS
            ctx.bodyguard = {k: v for k, v in ctx.bodyguard.items() if v != d.by}
            ctx.notice(d.by, "MSG-NEWROLE", role=Role.MANIAC)
        if d.cause == "AXE" and was_peaceful and killer.role == Role.EXECUTIONER:
            # A-ROLE-EXECUTIONER-2: becomes the Psycho with 1 explosive.
            killer.role, killer.faction = Role.PSYCHO, LONERS
            killer.give("EXPLOSIVE", ctx.n)
            ctx.notice(d.by, "MSG-NEWROLE", role=Role.PSYCHO)
        if d.cause == "SHOT" and was_peaceful and killer.role in (Role.SHERIFF, Role.INVESTIGATOR):
            # A-ROLE-SHERIFF-4/5: depression — next night's move and Day N+1 vote lost.
            killer.depressed_night = ctx.n + 1
            world.lose_vote(ctx.n + 1, d.by, "DEPRESSION")
            ctx.notice(d.by, "MSG-DEPRESSION")
