"""The thread import's alias table kept with the room (A-THREAD-5a): a forum name the host
confirmed for a player (``thread_alias``), so a re-import, another tab or another device of the
host's uses it. Names map to seats, so a replacement (A-GEN-4) keeps the mapping."""

from __future__ import annotations

import unicodedata
from typing import Any

from nightfall.engine import HOST, Command, Event, Rejected

ALIAS = "thread_alias"
NAME_MAX = 80  # a forum name
MAX_ALIASES = 200  # a 40-player game with a few names each; the log does not grow without end


def apply(aliases: dict[str, int], seats: int, command: Command) -> list[Event]:
    """``{name, seat}`` maps the forum name to the seat; ``seat: null`` forgets it."""
    if command.actor != HOST:
        raise Rejected("not_host", rule="A-THREAD-5a", actor=command.actor)
    raw = command.payload.get("name")
    name = unicodedata.normalize("NFC", raw).strip() if isinstance(raw, str) else ""
    if not name or len(name) > NAME_MAX or any(unicodedata.category(c)[0] == "C" for c in name):
        raise Rejected("bad_payload", rule="A-THREAD-5a", field="name")
    seat = command.payload.get("seat")
    if seat is None:
        aliases.pop(name, None)
        return []
    if type(seat) is not int or not 1 <= seat <= seats:
        raise Rejected("bad_payload", rule="A-THREAD-5a", field="seat")
    if name not in aliases and len(aliases) >= MAX_ALIASES:
        raise Rejected("bad_payload", rule="A-THREAD-5a", field="name", max=MAX_ALIASES)
    aliases[name] = seat
    return []


def by_nick(aliases: dict[str, int], world: Any) -> dict[str, str]:
    """The table as the desk and the preview read it: forum name -> the seat's current nick."""
    return {name: world.player(seat).nick for name, seat in aliases.items()}
