"""Wall and CPU time of the balance study (``nightfall simulate heks``), against a baseline.

Runs the same ``simulate`` command on this checkout and, with ``--baseline-src``, on
another checkout's ``src`` (e.g. ``git worktree add --detach /tmp/base COMMIT``),
alternating the two, and prints each run, the medians and the ratio current/baseline.
The machine is shared: the CPU seconds (children's user + system) move less with the
load than the wall time, and the instruction counts of ``heks_instructions.py`` less
than either. The study of issue 21 §3:

    nice .venv/bin/python bench/heks_study_time.py --games 2000 --rounds 1
    nice .venv/bin/python bench/heks_study_time.py --games 300 --rounds 2 --baseline-src /tmp/base/src
"""

from __future__ import annotations

import argparse
import hashlib
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"
RUN = "import sys; from nightfall.cli import main; sys.exit(main())"


def one(src: Path, args: list[str]) -> tuple[float, float, str]:
    """(wall s, CPU s of the run and its workers, digest of the JSON report)."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", RUN, *args], env=env, check=True, capture_output=True, text=True
    ).stdout
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, hashlib.sha256(out.encode()).hexdigest()[:16]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--players", default="4-12")
    ap.add_argument("--bots", default="strong")
    ap.add_argument("--jobs", type=int, default=len(os.sched_getaffinity(0)))
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--baseline-src", type=Path)
    args = ap.parse_args()
    sim = ["simulate", "heks", "--players", args.players, "--games", str(args.games), "--seed", "2026"]
    sim += ["--bots", args.bots, "--jobs", str(args.jobs), "--json"]
    sides = [("current", SRC)] + ([("baseline", args.baseline_src)] if args.baseline_src else [])
    runs: dict[str, list[tuple[float, float]]] = {name: [] for name, _ in sides}
    print(f"load average {os.getloadavg()[0]:.1f}; {' '.join(sim)}", flush=True)
    for r in range(args.rounds):
        for name, src in sides if r % 2 == 0 else sides[::-1]:
            wall, cpu, digest = one(src, sim)
            runs[name].append((wall, cpu))
            load = os.getloadavg()[0]
            print(f"{name}: wall {wall:.1f} s, CPU {cpu:.1f} s, report {digest}, load {load:.1f}", flush=True)
    for name, got in runs.items():
        wall = statistics.median(w for w, _ in got)
        cpu = statistics.median(c for _, c in got)
        print(f"{name}: median wall {wall:.1f} s, median CPU {cpu:.1f} s")
    if args.baseline_src:
        for i, what in ((0, "wall"), (1, "CPU")):
            cur = statistics.median(x[i] for x in runs["current"])
            base = statistics.median(x[i] for x in runs["baseline"])
            print(f"ratio current/baseline ({what}): {cur / base:.3f}")


if __name__ == "__main__":
    main()
