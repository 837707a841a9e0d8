"""The chief's proposal and the approve/reject vote (H-CHF-1..6, H-APR-1..8)."""

from __future__ import annotations

from nightfall.engine import PUBLIC, Command, Event, Rejected

from .checks import is_cat, phase_in, player_of
from .events import public
from .state import APPROVAL_VOTE, CAT, PROPOSAL, HeksState


def _set_members(state: HeksState, members: list[int], out: list[Event], auto: bool = False) -> None:
    state.night.members = sorted(members)
    state.night.proposal_auto = auto  # H-TBL-2: every phone says the team was drawn
    public(out, "proposal", chief=state.night.chief, members=state.night.members, auto=auto)


def propose(state: HeksState, cmd: Command) -> list[Event]:
    out: list[Event] = []
    me = player_of(state, cmd)
    if state.phase != PROPOSAL:  # phase_in, called only to refuse
        phase_in(state, PROPOSAL, rule="H-CHF-1")
    if me.seat != state.night.chief:
        raise Rejected("not_your_step", "H-CHF-1", chief=state.night.chief)
    if state.night.members is not None:
        raise Rejected("final", "H-CHF-6")
    raw = cmd.payload.get("members")
    if not isinstance(raw, list) or not all(isinstance(s, int) and not isinstance(s, bool) for s in raw):
        raise Rejected("bad_payload", field="members", reason="expected a list of seat numbers")
    size = len(state.day.recipe)
    if len(set(raw)) != len(raw) or len(raw) != size:
        raise Rejected("wrong_size", "H-CHF-6", expected=size, got=len(set(raw)))
    for seat in raw:
        if not 1 <= seat <= len(state.players):
            raise Rejected("unknown_seat", seat=seat)
        if state.player(seat).status != CAT:
            raise Rejected("bad_target", "H-CHF-1", target=seat, reason="not a cat")
    _set_members(state, list(raw), out)
    return out


def random_proposal(state: HeksState, out: list[Event]) -> None:
    """H-CHF-6: a uniformly random k'-subset of the cats, possibly including the chief."""
    cats = [p.seat for p in state.players if p.status == CAT]
    _set_members(state, state.rng.sample(cats, len(state.day.recipe)), out, auto=True)


def approve(state: HeksState, cmd: Command) -> list[Event]:
    """H-APR-1/3: every cat votes For or Against; switching allowed until the vote closes."""
    me = player_of(state, cmd)
    if state.phase != APPROVAL_VOTE:  # phase_in, called only to refuse
        phase_in(state, APPROVAL_VOTE, rule="H-APR-1")
    if me.status != CAT:  # is_cat, called only to refuse
        is_cat(me, "H-APR-1")
    vote = cmd.payload.get("vote")
    if vote not in ("for", "against"):
        raise Rejected("bad_payload", field="vote", reason='expected "for" or "against"')
    state.night.votes[me.seat] = str(vote)  # no trace of a change remains (H-APR-3)
    state.absent.discard(me.seat)  # her own vote after an absent mark: no longer absent (H-TBL-5)
    return [Event("voted", {"phase": APPROVAL_VOTE, "count": len(state.night.votes)}, PUBLIC)]  # public(...)
