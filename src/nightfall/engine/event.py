"""Events: what happened, and who may know it.

Every event carries an audience. ``view`` and the per-viewer event log filter
by it, so a private result can never reach another player by accident.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from .command import thaw

# Who is looking: a seat, the public board, the host's screen, or the
# omniscient audit view ("all": replays, bug reports, Andorra's ведущий).
Viewer = int | Literal["public", "host", "all"]


@dataclass(frozen=True, slots=True)
class Audience:
    public: bool = False
    seats: frozenset[int] = frozenset()
    host: bool = False  # the host's screen (Heks: names of pending players; Andorra: the ведущий)

    def admits(self, viewer: Viewer) -> bool:
        if viewer == "all" or self.public:
            return True
        if viewer == "host":
            return self.host
        if viewer == "public":
            return False
        return viewer in self.seats


PUBLIC = Audience(public=True)
HOST_ONLY = Audience(host=True)
NOBODY = Audience()


def seats(*who: int) -> Audience:
    return Audience(seats=frozenset(who))


@dataclass(frozen=True, slots=True, init=False)
class Event:
    type: str
    data: dict[str, Any]
    audience: Audience = PUBLIC

    def __init__(self, type: str, data: dict[str, Any], audience: Audience = PUBLIC) -> None:
        # Frozen to the type checker only (``command.thaw``): every command makes events.
        self.type = type  # type: ignore[misc]
        self.data = data  # type: ignore[misc]
        self.audience = audience  # type: ignore[misc]

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, **self.data}


thaw(Event)


def visible(events: list[Event], viewer: Viewer) -> list[Event]:
    return [e for e in events if e.audience.admits(viewer)]
