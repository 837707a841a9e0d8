"""Servers a test starts as subprocesses on 127.0.0.1: a free port, waiting for them to
answer, and ending them. Shared by the browser, Andorra site, fault and cluster tests."""

from __future__ import annotations

import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")  # Debian's package; Playwright's download cannot run here
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def healthy(base: str) -> bool:
    """Whether a ``nightfall serve`` at ``base`` answers its health check."""
    try:
        with urllib.request.urlopen(f"{base}/api/health", timeout=1) as r:
            return bool(r.status == 200)
    except (OSError, urllib.error.URLError):
        return False


def wait_up(
    proc: subprocess.Popen[bytes], up: Callable[[], bool], log: Path, what: str, seconds: float
) -> None:
    """Waits for a server a fixture started to answer; fails with its log if it dies or
    does not answer in time."""
    deadline = time.monotonic() + seconds
    while not up():
        if proc.poll() is not None or time.monotonic() > deadline:
            pytest.fail(f"{what} did not come up:\n{log.read_text()[-3000:]}")
        time.sleep(0.1)


def stop(proc: subprocess.Popen[bytes]) -> None:
    """Ends a server a fixture started: politely, then for good."""
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=5)
