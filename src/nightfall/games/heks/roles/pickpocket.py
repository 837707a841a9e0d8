"""Pickpocket (Zakkenroller): one theft a day, in two inputs (H-PP-1..5, H-ERR-7)."""

from __future__ import annotations

from nightfall.engine import Event, Rejected

from ..events import inbox, private
from ..hand import add_card, remove_oldest
from ..state import CAT, DISCUSSION, PROPOSAL, HeksState, Player
from ..tables import PICKPOCKET


def window_open(state: HeksState) -> bool:
    """H-PP-1: from the discussion until the first approve/reject vote of the night opens."""
    return state.phase in (DISCUSSION, PROPOSAL) and not state.day.approval_opened


def choose_target(state: HeksState, thief: Player, target_seat: int, out: list[Event]) -> None:
    day = state.day
    if not window_open(state):
        raise Rejected("window_closed", "H-PP-1", phase=state.phase)
    if day.pickpocket_target is not None:
        raise Rejected("ability_used", "H-PP-1", ability="pickpocket")
    if target_seat == thief.seat:
        raise Rejected("self_target", "H-PP-2")
    target = state.player(target_seat)
    if target.status != CAT:
        raise Rejected("bad_target", "H-PP-2", target=target_seat, reason="not a cat")
    day.pickpocket_target = target_seat
    day.pickpocket_seen = list(target.hand)  # H-PP-3: he sees the whole hand
    day.pickpocket_done = not target.hand  # "Empty pouch" still uses the day
    msg = inbox(state, thief.seat, "PICKPOCKET_HAND", target=target_seat, hand=list(target.hand))
    private(out, thief.seat, "pickpocket_hand", **msg)


def take(state: HeksState, thief: Player, card: str, out: list[Event]) -> None:
    day = state.day
    if not window_open(state):
        raise Rejected("window_closed", "H-PP-1", phase=state.phase)
    if day.pickpocket_target is None:
        raise Rejected("not_your_step", "H-ERR-7", reason="choose a target first")
    if day.pickpocket_done:
        raise Rejected("ability_used", "H-PP-1", ability="pickpocket")
    victim = state.player(day.pickpocket_target)
    if card not in victim.hand:
        raise Rejected("not_in_hand", "H-PP-3", ingredient=card)
    _steal(state, thief, victim, card, out)


def _steal(state: HeksState, thief: Player, victim: Player, card: str, out: list[Event]) -> None:
    remove_oldest(victim.hand, card)  # H-ING-7
    dropped = add_card(thief.hand, card)  # H-PP-4 follows the hand limit
    state.day.pickpocket_done = True
    mine = inbox(state, thief.seat, "PICKPOCKET_TOOK", target=victim.seat, ingredient=card, dropped=dropped)
    private(out, thief.seat, "pickpocket_took", **mine)
    theirs = inbox(state, victim.seat, "ROBBED", ingredient=card)  # H-PP-5: the thief is not named
    private(out, victim.seat, "robbed", **theirs)


def on_window_close(state: HeksState, out: list[Event]) -> None:
    """H-ERR-7: a theft left half-done takes the oldest card of the hand he saw, if still there."""
    day = state.day
    if day.pickpocket_target is None or day.pickpocket_done or not day.pickpocket_seen:
        return
    thief = next(p for p in state.players if p.role == PICKPOCKET)
    victim = state.player(day.pickpocket_target)
    card = day.pickpocket_seen[0]
    if thief.status == CAT and card in victim.hand:
        _steal(state, thief, victim, card, out)
    else:
        day.pickpocket_done = True
