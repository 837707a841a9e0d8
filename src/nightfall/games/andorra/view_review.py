"""The host's review of a night and the players' questions, as ``view`` shows them: the
moves with their words, the audit, the pending questions and their prompts."""

from __future__ import annotations

from typing import Any, cast

from .questions import may_decline, unanswered
from .reports.host_log import of_night
from .reports.morning import render_post
from .reports.render import render
from .reports.review import HITS, NOTES, answer_label, review
from .review_types import AndorraAudit, AndorraAuditEvent, AndorraReview
from .roles.move_names import move_name
from .roles.move_params import describe
from .state import AndorraState, World
from .view_types import AndorraMove, AndorraPending, AndorraPrompt, AndorraSettled
from .words_types import AndorraWords


def own_prompts(state: AndorraState, seat: int) -> list[AndorraPrompt]:
    """His open questions while the night waits; once it is resolved (the last answer goes on
    to the host's review, or the host closed the questions), every question he was asked, with
    his answer or as closed, so that what he answered stays in sight."""
    pending = state.pending or {}
    if state.phase == "RESOLVING":
        return [prompt_view(state, p) for p in pending.get("prompts", []) if p["seat"] == seat]
    if state.phase == "REVIEW":
        # his questions of the night, answered or closed without an answer (the page says
        # which, and what no answer gave: it used to drop them until the morning)
        asked = (pending.get("audit") or {}).get("prompts", [])
        return [prompt_view(state, p) for p in asked if p["seat"] == seat]
    return []


def public_phase(state: AndorraState) -> tuple[str, int | None]:
    """A-SEC-7: the phase and deadline as everyone may see them. While the night waits on
    questions (RESOLVING) the table sees what it sees when none was asked: the host's review
    (REVIEW), with no deadline, since whether a question was asked, and when its time runs
    out, are hidden facts."""
    if state.phase == "RESOLVING":
        return "REVIEW", None
    return state.phase, state.deadline


def asked_phase(state: AndorraState, seat: int) -> tuple[str, int | None] | None:
    """A-SEC-7: the phase a player with an open question of his own sees (RESOLVING, with his
    questions' earliest deadline), or None: once he has answered he is back with the table."""
    if state.phase != "RESOLVING":
        return None
    mine = [
        p
        for p in (state.pending or {}).get("prompts", [])
        if p["seat"] == seat and str(p["id"]) not in state.answers
    ]
    if not mine:
        return None
    due = [d for p in mine if (d := state.prompt_deadlines.get(str(p["id"]))) is not None]
    return "RESOLVING", min(due, default=None)


def prompt_view(state: AndorraState, pr: dict[str, Any]) -> AndorraPrompt:
    """A prompt with its text (A-DATA-I): what to answer, the options with their words, the
    default, whether it may be declined, and the answer given so far (it leaves the list of
    open questions on the page)."""
    world = state.world
    kind = str(pr["kind"])
    answered = str(pr["id"]) in state.answers
    # the night's prompt record (night/dawn.py) with its words
    out: dict[str, Any] = {
        **pr,
        "ru": render(world, pr["key"], pr["params"], "ru"),
        "en": render(world, pr["key"], pr["params"], "en"),
        "choices": [
            {
                "value": o,
                "ru": answer_label(state.world, kind, o, "ru"),
                "en": answer_label(state.world, kind, o, "en"),
            }
            for o in pr["options"]
        ],
        "default_label": unanswered(pr)
        if pr["default"] is None
        else {
            "ru": answer_label(state.world, kind, pr["default"], "ru"),
            "en": answer_label(state.world, kind, pr["default"], "en"),
        },
        "can_decline": may_decline(pr),  # A-CYCLE-6a
        "answered": answered,
        "answer": state.answers.get(str(pr["id"])) if answered else None,
        "by_host": answered and _answered_by_host(state, str(pr["id"])),
        "deadline": state.prompt_deadlines.get(str(pr["id"])),
    }
    return cast("AndorraPrompt", out)


def _answered_by_host(state: AndorraState, pid: str) -> bool:
    """Whether the answer that stands is the one the host gave for the player (his log,
    H-03b): his last for this question, unless she answered otherwise after it."""
    given = [h["answer"] for h in state.host_log if h.get("prompt") == pid]
    return bool(given) and given[-1] == state.answers.get(pid)


def night_review(state: AndorraState) -> AndorraReview | None:
    """The review (H-03) with the host's PM entries and state edits of that day and night
    (H-03b, H-03c)."""
    got = review(state)
    if got is None or state.pending_world is None:
        return None
    got["host_entries"] = of_night(state, state.pending_world, got["night"])
    return cast("AndorraReview", got)


def move_view(state: AndorraState, move: dict[str, Any] | None) -> AndorraMove | None:
    return None if move is None else sure_move_view(state, move)


def sure_move_view(state: AndorraState, move: dict[str, Any]) -> AndorraMove:
    """A submitted move as ``moves.py`` records it, with its name and fields in words."""
    world = state.world
    code, params = str(move["action"]), dict(move.get("params") or {})

    def nick(seat: int) -> str:
        return world.player(seat).nick if 1 <= seat <= len(world.players) else f"#{seat}"

    out: AndorraMove = {
        "action": code,
        "target": move.get("target"),
        "params": params,
        "name": words(code),
        "details": {"ru": describe(code, params, nick, "ru"), "en": describe(code, params, nick, "en")},
    }
    for key in ("by", "at", "sheet", "corrected", "entered_by"):
        if key in move:
            out[key] = move[key]
    return out


def audit_view(audit: dict[str, Any]) -> AndorraAudit:
    """A resolved night's audit (night_pipeline, game._run) with each move's name in words."""
    return {
        "night": int(audit["night"]),
        "steps": audit["steps"],
        "events": [audit_event(e) for e in audit["events"]],
        "tally": audit["tally"],
        "prompts": audit["prompts"],
        "acts": {
            s: {
                "code": str(a["code"]),
                "name": words(str(a["code"])),
                "orig": a["orig"],
                "target": a["target"],
                "state": str(a["state"]),
                "result": a["result"],
            }
            for s, a in audit["acts"].items()
        },
    }


def audit_event(e: dict[str, Any]) -> AndorraAuditEvent:
    """One executed action as ``night.ctx.ExecutedAction.as_dict`` records it."""
    return {
        "seq": int(e["seq"]),
        "step": str(e["step"]),
        "actor": int(e["actor"]),
        "code": str(e["code"]),
        "name": words(str(e["code"])),
        "target": e["target"],
        "cls": str(e["cls"]),
        "result": str(e["result"]),
        "hit": str(e["hit"]),
        "reflected": bool(e["reflected"]),
        "response": bool(e["response"]),
        "visible": bool(e["visible"]),
        "note": str(e["note"]),
        # what stopped it and the kind of harm, in the engine's words (None: nothing to say)
        "hit_words": table_words(HITS, str(e["hit"])),
        "note_words": table_words(NOTES, str(e["note"])),
    }


def pending_view(state: AndorraState) -> AndorraPending | None:
    if state.pending is None:
        return None
    out = cast(AndorraPending, dict(state.pending))
    if "audit" in state.pending:
        out["audit"] = audit_view(state.pending["audit"])
    if "prompts" in out:  # the desk shows every waiting question with its text
        out["prompts"] = [prompt_view(state, p) for p in state.pending["prompts"]]
    if "post" in out and state.pending_world is not None:
        nicks = {p.seat: p.nick for p in state.pending_world.players}
        out["post_text"] = render_post(out["post"], nicks, "ru")
        out["post_bbcode"] = render_post(out["post"], nicks, "ru", bbcode=True)  # A-SEC-4: as posted
    return out


def words(code: str) -> AndorraWords:
    return {"ru": move_name(code, "ru"), "en": move_name(code, "en")}


def table_words(table: dict[str, tuple[str, str]], code: str) -> AndorraWords | None:
    found = table.get(code)
    return None if found is None else {"ru": found[0], "en": found[1]}


def settled(world: World, asked: dict[str, Any] | None) -> AndorraSettled | None:
    """A settled question's answer in words, for the player's inbox (``settle``)."""
    if asked is None:
        return None
    kind, value = str(asked["kind"]), asked["answer"]
    words: AndorraWords | None = asked.get("words")
    if words is None and value is not None:
        words = {"ru": answer_label(world, kind, value, "ru"), "en": answer_label(world, kind, value, "en")}
    return {"answered": bool(asked["answered"]), "answer": words}
