"""The night as a pipeline of named steps in the order of §11 (A-ORDER-1..5).

The steps, their order and their functions are the one table ``night.steps.NIGHT``;
``resolve`` runs it top to bottom on a copy of the world.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from .night.ctx import Night, Pause
from .night.step_ids import StepId
from .night.steps import NIGHT
from .night.triggers import finish_step
from .state import ALIVE, AndorraState, World


@dataclass
class Resolution:
    world: World
    ctx: Night
    paused: list[dict[str, Any]]


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
    ctx = Night(
        world=world,
        n=world.day,
        answers=answers,
        timed_out=timed_out,
        expired=expired,
        votes=list(state.votes),
        submissions=state.submissions,
    )
    try:
        for step in NIGHT:
            if step.kind == "inside" or (ctx.over_at_6b and step.kind != "after_end"):
                continue
            assert step.run is not None  # only "inside" steps have none (night.steps._check)
            ctx.step = step.id
            if step.kind == "plain":
                step.run(ctx)
                continue
            before_audit, before_ev = len(ctx.audit), len(ctx.events)
            step.run(ctx)
            finish_step(ctx)
            _audit_step(ctx, step.id, step.name, before_audit, before_ev)
    except Pause as p:
        return Resolution(world, ctx, p.prompts)
    for a in ctx.acts.values():
        if a.state == "PENDING":
            a.state = "CANCELLED"
    # A-ROLE-JOURNALIST-7: only a Journalist(-*) who executed his watch may publish on Day N+1
    world.article_rights = sorted(
        j for j in ctx.journalist_watch if world.player(j).status == ALIVE and j not in ctx.blocked_at
    )
    world.day += 1
    return Resolution(world, ctx, [])


def _audit_step(ctx: Night, step: StepId, name: str, before_audit: int, before_ev: int) -> None:
    """The host's audit view: one record per pipeline step with every action
    (actor, submitted and final target, class, result, protection hit) and effect."""
    notes = ctx.audit[before_audit:]
    del ctx.audit[before_audit:]
    actions = [e.as_dict() for e in ctx.events[before_ev:]]
    for a in ctx.acts.values():
        if a.step == step and a.orig != a.target:
            notes.append({"action": "RETARGETED", "actor": a.actor, "orig": a.orig, "target": a.target})
    ctx.audit.append({"step": step, "name": name, "actions": actions, "notes": notes})
