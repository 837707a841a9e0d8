"""Helpers shared by the role modules: a visit, a cure, Van Helsing's confirmed Undead, whether
a player succeeded in a hostile act (the interrogation, the axe)."""

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


def successful_hostile_by(ctx: Night, seat: int) -> bool:
    """A-ROLE-INVESTIGATOR-4 / A-ROLE-EXECUTIONER-3: an own «удачно» hostile action this night."""
    return any(e.actor == seat and e.cls == "H" and e.result == "OK" and not e.reflected for e in ctx.events)
