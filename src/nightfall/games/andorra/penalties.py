"""Penalties: the host's for a missing avatar (H-05, A-GEN-9), kept in the host log, and why
each of a day's penalty entries was given (A-VOTE-10), for the log's lines (A-REPORT-6)."""

from __future__ import annotations

from typing import Any

from .state import AndorraState, VoteEntry, World

# A-VOTE-10's sources besides a void vote (whose reason is its A-VOTE-3 code: SELF, REVOTE, ...)
NO_VOTE, AVATAR = "NO_VOTE", "AVATAR"


def vote_penalty_reason(votes: list[VoteEntry], seat: int) -> str:
    """Why the day's vote gave ``seat`` a penalty (A-VOTE-4, A-VOTE-3): the first of his void
    entries' reasons, or no vote at all. Only what the public log shows, so the line tells no
    more than the log did (Q-24: a Prosecutor's accusation stays hidden)."""
    void = [e for e in sorted(votes, key=lambda e: (e.ts, e.seq)) if e.voter == seat and e.void_reason]
    return str(void[0].void_reason) if void else NO_VOTE


def todays_penalties(world: World) -> list[tuple[int, str]]:
    """Today's penalty entries in log order with why (A-VOTE-10): the night's first, one per
    offender, then the host's avatar ones (H-05, added during the day); a player out of play has
    none (A-ERR-9)."""
    day = str(world.day)
    from_votes = world.penalty_reasons.get(day, {})
    out: list[tuple[int, str]] = []
    seen: set[int] = set()
    for seat in world.penalties.get(day, []):
        first = seat not in seen
        seen.add(seat)
        if world.player(seat).alive:
            out.append((seat, from_votes.get(str(seat), AVATAR) if first else AVATAR))
    return out


def avatar_penalty(state: AndorraState, seat: int) -> dict[str, Any] | None:
    """Today's standing host penalty for a missing avatar against ``seat``, if any: one per
    player per day; an undone one no longer counts."""
    day = state.world.day
    return next(
        (
            h
            for h in state.host_log
            if h.get("penalty") == seat and h.get("day") == day and not h.get("undone")
        ),
        None,
    )
