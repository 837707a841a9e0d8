"""The periodic chores' shared grid (``nightfall.ticks``): chores with different
periods, started at different times, wake the event loop together."""

from __future__ import annotations

import asyncio
import math

import pytest

from nightfall.ticks import GRID_S, call_on_grid, delay_to_grid


@pytest.mark.parametrize("now", [0.0, 0.05, 1234.5678, 1234.6, 1e6 + 0.2 * 3, 98765.4321])
@pytest.mark.parametrize("period", [GRID_S, 0.5, 2 / 3, 1.0, 60.0])
def test_a_delay_ends_on_the_grid_within_the_period_and_past_the_next_grid_point(
    now: float, period: float
) -> None:
    delay = delay_to_grid(now, period)
    assert delay <= period + 1e-9  # a lease renewal is never later than it was
    end = (now + delay) / GRID_S
    assert end == pytest.approx(round(end), abs=1e-6)
    assert round(end) > math.floor(now / GRID_S + 0.01)  # at least one grid point on: no busy loop


def test_a_chore_that_fired_a_moment_early_does_not_fire_again_at_once() -> None:
    # uvloop's clock is in whole ms: a timer may run half of one before its time.
    assert delay_to_grid(10 * GRID_S - 0.0005, GRID_S) == pytest.approx(GRID_S + 0.0005)


def test_periods_shorter_than_the_grid_are_kept() -> None:
    assert delay_to_grid(123.456, 0.01) == 0.01


async def test_chores_of_different_periods_fire_in_the_same_pass_of_the_loop() -> None:
    loop = asyncio.get_running_loop()
    fired: list[tuple[str, float]] = []
    call_on_grid(loop, 0.4, lambda: fired.append(("health", loop.time())))
    await asyncio.sleep(0.05)
    call_on_grid(loop, GRID_S, lambda: fired.append(("freeze", loop.time())))
    call_on_grid(loop, GRID_S, lambda: fired.append(("freeze", loop.time())))
    await asyncio.sleep(0.11)
    call_on_grid(loop, GRID_S, lambda: fired.append(("tick", loop.time())))
    await asyncio.sleep(0.7)
    times = sorted({round(t, 3) for _, t in fired})  # one pass: within a ms
    assert len(fired) == 4
    # at most two grid points (the ones before and after the 0.16 s of starts), each one pass
    assert len(times) <= 2
    # on the grid (late by the loop's own lag at most: a busy test machine)
    assert all(t / GRID_S == pytest.approx(round(t / GRID_S), abs=0.05) for _, t in fired)
