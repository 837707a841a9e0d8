"""What a refusal tells its sender, before it is worded (reasons.py): a late vote or move in
the words of its own rule, and never a phase or a deadline the sender may not know of."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from nightfall.engine import HOST, Command, Rejected

from .state import RESOLVING, REVIEW, AndorraState
from .view_review import asked_phase

InTime = Callable[[AndorraState, Command], Any]


def for_sender(state: AndorraState, cmd: Command, refused: Rejected, in_time: InTime) -> Rejected:
    """The kernel's or the game's refusal of ``cmd``, as its sender reads it. ``in_time`` is
    the game's own handling of a command (without the kernel's rules)."""
    if refused.rule == "K-LATE-1":
        if state.phase == RESOLVING and cmd.actor != HOST:
            refused = _late_in_questions(state, cmd, refused, in_time)
        else:
            refused = late(state, cmd, refused)
    if cmd.actor != HOST and refused.code == "wrong_phase" and refused.params.get("phase") == RESOLVING:
        # A-SEC-7: a player is told the phase the table sees, not that a question waits
        refused = Rejected("wrong_phase", refused.rule, **{**refused.params, "phase": REVIEW})
    return refused


def _late_in_questions(state: AndorraState, cmd: Command, refused: Rejected, in_time: InTime) -> Rejected:
    """A-SEC-7: while the night waits on questions, the deadline that made a player's command
    late is a question's, which only the asked player may know. He is told his own; anyone
    else gets the refusal he would have got a moment before it (tried on a copy)."""
    mine = asked_phase(state, cmd.actor) if isinstance(cmd.actor, int) else None
    if mine is not None and mine[1] is not None and cmd.now >= mine[1]:
        return Rejected("too_late", rule="K-LATE-1", deadline=mine[1])
    trial = copy.deepcopy(state)
    trial.deadline = None
    try:
        in_time(trial, cmd)
    except Rejected as before:
        return before
    # accepted a moment before: only the asked player's answer, due at a later deadline of
    # his own than the one that passed; the server ticks first, so he never meets this
    return Rejected("too_late", rule="K-LATE-1", deadline=mine[1] if mine else None)


def late(state: AndorraState, cmd: Command, refused: Rejected) -> Rejected:
    """A-VOTE-1 / A-MOVE-4 (A-MOVE-4a): votes and moves count until the deadline, not at or after it."""
    players = state.world.players
    actor: Any = cmd.payload.get("from") if cmd.type in ("pm_vote", "pm_move") else cmd.actor
    if cmd.type in ("vote", "edit_vote", "pm_vote") and isinstance(actor, int) and 1 <= actor <= len(players):
        return Rejected(
            "vote_after_deadline", rule="A-VOTE-1", player=players[actor - 1].nick, **refused.params
        )
    if cmd.type in ("move", "pm_move"):
        return Rejected(
            "move_after_deadline", rule="A-MOVE-4", player=cmd.payload.get("player", actor), **refused.params
        )
    return refused
