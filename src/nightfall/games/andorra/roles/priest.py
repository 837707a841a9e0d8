"""The Priest (step 12): confession and blessing."""

from __future__ import annotations

from ..night.ctx import Night
from ..night.har import hostile
from ..night.step_ids import StepId
from .codes import Move
from .common import visit


def step_12_priest(ctx: Night) -> None:
    """A-ROLE-PRIEST-2..8: confession (a hostile CROSS on the Undead) or blessing."""
    w = ctx.w
    for a in ctx.acts_at(StepId.PRIEST):
        if not ctx.start(a) or a.target is None:
            continue
        me = w.p(a.actor)
        if a.code == Move.PRIEST_BLESS:
            me.mem["blessed"] = True
            if visit(ctx, a):
                ctx.blessed.add(a.target)
            continue
        me.targets("CONFESS").append(a.target)
        t = w.p(a.target)
        mark = len(ctx.notices)  # the confession notice comes before a cross poisoning's
        ok = hostile(ctx, a.actor, a.target, "CROSS", a.code).result == "OK" if t.undead else visit(ctx, a)
        a.result = "OK" if ok else "FAIL"
        if not ok:
            continue
        ctx.confessed_by[a.target] = a.actor
        ctx.events[-1].note = "CONFESSION"
        t.give("CROSS", ctx.n)
        ctx.notices.insert(mark, (a.target, "MSG-CONFESSED", {}))
        a.lines = [("MSG-SINFUL" if t.sinful else "MSG-NOT-SINFUL", {"X": a.orig})]
