"""Loners (A-ROLE, §9.3): Tour Operator 13, Telepath 16, Fairy 17, Shmara 28, Maniac 30, Psycho 34, Swindler 36."""

from __future__ import annotations

from typing import Any

from ..items import DISPLAY_ONLY, GIFT_LIST
from ..night.ctx import Act, Death, Night
from ..night.har import hostile
from ..night.step_ids import IDX, StepId
from .action_spec import ANY, OTHER
from .actions import ACTIONS, CONSECUTIVE_FAMILY
from .catalogue import PISTOL_ROLES
from .codes import Move, Role
from .common import visit


def trip(ctx: Night, a: Act, tour: bool) -> None:
    """A-ROLE-TOUROP-3/4/6: tour = inaccessible + block; excursion = block."""
    assert a.target is not None
    if not visit(ctx, a):
        return
    (ctx.on_tour if tour else ctx.on_excursion).add(a.target)
    ctx.block(a.target)
    ctx.notice(a.target, "MSG-TOUR" if tour else "MSG-EXCURSION")


def step_13_tour_operator(ctx: Night) -> None:
    for a in ctx.acts_at(StepId.TOUR_OPERATOR):
        if not ctx.start(a) or a.target is None:
            continue
        ctx.w.record_target(a.actor, "TOUROP", ctx.n, a.target)
        ctx.w.p(a.actor).targets("TOUR" if a.code == Move.TOUR_SEND else "EXCURSION").append(a.target)
        trip(ctx, a, a.code == Move.TOUR_SEND)


def step_16_telepath_retarget(ctx: Night) -> None:
    """A-ROLE-TELEPATH-4: the influenced player's later move gets a new target."""
    for a in ctx.acts_at(StepId.TELEPATH_RETARGET):
        if not ctx.start(a) or a.target is None:
            continue
        ctx.w.record_target(a.actor, "TELEPATH", ctx.n, a.target)
        if not visit(ctx, a):
            continue
        victim = ctx.acts.get(a.target)
        new = int(a.params["new_target"])
        if (
            victim is None
            or victim.state != "PENDING"
            or victim.step is None  # staying home is no move (and is never pending)
            or IDX[victim.step] <= IDX[StepId.TELEPATH_RETARGET]
            or victim.target is None
        ):
            a.result = "FAIL"
            continue
        spec = ACTIONS[victim.code]
        fam = CONSECUTIVE_FAMILY.get(victim.code)
        if (
            (new == victim.actor and spec.target == OTHER)
            or spec.target not in (OTHER, ANY)
            or (fam is not None and ctx.w.last_target(victim.actor, fam, ctx.n - 1) == new)
        ):
            victim.params["_invalid"] = True  # the move fails: self, or the same player as last night
        victim.target = new  # messages keep naming victim.orig (A-MSG-1)
        ctx.audit_line(actor=a.actor, action="RETARGET", target=a.target, new_target=new)


def step_17_fairy(ctx: Night) -> None:
    """A-ROLE-FAIRY-2..4, A-ITEM-GIFTLIST-2/3."""
    w = ctx.w
    for a in ctx.acts_at(StepId.FAIRY):
        if not ctx.start(a) or a.target is None:
            continue
        gift = str(a.params.get("gift"))
        if gift not in w.fairy_stock or not visit(ctx, a):
            a.result = "FAIL"
            continue
        w.p(a.target).give(gift, ctx.n)
        w.fairy_stock.remove(gift)
        if not w.fairy_stock:  # renewed after the 10th distinct delivery
            w.fairy_stock = list(GIFT_LIST)
        ctx.notice(a.target, "MSG-GIFT", item=gift)


def _pseudo(role: str) -> list[str]:
    return ["PISTOL"] if role in PISTOL_ROLES else (["KNIFE"] if role == Role.MANIAC else [])


def step_28_shmara(ctx: Night) -> None:
    """A-ROLE-SHMARA-2..5: spend the night (block + vote loss), clonidine (HAR), steal a tablet."""
    w = ctx.w
    for a in ctx.acts_at(StepId.SHMARA):
        if not ctx.start(a):
            continue
        me = w.p(a.actor)
        if a.code == Move.SHMARA_STEAL:
            me.give("CLONIDINE", ctx.n)
            a.result = "OK"
            ctx.log(a.actor, a.code, None, "S", "OK")
            continue
        assert a.target is not None
        w.record_target(a.actor, "SHMARA", ctx.n, a.target)
        if a.code == Move.SHMARA_NIGHT:
            if visit(ctx, a):
                ctx.block(a.target, by=a.actor)
                w.lose_vote(ctx.n + 1, a.target, "SHMARA")
            continue
        me.targets("CLONIDINE").append(a.target)
        out = hostile(ctx, a.actor, a.target, "CLONIDINE", a.code)
        a.result = out.result
        if out.result != "OK":
            continue
        me.take("CLONIDINE")
        ctx.block(a.target, by=a.actor)
        victim = w.p(a.target)
        stealable = sorted(i for i in victim.items if i not in DISPLAY_ONLY)
        pid = ctx.prompt_id("SHMARA_ITEM", a.actor)
        prefs = [str(x) for x in a.params.get("take", [])]
        listed = next((i for i in prefs if i in stealable), None)
        if listed is not None:  # A-ROLE-SHMARA-5: a listed item she can take is taken, no question
            victim.take(listed)
            me.give(listed, ctx.n)
            ctx.notice(a.target, "MSG-THEFT", item=listed)
            continue
        params: dict[str, Any] = {"X": a.target, "items": sorted(stealable + _pseudo(victim.role))}
        prompt: dict[str, Any] = {
            "id": pid,
            "seat": a.actor,
            "kind": "SHMARA_ITEM",
            "options": stealable,
            "default": None,  # nothing
            "key": "MSG-SHMARA-PROMPT",
            "params": params,
        }
        item = ctx.ask([prompt])[pid]
        # A-ROLE-SHMARA-5a: the question stays in her messages with its answer, as the PV's does
        ctx.dawn_msgs.append((a.actor, "MSG-SHMARA-PROMPT", params))
        if item in stealable:
            victim.take(item)
            me.give(item, ctx.n)
            ctx.notice(a.target, "MSG-THEFT", item=item)


def step_30_maniac(ctx: Night) -> None:
    """A-ROLE-MANIAC-2..4 and the Priest's heart failure (A-ROLE-PRIEST-6/8)."""
    w = ctx.w
    bloody_ok: set[int] = set()
    for a in ctx.acts_at(StepId.MANIAC):
        if not ctx.start(a) or a.target is None:
            continue
        if a.code == Move.MANIAC_TORTURE:  # A-CLASS-7: not hostile
            if visit(ctx, a):
                w.lose_vote(ctx.n + 1, a.target, "MANIAC")
            continue
        tau = "KNIFE_B" if a.code == Move.MANIAC_BLOODY else "KNIFE_Q"
        a.result = hostile(ctx, a.actor, a.target, tau, a.code).result
        if tau == "KNIFE_B" and a.result == "OK":
            bloody_ok.add(a.actor)
            for b in ctx.blockers.get(a.target, []):
                if b != a.actor:
                    hostile(ctx, a.actor, b, "KNIFE_B", a.code)
    for maniac in bloody_ok:
        priest = ctx.confessed_by.get(maniac)
        if priest is not None and w.p(priest).alive:
            ctx.dying.append(Death(priest, "HEART", maniac, ctx.step))


def step_34_psycho(ctx: Night) -> None:
    """A-ROLE-PSYCHO-2/7: explosion (explosive spent on «удачно») or make one."""
    w = ctx.w
    for a in ctx.acts_at(StepId.PSYCHO):
        if not ctx.start(a):
            continue
        me = w.p(a.actor)
        if a.code == Move.MAKE_EXPLOSIVE:
            me.give("EXPLOSIVE", ctx.n)
            a.result = "OK"
            ctx.log(a.actor, a.code, None, "S", "OK")
            continue
        assert a.target is not None
        a.result = hostile(ctx, a.actor, a.target, "EXPLOSION", a.code).result
        if a.result == "OK":
            me.take("EXPLOSIVE")


def step_36_swindler(ctx: Night) -> None:
    """A-ROLE-SWINDLER-2: the chosen player votes like the Swindler on Day N+1."""
    w = ctx.w
    for a in ctx.acts_at(StepId.SWINDLER_CHOICE):
        if not ctx.start(a) or a.target is None:
            continue
        w.record_target(a.actor, "SWINDLER", ctx.n, a.target)
        w.p(a.actor).targets("SWINDLER_PICKS").append(a.target)
        if visit(ctx, a):
            w.swindler_pick[str(ctx.n + 1)] = [a.actor, a.target]
