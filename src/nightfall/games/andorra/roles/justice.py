"""The Jailer (35) and the Investigator's interrogation (41); the Prosecutor has his own module,
``prosecutor.py``."""

from __future__ import annotations

from ..night.ctx import Night
from ..night.step_ids import StepId
from ..night.triggers import successful_hostile_by
from ..state import JAILED_JAILER
from .codes import Move
from .common import visit


def step_35_jailer(ctx: Night) -> None:
    """A-ROLE-JAILER-2..8."""
    w = ctx.w
    for a in ctx.acts_at(StepId.JAILER):
        if not ctx.start(a):
            continue
        if a.code == Move.JAILER_SIN:
            assert a.target is not None
            if not visit(ctx, a):
                continue
            t = w.p(a.target)
            if t.sinful:
                t.status = JAILED_JAILER
                ctx.jailer_jailed.append(a.target)
                if a.target not in w.jailed_unrevealed:
                    w.jailed_unrevealed.append(a.target)
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
            w.p(ctx.jailed).revealed = True
            if ctx.jailed in w.jailed_unrevealed:
                w.jailed_unrevealed.remove(ctx.jailed)
        else:
            ctx.released.append(ctx.jailed)


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
