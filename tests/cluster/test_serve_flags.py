"""``nightfall serve --store URL``: the store a URL names, and a clear error when the
URL is wrong or the database cannot be reached (never a traceback, never a hang)."""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

import pytest

from nightfall.cli import build_parser
from nightfall.server.main import StartError, open_event_store
from nightfall.store import SqliteStore


def _args(*argv: str) -> argparse.Namespace:
    return build_parser().parse_args(["serve", *argv])


def test_the_default_is_sqlite_in_the_data_dir_and_locks_it(tmp_path: Path) -> None:
    store, lock = open_event_store(_args("--data-dir", str(tmp_path / "d")))
    assert isinstance(store, SqliteStore) and lock is not None
    with pytest.raises(StartError, match="already using"):
        open_event_store(_args("--data-dir", str(tmp_path / "d")))
    store.close()
    lock.close()


def test_a_postgresql_url_opens_the_shared_store(pg_url: str) -> None:
    store, lock = open_event_store(_args("--store", pg_url))
    assert type(store).__name__ == "PostgresStore" and lock is None  # nodes share it: no file lock
    assert not store.code_taken("BCDF")
    store.close()


def test_the_environment_names_the_store(monkeypatch: pytest.MonkeyPatch, pg_url: str) -> None:
    monkeypatch.setenv("NIGHTFALL_STORE", pg_url)
    monkeypatch.setenv("NIGHTFALL_REDIS", "redis://127.0.0.1:6379/0")
    args = _args()
    assert args.store == pg_url and args.redis == "redis://127.0.0.1:6379/0"


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("mysql://root@localhost/nf", "unknown store URL"),
        ("postgresql://postgres@127.0.0.1:1/nf", "cannot reach PostgreSQL"),
        ("postgresql://postgres:secret@127.0.0.1:5432/nf_no_such_database", "does not exist"),
    ],
)
def test_a_wrong_or_unreachable_store_is_a_clear_error(url: str, says: str) -> None:
    with pytest.raises(StartError, match=says) as caught:
        open_event_store(_args("--store", url))
    assert "secret" not in str(caught.value)  # a password never reaches the terminal


def test_serve_exits_with_the_reason(tmp_path: Path) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "nightfall.cli",
            "serve",
            "--port",
            "1",
            "--store",
            "postgresql://postgres@127.0.0.1:1/x",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
    )
    assert done.returncode == 1
    assert "Cannot open the event store" in done.stderr and "Traceback" not in done.stderr
