"""PostgreSQL and Redis for the cluster tests: a database and a key prefix of each
test's own (other test runs share the servers), dropped afterwards. A server that
is not reachable fails the test with the reason; nothing is skipped."""

from __future__ import annotations

from tests.store.conftest import ADMIN_URL, pg_url

__all__ = ["ADMIN_URL", "pg_url"]
