"""Dawn D1-D8 (A-DAWN): recruitments, successions, the jailed Psycho's revenge and the win
check, and which roles are free to take (``free_roles``, A-ROLE-PV-6, A-RCHANGE-2). What one
role does at dawn is in its module: the PV's role choice (D1, ``roles/pv.py``), the Sheriff's
offer taken first (D2, ``roles/sheriff.py``), the jail's changes (D6, ``roles/jailer.py``);
the table ``night/steps.py`` runs each in its place."""

from __future__ import annotations

from typing import Any

from ..clan_heads import MAX_CLAN, open_poll, promote, sender
from ..roles import sheriff
from ..roles.catalogue import FOLLOWER_CHOICES, FREE_ROLE_ORDER, LONERS, PEACEFUL, ROLES
from ..roles.clans import join_mafia
from ..roles.codes import Role
from ..state import ALIVE, DEAD, JAILED_LYNCH, Player
from ..win import check
from .ctx import Death, Night
from .step_ids import StepId


def free_roles(ctx: Night, p: Player) -> list[str]:
    """A-ROLE-PV-6: base roles not in the starting list and not taken since."""
    out = [r for r in FREE_ROLE_ORDER if r not in ctx.world.roles_taken]
    return [r for r in out if r in FOLLOWER_CHOICES] if p.follower else out


def _recruitable(p: Player) -> bool:
    """A-RECRUIT-1/2."""
    return p.faction == PEACEFUL and not p.follower and ROLES[p.role].rec


def _notice_first(ctx: Night, r: dict[str, Any]) -> None:
    p = ctx.world.player(r["target"])
    if r["faction"] not in p.refused_by and not r.get("card"):
        ctx.dawn_msgs.append((p.seat, "MSG-RECRUIT-NOTICE", {}))


def d2_d4_recruitment(ctx: Night) -> None:
    """A-RECRUIT-10..13, A-ERR-11/12."""
    world = ctx.world
    by_target: dict[int, list[dict[str, Any]]] = {}
    for r in ctx.recruits:
        by_target.setdefault(r["target"], []).append(r)
    for target, offers in sorted(by_target.items()):
        p = world.player(target)
        ok = list(offers)
        taken = sheriff.recruited_at_dawn(ctx, p, ok)  # D2: the Sheriff first (A-RECRUIT-11)
        if taken is not None:
            for other in ok:
                if other is not taken:
                    _notice_first(ctx, other)
            continue
        rest = [r for r in ok if r["faction"] != "cops"]
        # D3: Boss-card transfers (forced, no consent)
        for r in [r for r in rest if r.get("card")]:
            clan = (
                r["faction"]
                if r["faction"] in world.clans
                else next((c for c in world.clans if c.startswith("mafia")), None)
            )
            if clan and p.alive and _recruitable(p) and 0 < len(world.clan_members(clan)) < MAX_CLAN:
                join_mafia(ctx, p, clan, soldier=True)
                _joined(ctx, p, clan)
        rest = [r for r in rest if not r.get("card")]
        if not rest:
            continue
        live = [
            r
            for r in rest
            if p.alive
            and world.clan_members(r["faction"])
            and (not r["faction"].startswith("mafia") or len(world.clan_members(r["faction"])) < MAX_CLAN)
        ]
        if not live or not _recruitable(p):
            for r in rest:
                ctx.decide_offer(r, "FAIL")
                if p.alive:
                    _notice_first(ctx, r)
            continue
        forced = [r for r in live if r["faction"] in p.refused_by]
        pid = ctx.prompt_id("RECRUIT", target)
        pick: dict[str, Any] | None
        if len(live) == 1:
            if forced:
                pick = live[0]
            else:
                ans = ctx.ask(
                    [
                        {
                            "id": pid,
                            "seat": target,
                            "kind": "RECRUIT_ASK",
                            "options": ["да", "нет"],
                            "default": "нет",
                            "key": "MSG-RECRUIT-ASK",
                            "params": {},
                        }
                    ]
                )[pid]
                ctx.dawn_msgs.append((target, "MSG-RECRUIT-ASK", {}))
                pick = live[0] if ans in ("да", "yes", True) else None
        else:
            order = list(live)
            world.rng.shuffle(order)  # A-RECRUIT-9: labels in random order
            labels = [f"вербовка {i}" for i in range(1, len(order) + 1)]
            key = "MSG-RECRUIT-CHOICE-FORCED" if forced else "MSG-RECRUIT-CHOICE"
            ans = ctx.ask(
                [
                    {
                        "id": pid,
                        "seat": target,
                        "kind": "RECRUIT_CHOICE",
                        "options": labels,
                        "default": None,
                        "key": key,
                        "params": {"labels": labels},
                    }
                ]
            )[pid]
            ctx.dawn_msgs.append((target, key, {"labels": labels}))
            pick = order[labels.index(ans)] if ans in labels else None
            if pick is None and forced:
                pick = forced[world.rng.below(len(forced))]
        for r in live:
            if r is not pick and r not in forced and r["faction"] not in p.refused_by:
                p.refused_by.append(r["faction"])  # A-RECRUIT-6: remembered per faction
        for r in rest:
            ctx.decide_offer(r, "OK" if r is pick else "FAIL")
        if pick is None:
            continue
        if pick["faction"] == "rebel":
            p.follower, p.faction, p.clan, p.join_key = True, LONERS, "rebel", [ctx.n, target]
            ctx.dawn_msgs.append(
                (
                    target,
                    "MSG-RECRUITED-REBEL",
                    {"list": [q.seat for q in world.clan_members("rebel") if q.seat != target]},
                )
            )
        else:
            join_mafia(ctx, p, pick["faction"], soldier=True)
            _joined(ctx, p, pick["faction"])


def _joined(ctx: Night, p: Player, clan: str) -> None:
    members = [q.seat for q in ctx.world.clan_members(clan) if q.seat != p.seat]
    ctx.dawn_msgs.append((p.seat, "MSG-RECRUITED-MAFIA", {"role": p.role, "list": members}))
    ctx.clan_notices.append((clan, "MSG-CLAN-NEWMEMBER", {"X": p.seat}))


def d5_successions(ctx: Night) -> None:
    """A-ROLE-COPS-2/4, A-ROLE-REBEL-8, A-CLAN-2 (deaths of this night)."""
    world = ctx.world
    dead_now = {d.seat for d in ctx.deaths if world.player(d.seat).status == DEAD}
    dead_now |= set(ctx.jailer_jailed)  # A-ROLE-COPS-3a: jailed by the Jailer at 35 → succession at dawn
    promote(ctx, dead_now)
    for cid, clan in world.clans.items():
        if clan.kind != "MAFIA":
            continue
        boss_gone = any(world.player(s).role == Role.BOSS and world.player(s).clan == cid for s in dead_now)
        manager_gone = world.clan_manager.get(cid) in dead_now
        if (boss_gone or manager_gone) and world.clan_members(cid):
            if boss_gone:
                ctx.clan_notices.append((cid, "MSG-CLAN-SENDER", {"X": sender(world, cid)}))
            open_poll(ctx, cid)


def d7_psycho_revenge(ctx: Night) -> None:
    """A-VOTE-30/31: the last raw-log voter against a jailed Psycho dies."""
    world = ctx.world
    j = ctx.jailed
    if j is None or world.player(j).role != Role.PSYCHO or world.player(j).status != JAILED_LYNCH:
        return
    mine = [v for v in ctx.votes if v.kind == "VOTE" and v.target == j]
    if not mine:
        return
    last = max(mine, key=lambda v: (v.ts, v.seq))
    if world.player(last.voter).status == ALIVE:
        ctx.revenge = last.voter
        ctx.dying.append(Death(last.voter, "REVENGE", j, StepId.PSYCHO_REVENGE))


def d8_win(ctx: Night) -> None:
    got = check(ctx.world)
    if got is not None:
        ctx.world.winner, ctx.world.winners = got
