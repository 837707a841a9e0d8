"""Hunting the Undead: stake hunts (37, A-STAKE) and Van Helsing (38)."""

from __future__ import annotations

from ..night.ctx import Night
from ..night.har import hostile
from ..night.step_ids import StepId
from .codes import Move, Role
from .common import visit


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


def step_38_van_helsing(ctx: Night) -> None:
    """A-ROLE-VH-2..4: searches (Vampire/Horseman shoot at once) and the silver bullet."""
    w = ctx.w
    sought = {"VH_SEARCH_VAMPIRE": Role.VAMPIRE, "VH_SEARCH_HORSEMAN": Role.HORSEMAN}
    for a in ctx.acts_at(StepId.VAN_HELSING):
        if not ctx.start(a) or a.target is None:
            continue
        me, t = w.p(a.actor), w.p(a.target)
        if a.code == Move.VH_SHOOT:
            a.result = hostile(ctx, a.actor, a.target, "SILVER", a.code).result
            continue
        if not visit(ctx, a, "W"):
            continue
        if a.code == Move.VH_SEARCH_UNDEAD:
            if t.undead:
                me.targets("confirmed").append(a.target)
            a.lines = [("MSG-UNDEAD" if t.undead else "MSG-NOT-UNDEAD", {"X": a.orig})]
            continue
        role = sought[a.code]
        found = t.role == role and not t.ghoul
        line: dict[str, object] = {"X": a.orig, "role": role, "found": found, "shot": None}
        a.lines = [("MSG-SEARCH", line)]
        if found:
            me.targets("confirmed").append(a.target)
            line["shot"] = hostile(ctx, a.actor, a.target, "SILVER", "VH_SHOOT").result == "OK"
