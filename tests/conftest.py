"""Test markers by layout, and hypothesis profiles.

`make check` is the fast loop: it runs every test that starts no server, database
or browser. Those that do are marked `server` here by the folder they live in, so a
new test in such a folder is kept out of the fast loop without anyone remembering a
decorator. `browser` tests carry their own marker.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

TESTS = Path(__file__).resolve().parent

# Folders whose tests start a server (in-process ASGI over real sockets, subprocesses),
# or talk to PostgreSQL/Redis.
SERVER_DIRS = ("server", "faults", "fuzz", "store", "cluster", "browser", "games/andorra_site")

# "dev" (default) keeps the fast loop fast; "ci" digs deeper where time allows.
settings.register_profile("dev", max_examples=50, deadline=None)
settings.register_profile("ci", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        rel = Path(str(item.fspath)).resolve().relative_to(TESTS).as_posix()
        if any(rel.startswith(d + "/") for d in SERVER_DIRS):
            item.add_marker(pytest.mark.server)
