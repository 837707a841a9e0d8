"""Idle rooms leave memory, and come back at their game's next deadline.

What stays of an unloaded room is owned here: its last use, the highest state
version a viewer was sent (so versions never go backwards when it is loaded
again), and the timer that loads it when its game's clock is due.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from nightfall.cluster.ownership import NotOwner, Ownership

from .limits import IdleRooms
from .lobby import PLAYING

if TYPE_CHECKING:
    from .room import Room

log = logging.getLogger("nightfall.room")


def _duration(ms: int) -> str:
    minutes = ms // 60_000
    return f"{minutes} min" if minutes < 120 else f"{minutes // 60} h {minutes % 60} min"


@dataclass(slots=True)
class Unloaded:
    """What stays in memory of an unloaded room, kept only while it matters."""

    touched: int  # its last use: being loaded for a deadline is not one
    version_floor: int  # the highest state version a viewer was sent
    wakeup: asyncio.TimerHandle | None = None  # loads the room at its game's next deadline


class Unloading:
    """The unloaded rooms that still matter, the periodic idle check and the wake-ups.

    ``load`` brings a room back for its deadline (``Rooms._load``); ``unload_idle``
    is the check run every ``IdleRooms.check_seconds`` (``Rooms.unload_idle``).
    """

    def __init__(
        self,
        idle: IdleRooms,
        clock: Callable[[], int],
        load: Callable[[str], Awaitable[Room | None]],
        unload_idle: Callable[[], Awaitable[list[str]]],
    ) -> None:
        self.idle = idle
        self.clock = clock
        self._load = load
        self._unload_idle = unload_idle
        self.gone: dict[str, Unloaded] = {}
        self.checker: asyncio.Task[None] | None = None
        self._wakes: set[asyncio.Task[None]] = set()
        self.ownership: Ownership | None = None  # on a cluster node (``Rooms.run_as_node``)

    def too_long(self, room: Room) -> bool:
        """Has ``room`` been idle for longer than its limit (a running game gets longer)?"""
        since = room.idle_since
        limit = self.idle.limit_ms(room.lobby.status == PLAYING)
        return since is not None and limit > 0 and self.clock() - since >= limit

    def take(self, code: str) -> Unloaded | None:
        """What was kept of ``code``, which is being loaded: its wake-up is no longer needed."""
        gone = self.gone.pop(code, None)
        if gone is not None and gone.wakeup is not None:
            gone.wakeup.cancel()
        return gone

    def version_floor(self, code: str) -> int:
        gone = self.gone.get(code)
        return gone.version_floor if gone is not None else 0

    def remember(self, room: Room) -> None:
        """``room`` just left memory: keep what a later load needs, and wake it at its deadline."""
        now = self.clock()
        log.info("room %s: unloaded (idle %s)", room.code, _duration(now - room.touched))
        gone = Unloaded(room.touched, room.highest_version())
        deadline = room.next_deadline()
        if deadline is not None:
            # The game's clock keeps running: load the room when its timer is due, as
            # if it had stayed (an Andorra night ends on time with every phone asleep).
            delay = max(0.0, (deadline - now) / 1000)
            gone.wakeup = asyncio.get_running_loop().call_later(delay, self._wake, room.code)
        # The floor matters only while a counter is ahead of the clock, from which a
        # reloaded room's counters start (``RoomViews.first_version``).
        if gone.wakeup is not None or gone.version_floor > now:
            self.gone[room.code] = gone

    def _wake(self, code: str) -> None:
        gone = self.gone.get(code)
        if gone is not None:
            gone.wakeup = None
        task = asyncio.create_task(self.wake_up(code), name=f"wake-room-{code}")
        self._wakes.add(task)
        task.add_done_callback(self._wakes.discard)

    async def wake_up(self, code: str) -> None:
        """Load ``code`` for its deadline (also: a cluster node adopting an orphaned room)."""
        try:
            room = await self._load(code)
            if room is None and self.ownership is not None:  # closed or gone: nobody need own it
                await self.ownership.leases.forget(code)
        except NotOwner:
            pass  # another node has it, and runs its timers
        except Exception:
            log.exception("room %s: could not be loaded for its deadline", code)

    def start(self) -> None:
        """Check for idle rooms every ``IdleRooms.check_seconds`` (the app's lifespan)."""
        if (self.idle.room_ms or self.idle.game_ms) and self.checker is None:
            self.checker = asyncio.create_task(self._check_forever(), name="unload-idle-rooms")

    async def _check_forever(self) -> None:
        while True:
            await asyncio.sleep(self.idle.check_seconds)
            try:
                await self._unload_idle()
            except Exception:  # a bug here must not end the checks for good
                log.exception("unloading idle rooms failed")

    async def stop(self) -> None:
        if self.checker is not None:
            self.checker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.checker
            self.checker = None
        for gone in self.gone.values():
            if gone.wakeup is not None:
                gone.wakeup.cancel()
        for task in list(self._wakes):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
