"""The Undead (§9.4): Domovoi 14, Vampire 29, Headless Horseman 39."""

from __future__ import annotations

from ..night.ctx import Night
from ..night.har import hostile
from ..night.step_ids import StepId
from .codes import Move, Role
from .common import visit


def step_14_domovoi(ctx: Night) -> None:
    """A-ROLE-DOMOVOI-2..7: block (fails on the Undead but reveals the role) or burn."""
    w = ctx.w
    for a in ctx.acts_at(StepId.DOMOVOI):
        if not ctx.start(a) or a.target is None:
            continue
        t = w.p(a.target)
        if a.code == Move.DOMOVOI_BURN:
            w.p(a.actor).energy = 0
            a.result = hostile(ctx, a.actor, a.target, "BURN", a.code).result
            ctx.events[-1].visible = False  # incorporeal (A-ROLE-DOMOVOI-7)
            continue
        w.record_target(a.actor, "DOMOVOI", ctx.n, a.target)
        if t.undead and t.alive:
            a.result = "FAIL"
            a.lines = [("MSG-ROLE-IS", {"X": a.orig, "role_of": a.target})]
            ctx.log(a.actor, a.code, a.target, "V", "FAIL", visible=False)
            continue
        ok = visit(ctx, a)
        ctx.events[-1].visible = False
        if not ok:
            continue
        ctx.dom_blocked.add(a.target)
        ctx.block(a.target)
        w.lose_vote(ctx.n + 1, a.target, "DOMOVOI")
        if t.role == Role.PRIEST:
            a.lines = [("MSG-ROLE-IS", {"X": a.orig, "role_of": a.target})]


def step_29_vampire(ctx: Night) -> None:
    for a in ctx.acts_at(StepId.VAMPIRE):
        if ctx.start(a) and a.target is not None:
            a.result = hostile(ctx, a.actor, a.target, "BITE", a.code).result


def step_39_horseman(ctx: Night) -> None:
    """A-ROLE-HORSEMAN-2..4, A-ERR-4: freeze every checked non-Undead; behead Van Helsing."""
    w = ctx.w
    for a in ctx.acts_at(StepId.HORSEMAN):
        if not ctx.start(a) or a.target is None:
            continue
        t = w.p(a.target)
        if t.undead:
            a.result = "FAIL"
            ctx.log(a.actor, a.code, a.target, "W", "FAIL", hit="IMMUNE")
            continue
        if not visit(ctx, a, "W"):
            continue
        ctx.block(a.target)
        if t.role == Role.VH:
            ok = hostile(ctx, a.actor, a.target, "HH_CHOP", a.code).result == "OK"
            a.lines = [
                ("MSG-SEARCH", {"X": a.orig, "role": Role.VH, "found": True, "shot": None}),
                ("MSG-CHOP", {"ok": ok}),
            ]
        else:
            a.lines = [("MSG-SEARCH", {"X": a.orig, "role": Role.VH, "found": False, "shot": None})]
