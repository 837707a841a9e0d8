"""Steps 7-15: vodka, cards, Godfather, Mayor, Nurse, antidote, Priest,
trips, Domovoi, Doctor."""

from __future__ import annotations

from ..night.ctx import Act, Night
from ..night.har import hostile
from ..state import ALIVE


def _visit(ctx: Night, a: Act, cls: str = "V") -> bool:
    """A visit: fails on an inaccessible target (A-ACCESS-2) and is logged either way."""
    assert a.target is not None
    if ctx.inaccessible(a.target, a.actor):
        a.result = "FAIL"
        ctx.log(a.actor, a.code, a.target, cls, "FAIL", hit="INACCESSIBLE")
        return False
    a.result = "OK"
    ctx.log(a.actor, a.code, a.target, cls, "OK")
    return True


def step_7_vodka(ctx: Night) -> None:
    """A-ITEM-VODKA-1..3: inaccessible all night, no own move, Day N+1 vote lost."""
    for a in ctx.acts_at("7"):
        if not ctx.start(a):
            continue
        ctx.w.p(a.actor).take("VODKA")
        ctx.drunk.add(a.actor)
        ctx.w.lose_vote(ctx.n + 1, a.actor, "VODKA")
        a.result, a.silent = "OK", True  # drinking is staying home (A-CLASS-5)
        ctx.log(a.actor, a.code, None, "S", "OK")


def _force(ctx: Night, seat: int, code: str, target: int, step: str) -> None:
    old = ctx.acts.get(seat)
    if old is not None and old.state != "PENDING":
        return
    if ctx.w.p(seat).depressed_night == ctx.n:  # A-ITEM-CARDSHERIFF-2: depression rules apply
        return
    clan = ctx.clan_at_n0.get(seat)
    ctx.acts[seat] = Act(seat, code, target, target, {}, step, clan=clan, forced=True)


def step_8_cards(ctx: Night) -> None:
    """A-ITEM-CARD*: cards redirect the Doctor/Nurse, Sheriff, Journalist; Boss card records a transfer."""
    w = ctx.w
    for a in ctx.acts_at("8"):
        if not ctx.start(a) or a.target is None:
            continue
        item = a.code.removeprefix("USE_")
        if not _visit(ctx, a):
            continue  # A-ITEM-GEN-6: no consumption on an inaccessible target
        w.p(a.actor).take(item)
        holders = {p.role: p.seat for p in w.players if p.status == ALIVE}
        if a.code == "USE_CARD_DOCTOR":  # A-ITEM-CARDDOC-2: both medics
            if "DOCTOR" in holders:
                _force(ctx, holders["DOCTOR"], "HEAL", a.target, "15")
            if "NURSE" in holders:
                _force(ctx, holders["NURSE"], "NURSE_PUMP", a.target, "11")
        elif a.code == "USE_CARD_SHERIFF" and "SHERIFF" in holders:  # A-ITEM-CARDSHERIFF-2
            _force(ctx, holders["SHERIFF"], "SHOOT", a.target, "33")
        elif a.code == "USE_CARD_JOURNALIST":  # A-ITEM-CARDJOUR-2
            j = next(
                (p.seat for p in w.players if p.alive and p.role in ("JOURNALIST", "JOURNALIST_SOLDIER")),
                None,
            )
            if j is not None and j != a.target:
                _force(ctx, j, "JOURNALIST_WATCH", a.target, "19")
        elif a.code == "USE_CARD_BOSS":  # A-ITEM-CARDBOSS-2: executed at D3
            ctx.recruits.append(
                {
                    "by": a.actor,
                    "faction": a.params.get("clan", "mafia"),
                    "target": a.target,
                    "step": "8",
                    "card": True,
                }
            )


def _influence(ctx: Night, step: str, mute: str, family: str) -> None:
    """A-ROLE-GODFATHER-2/5, A-ROLE-MAYOR-2/4: vote loss for Day N+1 or a block now."""
    for a in ctx.acts_at(step):
        if not ctx.start(a) or a.target is None:
            continue
        ctx.w.record_target(a.actor, family, ctx.n, a.target)
        ctx.w.p(a.actor).targets(a.code).append(a.target)
        if not _visit(ctx, a):
            continue
        if a.code == mute:
            ctx.w.lose_vote(ctx.n + 1, a.target, family)
        else:
            ctx.block(a.target, by=a.actor)


def step_9_godfather(ctx: Night) -> None:
    _influence(ctx, "9", "GF_MUTE", "GF")


def step_10_mayor(ctx: Night) -> None:
    _influence(ctx, "10", "MAYOR_MUTE", "MAYOR")


def cure(ctx: Night, seat: int, kinds: frozenset[str]) -> None:
    p = ctx.w.p(seat)
    if "BITE" in kinds and p.bitten_night is not None:
        p.bitten_night = None  # A-HEAL-3: a cured bite resets the chain
    p.poisonings = [x for x in p.poisonings if x["kind"] not in kinds]


def step_11_nurse(ctx: Night) -> None:
    """A-ROLE-NURSE-2..4, A-HEAL-3."""
    w = ctx.w
    for a in ctx.acts_at("11"):
        if not ctx.start(a) or a.target is None:
            continue
        me = w.p(a.actor)
        if a.code == "NURSE_REPORT_VH":  # delivered anonymously at dawn
            a.result = "OK"
            ctx.log(a.actor, a.code, None, "S", "OK")
            tested = me.mem.get("tests", {}).get(str(a.target))
            vh = next((p for p in w.players if p.alive and p.role == "VH"), None)
            if tested is not None and vh is not None:
                ctx.notice(vh.seat, "MSG-NURSE-TO-VH", X=a.target, undead=bool(tested))
                if tested:
                    vh.targets("confirmed").append(a.target)
            continue
        if (
            a.code == "NURSE_PUMP"
            and a.forced
            and (a.target in me.targets("PUMP") or (a.target == a.actor and me.mem.get("self_pump")))
        ):
            a.result = "OK"  # sent by a Doctor's card, but her limit is exhausted: nothing happens
            ctx.log(a.actor, a.code, a.target, "V", "OK")
            continue
        if a.code == "NURSE_PUMP":
            me.targets("PUMP").append(a.target)
            if a.target == a.actor:
                me.mem["self_pump"] = True
        if not _visit(ctx, a):
            continue
        if a.code == "NURSE_PUMP":
            cure(ctx, a.target, frozenset({"POISON", "CLONIDINE", "BITE", "CROSS"}))
            ctx.shield_nurse.add(a.target)
        elif a.code == "NURSE_TEST":
            undead = w.p(a.target).undead
            me.mem.setdefault("tests", {})[str(a.target)] = undead
            a.lines = [("MSG-UNDEAD" if undead else "MSG-NOT-UNDEAD", {"X": a.orig})]
        elif a.code == "NURSE_QUARANTINE":
            w.lose_vote(ctx.n + 1, a.target, "NURSE")


def step_11a_antidote(ctx: Night) -> None:
    """A-ITEM-ANTIDOTE-2, A-HEAL-4."""
    for a in ctx.acts_at("11a"):
        if not ctx.start(a) or a.target is None:
            continue
        if a.target != a.actor and not _visit(ctx, a):
            continue
        if a.target == a.actor:
            a.result = "OK"
            ctx.log(a.actor, a.code, None, "S", "OK")
        ctx.w.p(a.actor).take("ANTIDOTE")
        cure(ctx, a.target, frozenset({"POISON", "CLONIDINE"}))
        ctx.shield_antidote.add(a.target)


def step_12_priest(ctx: Night) -> None:
    """A-ROLE-PRIEST-2..8: confession (a hostile CROSS on the Undead) or blessing."""
    w = ctx.w
    for a in ctx.acts_at("12"):
        if not ctx.start(a) or a.target is None:
            continue
        me = w.p(a.actor)
        if a.code == "PRIEST_BLESS":
            me.mem["blessed"] = True
            if _visit(ctx, a):
                ctx.blessed.add(a.target)
            continue
        me.targets("CONFESS").append(a.target)
        t = w.p(a.target)
        mark = len(ctx.notices)  # the confession notice comes before a cross poisoning's
        ok = hostile(ctx, a.actor, a.target, "CROSS", a.code).result == "OK" if t.undead else _visit(ctx, a)
        a.result = "OK" if ok else "FAIL"
        if not ok:
            continue
        ctx.confessed_by[a.target] = a.actor
        ctx.events[-1].note = "CONFESSION"
        t.give("CROSS", ctx.n)
        ctx.notices.insert(mark, (a.target, "MSG-CONFESSED", {}))
        a.lines = [("MSG-SINFUL" if t.sinful else "MSG-NOT-SINFUL", {"X": a.orig})]


def _trip(ctx: Night, a: Act, tour: bool) -> None:
    """A-ROLE-TOUROP-3/4/6: tour = inaccessible + block; excursion = block."""
    assert a.target is not None
    if not _visit(ctx, a):
        return
    (ctx.on_tour if tour else ctx.on_excursion).add(a.target)
    ctx.block(a.target)
    ctx.notice(a.target, "MSG-TOUR" if tour else "MSG-EXCURSION")


def step_13a_vouchers(ctx: Night) -> None:
    """A-ITEM-VOUCHER-1/2: the holder sends someone on a tour or excursion."""
    for a in ctx.acts_at("13a"):
        if not ctx.start(a) or a.target is None:
            continue
        if ctx.inaccessible(a.target, a.actor):
            _visit(ctx, a)
            continue
        ctx.w.p(a.actor).take("VOUCHER")
        _trip(ctx, a, a.params.get("kind", "tour") == "tour")


def step_13_tour_operator(ctx: Night) -> None:
    for a in ctx.acts_at("13"):
        if not ctx.start(a) or a.target is None:
            continue
        ctx.w.record_target(a.actor, "TOUROP", ctx.n, a.target)
        ctx.w.p(a.actor).targets("TOUR" if a.code == "TOUR_SEND" else "EXCURSION").append(a.target)
        _trip(ctx, a, a.code == "TOUR_SEND")


def step_14_domovoi(ctx: Night) -> None:
    """A-ROLE-DOMOVOI-2..7: block (fails on the Undead but reveals the role) or burn."""
    w = ctx.w
    for a in ctx.acts_at("14"):
        if not ctx.start(a) or a.target is None:
            continue
        t = w.p(a.target)
        if a.code == "DOMOVOI_BURN":
            w.p(a.actor).energy = 0
            a.result = hostile(ctx, a.actor, a.target, "BURN", a.code).result
            ctx.events[-1].visible = False  # incorporeal (A-ROLE-DOMOVOI-7)
            continue
        w.record_target(a.actor, "DOMOVOI", ctx.n, a.target)
        if t.undead and t.alive:
            a.result = "FAIL"
            a.lines = [("MSG-ROLE-IS", {"X": a.orig, "role_of": a.target})]
            ctx.log(a.actor, a.code, a.target, "V", "FAIL", visible=False)
            continue
        ok = _visit(ctx, a)
        ctx.events[-1].visible = False
        if not ok:
            continue
        ctx.dom_blocked.add(a.target)
        ctx.block(a.target)
        w.lose_vote(ctx.n + 1, a.target, "DOMOVOI")
        if t.role == "PRIEST":
            a.lines = [("MSG-ROLE-IS", {"X": a.orig, "role_of": a.target})]


def step_15_doctor(ctx: Night) -> None:
    """A-ROLE-DOCTOR-2..5, A-HEAL-1/2."""
    w = ctx.w
    for a in ctx.acts_at("15"):
        if not ctx.start(a) or a.target is None:
            continue
        me = w.p(a.actor)
        if a.code == "SLEEPING_PILL":
            if _visit(ctx, a):
                ctx.block(a.target, by=a.actor)
            continue
        if a.forced and (a.target in me.targets("HEAL") or (a.target == a.actor and me.mem.get("self_heal"))):
            a.result = "OK"  # the medic goes, but the limit is exhausted: nothing happens
            ctx.log(a.actor, a.code, a.target, "V", "OK")
            continue
        me.targets("HEAL").append(a.target)
        if a.target == a.actor:
            me.mem["self_heal"] = True
        if not _visit(ctx, a):
            continue
        if w.p(a.target).undead:  # A-HEAL-1: does not heal the Undead
            a.result = "FAIL"
            ctx.events[-1].result = "FAIL"
            continue
        ctx.shield_doctor.add(a.target)
        cure(ctx, a.target, frozenset({"POISON", "CLONIDINE"}))
