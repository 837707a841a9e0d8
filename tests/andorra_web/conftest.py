from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from nightfall.server.adapters import default_catalog
from tests.server.harness import Live, start_server

Serve = Callable[..., Awaitable[Live]]


@pytest.fixture
async def serve(tmp_path: Path) -> AsyncIterator[Serve]:
    """Servers with the real catalog on one database (several in a row for restarts)."""
    running: list[Live] = []

    async def start(**kwargs: Any) -> Live:
        live = await start_server(tmp_path / "nightfall.sqlite3", catalog=default_catalog(), **kwargs)
        running.append(live)
        return live

    yield start
    for live in running:
        if not live.task.done():
            await live.stop()


@pytest.fixture
async def live(serve: Serve) -> Live:
    return await serve()
