"""Seer (Ziener): one check a day, from the discussion until the exile vote opens (H-SEE-1..3)."""

from __future__ import annotations

from nightfall.engine import Event, Rejected

from ..events import inbox, private
from ..state import DISCUSSION, EXILED, HeksState, Player
from ..tables import DISGUISE, WITCH

# H-SEE-1: the window spans the discussion, proposals, votes, ritual, result and quarrel.
WINDOW = frozenset(
    {
        DISCUSSION,
        "PROPOSAL",
        "APPROVAL_VOTE",
        "ACCEPT_SCENE",
        "REJECT_SCENE",
        "RITUAL",
        "RITUAL_RESULT",
        "QUARREL",
    }
)


def has_sight(state: HeksState) -> bool:
    """H-SEE-4 (balance change B-12): no check before day E of Table 2.2."""
    return state.day.number >= state.params.seer_from


def sees_witch(state: HeksState, target: Player) -> bool:
    """H-SEE-3, with Disguise (H-SPL-5); the Jester reads "Not a witch" (his mask is gone, B-8)."""
    if target.role == WITCH:
        turn = state.day.witches.get(target.seat)
        return not (turn is not None and turn.spell == DISGUISE)
    return False


def check(state: HeksState, seer: Player, target_seat: int, out: list[Event]) -> None:
    if state.phase not in WINDOW:
        raise Rejected("window_closed", "H-SEE-1", phase=state.phase)
    if not has_sight(state):
        raise Rejected("no_sight_yet", "H-SEE-4", from_day=state.params.seer_from)
    if state.day.seer_used:
        raise Rejected("ability_used", "H-SEE-1", ability="seer")
    if target_seat == seer.seat:
        raise Rejected("self_target", "H-SEE-2")
    target = state.player(target_seat)
    if target.status == EXILED:
        raise Rejected("bad_target", "H-SEE-2", target=target_seat, reason="exiled")
    state.day.seer_used = True
    result = "WITCH" if sees_witch(state, target) else "NOT_WITCH"
    msg = inbox(state, seer.seat, "SEER_RESULT", target=target_seat, result=result)
    private(out, seer.seat, "seer_result", **msg)
