"""The night as a pipeline of named steps in the order of §11 (A-ORDER-1..5).

The order is the one table ``night.steps.NIGHT``; here each step is bound to its
function (``RUNS``), and ``resolve`` runs the table top to bottom on a copy of the world.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .clan_heads import open_poll, promote
from .night import dawn, engine_steps
from .night.ctx import Act, Night, Pause
from .night.steps import NIGHT
from .night.triggers import finish_step
from .roles import (
    clans,
    hunters,
    influence,
    item_uses,
    justice,
    loners,
    medics,
    observers,
    priest,
    undead,
    votes,
)
from .roles.actions import ACTIONS
from .state import ALIVE, AndorraState, VoteEntry, World
from .tally import build_workspace, jail, next_day_penalties
from .win import check

StepFn = Callable[[Night], None]


@dataclass
class Resolution:
    world: World
    ctx: Night
    paused: list[dict[str, Any]]


def act_step(code: str, role: str) -> str:
    """Cops shoot at 33, the mafia at 32 (A-ROLE-COPS-5, A-ROLE-MAFIA-6)."""
    if code == "SHOOT" and role in ("SHERIFF", "INVESTIGATOR"):
        return "33"
    return ACTIONS[code].step


def n0_snapshot(ctx: Night, state: AndorraState) -> None:
    """N0 (A-TALLY-1, A-ROLE-SHERIFF-5): tally workspace, acts, depression voids."""
    w = ctx.w
    ctx.alive_at_n0 = {p.seat for p in w.alive()}
    ctx.clan_at_n0 = {p.seat: p.clan for p in w.players}
    build_workspace(ctx, state.votes)
    for seat_s, mv in sorted(state.submissions.items(), key=lambda kv: int(kv[0])):
        seat = int(seat_s)
        p = w.p(seat)
        code = str(mv["action"])
        if not p.alive:
            continue
        target = mv.get("target")
        a = Act(seat, code, target, target, dict(mv.get("params", {})), act_step(code, p.role), clan=p.clan)
        if p.depressed_night == ctx.n:
            a.state = "VOID"
        if code == "STAY_HOME":
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
        j = ctx.w.p(ctx.jailed)
        boss_or_manager = j.role == "BOSS" or ctx.w.clan_manager.get(j.clan or "") == j.seat
        if j.clan and j.clan.startswith("mafia") and boss_or_manager and ctx.w.clan_members(j.clan):
            open_poll(ctx, j.clan)  # A-CLAN-4: the head is jailed


def s6b_win(ctx: Night) -> None:
    got = check(ctx.w)
    if got is not None:
        ctx.w.winner, ctx.w.winners = got
        ctx.over_at_6b = True


# Each step's function (the order and names are the table's, ``night.steps.NIGHT``).
# N0 and D7 read the day's state as well and are bound per night (``_night_runs``).
RUNS: dict[str, StepFn] = {
    "1": votes.step_1_diplomas,
    "2": votes.step_2_prosecutor,
    "3": votes.step_3_telepath_vote,
    "4": votes.step_4_rebel_votes,
    "5": votes.step_5_swindler,
    "6": votes.step_6_vampire_vote,
    "6a": s6a_jailing,
    "6b": s6b_win,
    "7": item_uses.step_7_vodka,
    "8": item_uses.step_8_cards,
    "9": influence.step_9_godfather,
    "10": influence.step_10_mayor,
    "11": medics.step_11_nurse,
    "11a": item_uses.step_11a_antidote,
    "12": priest.step_12_priest,
    "13a": item_uses.step_13a_vouchers,
    "13": loners.step_13_tour_operator,
    "14": undead.step_14_domovoi,
    "15": medics.step_15_doctor,
    "16": loners.step_16_telepath_retarget,
    "17": loners.step_17_fairy,
    "18": observers.step_18_executioner,
    "19": observers.step_19_journalist,
    "20": observers.step_20_pv,
    "21": observers.step_21_bodyguard,
    "22": clans.step_22_cops_recruit,
    "23": clans.step_23_mafia_recruit,
    "24": clans.step_24_rebel_recruit,
    "25": clans.step_25_cops_search,
    "26": clans.step_26_mafia_search,
    "27": justice.step_27_prosecutor,
    "28": loners.step_28_shmara,
    "29": undead.step_29_vampire,
    "30": loners.step_30_maniac,
    "31": clans.step_31_rebel_shot,
    "32": clans.step_32_mafia,
    "32c": item_uses.step_32c_gift_poison,
    "33": clans.step_33_cops,
    "34": loners.step_34_psycho,
    "35": justice.step_35_jailer,
    "36": loners.step_36_swindler,
    "37": hunters.step_37_stakes,
    "38": hunters.step_38_van_helsing,
    "39": undead.step_39_horseman,
    "39a": engine_steps.step_39a_delayed_deaths,
    "40": medics.step_40_reanimator,
    "41": justice.step_41_interrogation,
    "42": engine_steps.step_42_sobering,
    "43": engine_steps.step_43_return,
    "D1": dawn.d1_pv_choices,
    "D2": dawn.d2_d4_recruitment,
    "D5": dawn.d5_successions,
    "D6": dawn.d6_jail,
    "D8": dawn.d8_win,
}
# The pipeline steps proper (each with its H11 and audit record), in the table's order.
STEPS: tuple[tuple[str, str, StepFn], ...] = tuple(
    (s.id, s.name, RUNS[s.id]) for s in NIGHT if s.kind == "step"
)


def _night_runs(state: AndorraState) -> dict[str, StepFn]:
    votes_log: list[VoteEntry] = list(state.votes)
    return {
        **RUNS,
        "N0": lambda ctx: n0_snapshot(ctx, state),
        "D7": lambda ctx: dawn.d7_psycho_revenge(ctx, votes_log),  # A-ERR-6: also after a 6b ending
    }


# How many times the night is run ahead to find the questions after the first ones (H-11b).
LOOKAHEAD_RUNS = 12


def resolve(
    state: AndorraState, answers: dict[str, Any], timed_out: bool, expired: frozenset[str] = frozenset()
) -> Resolution:
    """Resolve Night N from the world as it was at the end of Day N (pure; copies first).
    ``timed_out``: every unanswered question takes its default; ``expired``: these do (H-11a).

    H-11b: when the night stops at a question, it is run on as if that question took its
    default, to find the questions that come after it (the PV's at D1, a recruitment at D2
    after the Reanimator's at 40); all are asked at once, each with its own deadline, instead
    of one after another. A question that changes with an earlier answer is asked again; a
    host question marked ``alone`` is neither asked ahead nor looked past (it depends on the
    earlier answers, and what follows depends on it). Not asked
    ahead, because they depend on an earlier answer: a second question to the same player (the
    PV's recruitment after his role choice) and any question to a player the Reanimator's
    default would revive; they are asked once the earlier answers are in."""
    first = _resolve_once(state, answers, timed_out, expired)
    if not first.paused:
        return first
    asked = list(first.paused)
    seen = {str(p["id"]) for p in asked}
    seats = {p["seat"] for p in asked}
    trial, last = dict(answers), first
    for _ in range(LOOKAHEAD_RUNS):
        if not last.paused or any(p.get("alone") for p in last.paused):
            break
        for pr in last.paused:
            trial[str(pr["id"])] = pr["default"]
        last = _resolve_once(state, trial, timed_out, expired)
        for pr in last.paused:
            if (
                str(pr["id"]) in seen
                or pr["seat"] in seats
                or pr["seat"] in last.ctx.reanimated
                or pr.get("alone")  # asked only when the night really stops there
            ):
                continue
            asked.append(pr)
            seen.add(str(pr["id"]))
            seats.add(pr["seat"])
    return Resolution(first.world, first.ctx, asked)


def _resolve_once(
    state: AndorraState, answers: dict[str, Any], timed_out: bool, expired: frozenset[str]
) -> Resolution:
    world = copy.deepcopy(state.world)
    ctx = Night(w=world, n=world.day, answers=answers, timed_out=timed_out, expired=expired)
    runs = _night_runs(state)
    try:
        for step in NIGHT:
            if step.kind == "inside" or (ctx.over_at_6b and step.kind != "after_end"):
                continue
            ctx.step = step.id
            if step.kind == "plain":
                runs[step.id](ctx)
                continue
            before_audit, before_ev = len(ctx.audit), len(ctx.events)
            runs[step.id](ctx)
            finish_step(ctx)
            _audit_step(ctx, step.id, step.name, before_audit, before_ev)
    except Pause as p:
        return Resolution(world, ctx, p.prompts)
    for a in ctx.acts.values():
        if a.state == "PENDING":
            a.state = "CANCELLED"
    # A-ROLE-JOURNALIST-7: only a Journalist(-*) who executed his watch may publish on Day N+1
    world.article_rights = sorted(
        j for j in ctx.journalist_watch if world.p(j).status == ALIVE and j not in ctx.blocked_at
    )
    world.day += 1
    return Resolution(world, ctx, [])


def _audit_step(ctx: Night, step: str, name: str, before_audit: int, before_ev: int) -> None:
    """The host's audit view: one record per pipeline step with every action
    (actor, submitted and final target, class, result, protection hit) and effect."""
    notes = ctx.audit[before_audit:]
    del ctx.audit[before_audit:]
    actions = [e.as_dict() for e in ctx.events[before_ev:]]
    for a in ctx.acts.values():
        if a.step == step and a.orig != a.target:
            notes.append({"action": "RETARGETED", "actor": a.actor, "orig": a.orig, "target": a.target})
    ctx.audit.append({"step": step, "name": name, "actions": actions, "notes": notes})
