"""The Investigator's interrogation (41); the Prosecutor and the Jailer have modules of their
own, ``prosecutor.py`` and ``jailer.py``."""

from __future__ import annotations

from ..night.ctx import Night
from ..night.step_ids import StepId
from ..night.triggers import successful_hostile_by
from .common import visit


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
