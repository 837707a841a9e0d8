"""Small helpers to build Heks events with the right audience."""

from __future__ import annotations

from typing import Any, cast

from nightfall.engine import PUBLIC, Audience, Event, seats

from .state import HeksState
from .view_types import HeksInboxItem


def public(out: list[Event], type_: str, **data: Any) -> None:
    out.append(Event(type_, data, PUBLIC))


# One Audience per seat: it is a frozen value, so sharing it is safe, and building
# a frozen dataclass for every private event was a measurable part of ``apply``.
_SEAT_AUDIENCE: dict[int, Audience] = {}


def private(out: list[Event], who: int | list[int], type_: str, **data: Any) -> None:
    if isinstance(who, int):
        audience = _SEAT_AUDIENCE.get(who)
        if audience is None:
            audience = _SEAT_AUDIENCE[who] = seats(who)
    else:
        audience = Audience(seats=frozenset(who))
    out.append(Event(type_, data, audience))


def secret(out: list[Event], type_: str, **data: Any) -> None:
    """Only the omniscient audit view sees it (replays, bug reports)."""
    out.append(Event(type_, data, Audience()))


def inbox(state: HeksState, seat: int, kind: str, **data: Any) -> HeksInboxItem:
    """File a private message for ``seat`` (Seer results, theft notices, the Protector's notice);
    ``data`` holds the keys of its kind in ``HeksInboxItem``."""
    msg = cast(HeksInboxItem, {"day": state.day.number, "kind": kind, **data})
    state.inbox.setdefault(seat, []).append(msg)
    return msg
