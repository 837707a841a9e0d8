"""Text frames straight to the ASGI server's send, and frames from its receive
(server/fast/asgi_send.py)."""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.types import Message, Receive, Scope, Send

from nightfall.server.app import create_app
from nightfall.server.fast.asgi_send import RECEIVE_KEY, SCOPE_KEY, RawSend, frame_reader, text_writer
from nightfall.store import SqliteStore


class FakeWs:
    def __init__(self, scope: dict[str, Any]) -> None:
        self.scope = scope
        self.fallback: list[str] = []

    async def send_text(self, text: str) -> None:
        self.fallback.append(text)

    async def receive(self) -> dict[str, Any]:
        return {"type": "websocket.receive", "text": "through starlette"}


async def test_text_goes_to_the_servers_send_when_the_middleware_left_it() -> None:
    sent: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    ws = FakeWs({"type": "websocket", SCOPE_KEY: send})
    sending = text_writer(ws)("hi")  # type: ignore[arg-type]
    assert sending is not None  # no write_text_now behind this send: a coroutine to await
    await sending
    assert sent == [{"type": "websocket.send", "text": "hi"}] and ws.fallback == []


async def test_a_send_that_returns_another_awaitable_still_gives_a_coroutine() -> None:
    sent: list[dict[str, Any]] = []

    def send(message: dict[str, Any]) -> asyncio.Future[None]:
        sent.append(message)
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        done.set_result(None)
        return done

    write = text_writer(FakeWs({"type": "websocket", SCOPE_KEY: send}))  # type: ignore[arg-type]
    coro = write("x")
    assert asyncio.iscoroutine(coro)  # the connection drives it step by step
    await coro
    assert sent == [{"type": "websocket.send", "text": "x"}]


async def test_without_the_middleware_text_goes_through_starlette() -> None:
    ws = FakeWs({"type": "websocket"})
    sending = text_writer(ws)("hi")  # type: ignore[arg-type]
    assert sending is not None  # Starlette's send_text
    await sending
    assert ws.fallback == ["hi"]


async def test_the_middleware_leaves_send_in_websocket_scopes_only() -> None:
    seen: list[dict[str, Any]] = []

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        seen.append(dict(scope))

    async def send(message: Message) -> None:
        return None

    async def receive() -> Message:
        return {"type": "websocket.receive", "text": "raw"}

    middleware = RawSend(app)
    await middleware({"type": "websocket"}, receive, send)
    await middleware({"type": "http"}, receive, send)
    assert seen[0][SCOPE_KEY] is send and seen[0][RECEIVE_KEY] is receive
    assert SCOPE_KEY not in seen[1] and RECEIVE_KEY not in seen[1]


async def test_frames_come_from_the_servers_receive_when_the_middleware_left_it() -> None:
    async def receive() -> dict[str, Any]:
        return {"type": "websocket.receive", "text": "raw"}

    assert frame_reader(FakeWs({"type": "websocket", RECEIVE_KEY: receive})) is receive  # type: ignore[arg-type]
    fallback = frame_reader(FakeWs({"type": "websocket"}))  # type: ignore[arg-type]
    assert (await fallback())["text"] == "through starlette"


def test_the_server_app_installs_the_middleware(tmp_path: Any) -> None:
    app = create_app(SqliteStore(tmp_path / "s.sqlite3"))
    # As objects: Starlette types a middleware class as a factory protocol, which mypy
    # cannot tell overlaps with type[RawSend].
    classes: list[object] = [m.cls for m in app.user_middleware]
    assert RawSend in classes
