"""How Nightfall starts worker processes (``nightfall simulate``'s jobs, the server's odds pool)."""

from __future__ import annotations

import multiprocessing
import threading


def start_method() -> str:
    """ "fork" is the quickest start, but only safe in a process with one thread: one that
    already runs threads (a server's store worker, a test run's executor and database pools)
    can fork a child that waits forever on a lock some thread held at the fork. A fork server
    starts clean; "spawn" where there is none."""
    methods = multiprocessing.get_all_start_methods()
    if "fork" in methods and threading.active_count() == 1:
        return "fork"
    return "forkserver" if "forkserver" in methods else "spawn"
