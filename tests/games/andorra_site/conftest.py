from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from nightfall.games.registry import default_catalog
from tests import shared_chromium
from tests.local_servers import CHROMIUM, free_port, healthy, stop, wait_up
from tests.server.harness import Live, servers

Serve = Callable[..., Awaitable[Live]]


@pytest.fixture
async def serve(tmp_path: Path) -> AsyncIterator[Serve]:
    """Servers with the real catalog on one database (several in a row for restarts)."""
    async with servers(tmp_path / "nightfall.sqlite3", catalog=default_catalog()) as start:
        yield start


@pytest.fixture
async def live(serve: Serve) -> Live:
    return await serve()


# -- browser tests: the real ``nightfall serve`` and Debian's Chromium --------------------------

# The machine may be busy (2 cores shared with other work; a 20-phone game rebuilds twenty
# pages on every change): single waits are patient, as in tests/browser/conftest.py.
expect.set_options(timeout=15_000)

REPO = Path(__file__).resolve().parents[3]
WEB = REPO / "web"


def _ensure_build() -> None:
    if (WEB / "dist" / "andorra.html").is_file():
        return
    npm = shutil.which("npm")
    if npm is None:
        pytest.skip("web/dist/andorra.html is missing and npm is not installed")
    done = subprocess.run(
        [npm, "run", "build"], cwd=WEB, capture_output=True, text=True, timeout=600, check=False
    )
    if done.returncode != 0 or not (WEB / "dist" / "andorra.html").is_file():
        pytest.fail(f"npm run build failed:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")


@dataclass
class Served:
    url: str
    data: Path


@pytest.fixture(scope="session")
def andorra_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """``nightfall serve`` on 127.0.0.1:<free port> with a temp data dir: one per test session
    (per pytest-xdist worker). Every test creates games of its own, under codes of their own,
    and reads back only those, so they need no server each (a start cost 1-3 s per test)."""
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium (/usr/bin/chromium) is not installed")
    _ensure_build()
    root = tmp_path_factory.mktemp("andorra-serve")
    data = root / "data"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    binary = Path(sys.executable).parent / "nightfall"
    log_path = root / "server.log"
    with log_path.open("w") as log:
        proc = subprocess.Popen(
            # --http-burst: every page here comes from one address (tests/browser/conftest.py)
            [
                *(str(binary), "serve", "--host", "127.0.0.1", "--port", str(port)),
                *("--data-dir", str(data), "--http-burst", "1000"),
            ],
            cwd=REPO,
            stdout=log,
            stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        try:
            # 60 s: at load 40 a server that had printed its address still missed 30 s of
            # 1 s health checks (two Andorra errors in one run); a healthy one answers at once.
            wait_up(proc, lambda: healthy(base), log_path, "nightfall serve", 60)
            yield Served(base, data)
        finally:
            stop(proc)


@pytest.fixture
def chromium(andorra_server: Served) -> Iterator[Browser]:
    """The process's one Chromium (tests/shared_chromium.py); the contexts a test opened are
    closed after it, so no page of an earlier test keeps rendering (or holding a socket)
    while the next one runs."""
    browser = shared_chromium.chromium()
    yield browser
    shared_chromium.close_pages(browser)
