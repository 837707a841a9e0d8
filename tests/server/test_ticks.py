"""The periodic chores' shared grid (``nightfall.ticks``): chores with different
periods, started at different times, wake the event loop together."""

from __future__ import annotations

import asyncio
import math

import pytest

from nightfall.ticks import GRID_S, call_on_grid, delay_to_grid, sleep_on_grid


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


def test_chores_started_at_different_times_share_grid_points() -> None:
    # The health stamp (0.4 s) starts first, two collector freezes 50 ms later, uvicorn's
    # tick 110 ms after those: all four land on at most two grid points (the ones before
    # and after the 0.16 s of starts). Pure arithmetic, so a busy machine cannot move it.
    t0 = 1000.03
    starts = [(t0, 0.4), (t0 + 0.05, GRID_S), (t0 + 0.05, GRID_S), (t0 + 0.16, GRID_S)]
    ends = {round((now + delay_to_grid(now, period)) / GRID_S) for now, period in starts}
    assert len(ends) <= 2


async def test_chores_due_on_one_grid_point_fire_in_the_same_pass_of_the_loop() -> None:
    loop = asyncio.get_running_loop()
    # A pass of the loop runs the callbacks that were ready when it began; one scheduled
    # with call_soon runs in the next pass. So the first chore of a pass schedules the
    # pass's end, and every chore records the pass it ran in: counted in passes, not in
    # clock time, which a busy machine stretches.
    passes = [0]
    open_pass = [False]

    def end_pass() -> None:
        passes[0] += 1
        open_pass[0] = False

    fired: dict[str, int] = {}

    def chore(name: str) -> None:
        if not open_pass[0]:
            open_pass[0] = True
            loop.call_soon(end_pass)
        fired[name] = passes[0]

    handles = {
        "health": call_on_grid(loop, 0.4, chore, "health"),
        "freeze": call_on_grid(loop, GRID_S, chore, "freeze"),
        "tick": call_on_grid(loop, GRID_S, chore, "tick"),
        "heartbeat": call_on_grid(loop, 1.0, chore, "heartbeat"),
    }
    for h in handles.values():  # each one due on a grid point
        assert h.when() / GRID_S == pytest.approx(round(h.when() / GRID_S), abs=1e-9)
    assert handles["freeze"].when() == handles["tick"].when()  # the same float
    await asyncio.sleep(max(h.when() for h in handles.values()) - loop.time() + 0.05)
    assert sorted(fired) == sorted(handles)
    for a in handles:
        for b in handles:
            if handles[a].when() == handles[b].when():
                assert fired[a] == fired[b], (a, b, fired)


async def test_a_sleep_on_the_grid_ends_on_a_grid_point() -> None:
    loop = asyncio.get_running_loop()
    start = loop.time()
    await sleep_on_grid(GRID_S)
    woke = loop.time()
    assert woke - start <= 2 * GRID_S + 0.5  # at most a grid step on (plus a busy machine's lag)
    assert math.floor(woke / GRID_S) > math.floor(start / GRID_S + 0.01)  # a grid point passed


async def test_a_cancelled_sleep_on_the_grid_leaves_no_timer() -> None:
    task = asyncio.ensure_future(sleep_on_grid(60.0))
    await asyncio.sleep(0)
    loop = asyncio.get_running_loop()
    pending = [h for h in loop._scheduled if not h.cancelled()]  # type: ignore[attr-defined]
    assert pending  # the sleep's timer
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    left = [h for h in loop._scheduled if not h.cancelled()]  # type: ignore[attr-defined]
    assert len(left) == len(pending) - 1
