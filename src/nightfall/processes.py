"""How Nightfall starts worker processes (``nightfall simulate``'s jobs, the server's odds pool)."""

from __future__ import annotations

import multiprocessing
import os
import threading
import time


def start_method() -> str:
    """ "fork" is the quickest start, but only safe in a process with one thread: one that
    already runs threads (a server's store worker, a test run's executor and database pools)
    can fork a child that waits forever on a lock some thread held at the fork. A fork server
    starts clean; "spawn" where there is none."""
    methods = multiprocessing.get_all_start_methods()
    if "fork" in methods and threading.active_count() == 1:
        return "fork"
    return "forkserver" if "forkserver" in methods else "spawn"


def exit_with(pid: int, every: float = 1.0) -> None:
    """In a pool's worker: end this process once process ``pid`` (the one that made the pool)
    is gone. A worker waits on its task queue, whose writing end it holds itself, and a fork
    server lives as long as any worker it made; so a server or a simulation killed outright
    (SIGKILL, a crash) left both waiting forever, ten idle processes a test run. A daemon
    thread looks once a ``every`` seconds."""

    def watch() -> None:
        while alive(pid):
            time.sleep(every)
        os._exit(0)  # no cleanup to run: the worker holds nothing of its own

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie, dead but not yet reaped, does not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's process: it exists
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return True  # no /proc here: os.kill's answer stands
