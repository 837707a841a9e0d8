"""Stake hunts (37, A-STAKE): any player but the Undead may join one; Van Helsing (38) has his
own module, ``van_helsing.py``."""

from __future__ import annotations

from ..night.ctx import Night
from ..night.hostile_actions import hostile
from ..night.step_ids import StepId


def step_37_stakes(ctx: Night) -> None:
    """A-STAKE-1..7: groups by final target; fewer than 3 reaching → «неудачно», nothing consumed."""
    groups: dict[int, list[int]] = {}
    for a in ctx.acts_at(StepId.STAKES):
        if a.target is not None:
            groups.setdefault(a.target, []).append(a.actor)
    for target, hunters in sorted(groups.items()):
        reach = [h for h in hunters if ctx.can_act(h)]
        for h in hunters:
            ctx.acts[h].state = "DONE"
        if len(reach) < 3:
            for h in hunters:
                ctx.acts[h].result = "FAIL"
                ctx.log(h, "STAKE", target, "H", "FAIL", hit="TOO_FEW")
            continue
        out = hostile(ctx, reach[0], target, "STAKE", "STAKE", group=reach)
        for h in reach[1:]:
            ctx.log(h, "STAKE", target, "H", out.result, hit=out.hit)
        for d in ctx.dying:
            if d.seat == target and d.cause == "STAKE":
                d.accomplices = reach[1:]
        for h in hunters:
            ctx.acts[h].result = out.result if h in reach else "FAIL"
