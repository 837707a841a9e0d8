"""Quiet sockets: a phone in a running game that has gone silent has lost its link.

A Heks phone at a table in play sends something at least every second (its fast
heartbeat, web/src/core/link.ts), and says "no connection" itself after 2 s of silence.
The server used to learn of a dead link only from its own WebSocket ping, 20 s later,
so the host's presence list lagged far behind the phone (issue 31 §2). Here the room
looks at its seated sockets once a second while a game runs: one silent for longer than
the game's ``quiet_lost_ms`` counts as gone (its member enters the grace period, which
the host sees at once), and its next frame brings the member back. The socket itself
stays open: a phone that was only slow loses nothing, and reconnecting is not slowed.
"""

from __future__ import annotations

import time
from collections.abc import Iterable

from .connection import Connection

SWEEP_SECONDS = 1.0  # how often a room with a running game looks (one timer per such room)


def newly_quiet(
    conns: Iterable[Connection], quiet_ms: int, since: float, now: float | None = None
) -> list[Connection]:
    """The seated sockets silent for longer than ``quiet_ms`` not yet counted lost; marks them.

    ``since``: when the game started (time.monotonic); silence before it does not count, as
    the lobby's phones keep only the slow keepalive."""
    now = time.monotonic() if now is None else now
    limit = quiet_ms / 1000
    out = []
    for conn in conns:
        if conn.pid is not None and not conn.quiet and now - max(conn.heard_at, since) > limit:
            conn.quiet = True
            out.append(conn)
    return out


def heard(conn: Connection) -> bool:
    """A frame arrived on ``conn``: note it. True if it had been counted lost."""
    conn.heard_at = time.monotonic()
    return conn.quiet
