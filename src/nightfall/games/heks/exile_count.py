"""Counting the exile vote (H-EXC-1..8)."""

from __future__ import annotations

from collections import Counter

from nightfall.engine import Event

from .events import public
from .state import EXILED, HeksState, Player
from .tables import WITCH
from .view_types import HeksBallot, HeksVoteResult


def votes_needed(state: HeksState, ballots: int | None = None, day: int | None = None) -> int | None:
    """H-EXC-8: where Table 2.2 sets a quorum Q (balance change B-13), a candidate needs at
    least Q of the ballots to be exiled before the knights' day; every cat has a ballot, and
    an absent or blank one counts in the total (H-EXC-1). None: a plurality of one exiles.

    ``day``: the day the view shows, which is tomorrow in the vote-result scene (H-MORN-2);
    from the knights' day's first scene on nothing needs a quorum (issue 31 §3)."""
    quorum = state.params.quorum
    if quorum is None or (state.day.number if day is None else day) >= state.params.knights_day:
        return None  # day K counts as H-EXC-7 says, so H-WIN-6 keeps its two ways
    num, den = quorum
    total = len(state.cats()) if ballots is None else ballots
    return -(-num * total // den)  # the ceiling: 3/4 of 5 ballots is 4 votes


def count(state: HeksState, out: list[Event]) -> Player | None:
    votes = state.night.votes
    ballot: list[HeksBallot] = [
        {"voter": s, "target": None if votes[s] == "blank" else int(votes[s]), "auto": s in state.night.auto}
        for s in sorted(votes)
    ]
    tally = Counter(b["target"] for b in ballot if b["target"] is not None)
    exiled: Player | None = None
    needed = votes_needed(state, len(ballot))
    if not tally:
        outcome = "ALL_BLANK"
    else:
        top = max(tally.values())
        leaders = [s for s, n in tally.items() if n == top]
        outcome = "EXILED" if len(leaders) == 1 else "TIE"  # H-EXC-2
        if outcome == "EXILED" and needed is not None and top < needed:
            outcome = "NO_QUORUM"  # H-EXC-8
        if outcome == "EXILED":
            exiled = state.player(leaders[0])
    was_witch = None
    if exiled is not None:
        exiled.status = EXILED  # H-EXC-4: permanent; the hand leaves play (H-ING-6)
        exiled.hand.clear()
        was_witch = exiled.role == WITCH  # H-EXC-5: a Crow shows as "was not a witch"
    result: HeksVoteResult = {
        "day": state.day.number,
        "ballot": ballot,
        "tally": {str(s): n for s, n in sorted(tally.items())},
        "outcome": outcome,
        "needed": needed,
        "exiled": exiled.seat if exiled else None,
        "was_witch": was_witch,
    }
    state.vote_result = result
    public(out, "vote_result", **result)
    return exiled
