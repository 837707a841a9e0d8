"""The exile vote (H-EXV-1..5). Counting is in ``exile_count``."""

from __future__ import annotations

from nightfall.engine import PUBLIC, Command, Event, Rejected

from .checks import is_cat, phase_in, player_of, seat_arg
from .state import CAT, EXILE_VOTE, HeksState


def exile_vote(state: HeksState, cmd: Command) -> list[Event]:
    me = player_of(state, cmd)
    if state.phase != EXILE_VOTE:  # phase_in, called only to refuse
        phase_in(state, EXILE_VOTE, rule="H-EXV-1")
    if me.status != CAT:  # is_cat, called only to refuse
        is_cat(me, "H-EXV-1")
    target = seat_arg(state, cmd.payload, "target", nullable=True)
    if target is not None:
        if target == me.seat:
            raise Rejected("self_target", "H-EXV-1")
        if state.players[target - 1].status != CAT:
            raise Rejected("bad_target", "H-EXV-1", target=target, reason="not a cat")
    state.night.votes[me.seat] = "blank" if target is None else str(target)  # switchable (H-EXV-2)
    state.absent.discard(me.seat)  # her own vote after an absent mark: no longer absent (H-TBL-5)
    return [Event("voted", {"phase": EXILE_VOTE, "count": len(state.night.votes)}, PUBLIC)]  # public(...)
