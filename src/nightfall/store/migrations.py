"""Versioned schema migrations for the PostgreSQL store.

Each migration is a file ``migrations/postgres_NNN_name.sql``, applied once, in
order, inside one transaction with its row in ``schema_migrations``. An
advisory lock keeps two nodes that start at once from applying the same one
twice. A migration is never edited after it shipped: a change is a new file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources
from typing import Any

_NAME = re.compile(r"^postgres_(\d{3})_([a-z0-9_]+)\.sql$")
# Any constant 64-bit key works; it only has to be the same on every node.
_LOCK_KEY = 0x4E49_4748_5446_414C  # "NIGHTFAL"


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    sql: str


def migrations() -> list[Migration]:
    found = []
    for entry in resources.files("nightfall.store").joinpath("migrations").iterdir():
        match = _NAME.match(entry.name)
        if match:
            found.append(Migration(int(match.group(1)), match.group(2), entry.read_text("utf-8")))
    found.sort(key=lambda m: m.version)
    versions = [m.version for m in found]
    if versions != list(range(1, len(found) + 1)):
        raise RuntimeError(f"migrations must be numbered 1..n without gaps, found {versions}")
    return found


def migrate(conn: Any) -> list[int]:
    """Bring the schema up to date on a psycopg connection; the versions applied."""
    applied: list[int] = []
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK_KEY,))
        conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            " version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
            " applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
        )
        done = {row[0] for row in conn.execute("SELECT version FROM schema_migrations")}
        for migration in migrations():
            if migration.version in done:
                continue
            conn.execute(migration.sql)
            conn.execute(
                "INSERT INTO schema_migrations (version, name) VALUES (%s, %s)",
                (migration.version, migration.name),
            )
            applied.append(migration.version)
    return applied
