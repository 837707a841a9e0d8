"""Steps 16-21: Telepath retarget, Fairy, Executioner, Journalist, PV, Bodyguard."""

from __future__ import annotations

from ..items import GIFT_LIST
from ..night.ctx import IDX, Night
from .actions import ACTIONS, ANY, CONSECUTIVE_FAMILY, OTHER
from .early import _visit


def step_16_telepath_retarget(ctx: Night) -> None:
    """A-ROLE-TELEPATH-4: the influenced player's later move gets a new target."""
    for a in ctx.acts_at("16"):
        if not ctx.start(a) or a.target is None:
            continue
        ctx.w.record_target(a.actor, "TELEPATH", ctx.n, a.target)
        if not _visit(ctx, a):
            continue
        victim = ctx.acts.get(a.target)
        new = int(a.params["new_target"])
        if (
            victim is None
            or victim.state != "PENDING"
            or IDX[victim.step] <= IDX["16"]
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
    for a in ctx.acts_at("17"):
        if not ctx.start(a) or a.target is None:
            continue
        gift = str(a.params.get("gift"))
        if gift not in w.fairy_stock or not _visit(ctx, a):
            a.result = "FAIL"
            continue
        w.p(a.target).give(gift, ctx.n)
        w.fairy_stock.remove(gift)
        if not w.fairy_stock:  # renewed after the 10th distinct delivery
            w.fairy_stock = list(GIFT_LIST)
        ctx.notice(a.target, "MSG-GIFT", item=gift)


def step_18_executioner(ctx: Night) -> None:
    """A-ROLE-EXECUTIONER-3: the watch covers the whole night; the axe comes in triggers."""
    for a in ctx.acts_at("18"):
        if not ctx.start(a) or a.target is None:
            continue
        ctx.exec_watch[a.actor] = a.target  # observation works on inaccessible targets (A-ACCESS-3)
        a.result = "OK"
        a.lines = [("MSG-EXEC-NOTHING", {})]
        ctx.log(a.actor, a.code, a.target, "W", "OK")


def step_19_journalist(ctx: Night) -> None:
    """A-ROLE-JOURNALIST-2/8: the report is written at dawn from the event log."""
    for a in ctx.acts_at("19"):
        if not ctx.start(a) or a.target is None:
            continue
        if a.target == a.actor:
            a.result = "FAIL"  # A-ITEM-CARDJOUR-2
            continue
        ctx.journalist_watch[a.actor] = a.target
        a.result = "OK"
        ctx.log(a.actor, a.code, a.target, "V", "OK", visible=False)


def step_20_pv(ctx: Night) -> None:
    """A-ROLE-PV-2/6: a watch over the whole night; the choice comes at dawn D1."""
    for a in ctx.acts_at("20"):
        if not ctx.start(a) or a.target is None:
            continue
        ctx.pv_watch[a.actor] = a.target
        a.result = "OK"
        a.lines = [("MSG-PV-NOTHING", {})]
        ctx.log(a.actor, a.code, a.target, "W", "OK")


def step_21_bodyguard(ctx: Night) -> None:
    """A-ROLE-BODYGUARD-2..7: protection for hostile actions at steps ≥ 21."""
    for a in ctx.acts_at("21"):
        if not ctx.start(a) or a.target is None:
            continue
        ctx.w.record_target(a.actor, "BODYGUARD", ctx.n, a.target)
        if _visit(ctx, a):
            ctx.bodyguard[a.target] = a.actor
