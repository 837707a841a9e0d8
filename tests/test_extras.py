"""A game night needs no optional extra; a command that needs one names it (issue 33 §5).

Each check runs in a fresh interpreter where psycopg, psycopg_pool, redis and
matplotlib cannot be imported (``sys.modules[name] = None`` makes ``import`` fail as if
they were not installed), as on ``pip install nightfall`` without extras.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BLOCK = textwrap.dedent(
    """
    import sys
    for name in ("psycopg", "psycopg_pool", "redis", "matplotlib"):
        sys.modules[name] = None
    """
)


def _run(code: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", BLOCK + textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        env={"PYTHONPATH": str(ROOT / "src") + ":" + str(ROOT), "PATH": "/usr/bin:/bin"},
    )


def test_a_game_night_serves_pages_without_the_extras(tmp_path: Path) -> None:
    done = _run(
        """
        from starlette.testclient import TestClient
        from nightfall.server.app import create_app
        from nightfall.server import main  # what `nightfall serve` imports
        from nightfall.store import SqliteStore

        app = create_app(SqliteStore("game.sqlite3"), public_url="http://127.0.0.1:8000")
        with TestClient(app) as client:
            assert client.get("/api/health").status_code == 200
            assert client.get("/").status_code == 200
        print("ok")
        """,
        tmp_path,
    )
    assert done.returncode == 0 and "ok" in done.stdout, done.stderr[-3000:]


def test_the_postgresql_store_names_the_cluster_extra(tmp_path: Path) -> None:
    done = _run(
        """
        from nightfall.store import open_store
        from nightfall.extras import MissingExtra
        try:
            open_store("postgresql://postgres@127.0.0.1/nightfall")
        except MissingExtra as exc:
            print(exc)
        """,
        tmp_path,
    )
    assert "pip install 'nightfall[cluster]'" in done.stdout, done.stdout + done.stderr[-3000:]


def test_a_cluster_node_names_the_cluster_extra(tmp_path: Path) -> None:
    done = _run(
        """
        import argparse
        from nightfall.server.main import StartError, node_ownership
        try:
            node_ownership(argparse.Namespace(redis="redis://127.0.0.1:6379/0"))
        except StartError as exc:
            print(exc)
        """,
        tmp_path,
    )
    assert "pip install 'nightfall[cluster]'" in done.stdout, done.stdout + done.stderr[-3000:]


def test_plots_name_the_plot_extra(tmp_path: Path) -> None:
    done = _run(
        """
        from nightfall.cli.simulate_plot import plot_report
        try:
            plot_report([], "balance.png", "title")
        except SystemExit as exc:
            print(exc)
        """,
        tmp_path,
    )
    assert "pip install 'nightfall[plot]'" in done.stdout, done.stdout + done.stderr[-3000:]


def test_an_unrelated_missing_module_is_not_blamed_on_an_extra() -> None:
    from nightfall.extras import need

    try:
        need("nightfall_no_such_module", "nothing")
    except ModuleNotFoundError as exc:
        assert "pip install" not in str(exc)
    else:
        raise AssertionError("need() imported a module that does not exist")
