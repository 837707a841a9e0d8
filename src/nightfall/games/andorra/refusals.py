"""What a refusal tells its sender, before it is worded (reasons.py): a late vote or move in
the words of its own rule, and never a phase the sender may not know of."""

from __future__ import annotations

from typing import Any

from nightfall.engine import HOST, Command, Rejected

from .state import RESOLVING, REVIEW, AndorraState


def for_sender(state: AndorraState, cmd: Command, refused: Rejected) -> Rejected:
    """The kernel's or the game's refusal of ``cmd``, as its sender reads it."""
    if refused.rule == "K-LATE-1":
        refused = late(state, cmd, refused)
    if cmd.actor != HOST and refused.code == "wrong_phase" and refused.params.get("phase") == RESOLVING:
        # A-SEC-7: a player is told the phase the table sees, not that a question waits
        refused = Rejected("wrong_phase", refused.rule, **{**refused.params, "phase": REVIEW})
    return refused


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
