"""Room events as readable terminal lines."""

from __future__ import annotations

import logging
from typing import Any

from nightfall.engine import Event

log = logging.getLogger("nightfall.room")


def short(data: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in data.items() if v is not None and not isinstance(v, dict | list))


def public_events(code: str, revision: int, events: list[Event]) -> None:
    # Only public events reach the log: the host is a player and may be looking
    # at the terminal. Scalar fields only, to keep one line per change. DEBUG, not
    # INFO: a line per command was ~7 % of the server's CPU under load, and the
    # terminal is for joins, starts, ends and trouble.
    if not log.isEnabledFor(logging.DEBUG):
        return
    public = [f"{e.type}({short(e.data)})" if short(e.data) else e.type for e in events if e.audience.public]
    if public:
        log.debug("room %s #%d: %s", code, revision, ", ".join(public))
