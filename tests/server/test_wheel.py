"""The wheel is a working game night: built from this tree, installed in a fresh
virtualenv without the optional extras, ``nightfall serve`` serves the phone, board and
desk clients (issue 33 §5; docs/deploy.md "From a wheel").

Slow (a build and a virtualenv): `make test` runs it, `make check` does not.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from tests.local_servers import free_port, healthy, stop, wait_up

pytestmark = [pytest.mark.server, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
# What a wheel is built from: the tree's sources and its Vite build. Copied, so the build
# leaves no build/ folder in the checkout and sees no stale one.
TREE_FILES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md")
TREE_DIRS = ("src", "web/dist")
# This machine's package mirror on disk (PyPI's files): the install needs no network
# here; elsewhere pip's configured index is used.
LOCAL_INDEX = Path("/opt/pypi/simple")
LOCAL_INDEX_MORE = Path("/opt/pypi-more/simple")


def _index_options() -> list[str]:
    if not LOCAL_INDEX.is_dir():
        return []
    options = ["--index-url", LOCAL_INDEX.as_uri()]
    if LOCAL_INDEX_MORE.is_dir():
        options += ["--extra-index-url", LOCAL_INDEX_MORE.as_uri()]
    return options


# Nothing of the test run leaks into the build, the install or the server: the
# checkout's src/ on PYTHONPATH would look like an installed nightfall to pip.
CLEAN_ENV = {k: v for k, v in os.environ.items() if not k.startswith(("NIGHTFALL_", "PYTHON", "VIRTUAL_ENV"))}


def _run(args: list[str], cwd: Path | None = None) -> None:
    done = subprocess.run(args, cwd=cwd, env=CLEAN_ENV, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"{' '.join(args)} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"


def _get(url: str) -> tuple[str, bytes]:
    with urllib.request.urlopen(url, timeout=10) as r:
        return r.headers.get("Content-Type", ""), r.read()


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    assert (ROOT / "web/dist/index.html").is_file(), "web/dist is not built: run make web (make test does)"
    tree = tmp_path_factory.mktemp("tree")
    for name in TREE_FILES:
        shutil.copy2(ROOT / name, tree / name)
    for name in TREE_DIRS:
        shutil.copytree(
            ROOT / name, tree / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
        )
    out = tmp_path_factory.mktemp("wheel")
    _run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "-q",
            "-w",
            str(out),
            *_index_options(),
            str(tree),
        ]
    )
    (built,) = out.glob("nightfall-*.whl")
    return built


def test_a_wheel_without_the_web_build_is_refused(tmp_path: Path) -> None:
    """The build step fails loudly when web/dist is missing, rather than shipping a
    server that can only say "not built yet"."""
    for name in TREE_FILES:
        shutil.copy2(ROOT / name, tmp_path / name)
    shutil.copytree(
        ROOT / "src", tmp_path / "src", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info")
    )
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "-w",
            str(tmp_path / "out"),
            *_index_options(),
            ".",
        ],
        cwd=tmp_path,
        env=CLEAN_ENV,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode != 0
    assert "build the web clients first" in done.stdout + done.stderr
    assert not list(tmp_path.glob("out/*.whl"))


def test_the_installed_wheel_serves_phone_board_and_desk(wheel: Path, tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", str(venv)])
    python = venv / "bin" / "python"
    _run(
        [
            str(python),
            "-m",
            "pip",
            "install",
            "-q",
            *_index_options(),
            "--find-links",
            str(wheel.parent),
            "nightfall",
        ]
    )
    # A game night without the extras: neither the cluster's nor the plots' packages came along.
    for absent in ("psycopg", "redis", "matplotlib"):
        probe = subprocess.run(
            [str(python), "-c", f"import {absent}"], env=CLEAN_ENV, capture_output=True, timeout=60
        )
        assert probe.returncode != 0, f"{absent} was installed without its extra"

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = tmp_path / "serve.log"
    with log.open("wb") as sink:
        # Run from an empty folder: nothing of the checkout (web/dist, src/) is in reach.
        proc = subprocess.Popen(
            [
                str(venv / "bin" / "nightfall"),
                "serve",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--data-dir",
                str(tmp_path / "data"),
            ],
            cwd=tmp_path,
            env=CLEAN_ENV,
            stdout=sink,
            stderr=subprocess.STDOUT,
        )
    try:
        wait_up(proc, lambda: healthy(base), log, "nightfall serve from the wheel", 60)
        kind, phone = _get(f"{base}/")
        assert kind.startswith("text/html")
        assert b"Vang de Heks" in phone and b'<div id="app">' in phone, phone[:400]
        script = phone.split(b'src="', 1)[1].split(b'"', 1)[0].decode()
        assert script.startswith("/assets/") and script.endswith(".js")
        kind, bundle = _get(base + script)
        assert "javascript" in kind and len(bundle) > 10_000
        _, board = _get(f"{base}/board/KXTR")  # the board is the same app, by its path
        assert board == phone
        _, desk = _get(f"{base}/a/new")  # Andorra's desk has its own entry page
        assert b"/assets/andorra-" in desk
    finally:
        stop(proc)
