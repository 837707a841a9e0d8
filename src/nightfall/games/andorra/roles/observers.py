"""Watchers and the Bodyguard: Executioner 18, Journalist 19, PV 20, Bodyguard 21."""

from __future__ import annotations

from ..night.ctx import Night
from ..night.step_ids import StepId
from .common import visit


def step_18_executioner(ctx: Night) -> None:
    """A-ROLE-EXECUTIONER-3: the watch covers the whole night; the axe comes in triggers."""
    for a in ctx.acts_at(StepId.EXECUTIONER):
        if not ctx.start(a) or a.target is None:
            continue
        ctx.exec_watch[a.actor] = a.target  # observation works on inaccessible targets (A-ACCESS-3)
        a.result = "OK"
        a.lines = [("MSG-EXEC-NOTHING", {})]
        ctx.log(a.actor, a.code, a.target, "W", "OK")


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


def step_20_pv(ctx: Night) -> None:
    """A-ROLE-PV-2/6: a watch over the whole night; the choice comes at dawn D1."""
    for a in ctx.acts_at(StepId.PV):
        if not ctx.start(a) or a.target is None:
            continue
        ctx.pv_watch[a.actor] = a.target
        a.result = "OK"
        a.lines = [("MSG-PV-NOTHING", {})]
        ctx.log(a.actor, a.code, a.target, "W", "OK")


def step_21_bodyguard(ctx: Night) -> None:
    """A-ROLE-BODYGUARD-2..7: protection for hostile actions at steps ≥ 21."""
    for a in ctx.acts_at(StepId.BODYGUARD):
        if not ctx.start(a) or a.target is None:
            continue
        ctx.w.record_target(a.actor, "BODYGUARD", ctx.n, a.target)
        if visit(ctx, a):
            ctx.bodyguard[a.target] = a.actor
