"""Presence of the members: Connected → Grace → Disconnected.

A reload or a Wi-Fi blip closes a socket for a moment; ``grace`` keeps the
host from marking someone absent who is about to come back.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

CONNECTED = "connected"
GRACE = "grace"
DISCONNECTED = "disconnected"


class Presence:
    def __init__(self, grace_ms: int, on_grace_over: Callable[[int], None]) -> None:
        self.grace_ms = grace_ms
        self._on_grace_over = on_grace_over
        self._state: dict[int, str] = {}
        self._timers: dict[int, asyncio.TimerHandle] = {}
        # Counts every change of anyone's presence: what a cache of the room part
        # (which shows everyone's presence) is keyed on.
        self.version = 0

    def of(self, pid: int) -> str:
        return self._state.get(pid, DISCONNECTED)

    def _set(self, pid: int, value: str) -> bool:
        changed = self.of(pid) != value
        self._state[pid] = value
        self.version += changed
        return changed

    def _cancel(self, pid: int) -> None:
        timer = self._timers.pop(pid, None)
        if timer is not None:
            timer.cancel()

    def connect(self, pid: int) -> bool:
        """A socket for ``pid`` opened. True if the presence changed."""
        self._cancel(pid)
        return self._set(pid, CONNECTED)

    def lose(self, pid: int) -> bool:
        """The last socket for ``pid`` closed: start the grace period."""
        self._cancel(pid)
        loop = asyncio.get_running_loop()
        self._timers[pid] = loop.call_later(self.grace_ms / 1000, self._on_grace_over, pid)
        return self._set(pid, GRACE)

    def expire(self, pid: int) -> bool:
        """The grace period is over (the room checked that no socket came back)."""
        self._timers.pop(pid, None)
        if self.of(pid) != GRACE:
            return False
        return self._set(pid, DISCONNECTED)

    def forget(self, pid: int) -> None:
        self._cancel(pid)
        if self._state.pop(pid, None) is not None:
            self.version += 1

    def cancel_all(self) -> None:
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
