"""The phone's and the board's scenes from web/src/heks/mock/fixtures.ts (the dev-only
mock.html, never in the shipped build): a rare state (twelve players, long names, votes
nobody cast) laid out without playing a whole game to reach it.

The page is built once per test worker (``vite build -c vite.mock.config.ts``, about a
second) and served as files: a built page loads in about half the time of Vite's dev
server, which sends its modules one by one and transforms them on first use, and the
browser tier loads some 150 of them (docs/benchmarks.md, "Tenth round")."""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.local_servers import free_port, stop, wait_up

from .texts import REPO

WEB = REPO / "web"


def _up(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=1):
            return True
    except (OSError, urllib.error.URLError):
        return False


def build_mock(out: Path, log: Path) -> Path:
    """mock.html and its bundle, built into ``out``."""
    vite = WEB / "node_modules" / ".bin" / "vite"
    if not vite.exists() or shutil.which("node") is None:
        pytest.skip("web/node_modules is missing (make web installs it)")
    cmd = [str(vite), "build", "-c", "vite.mock.config.ts", "--outDir", str(out), "--logLevel", "warn"]
    done = subprocess.run(cmd, cwd=WEB, capture_output=True, text=True, timeout=300, check=False)
    log.write_text(done.stdout + done.stderr)
    if done.returncode != 0 or not (out / "mock.html").is_file():
        pytest.fail(f"the scene fixtures (mock.html) did not build:\n{(done.stdout + done.stderr)[-3000:]}")
    return out


@contextlib.contextmanager
def mock_pages(work: Path) -> Iterator[str]:
    """The built mock.html served on 127.0.0.1:<free port>; yields its base URL."""
    root = build_mock(work / "dist", work / "build.log")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = work / "serve.log"
    with log.open("w") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(root)],
            stdout=out,
            stderr=subprocess.STDOUT,
        )
        try:
            wait_up(proc, lambda: _up(f"{base}/mock.html"), log, "the scene fixtures' file server", 30)
            yield base
        finally:
            stop(proc)
