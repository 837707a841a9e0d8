"""What creating an Andorra game carries (``GET /api/games``, ``POST /api/rooms``), typed
once: ``site/hosting.py`` is checked against these by mypy, and ``nightfall.typegen``
writes them to ``web/src/generated/protocol.ts`` for the creation page."""

from __future__ import annotations

from typing import TypedDict

from .words_types import AndorraWords, Seat


class AndorraRoleInfo(TypedDict):
    """A role the creation form lists (``GET /api/games``, settings.roles): its code, its
    names and its side in both languages (A-SETUP-17a), and the short names the list may
    use for it (A-SETUP-1a: «МЖ», «босс»), so the form can check every line before it sends."""

    code: str
    ru: str
    en: str
    side: AndorraWords
    aliases: list[str]


class AndorraCreatedPlayer(TypedDict):
    seat: Seat
    name: str
    token: str
    url: str


class AndorraCreated(TypedDict):
    """The answer to creating an Andorra game (``POST /api/rooms`` with ``game: andorra``):
    the desk's link and every player's private link."""

    code: str
    game: str
    host_token: str
    desk_url: str
    players: list[AndorraCreatedPlayer]
    warnings: list[str]
