"""The benchmarks' yardstick: a fixed pure-Python workload timed in the same
process as the thing measured, so results compare as ratios on a shared,
noisy machine (docs/benchmarks.md)."""

from __future__ import annotations

import time


def calibration() -> float:
    """Seconds for a fixed CPU workload (sorting 2,000 ints 500 times)."""
    data = [(i * 7919) % 10007 for i in range(2000)]
    t = time.perf_counter()
    for _ in range(500):
        sorted(data)
    return time.perf_counter() - t
