"""One grid of times for a process's periodic chores, so they wake it together.

On the machine the benchmarks run on (a VM), a thread that sleeps and wakes costs
40-220 µs of CPU per wake-up, whatever it then does (docs/benchmarks.md, "The
cluster"). A server's chores each kept their own timer: uvicorn's tick (0.1 s),
the collector's freeze (0.2 s), the health stamp (0.5 s), the lease keeper (a
third of the lease) and the heartbeat (1 s) woke an idle cluster node 22 times a
second, each wake-up for a few µs of work. Each chore now sleeps until a time on
a shared grid of ``GRID_S`` (the grid time at most its period ahead), so chores
that fall due together run in one pass of the event loop: 5 wake-ups a second.

Periods shorter than the grid (tests) are kept as they are.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Callable
from typing import Any

GRID_S = 0.2
# uvloop's clock moves in whole milliseconds: a timer can fire up to half of one
# before its time. Within this share of the grid a time counts as on its grid point.
_SLACK = 0.01


def grid_time(now: float, period: float) -> float:
    """The last grid time at most ``period`` after ``now`` (never past it, so a renewal
    stays within its period), and at least one grid point on from the present one;
    ``now + period`` when the period is shorter than the grid.

    An absolute time, the same float for every chore due there: timers scheduled at it
    with ``call_at`` are due together and run in one pass of the loop, where relative
    delays (``call_later`` reads the clock again) would end microseconds apart."""
    if period < GRID_S:
        return now + period
    here = math.floor(now / GRID_S + _SLACK)
    target = max(math.floor((now + period) / GRID_S + _SLACK), here + 1)
    return target * GRID_S


def delay_to_grid(now: float, period: float) -> float:
    """Seconds from ``now`` to ``grid_time(now, period)``; ``period`` itself when it is
    shorter than the grid."""
    if period < GRID_S:
        return period
    return max(0.0, grid_time(now, period) - now)


def call_on_grid(
    loop: asyncio.AbstractEventLoop, period: float, callback: Callable[..., Any], *args: Any
) -> asyncio.TimerHandle:
    """``loop.call_later(period, callback, *args)``, moved to the grid."""
    return loop.call_at(grid_time(loop.time(), period), callback, *args)


def _wake(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


async def sleep_on_grid(period: float) -> None:
    """``asyncio.sleep(period)``, ending on the grid."""
    loop = asyncio.get_running_loop()
    future: asyncio.Future[None] = loop.create_future()
    timer = loop.call_at(grid_time(loop.time(), period), _wake, future)
    try:
        await future
    finally:
        timer.cancel()
