"""``thread_votes``: the host confirms the votes read from the forum thread (A-THREAD-1..8).

Each vote enters the day's log with its post's time (so the Swindler's «последние пять»
and the Psycho's «последний проголосовавший» follow the thread's order) and its post's
link; the same checks as a player's own vote apply (cast_vote), plus the thread's own
void reasons (an edited post, several names in one post). A post already in the log is
not entered twice; if it changed since (edited, or its text differs), its vote becomes
void (EDIT). Validate-then-mutate: a refused import changes nothing.
"""

from __future__ import annotations

from typing import Any

from nightfall.engine import HOST, Command, Event, Rejected

from .day import cast_vote
from .state import DAY, NIGHT, AndorraState

_THREAD_VOID = {"EDIT", "MULTI"}  # the reasons only the thread can see (A-THREAD-4, A-THREAD-6)


def _row(state: AndorraState, raw: Any, deadline: int | None) -> dict[str, Any]:
    n = len(state.world.players)
    if not isinstance(raw, dict):
        raise Rejected("bad_payload", rule="A-THREAD-1", field="votes")
    voter, target, ts, post = raw.get("voter"), raw.get("target"), raw.get("ts"), raw.get("post")
    if type(voter) is not int or not 1 <= voter <= n:
        raise Rejected("unknown_seat", rule="A-VOTE-2", actor=voter)
    if target is not None and (type(target) is not int or not 1 <= target <= n):
        raise Rejected("bad_target", rule="A-VOTE-1", target=target)
    if type(ts) is not int or not isinstance(post, str) or not post:
        raise Rejected("bad_payload", rule="A-THREAD-1", field="ts/post")
    if raw.get("void") is not None and raw.get("void") not in _THREAD_VOID:
        raise Rejected("bad_payload", rule="A-THREAD-6", field="void")
    if deadline is not None and ts >= deadline:
        raise Rejected("vote_after_deadline", rule="A-VOTE-1", player=state.world.player(voter).nick)
    if not state.world.player(voter).alive:
        raise Rejected("not_eligible", rule="A-VOTE-2", player=state.world.player(voter).nick)
    return {
        "voter": voter,
        "target": target,
        "ts": ts,
        "post": post,
        "void": raw.get("void"),
        "digest": str(raw.get("digest") or ""),
    }


def thread_votes(state: AndorraState, cmd: Command) -> list[Event]:
    """``thread_votes {votes: [{voter, target, ts, post, void?, digest?}]}`` in thread order."""
    if cmd.actor != HOST:
        raise Rejected("not_host", rule="H-03", actor=cmd.actor)
    if state.phase not in (DAY, NIGHT) or (state.phase == NIGHT and state.day_ended_at is None):
        raise Rejected("wrong_phase", rule="A-THREAD-1", phase=state.phase, expected=[DAY, NIGHT])
    raw = cmd.payload.get("votes")
    if not isinstance(raw, list):
        raise Rejected("bad_payload", rule="A-THREAD-1", field="votes")
    deadline = state.deadline if state.phase == DAY else state.day_ended_at
    rows = [_row(state, r, deadline) for r in raw]
    logged = {e.post: e for e in state.votes if e.post is not None}
    events: list[Event] = []
    added = edited = 0
    for r in rows:
        old = logged.get(r["post"])
        if old is not None:  # A-THREAD-8: already in the log; an edit since voids it
            changed = r["void"] == "EDIT" or (r["digest"] and old.digest and r["digest"] != old.digest)
            if changed and old.void_reason != "EDIT":
                old.kind, old.void_reason = "VOID", "EDIT"
                edited += 1
                events.append(
                    Event("vote_void", {"day": state.world.day, "seq": old.seq, "void_reason": "EDIT"})
                )
            continue
        vote = Command(r["voter"], "vote", {"target": r["target"], "ts": r["ts"]}, cmd.now)
        events += cast_vote(state, vote)
        entry = state.votes[-1]
        entry.by, entry.post, entry.digest = "thread", r["post"], r["digest"] or None
        if r["void"] and entry.kind != "VOID":
            entry.kind, entry.void_reason = "VOID", r["void"]
        logged[r["post"]] = entry
        added += 1
    state.host_log.append(
        {"day": state.world.day, "thread": {"added": added, "edited": edited}, "at": cmd.now}
    )
    return events
