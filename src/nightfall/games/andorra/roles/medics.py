"""The Nurse (11) and the Reanimator (40) (A-HEAL); the Doctor has his own module, ``doctor.py``."""

from __future__ import annotations

from ..night.ctx import Night
from ..night.step_ids import StepId
from ..state import ALIVE, DEAD
from .codes import Move, Role
from .common import cure, visit


def step_11_nurse(ctx: Night) -> None:
    """A-ROLE-NURSE-2..4, A-HEAL-3."""
    w = ctx.w
    for a in ctx.acts_at(StepId.NURSE):
        if not ctx.start(a) or a.target is None:
            continue
        me = w.p(a.actor)
        if a.code == Move.NURSE_REPORT_VH:  # delivered anonymously at dawn
            a.result = "OK"
            ctx.log(a.actor, a.code, None, "S", "OK")
            tested = me.mem.get("tests", {}).get(str(a.target))
            vh = next((p for p in w.players if p.alive and p.role == Role.VH), None)
            if tested is not None and vh is not None:
                ctx.notice(vh.seat, "MSG-NURSE-TO-VH", X=a.target, undead=bool(tested))
                if tested:
                    vh.targets("confirmed").append(a.target)
            continue
        if (
            a.code == Move.NURSE_PUMP
            and a.forced
            and (a.target in me.targets("PUMP") or (a.target == a.actor and me.mem.get("self_pump")))
        ):
            a.result = "OK"  # sent by a Doctor's card, but her limit is exhausted: nothing happens
            ctx.log(a.actor, a.code, a.target, "V", "OK")
            continue
        if a.code == Move.NURSE_PUMP:
            me.targets("PUMP").append(a.target)
            if a.target == a.actor:
                me.mem["self_pump"] = True
        if not visit(ctx, a):
            continue
        if a.code == Move.NURSE_PUMP:
            cure(ctx, a.target, frozenset({"POISON", "CLONIDINE", "BITE", "CROSS"}))
            ctx.shield_nurse.add(a.target)
        elif a.code == Move.NURSE_TEST:
            undead = w.p(a.target).undead
            me.mem.setdefault("tests", {})[str(a.target)] = undead
            a.lines = [("MSG-UNDEAD" if undead else "MSG-NOT-UNDEAD", {"X": a.orig})]
        elif a.code == Move.NURSE_QUARANTINE:
            w.lose_vote(ctx.n + 1, a.target, "NURSE")


def step_40_reanimator(ctx: Night) -> None:
    """A-ROLE-REANIMATOR-2..4: one corpse of this night, chosen interactively."""
    w = ctx.w
    for a in ctx.acts_at(StepId.REANIMATOR):
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
        pid = ctx.prompt_id("REANIMATE", a.actor)
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
