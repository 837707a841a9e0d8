"""Item uses as night moves (A-ITEM): diplomas 1, vodka 7, cards 8, antidote 11a, vouchers 13a, a gifted
poison 32c."""

from __future__ import annotations

from ..night.ctx import Act, Night
from ..night.step_ids import StepId
from ..state import ALIVE
from ..tally import entry
from .actions import ACTIONS, CONSECUTIVE_FAMILY
from .clans import poison_attack
from .codes import Move, Role
from .common import cure, visit
from .tour_operator import trip


def step_1_diplomas(ctx: Night) -> None:
    """A-ITEM-DIPLOMA-1/2, A-TALLY-2: the user's vote weight ×2; the first of the night's moves
    that alter the Day N vote (A-CYCLE-3: steps 1-6, the Telepath's, the Rebel's, the
    Prosecutor's, the Swindler's and the Vampire's in their modules)."""
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


def step_7_vodka(ctx: Night) -> None:
    """A-ITEM-VODKA-1..3: inaccessible all night, no own move, Day N+1 vote lost."""
    for a in ctx.acts_at(StepId.VODKA):
        if not ctx.start(a):
            continue
        ctx.world.player(a.actor).take("VODKA")
        ctx.drunk.add(a.actor)
        ctx.world.lose_vote(ctx.n + 1, a.actor, "VODKA")
        a.result, a.silent = "OK", True  # drinking is staying home (A-CLASS-5)
        ctx.log(a.actor, a.code, None, "S", "OK")


def _force(ctx: Night, seat: int, code: str, target: int) -> None:
    old = ctx.acts.get(seat)
    if old is not None and old.state != "PENDING":
        return
    if ctx.world.player(seat).depressed_night == ctx.n:  # A-ITEM-CARDSHERIFF-2: depression rules apply
        return
    clan = ctx.clan_at_n0.get(seat)
    row = ACTIONS[code]
    step = row.step_for(ctx.world.player(seat).role)  # the Sheriff's shot is at 33
    family = CONSECUTIVE_FAMILY.get(code)
    forced = Act(
        seat, code, target, target, {}, step, clan=clan, forced=True, target_kind=row.target, family=family
    )
    forced.replaced = old.code if old is not None and old.code != Move.STAY_HOME else None
    ctx.acts[seat] = forced


def step_8_cards(ctx: Night) -> None:
    """A-ITEM-CARD*: cards redirect the Doctor/Nurse, Sheriff, Journalist; Boss card records a transfer."""
    world = ctx.world
    for a in ctx.acts_at(StepId.CARDS):
        if not ctx.start(a) or a.target is None:
            continue
        item = a.code.removeprefix("USE_")
        if not visit(ctx, a):
            continue  # A-ITEM-GEN-6: no consumption on an inaccessible target
        world.player(a.actor).take(item)
        holders = {p.role: p.seat for p in world.players if p.status == ALIVE}
        if a.code == Move.USE_CARD_DOCTOR:  # A-ITEM-CARDDOC-2: both medics
            if Role.DOCTOR in holders:
                _force(ctx, holders[Role.DOCTOR], "HEAL", a.target)
            if Role.NURSE in holders:
                _force(ctx, holders[Role.NURSE], "NURSE_PUMP", a.target)
        elif a.code == Move.USE_CARD_SHERIFF and Role.SHERIFF in holders:  # A-ITEM-CARDSHERIFF-2
            _force(ctx, holders[Role.SHERIFF], "SHOOT", a.target)
        elif a.code == Move.USE_CARD_JOURNALIST:  # A-ITEM-CARDJOUR-2
            j = next(
                (
                    p.seat
                    for p in world.players
                    if p.alive and p.role in (Role.JOURNALIST, Role.JOURNALIST_SOLDIER)
                ),
                None,
            )
            if j is not None and j != a.target:
                _force(ctx, j, "JOURNALIST_WATCH", a.target)
        elif a.code == Move.USE_CARD_BOSS:  # A-ITEM-CARDBOSS-2: executed at D3
            ctx.recruits.append(
                {
                    "by": a.actor,
                    "faction": a.params.get("clan", "mafia"),
                    "target": a.target,
                    "step": StepId.CARDS,
                    "card": True,
                }
            )


def step_11a_antidote(ctx: Night) -> None:
    """A-ITEM-ANTIDOTE-2, A-HEAL-4."""
    for a in ctx.acts_at(StepId.ANTIDOTE):
        if not ctx.start(a) or a.target is None:
            continue
        if a.target != a.actor and not visit(ctx, a):
            continue
        if a.target == a.actor:
            a.result = "OK"
            ctx.log(a.actor, a.code, None, "S", "OK")
        ctx.world.player(a.actor).take("ANTIDOTE")
        cure(ctx, a.target, frozenset({"POISON", "CLONIDINE"}))
        ctx.shield_antidote.add(a.target)


def step_13a_vouchers(ctx: Night) -> None:
    """A-ITEM-VOUCHER-1/2: the holder sends someone on a tour or excursion."""
    for a in ctx.acts_at(StepId.VOUCHERS):
        if not ctx.start(a) or a.target is None:
            continue
        if ctx.inaccessible(a.target, a.actor):
            visit(ctx, a)
            continue
        ctx.world.player(a.actor).take("VOUCHER")
        trip(ctx, a, a.params.get("kind", "tour") == "tour")


def step_32c_gift_poison(ctx: Night) -> None:
    """A-ITEM-POISON-3 (Q-80)."""
    for a in ctx.acts_at(StepId.GIFT_POISON):
        if ctx.start(a) and a.target is not None:
            poison_attack(ctx, a, clan_bottle=False)
