"""uvicorn's ``Server`` with its housekeeping tick on the process's grid (``nightfall.ticks``).

uvicorn wakes its event loop every 0.1 s to see whether it should stop and to
refresh its Date header: 10 of the ~16 wake-ups a second of an idle node, each
40-220 µs of CPU on the benchmark machine for a few µs of work. This ticks every
``TICK_S`` on the shared grid instead, where the collector's freeze and the other
periodic chores tick too, so they share one wake-up. A stop (SIGINT, SIGTERM) is
seen within ``TICK_S``; the Date header is refreshed at every tick.
"""

from __future__ import annotations

import uvicorn

from nightfall.ticks import GRID_S, sleep_on_grid

TICK_S = GRID_S


class Server(uvicorn.Server):
    async def main_loop(self) -> None:
        # uvicorn refreshes its Date header when the counter is a multiple of 10 (once a
        # second at its own 0.1 s pace): 0 at every tick here, a few µs each.
        should_exit = await self.on_tick(0)
        while not should_exit:
            await sleep_on_grid(TICK_S)
            should_exit = await self.on_tick(0)
