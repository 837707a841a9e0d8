"""A room's odds (issue 34 §2): the lobby follows its deck in the odds pool.

While the room is in its lobby (or a game ended, before "Play again") the deck
its members and settings would be dealt is asked of the pool; an edit, a join or a
start drops the old deck's subscription at once. Updates reach the phones and the
board as a new state, at most ``PUSHES_PER_SECOND`` a second: a deck of four
players finishes hundreds of games a second, and a lobby needs only to see the
numbers settle.

Only a lobby somebody is looking at asks (a phone or a board attached), and it asks
as its host's address (the host's socket, else a member's, else a board's): the pool
shares its workers among addresses first, so one client's many lobbies cannot
starve another table's odds (docs/security.md, gap 11).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Hashable
from typing import Any

from .lobby import ENDED, LOBBY, Lobby
from .odds_pool import OddsPool, Subscription
from .room_core import RoomCore

PUSHES_PER_SECOND = 2.0
Job = Callable[[], Awaitable[Any]]  # room_commit's: a step on the room's task


class OddsWatch:
    def __init__(self, core: RoomCore, pool: OddsPool | None, enqueue: Callable[[Job], None]) -> None:
        self.core = core
        self.pool = pool
        self._enqueue = enqueue
        self.broadcast: Callable[[], None] = lambda: None  # set by the room: RoomViews.broadcast
        self.key: Hashable | None = None
        self.owner: str | None = None  # whose turn the deck takes in the pool
        self.odds: Any = None  # what the room part shows (the pool's OddsJson), None: nothing
        self._sub: Subscription | None = None
        self._latest: Any = None  # the newest update, not yet shown
        self._timer: asyncio.TimerHandle | None = None
        self._shown_at = 0.0

    def follow(self, lobby: Lobby) -> None:
        """Ask for the deck ``lobby`` would deal now (called whenever the lobby changed,
        and when a socket comes or goes)."""
        key, owner = None, self._owner(lobby)
        if self.pool is not None and lobby.status in (LOBBY, ENDED) and owner is not None:
            key = self.core.site.odds_key(len(lobby.members), lobby.settings)
        if key == self.key and (key is None or owner == self.owner):
            return
        self.stop()
        self.key, self.owner = key, owner
        if key is not None and self.pool is not None:
            self._sub, self.odds = self.pool.subscribe(self.core.site, key, self._update, owner)
            self._shown_at = time.monotonic()

    def _owner(self, lobby: Lobby) -> str | None:
        """Whose turn the deck takes: the host's socket's address, else the earliest-joined
        member's with a socket (the lowest pid), else a board's; None: nobody looks. Never a
        spectator's while a member looks: anyone with the code may watch, and a watcher first
        in line took the room's odds into his own turn (attack round 6)."""
        conns = [c for c in self.core.conns if not c.closed]
        if not conns:
            return None
        members = sorted((c for c in conns if c.pid is not None), key=lambda c: (c.pid != lobby.host, c.pid))
        return (members or conns)[0].address or ""

    def stop(self) -> None:
        """No more odds for this room (its deck changed, or it stops)."""
        if self._sub is not None:
            self._sub.cancel()
            self._sub = None
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self.key = self.odds = self._latest = self.owner = None

    def _update(self, odds: Any) -> None:
        self._latest = odds
        if self._timer is not None:
            return
        wait = self._shown_at + 1 / PUSHES_PER_SECOND - time.monotonic()
        if wait <= 0:
            self._show()
        else:
            self._timer = asyncio.get_running_loop().call_later(wait, self._show)

    def _show(self) -> None:
        self._timer = None
        self._shown_at = time.monotonic()
        key = self.key

        async def show() -> None:
            # on the room's task, like every change: the broadcast sees one consistent room
            if self.key == key and self._latest is not None:
                self.odds, self._latest = self._latest, None
                self._shown_at = time.monotonic()
                self.broadcast()

        self._enqueue(show)
