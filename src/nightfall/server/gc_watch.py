"""The garbage collector as the server sees it: pauses measured, long ones logged.

The room tasks share one event loop, so a collection that walks the whole heap
stops every room at once; on a server holding thousands of sockets that is the
longest pause it has (docs/benchmarks.md, "Server under load"). Two things help:

- ``freeze()`` after start-up and after each restore moves what exists (the
  code, the restored rooms) out of the collector's sight: those objects live
  as long as the process, so walking them again finds nothing;
- watching every collection, so a long pause is in the log with its generation
  and the load benchmark can report the worst one.
"""

from __future__ import annotations

import gc
import logging
import time
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger("nightfall.server.gc")
LONG_PAUSE_MS = 50.0


@dataclass
class GcWatch:
    collections: list[int] = field(default_factory=lambda: [0, 0, 0])
    total_ms: float = 0.0
    max_ms: float = 0.0
    long_pauses: int = 0
    _started: float | None = None

    def install(self) -> None:
        if self._callback not in gc.callbacks:
            gc.callbacks.append(self._callback)

    def uninstall(self) -> None:
        if self._callback in gc.callbacks:
            gc.callbacks.remove(self._callback)

    def _callback(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
            return
        if self._started is None:
            return
        ms = (time.perf_counter() - self._started) * 1000
        self._started = None
        generation = int(info.get("generation", 0))
        self.collections[generation] += 1
        self.total_ms += ms
        self.max_ms = max(self.max_ms, ms)
        if ms >= LONG_PAUSE_MS:
            self.long_pauses += 1
            log.warning(
                "garbage collection of generation %d paused every room for %.0f ms (%d objects collected)",
                generation,
                ms,
                int(info.get("collected", 0)),
            )

    def summary(self) -> str:
        g0, g1, g2 = self.collections
        return (
            f"gc: collections {g0}/{g1}/{g2} (gen 0/1/2), total {self.total_ms:.0f} ms, "
            f"longest {self.max_ms:.1f} ms, {self.long_pauses} over {LONG_PAUSE_MS:.0f} ms"
        )


def freeze() -> None:
    """Collect once, then move every surviving object to the permanent generation."""
    gc.collect()
    gc.freeze()
