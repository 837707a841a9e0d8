"""The influence the Godfather (step 9, ``godfather.py``) and the Mayor (step 10, ``mayor.py``)
both have: a vote or a move taken away."""

from __future__ import annotations

from ..night.ctx import Night
from ..night.step_ids import StepId
from .common import visit


def influence(ctx: Night, step: StepId, mute: str, family: str) -> None:
    """A-ROLE-GODFATHER-2/5, A-ROLE-MAYOR-2/4: vote loss for Day N+1 or a block now."""
    for a in ctx.acts_at(step):
        if not ctx.start(a) or a.target is None:
            continue
        ctx.world.record_target(a.actor, family, ctx.n, a.target)
        ctx.world.player(a.actor).targets(a.code).append(a.target)
        if not visit(ctx, a):
            continue
        if a.code == mute:
            ctx.world.lose_vote(ctx.n + 1, a.target, family)
        else:
            ctx.block(a.target, by=a.actor)
