"""Tiny WebSocket frames (attack round 4, 2026-12-07; docs/security.md, "Floods"): a socket
with no room and no hello sent 6-byte frames (pongs nobody asked for, empty continuations of
a message never finished) and websockets parsed each in Python on the loop every room
shares: 100,000 held every room for over a second, a few seconds of them for 11-34 s. Now a
socket's frames are parsed at most ``FRAMES_PER_SECOND`` a second (``server/ws_guard.py``,
counted by their headers in ``server/ws_frames.py``); the rest wait, the socket unread."""

from __future__ import annotations

import asyncio
import os
import random
import struct
from collections.abc import Iterator

import pytest
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from nightfall.server.ws_frames import BYTES_PER_UNIT, FrameCounter
from nightfall.server.ws_guard import FRAMES_PER_SECOND, OVER_BUDGET_S

from .conftest import Serve
from .test_floods import _websocket


def frame(opcode: int, payload: bytes = b"", fin: bool = True, mask: bool = True) -> bytes:
    """A client frame (RFC 6455 §5.2) of any length."""
    n = len(payload)
    first = (0x80 if fin else 0) | opcode
    masked = 0x80 if mask else 0
    if n < 126:
        head = struct.pack("!BB", first, masked | n)
    elif n < 65536:
        head = struct.pack("!BBH", first, masked | 126, n)
    else:
        head = struct.pack("!BBQ", first, masked | 127, n)
    key = os.urandom(4) if mask else b""
    body = bytes(b ^ key[i % 4] for i, b in enumerate(payload)) if mask else payload
    return head + key + body


REQUEST = b"GET /ws/ABCD HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"


SIZES = (0, 5, 125, 126, 300, 1024, 8192, 70_000)


def test_the_counter_finds_every_frame_however_the_bytes_are_split() -> None:
    """Each frame counted once, plus once per KiB of its payload (8 KiB, a phone's largest
    message: 9 units), however the stream is cut and whatever the budget."""
    frames = [frame(op, b"x" * size) for op, size in zip((1, 0, 9, 1, 2, 1, 1, 1), SIZES, strict=True)]
    units = sum(1 + size // BYTES_PER_UNIT for size in SIZES)
    assert units == 1 + 1 + 1 + 1 + 1 + 2 + 9 + 69
    stream = REQUEST + b"".join(frames * 3)
    shuffle = random.Random(7)
    for _ in range(100):
        counter, seen, at = FrameCounter(), 0, 0
        while at < len(stream):
            chunk = stream[at : at + shuffle.randint(1, 40_000)]
            budget = shuffle.randint(0, 80)
            begun, taken = counter.take(chunk, budget)
            assert begun < budget + 69 or begun == 0  # a frame begins only below the budget
            seen, at = seen + begun, at + taken
        assert seen == 3 * units


def test_past_the_budget_the_bytes_are_cut_where_a_frame_begins() -> None:
    counter = FrameCounter()
    tiny = frame(0xA)
    data = REQUEST + tiny * 10
    assert counter.take(data, 4) == (4, len(REQUEST) + 4 * len(tiny))
    assert counter.take(data[len(REQUEST) + 4 * len(tiny) :], 100) == (6, 6 * len(tiny))


@pytest.fixture
def parsed() -> Iterator[list[int]]:
    """How many pongs and continuation frames websockets' parser handed to uvicorn."""
    count = [0]
    pong, cont = WebSocketsSansIOProtocol.handle_pong, WebSocketsSansIOProtocol.handle_cont

    def counted_pong(self: WebSocketsSansIOProtocol, event: object) -> None:
        count[0] += 1
        pong(self, event)  # type: ignore[arg-type]

    def counted_cont(self: WebSocketsSansIOProtocol, event: object) -> None:
        count[0] += 1
        cont(self, event)  # type: ignore[arg-type]

    WebSocketsSansIOProtocol.handle_pong = counted_pong  # type: ignore[method-assign]
    WebSocketsSansIOProtocol.handle_cont = counted_cont  # type: ignore[method-assign]
    try:
        yield count
    finally:
        WebSocketsSansIOProtocol.handle_pong = pong  # type: ignore[method-assign]
        WebSocketsSansIOProtocol.handle_cont = cont  # type: ignore[method-assign]


@pytest.mark.server
@pytest.mark.timeout(60)
@pytest.mark.parametrize("fast_paths", [True, False], ids=["fast", "plain"])
@pytest.mark.parametrize("kind", ["pongs", "continuations"])
async def test_a_flood_of_tiny_frames_is_parsed_at_a_phones_pace(
    serve: Serve, parsed: list[int], fast_paths: bool, kind: str
) -> None:
    live = await serve(fast_paths=fast_paths)
    code = (await live.create("Anna"))["code"]
    _, writer = await _websocket(live, code)
    # pongs nobody asked for, or a text message begun and never finished
    never_ends = frame(0x1, b"x", fin=False) + frame(0x0, fin=False) * 20_000
    flood = frame(0xA) * 20_000 if kind == "pongs" else never_ends
    loop = asyncio.get_running_loop()
    began = loop.time()
    writer.write(flood)
    await asyncio.sleep(0.5)
    assert (await live.http.get("/api/health")).status_code == 200
    seconds = loop.time() - began
    # At most the budget in each second begun: all 20,000 at once before.
    assert 0 < parsed[0] <= FRAMES_PER_SECOND * (int(seconds) + 2), (parsed[0], seconds)
    writer.close()


@pytest.fixture
def parsed_bytes() -> Iterator[list[int]]:
    """How many of the clients' bytes websockets' parser was handed."""
    count = [0]
    received = WebSocketsSansIOProtocol.data_received

    def counted(self: WebSocketsSansIOProtocol, data: bytes) -> None:
        count[0] += len(data)
        received(self, data)

    WebSocketsSansIOProtocol.data_received = counted  # type: ignore[method-assign]
    try:
        yield count
    finally:
        WebSocketsSansIOProtocol.data_received = received  # type: ignore[method-assign]


@pytest.mark.server
@pytest.mark.timeout(60)
@pytest.mark.parametrize("fast_paths", [True, False], ids=["fast", "plain"])
async def test_big_frames_are_parsed_at_a_phones_pace_too(
    serve: Serve, parsed_bytes: list[int], fast_paths: bool
) -> None:
    """Attack round 5: the budget counted frames, not bytes, so 64 KB frames (the largest a
    socket may send) were parsed as fast as the network brought them, ~1.6 s of the loop's
    CPU a GB. Now a frame counts once per KiB: 2.4 MB sent at once is parsed at ~256 KiB a
    second, the rest held unread."""
    live = await serve(fast_paths=fast_paths)
    code = (await live.create("Anna"))["code"]
    reader, writer = await _websocket(live, code)
    writer.write(frame(0x1, b'{"type":"hello","v":1}'))  # a spectator: no hello timeout ends it
    assert b"welcome" in await asyncio.wait_for(reader.read(65536), 10)
    before = parsed_bytes[0]
    loop = asyncio.get_running_loop()
    began = loop.time()
    writer.write(frame(0x2, b"x" * 60_000) * 40)
    await asyncio.sleep(1.2)
    assert (await live.http.get("/api/health")).status_code == 200
    seconds = loop.time() - began
    parsed = parsed_bytes[0] - before
    # at most the budget in each second begun, and the frame that began last (all of it before)
    most = (FRAMES_PER_SECOND + 60) * BYTES_PER_UNIT * (int(seconds) + 2)
    assert 60_000 < parsed <= most < 40 * 60_000, (parsed, most, seconds)
    writer.close()


@pytest.mark.server
@pytest.mark.timeout(60)
@pytest.mark.parametrize("fast_paths", [True, False], ids=["fast", "plain"])
async def test_a_socket_over_its_budget_second_after_second_is_cut_off(
    serve: Serve, fast_paths: bool
) -> None:
    """Attack round 5: 32 sockets sent pongs for 6 s and their client went away; the sockets
    stayed open for over 8 minutes, the held bytes parsed at the budget (and, on the fast
    path, keeping the keepalive quiet), holding the address's socket cap full. A socket over
    its budget every second for ``OVER_BUDGET_S`` is no phone: it is cut off."""
    live = await serve(fast_paths=fast_paths)
    code = (await live.create("Anna"))["code"]
    reader, writer = await _websocket(live, code)
    writer.write(frame(0x1, b'{"type":"hello","v":1}'))  # a spectator: no hello timeout ends it
    assert b"welcome" in await asyncio.wait_for(reader.read(65536), 10)
    writer.write(frame(0xA) * 100_000)  # 390 s of frames at the budget
    loop = asyncio.get_running_loop()
    began = loop.time()
    closed = False
    try:
        while await asyncio.wait_for(reader.read(65536), OVER_BUDGET_S + 10):
            pass
        closed = True
    except ConnectionResetError:
        closed = True
    except TimeoutError:
        pass
    assert closed, "the socket is still open"
    assert loop.time() - began < OVER_BUDGET_S + 10
    writer.close()
