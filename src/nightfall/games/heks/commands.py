"""Command dispatch: one table from command type to handler."""

from __future__ import annotations

from typing import get_type_hints

from nightfall.engine import SYSTEM, TICK, Command, Event, Handler, Rejected, refuse_unknown_keys

from . import departure, exile_vote, flow, host_controls, host_handover, proposal, ritual, scenes, witches
from .checks import ingredient_arg, is_cat, player_of, seat_arg, step_matches
from .command_types import HeksCommandPayloads
from .events import public
from .obligations import waits
from .roles import pickpocket, seer
from .state import DEPART_A, GUARD_B, HeksState, Player
from .tables import PICKPOCKET, SEER


def _ability_user(state: HeksState, cmd: Command, role: str, rule: str) -> Player:
    """The actor, if it is a cat with ``role`` (H-ROL-1: only cats use abilities)."""
    me = player_of(state, cmd)
    if me.role != role:
        raise Rejected("not_your_step", rule, reason=f"only the {role.title().replace('_', ' ')} can do that")
    is_cat(me, "H-ROL-1")
    return me


def _target(state: HeksState, cmd: Command) -> int:
    target = seat_arg(state, cmd.payload, "target")
    assert target is not None  # not nullable: seat_arg rejects a missing target
    return target


def _seer_check(state: HeksState, cmd: Command) -> list[Event]:
    out: list[Event] = []
    seer.check(state, _ability_user(state, cmd, SEER, "H-SEE-1"), _target(state, cmd), out)
    return out


def _pickpocket_target(state: HeksState, cmd: Command) -> list[Event]:
    out: list[Event] = []
    pickpocket.choose_target(state, _ability_user(state, cmd, PICKPOCKET, "H-PP-1"), _target(state, cmd), out)
    return out


def _pickpocket_take(state: HeksState, cmd: Command) -> list[Event]:
    out: list[Event] = []
    me = _ability_user(state, cmd, PICKPOCKET, "H-PP-1")
    pickpocket.take(state, me, ingredient_arg(cmd.payload, "ingredient"), out)
    return out


HANDLERS: dict[str, Handler[HeksState]] = {
    "ready": scenes.ready,
    "confirm": scenes.confirm,
    "end_discussion": scenes.end_discussion,
    "depart": departure.depart,
    "guard_place": departure.guard_place,
    "witch_place": witches.choose_place,
    "witch_spell": witches.choose_spell,
    "witch_mist": witches.choose_mist_place,
    "witch_target": witches.choose_target,
    "witch_second": witches.choose_second,
    "seer_check": _seer_check,
    "pickpocket_target": _pickpocket_target,
    "pickpocket_take": _pickpocket_take,
    "propose": proposal.propose,
    "approve": proposal.approve,
    "play_card": ritual.play_card,
    "exile_vote": exile_vote.exile_vote,
    "mark_absent": host_controls.mark_absent,
    "force_continue": host_controls.force_continue,
    host_handover.PASS_HOST: host_handover.pass_host,
}


_HOST_COMMANDS = frozenset({"mark_absent", "force_continue", "pass_host"})
# The inputs a step waits for (§10.2 "Who acts"): after one, the flow moves on if the
# step is complete. The handlers only record; moving on is the flow's (flow.advance).
_INPUTS = frozenset(
    {
        "ready",
        "confirm",
        "end_discussion",
        "depart",
        "guard_place",
        "propose",
        "approve",
        "play_card",
        "exile_vote",
    }
)
RESUME = "resume"  # the server's clock after an outage (H-TBL-4), not a player's command
COMMANDS = frozenset(HANDLERS) | {RESUME}


def _keys(*names: str) -> frozenset[str]:
    return frozenset(names) | {"step"}  # every client stamps the view's step (stale_step)


# H-CMD-1: the payload keys each command may carry; any other key is refused (bad_payload)
# before anything else, so a stored command holds only what the rules read. ``mask`` stays
# known so that it keeps its own answer (H-JST-1, balance change B-8).
def _payload_keys() -> dict[str, frozenset[str]]:
    """The keys of each command's payload type (``command_types``), plus the keys the rules
    read without a phone sending them: ``mask`` keeps its own answer (H-JST-1, balance
    change B-8) and ``pass_host``'s ``reason`` is the server's (H-HST-7b)."""
    out = {
        name: _keys(*payload.__annotations__) for name, payload in get_type_hints(HeksCommandPayloads).items()
    }
    out["depart"] |= {"mask"}
    out["pass_host"] |= {"reason"}
    return {**out, RESUME: frozenset({"paused_ms"}), TICK: frozenset()}


PAYLOAD_KEYS: dict[str, frozenset[str]] = _payload_keys()


def apply(state: HeksState, cmd: Command) -> list[Event]:
    """One command the kernel admitted (known type, time forward, game running, in time)."""
    ctype = cmd.type
    payload = cmd.payload
    # H-CMD-1, inline: every command passes here, and most (taps) carry nothing. ``keys() <=``
    # compares without building a set (``frozenset.issuperset(dict)`` builds one: +8 %
    # instructions per simulated game).
    if payload and not payload.keys() <= PAYLOAD_KEYS[ctype]:
        refuse_unknown_keys(payload, PAYLOAD_KEYS[ctype])
    if ctype == TICK:
        out: list[Event] = []
        flow.on_deadline(state, cmd.now, out)
    elif ctype == RESUME:
        out = _resume(state, cmd)
    else:
        if state.phase == GUARD_B and cmd.actor != state.day.guarding and ctype not in _HOST_COMMANDS:
            # Others still see step A's countdown (H-DEP-13): past it, their switches come too
            # late, refused exactly as the kernel refuses them at a deadline they see (K-LATE-1).
            limit = state.day.depart_deadline
            if limit is not None and cmd.now >= limit:
                raise Rejected("too_late", "K-LATE-1", deadline=limit)
        if "step" in cmd.payload:  # checked here: most commands carry no step (bots never do)
            step_matches(state, cmd.payload)
        out = HANDLERS[ctype](state, cmd)
        if ctype in _INPUTS and not waits(state):  # advance does nothing while the step waits
            flow.advance(state, cmd.now, out)
    state.version += 1
    return out


def refusal(state: HeksState, cmd: Command, refused: Rejected) -> Rejected:
    """H-DEP-13: a rejection must not reveal step B to anyone but the Protector."""
    if state.phase != GUARD_B or cmd.actor == state.day.guarding:
        return refused
    params = dict(refused.params)
    if params.get("phase") == GUARD_B:
        params["phase"] = DEPART_A
    if "deadline" in params:
        params["deadline"] = state.day.depart_deadline
    return Rejected(refused.code, refused.rule, **params)


def _resume(state: HeksState, cmd: Command) -> list[Event]:
    """H-TBL-4: the server was down for ``paused_ms``; the running timer gets that time back.

    Sent by the server's clock only, before anything else after a restart, so it is
    accepted even when the old deadline passed during the outage (K-LATE-1 binds
    players and the host, not the system).
    """
    out: list[Event] = []
    if cmd.actor != SYSTEM:
        raise Rejected("not_your_step", "H-TBL-4", reason="only the server's clock resumes")
    paused = cmd.payload.get("paused_ms")
    if not isinstance(paused, int) or isinstance(paused, bool) or paused <= 0:
        raise Rejected("bad_payload", field="paused_ms", reason="expected a positive number of ms")
    if state.deadline is None:
        raise Rejected("not_due", "H-TBL-4", deadline=None)
    state.deadline += paused
    if state.day.depart_deadline is not None and state.phase in (DEPART_A, GUARD_B):
        state.day.depart_deadline += paused  # what everyone but the guard sees (H-DEP-13)
    public(out, "resumed", paused_ms=paused, deadline=state.deadline)
    return out
