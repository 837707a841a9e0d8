"""Test tiers, and hypothesis profiles.

`make check` is the fast loop: it runs every test that starts no server, database
or browser. A test's tier is chosen by what it starts (tests/starts.py): a module
whose tests start something says so with `pytestmark = pytest.mark.server`, and a
test that starts something without the mark fails, in every tier, with the line to
add. The folders in which every test starts something are marked here whole, so a
new test there needs no decorator. `browser` tests carry their own marker.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from tests import shared_chromium

TESTS = Path(__file__).resolve().parent

pytest_plugins = ["tests.starts"]

# Folders in which every test starts a server, a subprocess, a browser or a database.
# (tests/server, tests/store and tests/games/andorra_site mix pure tests with such
# ones: there each module carries its own mark.)
SERVER_DIRS = ("faults", "fuzz", "cluster", "browser")

# "dev" (default) keeps the fast loop fast; "ci" digs deeper where time allows.
settings.register_profile("dev", max_examples=50, deadline=None)
settings.register_profile("ci", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        rel = Path(str(item.fspath)).resolve().relative_to(TESTS).as_posix()
        if any(rel.startswith(d + "/") for d in SERVER_DIRS):
            item.add_marker(pytest.mark.server)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """The browser tests share one Chromium (tests/shared_chromium.py); it is closed before
    any other test, whose asyncio loop must not meet Playwright's."""
    if item.get_closest_marker("browser") is None:
        shared_chromium.close()


def pytest_sessionfinish(session: pytest.Session) -> None:
    shared_chromium.close()
