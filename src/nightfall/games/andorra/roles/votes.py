"""Steps 1-5: night moves that alter the Day N vote (A-CYCLE-3, A-TALLY-2..8); the Prosecutor's
accusation (2) is in ``prosecutor.py``, the Swindler's (5) in ``swindler.py``, the Vampire's
Ghoul vote (6) in ``vampire.py``."""

from __future__ import annotations

from ..night.ctx import Night
from ..night.step_ids import StepId
from ..tally import entry


def _visit(ctx: Night, actor: int, code: str, target: int | None, result: str = "OK") -> None:
    ctx.log(actor, code, target, "V", result)


def step_1_diplomas(ctx: Night) -> None:
    """A-ITEM-DIPLOMA-1/2, A-TALLY-2: the user's vote weight ×2."""
    for a in ctx.acts_at(StepId.DIPLOMAS):
        if not ctx.start(a):
            continue
        p = ctx.world.player(a.actor)
        if a.params.get("clan") and p.clan in ctx.world.clans:
            ctx.world.clans[p.clan].diploma -= 1
        else:
            p.take("DIPLOMA")
        e = entry(ctx, a.actor)
        if e is not None:
            e["weight"] *= 2
            e["modified_by"].append("DIPLOMA")
        a.result = "OK"
        ctx.log(a.actor, a.code, None, "S", "OK")


def step_3_telepath_vote(ctx: Night) -> None:
    """A-TALLY-4, A-ERR-13: a cast or blank vote becomes the Telepath's choice."""
    for a in ctx.acts_at(StepId.TELEPATH_VOTE):
        if not ctx.start(a) or a.target is None:
            continue
        ctx.world.record_target(a.actor, "TELEPATH", ctx.n, a.target)
        e = entry(ctx, a.target)
        if e is not None and e["kind"] in ("VOTE", "BLANK"):
            e.update(target=int(a.params["vote"]), kind="VOTE")
            e["modified_by"].append("TELEPATH")
            a.result = "OK"
        else:
            a.result = "FAIL"
        _visit(ctx, a.actor, a.code, a.target, a.result)


def step_4_rebel_votes(ctx: Night) -> None:
    """A-ROLE-REBEL-9, A-TALLY-5: unused (NONE) votes assigned by the Rebel."""
    for a in ctx.acts_at(StepId.REBEL_VOTES):
        if not ctx.start(a):
            continue
        mapping: dict[int, int] = {int(k): int(v) for k, v in (a.params.get("mapping") or {}).items()}
        if a.params.get("all") is not None:
            for s, e in ctx.tally["entries"].items():
                if e["kind"] == "NONE":
                    mapping.setdefault(s, int(a.params["all"]))
        for voter, cand in sorted(mapping.items()):
            e = entry(ctx, voter)
            if e is not None and e["kind"] == "NONE":
                e.update(target=cand, kind="VOTE")
                e["modified_by"].append("REBEL")
                _visit(ctx, a.actor, a.code, voter)
        a.result = "OK"
