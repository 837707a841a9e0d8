"""The desk's thread import preview (A-THREAD-1..8): the host's pages read into the day's vote
log, each vote with its post's link and time, void ones with their reason, the names that
wait for the host's confirmation, and the rows the ``thread_votes`` command takes once the
host confirms. Read-only: the server calls it through ``GameSite.host_tool``."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from nightfall.engine import HOST, Command, Rejected

from ..day import void_reason_text
from ..reasons import worded
from ..state import DAY, NIGHT, AndorraState
from ..thread.names import Names
from ..thread.readers import NotAThread, command_rows, merge, read_any
from ..thread.votes import IGNORED, DayWindow, as_json, blue_notes, read_votes
from ..thread_entry import thread_votes

MAX_BYTES = 8 * 1024 * 1024  # a request's pages (ten fetched pages of 4 MB are not sent back in)


def _aliases(state: AndorraState, raw: Any) -> dict[str, int]:
    nicks = {p.nick: p.seat for p in state.world.players}
    if not isinstance(raw, dict):
        return {}
    return {str(k): nicks[v] for k, v in raw.items() if isinstance(v, str) and v in nicks}


def preview(state: AndorraState, request: Mapping[str, Any]) -> dict[str, Any]:
    if state.phase not in (DAY, NIGHT):
        raise Rejected("wrong_phase", rule="A-THREAD-1", phase=state.phase, expected=[DAY, NIGHT])
    pages = []
    for i, page in enumerate(request.get("pages") or []):
        try:
            pages.append(read_any(page["text"], page.get("url", "")))
        except NotAThread as exc:  # the host is told what the text looks like and what to give
            where = page.get("url") or page.get("name") or ""
            raise worded(Rejected("thread_unreadable", kind=exc.kind, page=where)) from None
        except (ValueError, KeyError, TypeError) as exc:
            raise Rejected("bad_request", field=f"pages[{i}]", reason=str(exc)[:200]) from None
    posts = merge(pages)
    world = state.world
    nicks = {p.seat: p.nick for p in world.players}
    until = state.deadline if state.phase == DAY else state.day_ended_at
    window = DayWindow(nicks, {p.seat for p in world.alive()}, state.day_started_at, until)
    names = Names(nicks, _aliases(state, request.get("aliases")))
    votes = read_votes(posts, window, names)
    logged = {e.post for e in state.votes if e.post}
    out: list[dict[str, Any]] = []
    confirm: dict[str, dict[str, Any]] = {}
    for v in votes:
        line = as_json(v, nicks)
        line["time_ms"] = v.time_ms
        line["void_ru"] = void_reason_text(v.void)
        line["ignored_ru"] = IGNORED[v.ignored][0] if v.ignored else None
        line["logged"] = v.link in logged  # already in the log: a re-import adds it only once
        out.append(line)
        if v.ignored == "NOT_PLAYER" and v.author not in confirm:  # a forum name the host may map
            confirm[v.author] = {"name": v.author, "suggest": None, "candidates": [], "optional": True}
        if v.ignored is None and v.unmatched:
            for name in (
                (v.author,) if v.void == "MULTI" else (v.author, v.target_text)
            ):  # void whoever it names
                if name is None or name in confirm:
                    continue
                m = names.match(name)
                if not m.exact:
                    confirm[name] = {
                        "name": name,
                        "suggest": nicks[m.seat] if m.seat is not None else None,
                        "candidates": [nicks[s] for s in m.candidates],
                        "optional": False,
                    }
    rows = command_rows([v for v in votes if v.ignored is None and not v.unmatched], posts)
    waiting = any(not c["optional"] for c in confirm.values())
    voids, cancels = ({}, []) if waiting else _dry_run(state, rows)
    for line in out:  # what recording makes of each new row, by the log's own rules (A-VOTE-3/4)
        reason = voids.get(line["post"])
        if reason is not None and not line["logged"] and line["void"] is None:
            line["void"], line["void_ru"] = reason, void_reason_text(reason)
    return {
        "day": world.day,
        "posts": len(posts),
        "votes": out,
        "confirm": list(confirm.values()),
        "rows": [] if waiting else rows,
        "cancels": cancels,
        "blue": blue_notes(posts, window),
    }


def _dry_run(state: AndorraState, rows: list[dict[str, Any]]) -> tuple[dict[str, str], list[dict[str, Any]]]:
    """Recording ``rows`` on a copy of the game, through the command itself: each new post's
    void reason once recorded (a repeat of a vote the player already cast on the phone or by
    PM voids both, A-VOTE-3), and the votes already in the log that recording would void, so
    that the host reads before confirming what the log will say after it."""
    if not rows:
        return {}, []
    trial = copy.deepcopy(state)
    kinds = {e.seq: e.kind for e in trial.votes}
    try:
        thread_votes(trial, Command(HOST, "thread_votes", {"votes": rows}, state.now))
    except Rejected:
        return {}, []  # the command itself will say why when the host records
    nicks = {p.seat: p.nick for p in trial.world.players}
    voids = {
        e.post: e.void_reason or "" for e in trial.votes if e.post and e.kind == "VOID" and e.seq not in kinds
    }
    cancels = [
        {
            "voter": nicks[e.voter],
            "target": nicks.get(e.target) if e.target is not None else None,
            "by": e.by,
            "void": e.void_reason,
            "void_ru": void_reason_text(e.void_reason),
        }
        for e in trial.votes
        if e.seq in kinds and kinds[e.seq] != "VOID" and e.kind == "VOID"
    ]
    return voids, cancels
