"""The garbage collector as the server sees it: pauses measured, long ones logged,
and the long-lived heap kept out of the collector's way.

Every room shares one event loop, so a collection that walks the whole heap
stops every room at once. At 1,000 rooms × 10 phones the heap is mostly
long-lived per-socket objects (uvicorn's protocol, tasks, buffers): a full
collection took 0.1-1.2 s and ran every few seconds, which was the whole
latency tail of the load benchmark (docs/benchmarks.md, "Server under load").

The policy:

- **freeze** every ``freeze_every`` seconds: what is alive then (sockets, rooms,
  game states) moves to the permanent generation, which the collector never
  walks. Objects frozen this way are still freed by reference counting when
  they die; only *cycles* among them wait for the next sweep. Often (0.2 s),
  because the young generation grows far past its 700-object threshold: the
  collector counts allocations *minus deallocations*, and every frame a socket
  receives frees the frozen objects of its previous wait (coroutines, a future)
  while making new ones. Freezing once a second let a young collection walk
  20,000-130,000 objects (40-115 ms at 10,000 sockets); every 0.2 s the longest
  was 44 ms and the collector's CPU fell by almost half (docs/benchmarks.md);
- **sweep** every ``sweep_every`` seconds: unfreeze and collect everything once,
  so cycles left by closed sockets do not pile up, then freeze again. This is
  the one long pause left: 1.3-1.5 s at 10,000 sockets (measured with
  ``NIGHTFALL_GC_SWEEP_SECONDS=30``: the first sweep freed 7,816 objects left
  from setting up 10,000 sockets, the next ones none), milliseconds at a party
  of a few rooms. Hence once an hour; it is logged like any other pause.

Every collection is timed; those over ``LONG_PAUSE_MS`` are logged as warnings
and the totals are logged when the server stops. With ``NIGHTFALL_FAST=0``
(``fast/__init__.py``) none of this is installed: Python's default collector.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import time
from dataclasses import dataclass, field
from typing import Any

from nightfall.ticks import call_on_grid

log = logging.getLogger("nightfall.server.gc")
LONG_PAUSE_MS = 50.0
FREEZE_EVERY_S = 0.2
SWEEP_EVERY_S = 3600.0
SWEEP_ENV = "NIGHTFALL_GC_SWEEP_SECONDS"  # 0: never sweep (cycles among frozen objects are kept)
FREEZE_ENV = "NIGHTFALL_GC_FREEZE_SECONDS"  # 0: after start-up never freeze, nor sweep (measuring only)


@dataclass
class GcWatch:
    freeze_every: float = FREEZE_EVERY_S
    sweep_every: float = SWEEP_EVERY_S
    collections: list[int] = field(default_factory=lambda: [0, 0, 0])
    total_ms: float = 0.0
    total_cpu_ms: float = 0.0
    max_ms: float = 0.0
    long_pauses: int = 0
    sweeps: int = 0
    _started: float | None = None
    _started_cpu: float = 0.0
    _timer: asyncio.TimerHandle | None = None
    _last_sweep: float = field(default_factory=time.monotonic)

    @classmethod
    def from_env(cls) -> GcWatch:
        return cls(
            freeze_every=_seconds_from_env(FREEZE_ENV, FREEZE_EVERY_S),
            sweep_every=_seconds_from_env(SWEEP_ENV, SWEEP_EVERY_S),
        )

    def install(self) -> None:
        """Start timing collections and, inside a running event loop, the freeze schedule."""
        if self._callback not in gc.callbacks:
            gc.callbacks.append(self._callback)
        freeze()  # start-up objects (code, restored rooms) live as long as the process
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        if self.freeze_every > 0:
            self._timer = call_on_grid(loop, self.freeze_every, self._tick)

    def uninstall(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._callback in gc.callbacks:
            gc.callbacks.remove(self._callback)

    def _tick(self) -> None:
        now = time.monotonic()
        if self.sweep_every > 0 and now - self._last_sweep >= self.sweep_every:
            self._last_sweep = now
            self.sweep()
        else:
            gc.freeze()
        # On the grid the other periodic chores tick on: one wake-up for all (``nightfall.ticks``).
        self._timer = call_on_grid(asyncio.get_running_loop(), self.freeze_every, self._tick)

    def sweep(self) -> None:
        started = time.perf_counter()
        gc.unfreeze()
        collected = gc.collect()
        gc.freeze()
        self.sweeps += 1
        log.info(
            "gc sweep: %d unreachable objects freed in %.0f ms",
            collected,
            (time.perf_counter() - started) * 1000,
        )

    def _callback(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
            self._started_cpu = time.thread_time()
            return
        if self._started is None:
            return
        ms = (time.perf_counter() - self._started) * 1000
        # CPU time apart from wall time: on a busy machine a collection can be
        # descheduled half-way, and the pause is then the machine's, not the heap's.
        cpu_ms = (time.thread_time() - self._started_cpu) * 1000
        self._started = None
        self.total_cpu_ms += cpu_ms
        generation = int(info.get("generation", 0))
        self.collections[generation] += 1
        self.total_ms += ms
        self.max_ms = max(self.max_ms, ms)
        if ms >= LONG_PAUSE_MS:
            self.long_pauses += 1
            log.warning(
                "garbage collection of generation %d paused every room for %.0f ms (%.0f ms of CPU, %d objects collected)",
                generation,
                ms,
                cpu_ms,
                int(info.get("collected", 0)),
            )

    def summary(self) -> str:
        g0, g1, g2 = self.collections
        return (
            f"gc: collections {g0}/{g1}/{g2} (gen 0/1/2), total {self.total_ms:.0f} ms "
            f"({self.total_cpu_ms:.0f} ms of CPU), "
            f"longest {self.max_ms:.1f} ms, {self.long_pauses} over {LONG_PAUSE_MS:.0f} ms, "
            f"{self.sweeps} sweep(s)"
        )


def _seconds_from_env(name: str, default: float) -> float:
    raw = os.environ.get(name)
    if not raw:
        return default
    try:
        seconds = float(raw)
    except ValueError:
        raise ValueError(f"{name} must be a number of seconds, not {raw!r}") from None
    if seconds < 0:
        raise ValueError(f"{name} must be 0 or more seconds, not {raw!r}")
    return seconds


def freeze() -> None:
    """Collect once, then move every surviving object to the permanent generation."""
    gc.collect()
    gc.freeze()
