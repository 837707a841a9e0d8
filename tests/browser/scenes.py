"""The phone's and the board's scenes from web/src/heks/mock/fixtures.ts (the dev-only
mock.html, never in the build), served by Vite's dev server: a rare state (twelve players,
long names, votes nobody cast) laid out without playing a whole game to reach it."""

from __future__ import annotations

import contextlib
import shutil
import subprocess
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


@contextlib.contextmanager
def vite_dev(log: Path) -> Iterator[str]:
    """``vite`` on 127.0.0.1:<free port> in web/; yields its base URL."""
    vite = WEB / "node_modules" / ".bin" / "vite"
    if not vite.exists() or shutil.which("node") is None:
        pytest.skip("web/node_modules is missing (make web installs it)")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with log.open("w") as out:
        proc = subprocess.Popen(
            [str(vite), "--host", "127.0.0.1", "--port", str(port), "--strictPort"],
            cwd=WEB,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
        try:
            wait_up(proc, lambda: _up(f"{base}/mock.html"), log, "vite", 60)
            yield base
        finally:
            stop(proc)
