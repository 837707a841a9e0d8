"""Engine steps of the night (A-ORDER-3): delayed deaths 39a, sobering 42, return from trips 43."""

from __future__ import annotations

from ..roles import domovoi
from ..roles.codes import Role
from ..state import ALIVE
from .ctx import Death, Night


def step_39a_delayed_deaths(ctx: Night) -> None:
    """A-HEAL-5, A-ROLE-VAMPIRE-6 (c): poisonings of the previous night that were not cured."""
    world = ctx.world
    for p in world.players:
        if p.status != ALIVE:
            continue
        due = [x for x in p.poisonings if x["night"] == ctx.n - 1]
        if not due:
            continue
        first = due[0]
        ctx.dying.append(Death(p.seat, str(first["kind"]), first["by"], ctx.step))
        if first["kind"] == "BITE" and p.role == Role.PSYCHO and first["by"] is not None:
            vamp = world.player(int(first["by"]))
            if vamp.status == ALIVE:  # the Vampire dies with the Psycho (unpreventable)
                ctx.dying.append(Death(vamp.seat, "PSYCHO_BITE", p.seat, ctx.step))


def step_42_sobering(ctx: Night) -> None:
    ctx.drunk.clear()  # A-ITEM-VODKA-3: the Day N+1 vote loss stays


def step_43_return(ctx: Night) -> None:
    """A-ROLE-TOUROP-6 return; A-ROLE-DOMOVOI-7 energy after a skipped night."""
    ctx.on_tour.clear()
    ctx.on_excursion.clear()
    domovoi.gather_energy(ctx)
