"""Every store test runs against SQLite and the real PostgreSQL alike.

PostgreSQL is expected on ``NIGHTFALL_TEST_POSTGRES`` (default: the local
server, 127.0.0.1:5432, which ``.ci/run`` starts). If it is not reachable the
PostgreSQL cases FAIL with the reason: they are never skipped silently.
Each test gets a database of its own, dropped afterwards.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from nightfall.store import EventStore, SqliteStore

ADMIN_URL = os.environ.get("NIGHTFALL_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/postgres")

StoreFactory = Callable[[], EventStore]


def _with_db(url: str, name: str) -> str:
    return url.rsplit("/", 1)[0] + "/" + name


@pytest.fixture
def pg_url() -> Iterator[str]:
    import psycopg

    name = "nf_test_" + uuid.uuid4().hex[:12]
    try:
        admin = psycopg.connect(ADMIN_URL, autocommit=True, connect_timeout=5)
    except psycopg.OperationalError as exc:
        pytest.fail(f"PostgreSQL is not reachable at {ADMIN_URL} (bash .ci/run starts it): {exc}")
    with admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield _with_db(ADMIN_URL, name)
    finally:
        with psycopg.connect(ADMIN_URL, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def open_store(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[StoreFactory]:
    """Opens the same database again on every call (a restart), closes all at the end."""
    opened: list[EventStore] = []
    if backend == "sqlite":
        path = tmp_path / "s.sqlite3"

        def factory() -> EventStore:
            opened.append(SqliteStore(path))
            return opened[-1]

    else:
        from nightfall.store.postgres import PostgresStore

        url = request.getfixturevalue("pg_url")

        def factory() -> EventStore:
            opened.append(PostgresStore(url))
            return opened[-1]

    yield factory
    for store in opened:
        store.close()
