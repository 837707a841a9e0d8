"""A move or a day vote the host enters for a player who sent it by forum PM (H-03b).

Forum players often PM the host instead of using their page. The host enters what the PM
says as if the player had sent it: the same checks as the player's own command (the
sender's seat is the actor), the same effect, and the entry is marked as the host's in
the move or the vote log entry and in the host log (shown in the review and the audit).
A refusal changes nothing.
"""

from __future__ import annotations

from typing import Any

from nightfall.engine import HOST, Command, Event, Rejected

from . import moves
from .day import cast_vote
from .state import DAY, NIGHT, AndorraState


def _check(state: AndorraState, cmd: Command, phase: str, rule: str) -> int:
    """The host, in the right phase, names the seat whose PM this is (``from``)."""
    if cmd.actor != HOST:
        raise Rejected("not_host", rule="H-03b", actor=cmd.actor)
    if state.phase != phase:
        raise Rejected("wrong_phase", rule=rule, phase=state.phase, expected=[phase])
    sender = cmd.payload.get("from")
    if isinstance(sender, bool) or not isinstance(sender, int) or not 1 <= sender <= len(state.world.players):
        raise Rejected("pm_no_sender", rule="H-03b", sender=sender)
    return sender


def pm_move(state: AndorraState, cmd: Command) -> list[Event]:
    """``pm_move {from, player?, action, target, params}``: the night move of ``player``
    (default: the sender himself) as ``from`` sent it; a Boss's or a Sheriff's sheet entry
    from his PM is a sheet entry (A-MOVE-5a), a member's own move stays his fallback."""
    sender = _check(state, cmd, NIGHT, "A-MOVE-4")
    payload: dict[str, Any] = {k: v for k, v in cmd.payload.items() if k != "from"}
    payload.setdefault("player", sender)
    events = moves.accept(state, sender, payload, cmd.now, entered_by=HOST)
    player = int(payload["player"])
    move = state.submissions.get(str(player))
    if move is None or move.get("at") != cmd.now or move.get("by") != sender:
        move = state.own_moves[str(player)]  # kept as the fallback: the sheet names his move
    state.host_log.append(
        {"night": state.world.day, "pm_move": player, "from": sender, "move": dict(move), "at": cmd.now}
    )
    return events


def pm_vote(state: AndorraState, cmd: Command) -> list[Event]:
    """``pm_vote {from, target, edit?}``: the sender's day vote (``target`` null: a blank
    vote), logged at the time the host enters it; ``edit: true`` changes an earlier vote,
    which the log then shows as void (A-VOTE-3), as the player's own edit would."""
    sender = _check(state, cmd, DAY, "A-VOTE-1")
    edit = cmd.payload.get("edit", False)
    if not isinstance(edit, bool):
        raise Rejected("bad_payload", rule="H-03b", field="edit")
    vote = Command(sender, "edit_vote" if edit else "vote", {"target": cmd.payload.get("target")}, cmd.now)
    events = cast_vote(state, vote, edit=edit)
    entry = state.votes[-1]
    entry.by = HOST
    state.host_log.append(
        {"day": state.world.day, "pm_vote": sender, "target": entry.target, "edit": edit, "at": cmd.now}
    )
    return events


def pm_vote_undo(state: AndorraState, cmd: Command) -> list[Event]:
    """``pm_vote_undo {from}``: the host takes back his last entry of ``from``'s vote today, a
    slip of the hand (the wrong name), as if he had never entered it: it leaves the log, and
    an earlier vote that it made void (A-VOTE-3) counts again. Only his own entry and only
    the player's latest: a vote the player sent himself, or one from the thread, stays."""
    sender = _check(state, cmd, DAY, "A-VOTE-1")
    mine = [e for e in state.votes if e.voter == sender]
    if not mine or mine[-1].by != HOST:
        raise Rejected("pm_nothing_to_undo", rule="H-03b", player=state.world.player(sender).nick)
    taken = mine[-1]
    state.votes.remove(taken)
    if len(mine) == 2 and mine[0].void_reason in ("REVOTE", "EDIT"):  # only the taken one voided it
        mine[0].kind = "VOTE" if mine[0].target is not None else "BLANK"
        mine[0].void_reason = None
    state.host_log.append(
        {"day": state.world.day, "pm_vote": sender, "target": taken.target, "undone": cmd.now, "at": cmd.now}
    )
    return [Event("vote_undone", {"day": state.world.day, "voter": sender, "seq": taken.seq})]
