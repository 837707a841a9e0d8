"""Open the event store a URL names: a path or ``sqlite:///path`` for the
embedded default, ``postgresql://...`` for a shared database."""

from __future__ import annotations

from pathlib import Path

from .interface import EventStore
from .sqlite import SqliteStore


def open_store(url: str | Path) -> EventStore:
    text = str(url)
    if text.startswith(("postgresql://", "postgres://")):
        from nightfall.extras import need

        # psycopg comes with the `cluster` extra: MissingExtra (a RuntimeError) names it.
        need("psycopg", "The PostgreSQL store")
        need("psycopg_pool", "The PostgreSQL store")
        from .postgres import PostgresStore

        return PostgresStore(text)
    if text.startswith("sqlite://"):
        # sqlite:///abs/path names /abs/path; sqlite://rel/path a relative one.
        return SqliteStore(text.removeprefix("sqlite://"))
    if "://" in text:
        raise ValueError(f"unknown store URL {text!r}: use a file path, sqlite:///PATH or postgresql://...")
    return SqliteStore(text)
