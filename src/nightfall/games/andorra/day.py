"""Day N: the public raw vote log (A-VOTE-1..5) and penalties (A-VOTE-10..13).

The log is append-only and public. Violations are logged, not rejected: a
self-vote, an edit or a repeated vote is "equated to skipping" (A-VOTE-3), so
the voter ends with kind NONE in the tally and a penalty for the next day.
"""

from __future__ import annotations

from typing import Any

from nightfall.engine import Command, Event, Rejected

from .penalties import AVATAR, NO_VOTE, todays_penalties
from .state import AndorraState, VoteEntry


def _target(state: AndorraState, raw: Any) -> int | None:
    if raw is None:
        return None
    if isinstance(raw, bool) or not isinstance(raw, int) or not 1 <= raw <= len(state.world.players):
        raise Rejected("bad_target", rule="A-VOTE-1", target=raw)
    return raw


def cast_vote(state: AndorraState, cmd: Command, edit: bool = False) -> list[Event]:
    world = state.world
    voter = cmd.actor
    if not isinstance(voter, int) or not 1 <= voter <= len(world.players):
        raise Rejected("unknown_seat", rule="A-VOTE-2", actor=voter)
    if not world.player(voter).alive:  # A-VOTE-2: only ALIVE players vote (Jailer-jailed cannot)
        raise Rejected("not_eligible", rule="A-VOTE-2", player=world.player(voter).nick)
    target = _target(state, cmd.payload.get("target"))
    ts = int(cmd.payload.get("ts", cmd.now))
    earlier = [e for e in state.votes if e.voter == voter]
    kind = "VOTE" if target is not None else "BLANK"
    reason: str | None = None
    if earlier:
        reason = "EDIT" if edit else "REVOTE"  # A-VOTE-3 (b)/(c): both become void
        for e in earlier:
            e.kind, e.void_reason = "VOID", e.void_reason or reason
    elif edit:
        raise Rejected("nothing_to_edit", rule="A-VOTE-3", player=world.player(voter).nick)
    elif target == voter:
        reason = "SELF"  # A-VOTE-3 (a)
    elif target is not None and not world.player(target).alive:
        reason = "NON_CANDIDATE"  # A-VOTE-3 (d)
    # after the last one in the log: an entry the host took back may have left a gap (H-03b)
    seq = max((e.seq for e in state.votes), default=0) + 1
    entry = VoteEntry(seq, ts, voter, "VOID" if reason else kind, target, reason)
    state.votes.append(entry)
    return [
        Event(
            "vote",
            {
                "day": world.day,
                "seq": entry.seq,
                "voter": voter,
                "target": target,
                "kind": entry.kind,
                "void_reason": reason,
            },
        )
    ]


def check_not_spent(state: AndorraState, voter: Any) -> None:
    """A-VOTE-3b: a player's own vote or edit is refused once his vote of the day is void by
    a second vote or an edit: it could change nothing (the vote stays void, the +1 is earned)
    and each one would lengthen the public log every view carries (attack round 6: 5,928
    edits in 150 s pushed 7.2 GB to one room's phones). The host's entries (a PM, the thread)
    are not limited by this: he copies what the players posted."""
    for e in state.votes:
        if e.voter == voter and e.void_reason in ("REVOTE", "EDIT"):
            raise Rejected("vote_spent", rule="A-VOTE-3b", player=state.world.player(voter).nick)


def raw_vote_of(state_votes: list[VoteEntry], voter: int) -> VoteEntry | None:
    """The voter's single valid vote, or None (no vote or a violation)."""
    mine = [e for e in state_votes if e.voter == voter]
    if len(mine) == 1 and mine[0].kind in ("VOTE", "BLANK"):
        return mine[0]
    return None


# A-VOTE-3: why a vote is void, as the log shows it
VOID_REASONS: dict[str, tuple[str, str]] = {
    "SELF": ("голос за себя", "a vote for oneself"),
    "REVOTE": ("повторный голос", "a second vote"),
    "EDIT": ("исправленный голос", "an edited vote"),
    "NON_CANDIDATE": ("голос за выбывшего", "a vote for a player out of the game"),
    "MULTI": ("несколько голосов в одном посте", "several votes in one post"),  # A-THREAD-4
}


def void_reason_text(code: str | None, lang: str = "ru") -> str | None:
    if code is None:
        return None
    ru, en = VOID_REASONS.get(code, (code, code))
    return ru if lang == "ru" else en


def penalty_reason_text(code: str, day: int, lang: str = "ru") -> str:
    """Why a penalty entry of ``day``'s log was given, in words (A-VOTE-10, A-REPORT-6): the
    vote of the day before, or the host's mark for a missing avatar (H-05)."""
    ru = lang == "ru"
    if code == AVATAR:
        return "нет аватара" if ru else "no avatar"
    if code == NO_VOTE:
        return f"не голосовал(а) в день {day - 1}" if ru else f"did not vote on day {day - 1}"
    why = void_reason_text(code, lang)
    return f"нарушение в день {day - 1}: {why}" if ru else f"violation on day {day - 1}: {why}"


def public_log(state: AndorraState) -> list[dict[str, Any]]:
    """A-VOTE-5 / A-REPORT-6: penalty lines first, then raw votes in time order."""
    world = state.world
    out: list[dict[str, Any]] = []
    for seat, why in todays_penalties(world):  # A-ERR-9: dropped and not printed when out of play
        reason = {lang: penalty_reason_text(why, world.day, lang) for lang in ("ru", "en")}
        out.append({"kind": "PENALTY", "target": seat, "reason": reason})
    for e in sorted(state.votes, key=lambda e: (e.ts, e.seq)):
        line: dict[str, Any] = {
            "kind": e.kind,
            "ts": e.ts,
            "voter": e.voter,
            "target": e.target,
            "void_reason": e.void_reason,
            "void_ru": void_reason_text(e.void_reason),
        }
        if e.post is not None:
            line["post"] = e.post  # A-THREAD-1: read from this forum post
        elif e.by is not None:
            line["by_host"] = True  # H-03b: the host entered it from the player's PM
        out.append(line)
    return out
