"""Helpers shared by the role modules: a visit and a cure."""

from __future__ import annotations

from ..night.ctx import Act, Night


def visit(ctx: Night, a: Act, cls: str = "V") -> bool:
    """A visit: fails on an inaccessible target (A-ACCESS-2) and is logged either way."""
    assert a.target is not None
    if ctx.inaccessible(a.target, a.actor):
        a.result = "FAIL"
        ctx.log(a.actor, a.code, a.target, cls, "FAIL", hit="INACCESSIBLE")
        return False
    a.result = "OK"
    ctx.log(a.actor, a.code, a.target, cls, "OK")
    return True


def cure(ctx: Night, seat: int, kinds: frozenset[str]) -> None:
    p = ctx.w.p(seat)
    if "BITE" in kinds and p.bitten_night is not None:
        p.bitten_night = None  # A-HEAL-3: a cured bite resets the chain
    p.poisonings = [x for x in p.poisonings if x["kind"] not in kinds]
