"""Fixtures for the browser tests: the real server as a subprocess, Debian's Chromium,
phone-sized browser contexts and a screenshot folder per test.

Loopback only: the server listens on 127.0.0.1 on a free port with a temporary data dir.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

from tests import shared_chromium
from tests.local_servers import CHROMIUM, free_port, stop, wait_up

from .scenes import mock_pages
from .texts import REPO

WEB = REPO / "web"
ARTIFACTS = REPO / "test-artifacts" / "browser"
PHONE: ViewportSize = {"width": 390, "height": 844}

NewPhone = Callable[..., Page]

# The browser tier runs on both cores, a whole file per worker (``-n 2 --dist loadfile
# --no-loadscope-reorder``, the Makefile's ``pytest``): pytest-xdist hands out files in
# collection order, so the long whole-game files go first and the short ones fill in
# behind them, and the two workers finish together. Longest first, by each file's seconds
# in a full run on both cores (docs/benchmarks.md, "The test suite"); a file not listed
# keeps its place after them.
LONG_FIRST = (
    "tests/browser/test_look_alike.py",
    "tests/browser/test_full_game.py",
    "tests/browser/test_flow_notices.py",
    "tests/browser/test_board_story.py",
    "tests/games/andorra_site/test_browser.py",
    "tests/browser/test_ux_review.py",
    "tests/browser/test_reload_and_absent.py",
    "tests/games/andorra_site/test_phone_ux_browser.py",
    "tests/games/andorra_site/test_acceptance_browser.py",
    "tests/browser/test_open_secret_languages.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    rank = {path: i for i, path in enumerate(LONG_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::", 1)[0], len(rank)))


# The machine may be busy (2 cores shared with other work): be patient with single waits;
# every game loop has its own overall bound.
expect.set_options(timeout=10_000)


def _ensure_web_build() -> None:
    """Build web/dist when it is missing (npm ci + npm run build), or skip without npm."""
    if (WEB / "dist" / "index.html").is_file():
        return
    npm = shutil.which("npm")
    if npm is None:
        pytest.skip("web/dist/index.html is missing and npm is not installed to build the phone client")
    for cmd in ([npm, "ci", "--no-audit", "--no-fund"], [npm, "run", "build"]):
        done = subprocess.run(cmd, cwd=WEB, capture_output=True, text=True, timeout=900, check=False)
        if done.returncode != 0:
            pytest.fail(f"{' '.join(cmd)} failed in web/:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
    if not (WEB / "dist" / "index.html").is_file():
        pytest.fail("npm run build did not produce web/dist/index.html")


def _nightfall_bin() -> str:
    here = Path(sys.executable).parent / "nightfall"
    return str(here if here.exists() else REPO / ".venv" / "bin" / "nightfall")


def _health(base: str) -> dict[str, object] | None:
    try:
        with urllib.request.urlopen(f"{base}/api/health", timeout=1) as r:
            body: dict[str, object] = json.loads(r.read())
            return body
    except (OSError, urllib.error.URLError, ValueError):
        return None


# Short Heks timers (seconds) for the server behind the Timed 12-phone game and the
# reload/absent tests, through the server's NIGHTFALL_HEKS_TIMERS hook (commit 7e59497). Long enough for the
# bots to act on time where they mean to; the approve/reject timer is short because that
# game lets it run out on purpose. The discussion runs out too, but the Seer and the
# Pickpocket act in it: a sweep of twelve pages (with screenshots) takes seconds on a busy
# machine, so 3 s let a whole game pass without either of them getting a turn.
TIMERS_ENV = "NIGHTFALL_HEKS_TIMERS"
FAST_TIMERS: dict[str, float] = {
    "depart": 25,
    "guard": 10,
    "witch": 4,
    "propose": 25,
    "approve": 4,
    "quarrel": 1,
    "exile": 25,
    "discuss": 10,
}


# Every game a test server starts is dealt from this seed (tests/seeded_serve.py): the same
# table gets the same roles on every run, so no browser test meets a deal it has not met
# before. (A test that wants the dice passes seed=None.)
DEAL_SEED = 33


@contextlib.contextmanager
def _serve(
    data: Path, timers: dict[str, float] | None, flags: Sequence[str] = (), seed: int | None = DEAL_SEED
) -> Iterator[str]:
    """``nightfall serve`` on 127.0.0.1:<free port> with ``data`` as its data dir (and ``flags``),
    every game dealt from ``seed`` (None: at random)."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    env.pop(TIMERS_ENV, None)
    # No lobby odds unless a test asks (``--odds-workers``): a worker simulating in the
    # background would take the CPU the phones' timings need (tests/browser/test_lobby_odds.py).
    env["NIGHTFALL_ODDS_WORKERS"] = "0"
    if timers:
        env[TIMERS_ENV] = json.dumps(timers)
    # Every page here comes from one address, 127.0.0.1, where a table's phones each have their
    # own: a whole table's joins and lookups would empty one address's bucket, and then its
    # boards (spectators, held to the bucket since attack round 5) would wait. The per-address
    # rate is tested in tests/server/test_limits.py.
    if "--http-burst" not in flags:
        flags = [*flags, "--http-burst", "1000"]
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium (/usr/bin/chromium) is not installed")
    _ensure_web_build()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    command = [_nightfall_bin()] if seed is None else [sys.executable, "-m", "tests.seeded_serve", str(seed)]
    log_path = data / "server.log"
    with log_path.open("w") as log:
        proc = subprocess.Popen(
            [
                *command,
                *("serve", "--host", "127.0.0.1", "--port", str(port)),
                *("--data-dir", str(data), *flags),
            ],
            cwd=REPO,
            stdout=log,
            stderr=subprocess.STDOUT,
            env=env,
        )
        try:
            # 60 s: at load 40 a server that had printed its address still missed 30 s of
            # 1 s health checks (two Andorra errors in one run); a healthy one answers at once.
            wait_up(proc, lambda: _health(base) is not None, log_path, "nightfall serve", 60)
            yield base
        finally:
            stop(proc)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real server with the rule timers; yields its base URL."""
    with _serve(tmp_path_factory.mktemp("nightfall-data"), None) as base:
        yield base


@pytest.fixture(scope="session")
def fast_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A second server whose Heks games use :data:`FAST_TIMERS`."""
    with _serve(tmp_path_factory.mktemp("nightfall-fast"), FAST_TIMERS) as base:
        yield base


@pytest.fixture(scope="session")
def mock(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The scene fixtures (mock.html, tests/browser/scenes.py), built and served; yields
    their base URL."""
    with mock_pages(tmp_path_factory.mktemp("mock")) as base:
        yield base


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """The process's one Chromium (tests/shared_chromium.py); the pages this module's tests
    left open are closed after it."""
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium (/usr/bin/chromium) is not installed")
    b = shared_chromium.chromium()
    yield b
    shared_chromium.close_pages(b)


@pytest.fixture(scope="module")
def tv(browser: Browser) -> Iterator[Page]:
    """A 1280×720 page, the board's TV, for a module's scene fixtures (``mock``)."""
    ctx = browser.new_context(
        viewport={"width": 1280, "height": 720}, device_scale_factor=1, reduced_motion="reduce"
    )
    yield ctx.new_page()
    ctx.close()


def shots_dir(name: str) -> Path:
    """test-artifacts/browser/<name>/, its old screenshots removed first.

    Others may run the same tests at the same time in this working tree, so nothing here
    fails when a file or the folder disappears or reappears under us.
    """
    out = ARTIFACTS / name
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.png"):
        old.unlink(missing_ok=True)
    return out


@pytest.fixture
def shots(request: pytest.FixtureRequest) -> Path:
    """test-artifacts/browser/<test name>/ (:func:`shots_dir`)."""
    return shots_dir(str(request.node.name))


@contextlib.contextmanager
def phones_of(browser: Browser) -> Iterator[NewPhone]:
    """Open phone-sized pages, each in its own context (its own localStorage: its own seat
    token); every context is closed at the end."""
    contexts: list[BrowserContext] = []

    def make(locale: str = "en-US") -> Page:
        ctx = browser.new_context(
            viewport=PHONE,
            is_mobile=True,
            has_touch=True,
            device_scale_factor=1,
            locale=locale,
            reduced_motion="reduce",
        )
        ctx.set_default_timeout(15_000)
        contexts.append(ctx)
        return ctx.new_page()

    try:
        yield make
    finally:
        for ctx in contexts:
            with contextlib.suppress(Exception):
                ctx.close()


@pytest.fixture
def new_phone(browser: Browser) -> Iterator[NewPhone]:
    """Open a phone-sized page in its own context (:func:`phones_of`)."""
    with phones_of(browser) as make:
        yield make
