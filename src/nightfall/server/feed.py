"""A game's feed (Andorra: its clan chat) sent apart from the views (docs/protocol.md, ``feed``).

A view is resent whole whenever it changes, so a chat kept in the view cost every member the
whole history with each new message (issue 30, finding 5). The feed instead goes out as
``feed`` messages: the latest page when a socket connects (``reset``), each new item once
to the sockets that may read it, and older pages when the client asks for them. What a
viewer may read is the game's business (``GameSite.feed``); the server only pages it.
"""

from __future__ import annotations

from typing import Any

from nightfall.engine import Rejected
from nightfall.games.registry import GameSite

from .protocol import encode

FEED_PAGE = 50  # items per page (on connect, and per «earlier messages»)


def frame(now: int, items: list[Any], more: bool | None = None, reset: bool = False, rid: Any = None) -> str:
    """A ``feed`` message: new items, or a page (with ``more``: older items exist)."""
    out: dict[str, Any] = {"type": "feed", "server_time": now, "items": items}
    if more is not None:
        out["more"] = more
    if reset:
        out["reset"] = True
    if rid is not None:
        out["id"] = rid
    return encode(out)


def page(site: GameSite, state: Any, viewer: Any, before: int | None) -> tuple[list[Any], bool] | None:
    """The page ending before ``viewer``'s item ``before`` (the latest page without it) that
    ``viewer`` may read."""
    hi = site.feed_length(state) if before is None else site.feed_index(state, viewer, before)
    return site.feed(state, viewer, 0, hi, FEED_PAGE)


def before_of(message: dict[str, Any]) -> int | None:
    """A page request's ``before`` (an item index), or None for the latest page."""
    before = message.get("before")
    if before is None:
        return None
    if isinstance(before, bool) or not isinstance(before, int) or before < 0:
        raise Rejected("bad_message", field="before")
    return before
