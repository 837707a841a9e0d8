"""Steps 28-30 and 34-43: Shmara, Vampire, Maniac, Psycho, Jailer, Swindler,
stake hunts, Van Helsing, Horseman, delayed deaths, Reanimator, interrogation,
sobering, return from trips."""

from __future__ import annotations

from ..items import DISPLAY_ONLY
from ..night.ctx import Death, Night
from ..night.har import hostile
from ..night.triggers import successful_hostile_by
from ..roles.catalogue import PISTOL_ROLES
from ..state import ALIVE, DEAD, JAILED_JAILER
from .early import _visit


def _pseudo(role: str) -> list[str]:
    return ["PISTOL"] if role in PISTOL_ROLES else (["KNIFE"] if role == "MANIAC" else [])


def step_28_shmara(ctx: Night) -> None:
    """A-ROLE-SHMARA-2..5: spend the night (block + vote loss), clonidine (HAR), steal a tablet."""
    w = ctx.w
    for a in ctx.acts_at("28"):
        if not ctx.start(a):
            continue
        me = w.p(a.actor)
        if a.code == "SHMARA_STEAL":
            me.give("CLONIDINE", ctx.n)
            a.result = "OK"
            ctx.log(a.actor, a.code, None, "S", "OK")
            continue
        assert a.target is not None
        w.record_target(a.actor, "SHMARA", ctx.n, a.target)
        if a.code == "SHMARA_NIGHT":
            if _visit(ctx, a):
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
        pid = f"N{ctx.n}:SHMARA_ITEM:{a.actor}"
        prefs = [str(x) for x in a.params.get("take", [])]
        default = next((i for i in prefs if i in stealable), None)
        ans = ctx.ask(
            [
                {
                    "id": pid,
                    "seat": a.actor,
                    "kind": "SHMARA_ITEM",
                    "options": stealable,
                    "default": default,
                    "key": "MSG-SHMARA-PROMPT",
                    "params": {"X": a.target, "items": sorted(stealable + _pseudo(victim.role))},
                }
            ]
        )
        item = ans[pid]
        if item in stealable:
            victim.take(item)
            me.give(item, ctx.n)
            ctx.notice(a.target, "MSG-THEFT", item=item)


def step_29_vampire(ctx: Night) -> None:
    for a in ctx.acts_at("29"):
        if ctx.start(a) and a.target is not None:
            a.result = hostile(ctx, a.actor, a.target, "BITE", a.code).result


def step_30_maniac(ctx: Night) -> None:
    """A-ROLE-MANIAC-2..4 and the Priest's heart failure (A-ROLE-PRIEST-6/8)."""
    w = ctx.w
    bloody_ok: set[int] = set()
    for a in ctx.acts_at("30"):
        if not ctx.start(a) or a.target is None:
            continue
        if a.code == "MANIAC_TORTURE":  # A-CLASS-7: not hostile
            if _visit(ctx, a):
                w.lose_vote(ctx.n + 1, a.target, "MANIAC")
            continue
        tau = "KNIFE_B" if a.code == "MANIAC_BLOODY" else "KNIFE_Q"
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
    for a in ctx.acts_at("34"):
        if not ctx.start(a):
            continue
        me = w.p(a.actor)
        if a.code == "MAKE_EXPLOSIVE":
            me.give("EXPLOSIVE", ctx.n)
            a.result = "OK"
            ctx.log(a.actor, a.code, None, "S", "OK")
            continue
        assert a.target is not None
        a.result = hostile(ctx, a.actor, a.target, "EXPLOSION", a.code).result
        if a.result == "OK":
            me.take("EXPLOSIVE")


def step_35_jailer(ctx: Night) -> None:
    """A-ROLE-JAILER-2..8."""
    w = ctx.w
    for a in ctx.acts_at("35"):
        if not ctx.start(a):
            continue
        if a.code == "JAILER_SIN":
            assert a.target is not None
            if not _visit(ctx, a):
                continue
            t = w.p(a.target)
            if t.sinful:
                t.status = JAILED_JAILER
                ctx.jailer_jailed.append(a.target)
                if a.target not in w.jailed_unrevealed:
                    w.jailed_unrevealed.append(a.target)
                ctx.notice(a.target, "MSG-JAILED")
            a.lines = [("MSG-JAILER-SIN" if t.sinful else "MSG-NOT-SINFUL", {"X": a.orig})]
            continue
        if ctx.jailed is None:
            a.result = "FAIL"
            continue
        a.target = a.orig = ctx.jailed
        a.result = "OK"
        ctx.log(a.actor, a.code, ctx.jailed, "V", "OK")
        if a.code == "JAILER_CHECK_JAILED":
            w.p(ctx.jailed).revealed = True
            if ctx.jailed in w.jailed_unrevealed:
                w.jailed_unrevealed.remove(ctx.jailed)
        else:
            ctx.released.append(ctx.jailed)


def step_36_swindler(ctx: Night) -> None:
    """A-ROLE-SWINDLER-2: the chosen player votes like the Swindler on Day N+1."""
    w = ctx.w
    for a in ctx.acts_at("36"):
        if not ctx.start(a) or a.target is None:
            continue
        w.record_target(a.actor, "SWINDLER", ctx.n, a.target)
        w.p(a.actor).targets("SWINDLER_PICKS").append(a.target)
        if _visit(ctx, a):
            w.swindler_pick[str(ctx.n + 1)] = [a.actor, a.target]


def step_37_stakes(ctx: Night) -> None:
    """A-STAKE-1..7: groups by final target; fewer than 3 reaching → «неудачно», nothing consumed."""
    groups: dict[int, list[int]] = {}
    for a in ctx.acts_at("37"):
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
    sought = {"VH_SEARCH_VAMPIRE": "VAMPIRE", "VH_SEARCH_HORSEMAN": "HORSEMAN"}
    for a in ctx.acts_at("38"):
        if not ctx.start(a) or a.target is None:
            continue
        me, t = w.p(a.actor), w.p(a.target)
        if a.code == "VH_SHOOT":
            a.result = hostile(ctx, a.actor, a.target, "SILVER", a.code).result
            continue
        if not _visit(ctx, a, "W"):
            continue
        if a.code == "VH_SEARCH_UNDEAD":
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


def step_39_horseman(ctx: Night) -> None:
    """A-ROLE-HORSEMAN-2..4, A-ERR-4: freeze every checked non-Undead; behead Van Helsing."""
    w = ctx.w
    for a in ctx.acts_at("39"):
        if not ctx.start(a) or a.target is None:
            continue
        t = w.p(a.target)
        if t.undead:
            a.result = "FAIL"
            ctx.log(a.actor, a.code, a.target, "W", "FAIL", hit="IMMUNE")
            continue
        if not _visit(ctx, a, "W"):
            continue
        ctx.block(a.target)
        if t.role == "VH":
            ok = hostile(ctx, a.actor, a.target, "HH_CHOP", a.code).result == "OK"
            a.lines = [
                ("MSG-SEARCH", {"X": a.orig, "role": "VH", "found": True, "shot": None}),
                ("MSG-CHOP", {"ok": ok}),
            ]
        else:
            a.lines = [("MSG-SEARCH", {"X": a.orig, "role": "VH", "found": False, "shot": None})]


def step_39a_delayed_deaths(ctx: Night) -> None:
    """A-HEAL-5, A-ROLE-VAMPIRE-6 (c): poisonings of the previous night that were not cured."""
    w = ctx.w
    for p in w.players:
        if p.status != ALIVE:
            continue
        due = [x for x in p.poisonings if x["night"] == ctx.n - 1]
        if not due:
            continue
        first = due[0]
        ctx.dying.append(Death(p.seat, str(first["kind"]), first["by"], ctx.step))
        if first["kind"] == "BITE" and p.role == "PSYCHO" and first["by"] is not None:
            vamp = w.p(int(first["by"]))
            if vamp.status == ALIVE:  # the Vampire dies with the Psycho (unpreventable)
                ctx.dying.append(Death(vamp.seat, "PSYCHO_BITE", p.seat, ctx.step))


def step_40_reanimator(ctx: Night) -> None:
    """A-ROLE-REANIMATOR-2..4: one corpse of this night, chosen interactively."""
    w = ctx.w
    for a in ctx.acts_at("40"):
        if not ctx.start(a):
            continue
        last = w.p(a.actor).mem.get("last_revived")
        corpses = [
            d.seat
            for d in ctx.deaths
            if d.seat != a.actor
            and w.p(d.seat).status == DEAD
            and not (last and last[0] == d.seat and last[1] == ctx.n - 1)
        ]
        prefs = [int(x) for x in a.params.get("prefer", [])]
        default = next((s for s in prefs if s in corpses), None)
        pid = f"N{ctx.n}:REANIMATE:{a.actor}"
        if not corpses:
            a.result = "FAIL"
            continue
        choice = ctx.ask(
            [
                {
                    "id": pid,
                    "seat": a.actor,
                    "kind": "REANIMATE",
                    "options": corpses,
                    "default": default,
                    "key": "MSG-REANIMATE-PROMPT",
                    "params": {"list": corpses},
                }
            ]
        )[pid]
        if choice not in corpses:
            a.result = "FAIL"
            continue
        t = w.p(int(choice))
        t.status, t.death, t.bitten_night = ALIVE, None, None
        t.poisonings.clear()
        ctx.reanimated.append(t.seat)
        w.p(a.actor).mem["last_revived"] = [t.seat, ctx.n]
        ctx.notice(t.seat, "MSG-REANIMATED")
        a.result = "OK"
        ctx.log(a.actor, a.code, t.seat, "V", "OK")


def step_41_interrogation(ctx: Night) -> None:
    """A-ROLE-INVESTIGATOR-3/4."""
    for a in ctx.acts_at("41"):
        if not ctx.start(a) or a.target is None:
            continue
        if not _visit(ctx, a):
            continue
        yes = successful_hostile_by(ctx, a.target)
        a.lines = [("MSG-INTERROGATION", {"X": a.orig, "yes": yes})]
        ctx.notice(a.target, "MSG-INTERROGATED")


def step_42_sobering(ctx: Night) -> None:
    ctx.drunk.clear()  # A-ITEM-VODKA-3: the Day N+1 vote loss stays


def step_43_return(ctx: Night) -> None:
    """A-ROLE-TOUROP-6 return; A-ROLE-DOMOVOI-7 energy after a skipped night."""
    ctx.on_tour.clear()
    ctx.on_excursion.clear()
    for p in ctx.w.players:
        if p.role == "DOMOVOI" and p.alive:
            act = ctx.acts.get(p.seat)
            if act is None or act.code == "STAY_HOME":
                p.energy = 1
