"""The clans (A-CLAN): Mafia and Cops recruitment, searches and shots; the Rebel's recruitment and shot."""

from __future__ import annotations

from ..clan_heads import MAX_CLAN
from ..night.ctx import Act, Night
from ..night.hostile_actions import hostile
from ..night.step_ids import StepId
from .actions import SEARCHES
from .codes import Move
from .common import visit


def _recruit(ctx: Night, step: StepId, faction_of: str) -> None:
    world = ctx.world
    for a in ctx.acts_at(step):
        if not ctx.start(a):
            continue
        if a.code == Move.MAKE_POISON:  # A-ROLE-SOLDIER-2/3: a self move, it has no target
            clan = world.player(a.actor).clan
            if clan in world.clans:
                world.clans[clan].poison += 1
            a.result = "OK"
            ctx.log(a.actor, a.code, None, "S", "OK")
            continue
        if a.target is None:
            continue
        faction = faction_of if faction_of != "mafia" else (world.player(a.actor).clan or "mafia")
        if faction.startswith("mafia"):
            pending = sum(1 for r in ctx.recruits if r["faction"] == faction)
            if len(world.clan_members(faction)) + pending >= MAX_CLAN:
                a.result = "FAIL"  # A-ERR-11: not offered at all
                ctx.log(a.actor, a.code, a.target, "V", "FAIL", hit="CAP")
                continue
        if not visit(ctx, a):
            continue
        a.result = None  # decided at dawn (A-RECRUIT-8)
        ctx.recruits.append({"by": a.actor, "faction": faction, "target": a.target, "step": step})


def step_22_cops_recruit(ctx: Night) -> None:
    _recruit(ctx, StepId.COPS_RECRUIT, "cops")


def step_23_mafia_recruit(ctx: Night) -> None:
    _recruit(ctx, StepId.MAFIA_RECRUIT, "mafia")


def step_24_rebel_recruit(ctx: Night) -> None:
    _recruit(ctx, StepId.REBEL_RECRUIT, "rebel")


def _search(ctx: Night, step: StepId) -> None:
    """A-ROLE-MAFIA-6, Q-77: a search that finds schedules a shot at the shot step."""
    for a in ctx.acts_at(step):
        if not ctx.start(a) or a.target is None:
            continue
        sought, shot_step = SEARCHES[a.code]
        if not visit(ctx, a, "W"):
            continue
        found = ctx.world.player(a.target).role == sought
        a.lines = [("MSG-SEARCH", {"X": a.orig, "role": sought, "found": found, "shot": None})]
        if found and shot_step:
            ctx.scheduled_shots.append((shot_step, a.actor, a.target, a.code))


def step_25_cops_search(ctx: Night) -> None:
    _search(ctx, StepId.COPS_SEARCH)


def step_26_mafia_search(ctx: Night) -> None:
    _search(ctx, StepId.MAFIA_SEARCH)


def _shoot(ctx: Night, a: Act) -> None:
    assert a.target is not None
    out = hostile(ctx, a.actor, a.target, "SHOT", a.code)
    a.result = out.result


def _scheduled(ctx: Night, step: StepId) -> None:
    for _st, actor, target, _via in [s for s in ctx.scheduled_shots if s[0] == step]:
        act = ctx.acts.get(actor)
        if not ctx.can_act(actor):
            continue
        out = hostile(ctx, actor, target, "SHOT", "SHOOT")
        if act is not None and act.lines:
            act.lines[0][1]["shot"] = out.result == "OK"


def poison_attack(ctx: Night, a: Act, clan_bottle: bool) -> None:
    """A-ITEM-POISON-1..3, A-ROLE-MAFIA-5: the bottle is written off only on «удачно»."""
    assert a.target is not None
    world = ctx.world
    clan = world.player(a.actor).clan
    if clan_bottle and (clan not in world.clans or world.clans[clan].poison < 1):
        a.result = "FAIL"
        return
    out = hostile(ctx, a.actor, a.target, "POISON", a.code)
    a.result = out.result
    if out.result == "OK":
        if clan_bottle and clan:
            world.clans[clan].poison -= 1
        else:
            world.player(a.actor).take("POISON")


def step_31_rebel_shot(ctx: Night) -> None:
    """A-ROLE-REBEL-6/7: the appointed shooter's pistol. A-ROLE-REBEL-6b: «Если их количество
    становится меньше трёх — они теряют возможность выстрела» holds at this step too: a
    follower who died earlier in the night (the Maniac at 30) or was jailed cancels the shot."""
    for a in ctx.acts_at(StepId.REBEL_SHOT):
        followers = [q for q in ctx.world.clan_members("rebel") if q.follower]
        if len(followers) < 3:
            a.state, a.result = "CANCELLED", "FAIL"
            ctx.audit_line(actor=a.actor, action=a.code, target=a.target, note="REBEL_BELOW_THREE")
            continue
        if ctx.start(a) and a.target is not None:
            _shoot(ctx, a)


def step_32_mafia(ctx: Night) -> None:
    """A-ROLE-MAFIA-6: shots (plain + search-found) then poisonings, clan 1 before clan 2."""
    for a in ctx.acts_at(StepId.MAFIA_SHOT):
        if not ctx.start(a) or a.target is None:
            continue
        if a.code == Move.SHOOT:
            _shoot(ctx, a)
        else:
            poison_attack(ctx, a, clan_bottle=True)
    _scheduled(ctx, StepId.MAFIA_SHOT)


def step_33_cops(ctx: Night) -> None:
    for a in ctx.acts_at(StepId.COPS_SHOT):
        if ctx.start(a) and a.target is not None:
            _shoot(ctx, a)
    _scheduled(ctx, StepId.COPS_SHOT)
