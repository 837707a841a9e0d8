"""A pool's workers end with the process that made them (``processes.exit_with``).

A server or a simulation killed outright (SIGKILL, a crash) left its odds or simulation
workers, and the fork server holding them, waiting forever: each server-tier run left ten
idle processes behind. Here a child process starts a pool as the server (its odds pool) or
``nightfall simulate`` does, prints its workers' pids and is killed; the workers must be
gone soon after."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

pytestmark = [pytest.mark.server, pytest.mark.timeout(60)]

# like a server: a thread runs, so the pool's workers come from a fork server
PREAMBLE = """
import os, threading, time
threading.Thread(target=time.sleep, args=(3600,), daemon=True).start()
"""
ODDS = """
from nightfall.server.odds_pool import OddsPool
executor = OddsPool(workers=2, nice=0)._start_executor()
print(*{executor.submit(os.getpid).result() for _ in range(8)}, flush=True)
time.sleep(3600)
"""
SIMULATION = """
import multiprocessing
from nightfall.processes import exit_with, start_method
pool = multiprocessing.get_context(start_method()).Pool(2, initializer=exit_with, initargs=(os.getpid(),))
print(*{pool.apply(os.getpid) for _ in range(8)}, flush=True)
time.sleep(3600)
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stat:
        return stat.read().rsplit(")", 1)[1].split()[0] != "Z"


@pytest.mark.parametrize("pool", [ODDS, SIMULATION], ids=["odds", "simulation"])
def test_the_workers_end_when_their_process_is_killed(pool: str) -> None:
    child = subprocess.Popen([sys.executable, "-c", PREAMBLE + pool], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None
        workers = [int(p) for p in child.stdout.readline().split()]
        assert workers and all(_alive(pid) for pid in workers), workers
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=10)
    deadline = time.monotonic() + 15
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.2)
    left = [pid for pid in workers if _alive(pid)]
    for pid in left:  # leave nothing behind, whatever the verdict
        os.kill(pid, signal.SIGKILL)
    assert not left, f"workers still running 15 s after their process was killed: {left}"
