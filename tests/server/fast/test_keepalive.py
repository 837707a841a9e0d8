"""The server pings only sockets whose peer has gone quiet (server/fast/ws_protocol.py).

A real uvicorn with the protocol class ``nightfall serve`` uses and a short
interval; the client is websockets' sans-I/O protocol on a raw stream, so the
test sees every protocol frame, pings included, and decides whether to answer.
"""

from __future__ import annotations

import asyncio
import time
from contextlib import suppress
from typing import Any

import pytest
from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.uri import parse_uri

from nightfall.server.fast import ws_protocol
from nightfall.server.main import websocket_settings

from ..harness import serve_asgi

# Starts a server, a subprocess or a database (tests/starts.py): not in `make check`.
pytestmark = pytest.mark.server

INTERVAL = 0.3  # s between pings of a quiet peer; the pong timeout is the same


async def _hold_open(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """Accept a socket and read it until it closes: no app-level traffic at all."""
    assert scope["type"] == "websocket"
    await receive()  # websocket.connect
    await send({"type": "websocket.accept"})
    while (await receive())["type"] != "websocket.disconnect":
        pass


def _server() -> Any:
    return serve_asgi(_hold_open, ws_ping_interval=INTERVAL, ws_ping_timeout=INTERVAL)


class Peer:
    """One client socket that counts the server's pings."""

    def __init__(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, proto: ClientProtocol
    ) -> None:
        self.reader, self.writer, self.proto = reader, writer, proto
        self.pings = 0
        self.closed = False

    @classmethod
    async def open(cls, port: int) -> Peer:
        proto = ClientProtocol(parse_uri(f"ws://127.0.0.1:{port}/ws"))
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        proto.send_request(proto.connect())
        writer.write(b"".join(proto.data_to_send()))
        peer = cls(reader, writer, proto)
        while proto.handshake_exc is None and proto.state.name == "CONNECTING":
            peer._feed(await reader.read(65536))
        assert proto.state.name == "OPEN", proto.handshake_exc
        return peer

    def _feed(self, data: bytes) -> list[Frame]:
        if not data:
            self.closed = True
            self.proto.receive_eof()
        else:
            self.proto.receive_data(data)
        frames = [e for e in self.proto.events_received() if isinstance(e, Frame)]
        self.pings += sum(f.opcode is Opcode.PING for f in frames)
        self.closed |= any(f.opcode is Opcode.CLOSE for f in frames)
        return frames

    async def run(self, seconds: float, *, answer: bool = True, chat_every: float | None = None) -> None:
        """Read for ``seconds``: answer pings (or not), and send a text frame every ``chat_every`` s."""
        end = time.monotonic() + seconds
        next_chat = time.monotonic()
        while not self.closed and (left := end - time.monotonic()) > 0:
            if chat_every is not None and time.monotonic() >= next_chat:
                self.proto.send_text(b'{"type":"ping"}')
                next_chat += chat_every
            out = self.proto.data_to_send()
            if answer or chat_every is not None:  # pongs go out with the next write
                self.writer.write(b"".join(out))
            wait = left if chat_every is None else min(left, max(0.0, next_chat - time.monotonic()))
            with suppress(TimeoutError):
                self._feed(await asyncio.wait_for(self.reader.read(65536), wait))

    def close(self) -> None:
        self.writer.close()


def test_nightfall_uses_its_keepalive_with_this_uvicorn() -> None:
    # If an uvicorn upgrade drops the hooks, protocol_class falls back to "auto" and
    # every socket is pinged again: this test is what notices.
    chosen = ws_protocol.protocol_class()
    assert chosen != "auto"
    assert chosen.__name__ == "NightfallWebSocket"


async def test_a_peer_that_keeps_talking_is_never_pinged() -> None:
    async with _server() as port:
        peer = await Peer.open(port)
        await peer.run(6 * INTERVAL, chat_every=INTERVAL / 3)
        assert not peer.closed
        assert peer.pings == 0
        peer.close()


async def test_a_quiet_peer_is_pinged_every_interval_and_stays_if_it_answers() -> None:
    async with _server() as port:
        peer = await Peer.open(port)
        await peer.run(6 * INTERVAL)
        assert not peer.closed
        assert 3 <= peer.pings <= 7, peer.pings
        peer.close()


async def test_a_quiet_peer_that_does_not_answer_is_closed() -> None:
    # The vanished phone: quiet, and no pong. Closed after the interval and the timeout.
    async with _server() as port:
        peer = await Peer.open(port)
        await peer.run(8 * INTERVAL, answer=False)
        assert peer.closed
        assert peer.pings >= 1
        peer.close()


class _Recorded:
    """What the server did at each ping it sent, on its own loop clock: when the check that
    sent it was due, when it last heard from the peer, and when the ping went out."""

    def __init__(self) -> None:
        self.pings: list[tuple[float, float, float]] = []  # (due, heard_at, sent_at)

    def protocol(self) -> Any:
        base = websocket_settings()["ws"]
        assert not isinstance(base, str), f"nightfall serve fell back to uvicorn's {base!r}"
        pings = self.pings

        class Recording(base):  # type: ignore[misc, valid-type]
            def send_keepalive_ping(self) -> None:
                timer = self.ping_timer  # the handle firing now: when it was due
                due = timer.when() if timer is not None else self.loop.time()
                heard, before = self.heard_at, self.ping_sent_at
                super().send_keepalive_ping()
                if self.ping_sent_at != before:
                    pings.append((due, heard, self.ping_sent_at))

        return Recording


@pytest.mark.parametrize("quiet_first", [0.5, 0.8])
async def test_a_peer_that_falls_quiet_is_pinged_an_interval_later(quiet_first: float) -> None:
    """Decided on the server's loop clock, not by a race with it: a busy machine may run the
    check late, but the check that pings is the one due exactly an interval after the peer's
    last frame, and no ping ever goes to a peer heard from within the interval."""
    recorded = _Recorded()
    async with serve_asgi(
        _hold_open, ws=recorded.protocol(), ws_ping_interval=INTERVAL, ws_ping_timeout=None
    ) as port:
        peer = await Peer.open(port)
        await peer.run(quiet_first * INTERVAL * 4, chat_every=INTERVAL / 3)
        talked = len(recorded.pings)
        started = time.monotonic()
        while len(recorded.pings) == talked:  # quiet now (answering pings): wait for the ping
            assert time.monotonic() - started < 40 * INTERVAL, "a quiet peer was never pinged"
            await peer.run(INTERVAL / 10)
        peer.close()
    for _due, heard, sent in recorded.pings:
        assert sent - heard >= INTERVAL - 1e-3, f"pinged {sent - heard:.3f} s after it was heard"
    due, heard, _ = recorded.pings[talked]
    assert abs(due - (heard + INTERVAL)) < 5e-3, f"the ping's check was due {due - heard:.3f} s after"
