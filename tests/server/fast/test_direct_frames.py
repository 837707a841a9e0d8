"""Text frames written straight to the transport (server/fast/ws_protocol.py,
``write_text_now``) are frames any client reads, of every length encoding, and the
direct path steps aside whenever ASGI ``send`` has something to do that it does not.

A real uvicorn runs the protocol class ``nightfall serve`` uses; the client is
websockets' own, which checks every frame it gets against RFC 6455.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
import websockets
from starlette.types import Receive, Scope

from nightfall.server.fast.asgi_send import RawSend, text_writer

from ..harness import serve_asgi

# Starts a server, a subprocess or a database (tests/starts.py): not in `make check`.
pytestmark = pytest.mark.server

# Each side of every boundary of the length field: 7 bits, 16 bits, 64 bits.
SIZES = [0, 1, 125, 126, 127, 65535, 65536, 300_000]


class Probe:
    """An ASGI app that writes what the test asks through ``text_writer``, and keeps
    each socket's protocol object so the test can see and change its state."""

    def __init__(self) -> None:
        self.protocols: list[Any] = []
        self.direct: list[bool] = []  # per frame written: did it go the direct way

    # send stays Any: the test reaches the protocol object behind uvicorn's bound method.
    async def __call__(self, scope: Scope, receive: Receive, send: Any) -> None:
        assert scope["type"] == "websocket"
        await receive()
        await send({"type": "websocket.accept"})

        class Ws:  # what text_writer reads: the scope
            pass

        ws = Ws()
        ws.scope = scope  # type: ignore[attr-defined]
        write = text_writer(ws)  # type: ignore[arg-type]
        self.protocols.append(send.__self__)
        while True:
            message = await receive()
            if message["type"] == "websocket.disconnect":
                return
            for text in _texts(message["text"]):
                coro = write(text)
                self.direct.append(coro is None)
                if coro is not None:
                    await coro


def _texts(request: str) -> list[str]:
    """'sizes': one text per SIZES entry (with non-ASCII so bytes and characters differ)."""
    if request == "sizes":
        return [("é" + "x" * size)[: max(size - 1, 0)] if size else "" for size in SIZES]
    return [request]


@asynccontextmanager
async def _server(probe: Probe, **settings: Any) -> AsyncIterator[str]:
    async with serve_asgi(RawSend(probe), **{"ws_max_size": 2**20, **settings}) as port:
        yield f"ws://127.0.0.1:{port}/"


async def test_every_length_encoding_arrives_intact_and_goes_direct() -> None:
    probe = Probe()
    async with _server(probe) as url, websockets.connect(url, max_size=None, compression=None) as ws:
        await ws.send("sizes")
        got = [await asyncio.wait_for(ws.recv(), 5) for _ in SIZES]
    assert got == _texts("sizes")
    assert probe.direct == [True] * len(SIZES)


async def test_a_paused_transport_sends_through_asgi_and_keeps_the_order() -> None:
    # Flow control: the peer's buffer is full, uvicorn cleared ``writable``; the frame
    # must wait in uvicorn's send, not jump the queue.
    probe = Probe()
    async with _server(probe) as url, websockets.connect(url, compression=None) as ws:
        await ws.send("first")
        assert await ws.recv() == "first"
        protocol = probe.protocols[0]
        protocol.writable.clear()
        assert protocol.write_text_now("never") is False
        await ws.send("second")
        await asyncio.sleep(0.2)
        protocol.writable.set()
        assert await asyncio.wait_for(ws.recv(), 5) == "second"
    assert probe.direct == [True, False]


async def test_compression_sends_through_asgi() -> None:
    # With permessage-deflate the payload must be compressed: only websockets does that.
    probe = Probe()
    async with (
        _server(probe, ws_per_message_deflate=True) as url,
        websockets.connect(url, compression="deflate") as ws,
    ):
        await ws.send("squeeze " * 50)
        assert await asyncio.wait_for(ws.recv(), 5) == "squeeze " * 50
    assert probe.direct == [False]


async def test_nothing_is_written_directly_after_a_close() -> None:
    probe = Probe()
    async with _server(probe) as url:
        async with websockets.connect(url, compression=None) as ws:
            await ws.send("hello")
            assert await ws.recv() == "hello"
        for _ in range(100):  # the close handshake, then the transport goes
            if probe.protocols[0].close_sent or probe.protocols[0].disconnected:
                break
            await asyncio.sleep(0.01)
        assert probe.protocols[0].write_text_now("late") is False


async def test_if_uvicorn_changes_its_attributes_frames_still_go_through_asgi(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    probe = Probe()
    async with _server(probe) as url, websockets.connect(url, compression=None) as ws:
        await ws.send("before")
        assert await ws.recv() == "before"
        protocol = probe.protocols[0]
        cls = type(protocol)
        monkeypatch.setattr(cls, "direct", True)
        monkeypatch.delattr(protocol, "writable")  # as if a new uvicorn renamed it
        try:
            assert protocol.write_text_now("x") is False
            assert cls.direct is False  # stopped for good, with a warning
        finally:
            protocol.writable = asyncio.Event()
            protocol.writable.set()
        await ws.send("after")
        assert await asyncio.wait_for(ws.recv(), 5) == "after"
    assert probe.direct == [True, False]


async def test_the_servers_views_take_the_direct_way(tmp_path: Any) -> None:
    # End to end: the app's sockets, under the settings nightfall serve uses, write
    # their frames directly, and the clients read them as ever.
    from ..harness import start_server, table

    live = await start_server(tmp_path / "db.sqlite3")
    try:
        code, _, sockets = await table(live, ["Anna", "Bram"])
        room = live.app.state.rooms._rooms[code]
        assert room.conns and all(conn._write('{"type":"x-test"}') is None for conn in room.conns)
        for client in sockets:
            await client.expect("x-test")  # after any presence news queued before it
    finally:
        await live.stop()
