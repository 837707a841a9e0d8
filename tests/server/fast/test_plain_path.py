"""The switch back to the plain Starlette/uvicorn path (server/fast/__init__.py):
with the fast paths off a game plays over the WebSocket as before, and none of
the fast machinery is in the way (no raw send/receive, uvicorn's own WebSocket
protocol, Python's default garbage collector)."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

import pytest

from nightfall.cli import build_parser
from nightfall.server import fast
from nightfall.server.app import create_app
from nightfall.server.fast import asgi_send
from nightfall.server.main import websocket_settings
from nightfall.store import SqliteStore

from ..conftest import Serve
from ..harness import table

# Starts a server, a subprocess or a database (tests/starts.py): not in `make check`.
pytestmark = pytest.mark.server


class Spy:
    """Counts the raw send middleware's calls and what writes each socket's frames."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.raw_sockets = 0
        self.writers: list[Any] = []
        real_call = asgi_send.RawSend.__call__
        real_writer = asgi_send.text_writer

        async def call(raw: asgi_send.RawSend, scope: Any, receive: Any, send: Any) -> None:
            if scope["type"] == "websocket":
                self.raw_sockets += 1
            await real_call(raw, scope, receive, send)

        def writer(ws: Any) -> Any:
            write = real_writer(ws)
            self.writers.append((ws, write))
            return write

        monkeypatch.setattr(asgi_send.RawSend, "__call__", call)
        monkeypatch.setattr("nightfall.server.websocket.text_writer", writer)


def socket_protocols(live: Any) -> set[str]:
    """The classes of the server's open WebSocket connections (the phones are still open)."""
    return {type(c).__name__ for c in live.server.server_state.connections if "WebSocket" in type(c).__name__}


async def play_to_the_end(serve: Serve, fast_paths: bool) -> Any:
    live = await serve(fast_paths=fast_paths)
    _code, _, (anna, bram) = await table(live, ["Anna", "Bram"])
    assert (await anna.lobby("start"))["type"] == "ack"
    rejected = await bram.command("add", n=99)
    assert rejected["error"]["code"] == "bad_payload"
    for phone, n in [(anna, 10), (bram, 10)] * 4 + [(anna, 10), (bram, 5), (anna, 10)]:
        answer = await phone.command("add", n=n)
        assert answer["type"] == "ack", answer
    final = await bram.state_where(lambda s: s["view"]["result"] is not None)
    assert final["view"]["result"] == {"winner": 1, "total": 105}
    assert (await anna.state_where(lambda s: s["view"]["result"] is not None))["view"]["total"] == 105
    return live


async def test_a_game_plays_over_the_plain_path(serve: Serve, monkeypatch: pytest.MonkeyPatch) -> None:
    spy = Spy(monkeypatch)
    callbacks_before = list(gc.callbacks)
    live = await play_to_the_end(serve, fast_paths=False)
    assert live.app.state.fast_paths is False
    assert spy.raw_sockets == 0  # no raw send/receive middleware
    # Every socket's frames went through Starlette's own WebSocket.send_text.
    assert spy.writers and all(write == ws.send_text for ws, write in spy.writers)
    assert gc.callbacks == callbacks_before  # no collector watch installed
    assert socket_protocols(live) == {"GuardedWebSocket"}  # uvicorn's own, its pings guarded (ws_guard)


async def test_the_same_game_takes_the_fast_paths_when_they_are_on(
    serve: Serve, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The counterpart, so the test above can tell the two paths apart."""
    spy = Spy(monkeypatch)
    live = await play_to_the_end(serve, fast_paths=True)
    assert live.app.state.fast_paths is True
    assert spy.raw_sockets >= 2
    assert spy.writers and all(write != ws.send_text for ws, write in spy.writers)
    assert socket_protocols(live) == {"NightfallWebSocket"}


@pytest.mark.parametrize(
    ("raw", "on"), [(None, True), ("1", True), ("on", True), ("0", False), ("off", False), ("False", False)]
)
def test_the_switch_is_read_from_the_environment(
    raw: str | None, on: bool, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    if raw is None:
        monkeypatch.delenv(fast.ENV, raising=False)
    else:
        monkeypatch.setenv(fast.ENV, raw)
    assert fast.enabled() is on
    assert build_parser().parse_args(["serve"]).plain is (not on)
    store = SqliteStore(tmp_path / "db.sqlite3")
    app = create_app(store, web_dist=tmp_path)
    store.close()
    assert app.state.fast_paths is on
    # The security headers' middleware is there either way; the fast path adds RawSend.
    assert any("RawSend" in repr(m) for m in app.user_middleware) is on
    # Off, uvicorn's own WebSocket protocol, with only its pings guarded (ws_guard).
    assert websocket_settings(on)["ws"].__name__ == ("NightfallWebSocket" if on else "GuardedWebSocket")


def test_a_switch_that_is_neither_on_nor_off_is_an_error() -> None:
    with pytest.raises(ValueError, match="NIGHTFALL_FAST"):
        fast.enabled({fast.ENV: "maybe"})


def test_the_serve_flag_turns_the_fast_paths_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(fast.ENV, raising=False)
    assert build_parser().parse_args(["serve", "--plain"]).plain is True
