"""Dawn D1-D8 (A-DAWN): role choices, recruitments, successions, jail changes,
the jailed Psycho's revenge and the win check."""

from __future__ import annotations

from typing import Any

from ..clan_heads import MAX_CLAN, open_poll, promote, sender
from ..roles.catalogue import FOLLOWER_CHOICES, FREE_ROLE_ORDER, LONERS, MAFIA, PEACEFUL, ROLES
from ..roles.codes import Role
from ..state import ALIVE, DEAD, JAILED_LYNCH, Clan, Player
from ..win import check
from .ctx import Death, Night
from .step_ids import StepId


def free_roles(ctx: Night, p: Player) -> list[str]:
    """A-ROLE-PV-6: base roles not in the starting list and not taken since."""
    out = [r for r in FREE_ROLE_ORDER if r not in ctx.world.roles_taken]
    return [r for r in out if r in FOLLOWER_CHOICES] if p.follower else out


def _hit(ctx: Night, target: int) -> bool:
    return any(
        e.target == target and e.cls == "H" and e.result == "OK" and not e.reflected for e in ctx.events
    )


def _join_mafia(ctx: Night, p: Player, clan: str, soldier: bool) -> None:
    if soldier:  # A-RECRUIT-5: becomes a Soldier, except the Journalist
        p.role = Role.JOURNALIST_SOLDIER if p.role == Role.JOURNALIST else Role.SOLDIER
    p.faction, p.clan, p.join_key = MAFIA, clan, [ctx.n, p.seat]


# A-DAWN-1b: the host's answer that lets a PV killed and reanimated in the night choose a role.
PV_REANIMATED_DEFAULT = "да"


def _reanimated_pvs_who_choose(ctx: Night, pvs: list[int]) -> set[int]:
    """A-DAWN-1b: a PV killed this night and reanimated at step 40 whose watch saw a hit — the
    rules disagree (A-DEATH-2: his watch ended with his death; A-RES-4: a reanimated player
    gets his results normally), so the host decides («решающее слово остается за ведущим»)
    for each, default «да» (A-RES-4, the rule written for the reanimated). Asked alone: the
    PV's own question depends on it (H-11b)."""
    back = [pv for pv in pvs if pv in ctx.reanimated]
    if not back:
        return set(pvs)
    prompts = [
        {
            "id": f"N{ctx.n}:PV_REANIMATED:{pv}",
            "seat": 0,
            "kind": "PV_REANIMATED",
            "options": ["да", "нет"],
            "default": PV_REANIMATED_DEFAULT,
            "key": "MSG-HOST-PV-REANIMATED",
            "params": {"X": pv},
            "alone": True,
        }
        for pv in back
    ]
    got = ctx.ask(prompts)
    denied = {pv for pv in back if got[f"N{ctx.n}:PV_REANIMATED:{pv}"] == "нет"}
    return set(pvs) - denied


def d1_pv_choices(ctx: Night) -> None:
    world = ctx.world
    prompts: list[dict[str, Any]] = []
    seeing = [
        pv
        for pv, watched in sorted(ctx.pv_watch.items())
        if world.player(pv).status == ALIVE and world.player(pv).role == Role.PV and _hit(ctx, watched)
    ]
    choosing = _reanimated_pvs_who_choose(ctx, seeing)
    for pv, _watched in sorted(ctx.pv_watch.items()):
        p = world.player(pv)
        if pv not in choosing:
            continue
        options = free_roles(ctx, p)
        prompts.append(
            {
                "id": ctx.prompt_id("PV_ROLE", pv),
                "seat": pv,
                "kind": "PV_ROLE",
                "options": options,
                "default": None,
                "key": "MSG-PV-SAW",
                "params": {"X": ctx.acts[pv].orig, "roles": options},
            }
        )
        ctx.acts[pv].lines, ctx.acts[pv].silent = [], True
    if not prompts:
        return
    answers = ctx.ask(prompts)
    chosen: dict[str, list[int]] = {}
    for pr in prompts:
        ans = answers[pr["id"]]
        ctx.dawn_msgs.append((pr["seat"], pr["key"], pr["params"]))
        if ans in pr["options"]:
            chosen.setdefault(str(ans), []).append(pr["seat"])
    for role, seats in sorted(chosen.items()):
        seat = seats[world.rng.below(len(seats))] if len(seats) > 1 else seats[0]  # A-ROLE-PV-7 coin
        p = world.player(seat)
        spec = ROLES[role]
        p.role = role
        if not p.follower:
            p.faction = spec.faction
        for item in spec.items:  # A-ROLE-PV-5, A-ITEM-GEN-2
            p.give(item, ctx.n)
        world.roles_taken.append(role)  # A-RCHANGE-2
        if spec.clan_role:
            clans = [
                c
                for c in sorted(world.clans, key=lambda c: world.clans[c].rank)
                if c.startswith("mafia") and len(world.clan_members(c)) < MAX_CLAN
            ]
            clan = clans[0] if clans else None  # A-DAWN-1a default: the first clan with room
            if len(clans) > 1:  # H-08: two clans → the host assigns the clan (seat 0 = the host)
                pid = ctx.prompt_id("CLAN_ASSIGN", seat)
                clan = ctx.ask(
                    [
                        {
                            "id": pid,
                            "seat": 0,
                            "kind": "CLAN_ASSIGN",
                            "options": clans,
                            "default": clan,
                            "key": "MSG-CLAN-ASSIGN",
                            "params": {"X": seat, "role": role},
                        }
                    ]
                )[pid]
            if clan is not None:
                _join_mafia(ctx, p, str(clan), soldier=False)
                ctx.clan_notices.append((str(clan), "MSG-CLAN-NEWMEMBER", {"X": seat}))
        elif role in (Role.SHERIFF, Role.INVESTIGATOR):
            world.clans.setdefault("cops", Clan("cops", "COPS"))
            p.clan, p.join_key = "cops", [ctx.n, seat]
            ctx.clan_notices.append(("cops", "MSG-CLAN-NEWMEMBER", {"X": seat}))  # the other Cop is informed
        elif role == Role.REBEL:
            world.clans.setdefault("rebel", Clan("rebel", "REBEL"))
            p.clan, p.join_key = "rebel", [ctx.n, seat]
        ctx.dawn_msgs.append((seat, "MSG-NEWROLE", {"role": role}))


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
        # D2: the Sheriff first (A-RECRUIT-11)
        sheriff = [r for r in ok if r["faction"] == "cops"]
        have_inv = any(q.role == Role.INVESTIGATOR and q.alive for q in world.players)
        if (
            sheriff
            and p.alive
            and p.role == Role.PV
            and not p.follower
            and p.faction == PEACEFUL
            and not have_inv
        ):
            r = sheriff[0]
            p.role, p.clan, p.join_key = Role.INVESTIGATOR, "cops", [ctx.n, target]
            p.give("SIREN", ctx.n)
            world.roles_taken.append(Role.INVESTIGATOR)
            ctx.acts[r["by"]].result = "OK"
            ctx.dawn_msgs.append((target, "MSG-RECRUITED-SHERIFF", {"sheriff": r["by"]}))
            for other in ok:
                if other is not r:
                    _notice_first(ctx, other)
            continue
        for r in sheriff:
            ctx.acts[r["by"]].result = "FAIL"
        rest = [r for r in ok if r["faction"] != "cops"]
        # D3: Boss-card transfers (forced, no consent)
        for r in [r for r in rest if r.get("card")]:
            clan = (
                r["faction"]
                if r["faction"] in world.clans
                else next((c for c in world.clans if c.startswith("mafia")), None)
            )
            if clan and p.alive and _recruitable(p) and 0 < len(world.clan_members(clan)) < MAX_CLAN:
                _join_mafia(ctx, p, clan, soldier=True)
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
                ctx.acts[r["by"]].result = "FAIL"
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
            ctx.acts[r["by"]].result = "OK" if r is pick else "FAIL"
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
            _join_mafia(ctx, p, pick["faction"], soldier=True)
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


def d6_jail(ctx: Night) -> None:
    """A-ROLE-JAILER-7/8: releases and the Jailer's death opening the jail."""
    world = ctx.world
    jailer_dead = any(
        world.player(d.seat).role == Role.JAILER and world.player(d.seat).status == DEAD for d in ctx.deaths
    )
    if jailer_dead:
        for s in sorted(world.jailed_unrevealed):
            q = world.player(s)
            if q.status in (JAILED_LYNCH, "JAILED_JAILER"):
                q.status = ALIVE
                q.poisonings.clear()
                q.bitten_night = None
                ctx.left_jail.append(s)
                ctx.dawn_msgs.append((s, "MSG-RELEASED", {}))
        world.jailed_unrevealed = []
    for s in ctx.released:
        q = world.player(s)
        if q.status == JAILED_LYNCH:
            q.status = ALIVE
            if s in world.jailed_unrevealed:
                world.jailed_unrevealed.remove(s)
            ctx.dawn_msgs.append((s, "MSG-RELEASED", {}))


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
