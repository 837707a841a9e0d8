"""A-HAR: the hostile-action resolution procedure (H0-H11) and effects.

Order of checks (A-ORDER-7, A-PROT-1..4): alive → access → immunity →
(axe skips protections) → blessing → Bodyguard → cross → siren → vest → effect
(subject to heal shields, A-HEAL).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..roles import bodyguard, doctor, nurse
from ..roles.catalogue import PEACEFUL, UNDEAD
from ..roles.codes import Role
from .ctx import Death, Night

PISTOL = frozenset({"SHOT", "RSHOT"})
ANTIDOTE_CURES = frozenset({"POISON", "CLONIDINE"})  # A-HEAL-4
POISONINGS = frozenset({"POISON", "CLONIDINE", "CROSS"})
LETHAL = frozenset(
    {"SHOT", "RSHOT", "SILVER", "KNIFE_Q", "KNIFE_B", "AXE", "HH_CHOP", "EXPLOSION", "BURN", "STAKE"}
)


@dataclass
class Outcome:
    result: str  # OK / FAIL
    hit: str = "NONE"
    absorbed: bool = False
    lethal_applied: bool = False


def immune(ctx: Night, target: int, tau: str, actor: int | None) -> bool:
    """Appendix B (H3), incl. "the Undead cannot harm each other" (A-ROLE-UNDEAD-2)."""
    p = ctx.world.player(target)
    if actor is not None and actor != target and ctx.world.player(actor).undead and p.undead:
        return True
    role = p.role
    if p.undead:
        if tau in ("SILVER", "STAKE", "CROSS"):  # A-ROLE-UNDEAD-3
            return False
        if tau == "EXPLOSION":  # A-ROLE-UNDEAD-4 / A-OUTCOME-8..10
            return not (role == Role.VAMPIRE or p.ghoul)
        return True  # A-OUTCOME-11
    if tau in ("SILVER", "STAKE", "CROSS"):  # A-OUTCOME-4/7: only the Undead
        return True
    if tau == "HH_CHOP":
        return role != Role.VH
    if tau == "BURN":  # A-ROLE-DOMOVOI-7: only the Priest burns
        return role != Role.PRIEST
    if role == Role.PRIEST:  # A-ROLE-PRIEST-7, A-OUTCOME-12..16
        return tau not in ("KNIFE_Q", "KNIFE_B", "POISON", "CLONIDINE", "EXPLOSION", "BURN")
    if role == Role.PSYCHO:  # A-OUTCOME-17..20
        return tau not in ("SHOT", "RSHOT", "POISON", "CLONIDINE", "BITE")
    return role == Role.VH and tau == "BITE"  # A-OUTCOME-23


def hostile(
    ctx: Night,
    actor: int,
    target: int,
    tau: str,
    code: str,
    *,
    reflected: bool = False,
    response: bool = False,
    group: list[int] | None = None,
) -> Outcome:
    """Resolve one hostile action now (the caller checked H0, the actor's ability)."""
    world = ctx.world
    t = world.player(target)
    cls = "H"

    def done(out: Outcome) -> Outcome:
        ev = ctx.log(
            actor,
            code,
            target,
            cls,
            out.result,
            hit=out.hit,
            reflected=reflected,
            response=response,
            visible=not reflected,
        )
        ev.note = tau
        ctx.audit_line(
            actor=actor,
            action=code,
            tau=tau,
            target=target,
            result=out.result,
            hit=out.hit,
            reflected=reflected,
            response=response,
        )
        return out

    if not reflected:
        if not t.alive:  # H1
            return done(Outcome("FAIL", "DEAD"))
        if ctx.inaccessible(target, actor):  # H2, A-ACCESS-2: nothing consumed
            return done(Outcome("FAIL", "INACCESSIBLE"))
    if immune(ctx, target, tau, None if reflected else actor):  # H3, A-PROT-4
        return done(Outcome("FAIL", "IMMUNE"))
    if tau != "AXE" and not reflected:  # H4: the axe ignores protection
        if target in ctx.blessed:  # H5 blessing → reflection; applies to responses too
            out = done(Outcome("FAIL", "BLESSING"))
            for a in group or [actor]:
                hostile(ctx, a, a, tau, code, reflected=True)
            return out
        bg = bodyguard.guard(ctx, target, actor, tau, response)
        if bg is not None:  # H6
            out = done(Outcome("FAIL", "BODYGUARD"))
            attackers = group or [actor]
            bodyguard.fired_at(ctx, bg, attackers)
            for a in attackers:
                hostile(ctx, bg, a, "RSHOT", "RSHOT", response=True)
            return out
        if tau == "BITE" and t.usable("CROSS", ctx.n):  # H7, A-PROT-3
            t.take("CROSS")
            ctx.notice(target, "MSG-CROSS")
            return done(Outcome("FAIL", "CROSS"))
        if tau != "RSHOT":  # H8 siren, same-step extension for another clan (Q-08, A-ITEM-SIREN-1b)
            if covered_again(ctx, ctx.siren_step, target, actor):
                return done(Outcome("FAIL", "SIREN"))
            if t.usable("SIREN", ctx.n):
                t.take("SIREN")
                ctx.siren_step[target] = (ctx.step, party(ctx, actor))
                ctx.notice(target, "MSG-SIREN")
                return done(Outcome("FAIL", "SIREN"))
    if tau in PISTOL:  # H9 vest (also for reflected shots), A-ITEM-VEST-1b
        if covered_again(ctx, ctx.vest_step, target, actor):
            return done(Outcome("OK", "VEST", absorbed=True))
        if t.usable("VEST", ctx.n):
            t.take("VEST")
            ctx.vest_step[target] = (ctx.step, party(ctx, actor))
            ctx.notice(target, "MSG-VEST")
            return done(Outcome("OK", "VEST", absorbed=True))
    out = done(Outcome("OK"))
    effect(ctx, actor, target, tau, reflected=reflected)
    return out


def party(ctx: Night, actor: int) -> str:
    """Who acts, for the double cover (A-ITEM-VEST-1b, A-ITEM-SIREN-1b): the actor's clan (a
    mafia clan, the Cops, the Rebel's group), or the actor alone when he is in none."""
    return ctx.world.player(actor).clan or f"seat:{actor}"


def covered_again(ctx: Night, used: dict[int, tuple[str, str]], target: int, actor: int) -> bool:
    """A-ITEM-VEST-1b / A-ITEM-SIREN-1b: a vest or siren used up in this step also covers a
    second clan acting «сразу» (in the same step); a second act of the same clan goes through."""
    got = used.get(target)
    return got is not None and got[0] == ctx.step and got[1] != party(ctx, actor)


def shielded(ctx: Night, target: int, tau: str) -> bool:
    if doctor.shields(ctx, target, tau):  # A-HEAL-1/2
        return True
    if nurse.shields(ctx, target, tau):  # A-HEAL-3
        return True
    return target in ctx.shield_antidote and tau in ANTIDOTE_CURES


def effect(ctx: Night, actor: int, target: int, tau: str, reflected: bool = False) -> None:
    """H10 (A-HAR-EFFECT)."""
    t = ctx.world.player(target)
    if shielded(ctx, target, tau):
        ctx.audit_line(actor=actor, action="SHIELD", target=target, tau=tau)
        return
    if tau in LETHAL:
        ctx.dying.append(Death(target, tau, actor, ctx.step, bloody=tau == "KNIFE_B", reflected=reflected))
    elif tau in POISONINGS:
        t.poisonings.append({"kind": tau, "night": ctx.n, "by": actor})
        ctx.notice(target, "MSG-POISONED")
    elif tau == "BITE":
        if t.bitten_night == ctx.n - 1:  # A-ROLE-VAMPIRE-6 (b): Ghoul now
            make_ghoul(ctx, actor, target)
        else:
            t.bitten_night = ctx.n
            t.poisonings.append({"kind": "BITE", "night": ctx.n, "by": actor})
            ctx.notice(target, "MSG-POISONED")


def make_ghoul(ctx: Night, vampire: int, target: int) -> None:
    """A-ROLE-VAMPIRE-5/6, A-FACT-4, A-ROLE-GHOUL-4."""
    t = ctx.world.player(target)
    t.ghoul, t.faction, t.bitten_night = True, UNDEAD, None
    t.poisonings.clear()
    ctx.world.player(vampire).mem.setdefault("ghouls", []).append(target)
    ctx.notice(target, "MSG-GHOUL")
    ctx.notice(vampire, "MSG-VAMPIRE-GHOUL", X=target)


def peaceful(ctx: Night, seat: int) -> bool:
    return ctx.world.player(seat).faction == PEACEFUL
