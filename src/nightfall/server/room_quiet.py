"""The room's quiet-socket watch (server/quiet.py): while a game runs, a seated socket
silent for longer than the game's ``quiet_lost_ms`` counts as lost, so the host's
presence list follows a dead phone within seconds (issue 31 §2); its next frame brings
the member back."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from . import quiet
from .connection import Connection
from .lobby import PLAYING
from .room_commit import Job
from .room_core import RoomCore
from .room_views import RoomViews


class QuietWatch:
    def __init__(self, core: RoomCore, views: RoomViews, enqueue: Callable[[Job], None]) -> None:
        self.core = core
        self.views = views
        self._enqueue = enqueue
        self._timer: asyncio.TimerHandle | None = None  # the sweep's next run
        self._since: float | None = None  # when the sweep first saw the game running
        self.running = False  # the room's task runs: the sweep may be scheduled

    def stop(self) -> None:
        self.running = False
        if self._timer:
            self._timer.cancel()
            self._timer = None

    def heard_again(self, conn: Connection) -> None:
        """A frame came on a socket counted lost for its silence: its member is back."""

        async def back() -> None:
            if conn.quiet and conn in self.core.conns:
                conn.quiet = False
                if conn.pid is not None and self.core.presence.connect(conn.pid):
                    self.views.broadcast_presence([conn.pid])

        self._enqueue(back)

    def watch(self) -> None:
        """Sweep once a second while some seated socket is open (it acts while a game runs)."""
        core = self.core
        if core.site.quiet_lost_ms is None or self._timer is not None or not self.running:
            return
        if not any(c.pid is not None for c in core.conns):
            return

        def due() -> None:
            self._timer = None
            self._enqueue(self._sweep)

        self._timer = asyncio.get_running_loop().call_later(quiet.SWEEP_SECONDS, due)

    async def _sweep(self) -> None:
        core = self.core
        quiet_ms = core.site.quiet_lost_ms
        if core.lobby.status != PLAYING:
            self._since = None
        elif quiet_ms is not None:
            if self._since is None:
                self._since = time.monotonic()
            lost = []
            for conn in quiet.newly_quiet(core.conns, quiet_ms, self._since):
                pid = conn.pid
                if pid is not None and not core.linked(pid) and core.presence.lose(pid):
                    lost.append(pid)
            if lost:
                self.views.broadcast_presence(lost)
        self.watch()
