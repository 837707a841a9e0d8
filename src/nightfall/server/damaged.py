"""Rooms in the store that do not load (a stored command the rules now refuse, a broken record):
reported once, then answered ``room_damaged`` without another try until the server restarts,
so one bad room costs a log line, not a replay per request."""

from __future__ import annotations

import logging

from nightfall.engine import Rejected

from .play import ReplayFailed

log = logging.getLogger("nightfall.room")

ADVICE = (
    "left as it is on disk; its players get room_damaged. Restore the store from a backup (docs/deploy.md)"
)


class DamagedRooms:
    def __init__(self) -> None:
        self._codes: set[str] = set()

    def __contains__(self, code: object) -> bool:
        return code in self._codes

    def refusal(self, code: str | None) -> Rejected | None:
        """``room_damaged`` for a room that is in the store but does not load, else None."""
        return Rejected("room_damaged", room=code) if code in self._codes else None

    def report(self, code: str, exc: Exception) -> None:
        """Once per room: what does not load, and what to do (docs/deploy.md, backups)."""
        if code in self._codes:
            return
        self._codes.add(code)
        if isinstance(exc, ReplayFailed):
            log.error("room %s: %s; %s", code, exc, ADVICE)
        else:  # not a command: the stored lobby or game record, or a bug in rebuilding
            log.error("room %s: its stored state does not load; %s", code, ADVICE, exc_info=exc)
