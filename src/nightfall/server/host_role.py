"""Who holds the host role, and the automatic handover when the host is gone (H-HST-7b).

The lobby's host (a pid) decides host-only lobby actions; while a Heks game runs
the engine's host seat decides the host controls. The engine is the source of
truth during a game (the role moves only by the ``pass_host`` command, so the
transcript replays), and the lobby follows it.

A host whose phone died leaves an Unlimited game stuck: nobody else may mark a
stalled player absent. So once the host has had no socket for ``after_ms``
while another seated member is connected, the server passes the role on.
"""

from __future__ import annotations

from nightfall.games.registry import GameSite

from .lobby import PLAYING, Lobby
from .play import Play


def engine_host_pid(site: GameSite, play: Play | None) -> int | None:
    """The pid at the rules' host seat, for games that keep one (Heks); else None."""
    if play is None:
        return None
    seat = site.host_seat(play.state)
    seating = play.record.seating
    return seating[seat - 1] if seat is not None and 1 <= seat <= len(seating) else None


def seat_order(lobby: Lobby, play: Play | None) -> list[int]:
    """The members who may become host, in seat order: the game's seats while it runs."""
    if lobby.status == PLAYING and play is not None:
        return list(play.record.seating)
    return [m.pid for m in lobby.members]


class HostWatch:
    """Since when the host has had no socket; the handover is due ``after_ms`` later."""

    def __init__(self, after_ms: int) -> None:
        self.after_ms = after_ms
        self.gone_since: int | None = None

    def update(self, host_here: bool, now: int) -> bool:
        """Note whether the host has a socket now; True if the host has just gone."""
        if host_here:
            self.gone_since = None
            return False
        if self.gone_since is None:
            self.gone_since = now
            return True
        return False

    def due_in(self, now: int) -> int | None:
        """Milliseconds until the handover is due (0: due now), None while the host is here."""
        if self.gone_since is None:
            return None
        return max(0, self.gone_since + self.after_ms - now)
