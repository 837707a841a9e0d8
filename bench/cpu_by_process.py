"""CPU seconds by kind of process while a command runs: where a test tier's CPU goes.

    .venv/bin/python bench/cpu_by_process.py -- .venv/bin/python -m pytest -n 2 \\
        --dist loadfile --no-loadscope-reorder -m browser -q

Every process on the machine is sampled twice a second (``/proc/<pid>/stat``: user and
system time) and counted under a kind read from its command line: Chromium's renderers,
its browser, GPU and utility processes, Playwright's Node driver, the ``nightfall serve``
test servers, the pytest workers, anything else by its program's name. A process that
lives less than one interval is missed, so the totals are a lower bound. Linux only.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

TICKS = os.sysconf("SC_CLK_TCK")


def kind(cmdline: str) -> str:
    """The kind of process a command line belongs to."""
    if "chromium" in cmdline:
        for part in ("renderer", "gpu-process", "utility"):
            if f"--type={part}" in cmdline:
                return f"chromium {part}"
        return "chromium browser" if "--type=" not in cmdline else "chromium other"
    program = os.path.basename(cmdline.split(" ", 1)[0])
    if program == "node" or ("playwright" in cmdline and "driver" in cmdline):
        return "playwright driver (node)"
    if "seeded_serve" in cmdline or (" serve " in cmdline and "nightfall" in cmdline):
        return "nightfall serve"
    if "pytest" in cmdline or "execnet" in cmdline or "xdist" in cmdline:
        return "pytest"
    return program or "kernel thread"


def cpu_ticks() -> dict[int, tuple[int, int]]:
    """pid → (start time, user + system ticks) of every process now."""
    found: dict[int, tuple[int, int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        found[int(entry)] = (int(fields[19]), int(fields[11]) + int(fields[12]))
    return found


def cmdline(pid: int) -> str:
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return ""
    return " ".join(part.decode(errors="replace") for part in raw.split(b"\0") if part)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--interval", type=float, default=0.5, help="seconds between samples")
    ap.add_argument("command", nargs=argparse.REMAINDER, help="the command to run, after --")
    args = ap.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        ap.error("give the command to run after --")
    first = cpu_ticks()  # processes already running count from here, new ones from zero
    seen: dict[tuple[int, int], tuple[str, int, int]] = {}  # (pid, start) → (kind, first, last)
    start = time.monotonic()
    child = subprocess.Popen(command)
    while child.poll() is None:
        for pid, (born, ticks) in cpu_ticks().items():
            key = (pid, born)
            if key in seen:
                what, base, _ = seen[key]
                seen[key] = (what, base, ticks)
            else:
                base = first[pid][1] if first.get(pid, (None, 0))[0] == born else 0
                seen[key] = (kind(cmdline(pid)), base, ticks)
        time.sleep(args.interval)
    wall = time.monotonic() - start
    totals: Counter[str] = Counter()
    for what, base, last in seen.values():
        totals[what] += last - base
    everything = sum(totals.values()) or 1
    print(f"\n{' '.join(command)}: exit {child.returncode}, {wall:.0f} s wall", file=sys.stderr)
    for what, ticks in totals.most_common():
        if ticks:
            print(f"{ticks / TICKS:9.1f} CPU-s {100 * ticks / everything:5.1f} %  {what}", file=sys.stderr)
    return child.returncode


if __name__ == "__main__":
    sys.exit(main())
