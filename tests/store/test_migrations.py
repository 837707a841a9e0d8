"""PostgreSQL schema migrations are versioned, applied once, and a wrong store
URL gives a clear error."""

from __future__ import annotations

import psycopg
import pytest

from nightfall.store import open_store
from nightfall.store.migrations import migrate, migrations
from nightfall.store.postgres import PostgresStore

# Starts a server, a subprocess or a database (tests/starts.py): not in `make check`.
pytestmark = pytest.mark.server


def test_migrations_are_numbered_without_gaps() -> None:
    versions = [m.version for m in migrations()]
    assert versions == list(range(1, len(versions) + 1)) and len(versions) >= 2


def test_each_migration_is_applied_once(pg_url: str) -> None:
    PostgresStore(pg_url).close()
    with psycopg.connect(pg_url) as conn:
        assert migrate(conn) == []  # a second node starting finds nothing to do
        rows = conn.execute("SELECT version FROM schema_migrations ORDER BY version").fetchall()
    assert [r[0] for r in rows] == [m.version for m in migrations()]


def test_an_unreachable_database_is_a_clear_error() -> None:
    with pytest.raises(
        ConnectionError, match=r"cannot reach PostgreSQL at postgresql://nobody@127\.0\.0\.1:1/"
    ):
        PostgresStore("postgresql://nobody:secret@127.0.0.1:1/x", timeout=1)


def test_store_urls(tmp_path: object) -> None:
    with pytest.raises(ValueError, match="unknown store URL"):
        open_store("mysql://x")
    store = open_store(f"sqlite://{tmp_path}/a.sqlite3")
    assert store.code_taken("ABCD") is False
    store.close()
