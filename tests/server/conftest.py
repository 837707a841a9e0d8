from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path

import pytest

from nightfall.server.protocol import encode
from nightfall.server.room_views import RoomParts, RoomViews

from .harness import Live, servers

Serve = Callable[..., Awaitable[Live]]


@pytest.fixture
async def serve(tmp_path: Path) -> AsyncIterator[Serve]:
    """Start servers on ``tmp_path/nightfall.sqlite3`` (several in a row for restarts)."""
    async with servers(tmp_path / "nightfall.sqlite3") as start:
        yield start


@pytest.fixture
async def live(serve: Serve) -> Live:
    return await serve()


@pytest.fixture(autouse=True)
def room_parts_stay_fresh(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test here also checks the room's cache of encoded parts: each room part and
    ``you`` it hands out must equal a fresh encoding of what it stands for. A mismatch
    inside a room's task would only become an ``internal_error`` answer, so mismatches
    are collected and fail the test at the end."""
    stale: list[str] = []
    cached = RoomViews.room_parts

    def checked(self: RoomViews) -> RoomParts:
        parts = cached(self)
        code = self.core.code
        if parts.text != encode(self.room_json()):
            stale.append(f"room {code}: the room part is stale")
        for pid, text in parts.you.items():
            if text != self.you(pid):
                stale.append(f"room {code}: you of {pid} is stale")
        return parts

    monkeypatch.setattr(RoomViews, "room_parts", checked)
    yield
    assert not stale, stale[:5]
