"""The server's heartbeat: how long it was down, so no game timer loses that time.

While it runs, the server marks itself alive in the store every second. After a
crash (or a clean stop: it marks once more on the way out) the gap between the last
mark and the restart is the outage; every restored game with a running timer gets
it back before anything else happens (``Room.resume_first``, docs/rules/heks.md
H-TBL-4). The measure is good to one interval: the server may have lived up to a
second after its last mark.

Each node beats under its own name (a cluster node's ``--node``); a node whose name
changes at every start (the default includes the process id) gets nothing back at
its restart. A node that takes over a dead node's room gives it the time since that
node's last mark (``downtime``, docs/deploy.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

from nightfall.ticks import sleep_on_grid

from .storage import AsyncStore

log = logging.getLogger("nightfall.server")

NODE = "server"
INTERVAL_SECONDS = 1.0


class Heartbeat:
    def __init__(
        self,
        store: AsyncStore,
        clock: Callable[[], int],
        interval_s: float = INTERVAL_SECONDS,
        node: str = NODE,
    ) -> None:
        self.store = store
        self.clock = clock
        self.interval_s = interval_s
        self.node = node
        self._task: asyncio.Task[None] | None = None

    async def outage_ms(self) -> int | None:
        """Time since this node last marked itself alive; None on a first start."""
        try:
            last = await self.store.last_alive(self.node)
        except Exception:
            log.exception("could not read the last heartbeat: no time given back")
            return None
        if last is None:
            return None
        gap = self.clock() - last
        return gap if gap > 0 else None

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._beat_forever(), name="heartbeat")

    async def _beat_forever(self) -> None:
        while True:
            await self._mark()
            await sleep_on_grid(self.interval_s)  # with the loop's other chores (``nightfall.ticks``)

    async def _mark(self) -> None:
        try:
            await self.store.mark_alive(self.node, self.clock())
        except Exception:  # a store hiccup must not end the heartbeat for good
            log.exception("could not mark the server alive")

    async def stop(self) -> None:
        """Stop beating; the last mark is now, so a clean restart counts from here."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
            await self._mark()


async def downtime(
    store: AsyncStore, code: str, was: str | None, here: str | None, clock: Callable[[], int]
) -> int | None:
    """How long a room taken over from node ``was`` had no owner: from that node's last sign of
    life (its heartbeat in the store) to now (``clock``). None when the room was let go on purpose
    (``was`` None: idle, its clock ran on as if it had stayed) or held by this node ``here``
    before (a restart gives that time back, ``Rooms.restore``). Given back to the game's
    running timer as after a restart (H-TBL-4)."""
    if was is None or here is None or was == here:
        return None
    try:
        last = await store.last_alive(was)
    except Exception:
        log.exception("room %s: node %s's last heartbeat cannot be read: no time given back", code, was)
        return None
    if last is None:
        return None
    gap = clock() - last
    return gap if gap > 0 else None
