"""The day's end inside the night: N0 takes the day in, 6a jails, 6b checks the win early.

N0 (A-TALLY-1) builds the tally's workspace from the day's votes and turns the
submitted moves into the night's acts; 6a counts the votes and jails (A-TALLY,
A-MOVE-8); 6b ends the game before any night move when a side has won.
"""

from __future__ import annotations

from ..clan_heads import open_poll, promote
from ..roles.actions import ACTIONS, CONSECUTIVE_FAMILY
from ..roles.codes import Move, Role
from ..tally import build_workspace, jail, next_day_penalties
from ..win import check
from .ctx import Act, Night


def n0_snapshot(ctx: Night) -> None:
    """N0 (A-TALLY-1, A-ROLE-SHERIFF-5): tally workspace, acts, depression voids."""
    world = ctx.world
    ctx.alive_at_n0 = {p.seat for p in world.alive()}
    ctx.clan_at_n0 = {p.seat: p.clan for p in world.players}
    build_workspace(ctx, ctx.votes)
    for seat_s, mv in sorted(ctx.submissions.items(), key=lambda kv: int(kv[0])):
        seat = int(seat_s)
        p = world.player(seat)
        code = str(mv["action"])
        if not p.alive:
            continue
        target = mv.get("target")
        row, params = ACTIONS[code], dict(mv.get("params", {}))
        step = row.step_for(p.role)
        family = CONSECUTIVE_FAMILY.get(code)
        a = Act(seat, code, target, target, params, step, clan=p.clan, target_kind=row.target, family=family)
        if p.depressed_night == ctx.n:
            a.state = "VOID"
        if code == Move.STAY_HOME:
            a.state, a.silent = "DONE", True
        ctx.acts[seat] = a


def s6a_jailing(ctx: Night) -> None:
    jail(ctx)
    next_day_penalties(ctx)
    if ctx.jailed is not None:
        act = ctx.acts.get(ctx.jailed)
        if act is not None and act.state == "PENDING":
            act.state = "VOID"  # A-MOVE-8: void from step 7 on; no results (A-RES-4)
        promote(ctx, {ctx.jailed})  # A-ROLE-COPS-3/4, A-ROLE-REBEL-8 "at the coming of the night"
        j = ctx.world.player(ctx.jailed)
        boss_or_manager = j.role == Role.BOSS or ctx.world.clan_manager.get(j.clan or "") == j.seat
        if j.clan and j.clan.startswith("mafia") and boss_or_manager and ctx.world.clan_members(j.clan):
            open_poll(ctx, j.clan)  # A-CLAN-4: the head is jailed


def s6b_win(ctx: Night) -> None:
    got = check(ctx.world)
    if got is not None:
        ctx.world.winner, ctx.world.winners = got
        ctx.over_at_6b = True
