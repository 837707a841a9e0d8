"""Helpers shared by the role modules: a visit, a cure, Van Helsing's confirmed Undead."""

from __future__ import annotations

from ..night.ctx import Act, Night
from ..state import Player

# Van Helsing's memory: the players confirmed as Undead, at whom he may shoot (A-ROLE-VH-3);
# his own searches and the Nurse's report confirm (A-ROLE-NURSE-2).
CONFIRMED = "confirmed"


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
    p = ctx.world.player(seat)
    if "BITE" in kinds and p.bitten_night is not None:
        p.bitten_night = None  # A-HEAL-3: a cured bite resets the chain
    p.poisonings = [x for x in p.poisonings if x["kind"] not in kinds]


def confirm_undead(vh: Player, target: int) -> None:
    """A-ROLE-VH-3: Van Helsing may shoot at ``target`` from now on."""
    vh.targets(CONFIRMED).append(target)
