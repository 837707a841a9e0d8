"""The server's garbage-collector policy (src/nightfall/server/fast/gc_watch.py)."""

from __future__ import annotations

import asyncio
import gc
import logging
import weakref

import pytest

from nightfall.server.fast import gc_watch
from nightfall.server.fast.gc_watch import GcWatch


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


def cycle() -> weakref.ref[Node]:
    a, b = Node(), Node()
    a.other, b.other = b, a
    return weakref.ref(a)


@pytest.fixture(autouse=True)
def _thaw() -> object:
    yield
    gc.unfreeze()  # leave the test process as it was


def test_every_collection_is_timed_and_a_long_one_logged(caplog: pytest.LogCaptureFixture) -> None:
    watch = GcWatch()
    watch.install()
    try:
        gc.collect(0)
        gc.collect(2)
        # A full collection of a big test heap can itself take over 50 ms on a busy machine:
        # count only the pause made up below.
        real_long = watch.long_pauses
        watch._callback("start", {"generation": 1})
        watch._started = (watch._started or 0) - 0.2  # as if the collection took 200 ms
        with caplog.at_level(logging.WARNING, logger="nightfall.server.gc"):
            watch._callback("stop", {"generation": 1, "collected": 3})
    finally:
        watch.uninstall()
    assert watch.collections[0] >= 1 and watch.collections[2] >= 1 and watch.collections[1] == 1
    assert watch.long_pauses == real_long + 1 and watch.max_ms >= 200
    assert "paused every room" in caplog.text
    assert f"{real_long + 1} over 50 ms" in watch.summary()
    assert watch._callback not in gc.callbacks  # uninstall takes it out again


def test_live_objects_are_frozen_out_of_the_collectors_sight() -> None:
    before = gc.get_freeze_count()
    keep = [Node() for _ in range(100)]
    gc_watch.freeze()
    assert gc.get_freeze_count() >= before + len(keep)


def test_a_frozen_cycle_waits_for_the_sweep_and_is_freed_then() -> None:
    ref = cycle()
    gc.freeze()  # the cycle became garbage after it was frozen: collections do not see it
    gc.collect()
    assert ref() is not None
    watch = GcWatch()
    watch.sweep()
    assert ref() is None
    assert watch.sweeps == 1
    assert gc.get_count()[2] == 0 and gc.get_freeze_count() > 0  # frozen again after the sweep


def test_the_schedule_freezes_then_sweeps() -> None:
    async def scenario() -> tuple[int, int]:
        watch = GcWatch(freeze_every=0.01, sweep_every=0.05)
        watch.install()
        try:
            await asyncio.sleep(0.2)
        finally:
            watch.uninstall()
        return watch.sweeps, gc.get_freeze_count()

    sweeps, frozen = asyncio.run(scenario())
    assert sweeps >= 1 and frozen > 0


@pytest.mark.parametrize(
    ("env", "attribute", "default"),
    [
        (gc_watch.SWEEP_ENV, "sweep_every", gc_watch.SWEEP_EVERY_S),
        (gc_watch.FREEZE_ENV, "freeze_every", gc_watch.FREEZE_EVERY_S),
    ],
)
def test_the_intervals_come_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, env: str, attribute: str, default: float
) -> None:
    monkeypatch.delenv(env, raising=False)
    assert getattr(GcWatch.from_env(), attribute) == default
    monkeypatch.setenv(env, "1.5")
    assert getattr(GcWatch.from_env(), attribute) == 1.5
    for bad in ("soon", "-1"):
        monkeypatch.setenv(env, bad)
        with pytest.raises(ValueError, match=env):
            GcWatch.from_env()
