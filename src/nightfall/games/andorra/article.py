"""The Journalist's article (A-ROLE-JOURNALIST-3/4/7, H-07).

On Day N+1 a Journalist (or Journalist-Soldier / -Follower) who executed his watch on Night N
writes an article on his page. The host reads it (a pure Journalist may not lie: that is the
host's moderation, H-07) and publishes it: it is added to that day's morning post under
«Газета:», unsigned, in the order published; or he declines it, and the post is unchanged.
"""

from __future__ import annotations

from typing import Any

from nightfall.engine import HOST, PUBLIC, Command, Event, Rejected
from nightfall.engine.event import Audience

from .reports.forum_text import forum_text
from .state import DAY, AndorraState

MAX_ARTICLE = 4000  # characters: a forum post, not a book


def _mine(state: AndorraState, seat: int) -> dict[str, Any] | None:
    day = state.world.day
    return next((a for a in state.articles if a["day"] == day and a["seat"] == seat), None)


def write(state: AndorraState, cmd: Command) -> list[Event]:
    """A-ROLE-JOURNALIST-7: only on the day after his executed watch, until the host decides."""
    world = state.world
    seat = cmd.actor
    if state.phase != DAY:
        raise Rejected("wrong_phase", rule="A-ROLE-JOURNALIST-7", phase=state.phase, expected=[DAY])
    if not isinstance(seat, int) or seat not in world.article_rights:
        raise Rejected("no_article_today", rule="A-ROLE-JOURNALIST-7")
    text = cmd.payload.get("text")
    if isinstance(text, str):
        text = forum_text(text)  # A-SEC-4: stored as it will be posted, so the host reviews that
    if not isinstance(text, str) or not text:
        raise Rejected("article_empty", rule="A-ROLE-JOURNALIST-3")
    if len(text) > MAX_ARTICLE:
        raise Rejected("article_too_long", rule="A-ROLE-JOURNALIST-3", max=MAX_ARTICLE)
    mine = _mine(state, seat)
    if mine is not None and mine["status"] != "waiting":
        raise Rejected("article_decided", rule="H-07")
    if mine is None:
        state.articles.append({"day": world.day, "seat": seat, "text": text.strip(), "status": "waiting"})
    else:
        mine["text"] = text.strip()
    return [
        Event(
            "article_written", {"day": world.day, "seat": seat}, Audience(seats=frozenset({seat}), host=True)
        )
    ]


def verdict(state: AndorraState, cmd: Command) -> list[Event]:
    """H-07: the host publishes the article into the day's morning post, or declines it."""
    if cmd.actor != HOST:
        raise Rejected("not_host", rule="H-07", actor=cmd.actor)
    seat, publish = cmd.payload.get("seat"), cmd.payload.get("publish")
    if type(publish) is not bool:
        raise Rejected("bad_payload", rule="H-07", field="publish")
    mine = _mine(state, seat) if isinstance(seat, int) else None
    if mine is None or mine["status"] != "waiting":
        raise Rejected("no_article_waiting", rule="H-07")
    if state.phase != DAY or not state.posts or state.posts[-1]["day"] != state.world.day:
        raise Rejected("wrong_phase", rule="H-07", phase=state.phase, expected=[DAY])
    if not publish:
        mine["status"] = "declined"
        return [
            Event("article_declined", {"seat": seat}, Audience(seats=frozenset({mine["seat"]}), host=True))
        ]
    mine["status"] = "published"
    state.posts[-1].setdefault("articles", []).append(mine["text"])
    return [Event("article_published", {"day": state.world.day}, PUBLIC)]
