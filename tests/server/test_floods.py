"""Floods that cost the server memory while the client reads nothing (attack round of
2026-12-07; docs/security.md): raw sockets against a real server.

Before, uvicorn answered every WebSocket ping at once with no flow control, so a client
that sent pings and never read grew the server by ~27 MB a second and stalled every room;
and it parsed every pipelined HTTP request a read brought into a queue, ~32 bytes held for
each byte sent. Now the ping flood is cut off and a pipeline longer than
``MAX_PIPELINED`` closes its connection, while a ping now and then, and a short pipeline,
are still answered."""

from __future__ import annotations

import asyncio
import base64
import os
import struct

import pytest

from nightfall.server.slow_clients import MAX_HEAD_BYTES, MAX_HEADERS, MAX_PIPELINED, MAX_SMALL_PIECES
from nightfall.server.ws_guard import CLOSE_WAIT_S, MAX_CLOSING, PINGS_PER_SECOND

from .conftest import Serve
from .harness import Live

pytestmark = [pytest.mark.server, pytest.mark.timeout(60)]


def _port(live: Live) -> int:
    return int(live.url.rsplit(":", 1)[1])


def _client_frame(opcode: int, payload: bytes) -> bytes:
    """A masked client frame (RFC 6455 §5.2), payload under 126 bytes."""
    mask = os.urandom(4)
    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return struct.pack("!BB", 0x80 | opcode, 0x80 | len(payload)) + mask + masked


async def _websocket(live: Live, code: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    reader, writer = await asyncio.open_connection("127.0.0.1", _port(live))
    key = base64.b64encode(os.urandom(16)).decode()
    writer.write(
        f"GET /ws/{code} HTTP/1.1\r\nHost: 127.0.0.1:{_port(live)}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
    assert head.startswith(b"HTTP/1.1 101"), head
    return reader, writer


async def _closed(reader: asyncio.StreamReader) -> bool:
    """Whether the server ends the connection within 10 s (reading whatever it sent first)."""
    try:
        while await asyncio.wait_for(reader.read(65536), 10):
            pass
    except ConnectionResetError:
        pass
    except TimeoutError:
        return False
    return True


async def test_a_ping_now_and_then_is_answered(serve: Serve) -> None:
    live = await serve()
    code = (await live.create("Anna"))["code"]
    reader, writer = await _websocket(live, code)
    for i in range(3):
        writer.write(_client_frame(0x9, b"p%d" % i))
        pong = await asyncio.wait_for(reader.readexactly(2 + 2), 10)
        assert pong == b"\x8a\x02p%d" % i, pong  # FIN + pong, unmasked, the ping's payload
    writer.close()


@pytest.mark.parametrize("fast_paths", [True, False], ids=["fast", "plain"])
async def test_a_ping_flood_is_cut_off(serve: Serve, fast_paths: bool) -> None:
    """Pings sent faster than any client keeps alive, and never read: the socket is closed,
    and the server stays responsive meanwhile (uvicorn's own protocol was as open to it)."""
    live = await serve(fast_paths=fast_paths)
    code = (await live.create("Anna"))["code"]
    reader, writer = await _websocket(live, code)
    writer.write(_client_frame(0x9, b"x" * 125) * (PINGS_PER_SECOND * 10))
    await writer.drain()
    assert await _closed(reader)
    assert (await live.http.get("/api/health")).status_code == 200
    writer.close()


async def test_a_short_pipeline_is_answered_in_full(serve: Serve) -> None:
    live = await serve()
    reader, writer = await asyncio.open_connection("127.0.0.1", _port(live))
    writer.write(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" * 3)
    answers = 0
    while answers < 3:
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
        assert head.startswith(b"HTTP/1.1 200"), head
        length = int(
            next(h for h in head.split(b"\r\n") if h.lower().startswith(b"content-length")).split(b":")[1]
        )
        await reader.readexactly(length)
        answers += 1
    writer.close()


async def test_a_long_pipeline_closes_its_connection(serve: Serve) -> None:
    """Requests sent back to back, far more than wait behind one being answered, and no
    answer read: the connection is closed after at most ``MAX_PIPELINED`` + 1 answers."""
    live = await serve()
    reader, writer = await asyncio.open_connection("127.0.0.1", _port(live))
    writer.write(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" * 2000)
    await writer.drain()
    received = b""
    try:
        while chunk := await asyncio.wait_for(reader.read(65536), 10):
            received += chunk
    except ConnectionResetError:
        pass
    assert received.count(b"HTTP/1.1 200") <= MAX_PIPELINED + 1
    assert (await live.http.get("/api/health")).status_code == 200
    writer.close()


async def _answer_to(live: Live, data: bytes) -> bytes:
    """What the server sends on a connection given ``data`` (read until it closes or 10 s)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", _port(live))
    writer.write(data)
    await writer.drain()
    received = b""
    try:
        while chunk := await asyncio.wait_for(reader.read(65536), 10):
            received += chunk
            if b"\r\n\r\n" in received and b"connection: close" not in received.lower():
                break  # a kept-alive answer: enough
    except (ConnectionResetError, TimeoutError):
        pass
    writer.close()
    return received


async def test_a_header_block_over_the_cap_is_answered_431(serve: Serve) -> None:
    """A request whose headers grow past ``MAX_HEAD_BYTES`` (one endless line, or many lines)
    and never end: answered 431 and closed at once, not held to the deadline. Too many
    headers, even short ones: 431 too."""
    live = await serve()
    endless = b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: " + b"b" * (MAX_HEAD_BYTES + 1000)
    many = b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"X-A: b\r\n" * (MAX_HEAD_BYTES // 8 + 100)
    short = b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"X-A: b\r\n" * (MAX_HEADERS + 1) + b"\r\n"
    for data in (endless, many, short):
        answer = await _answer_to(live, data)
        assert answer.startswith(b"HTTP/1.1 431"), answer[:200]
    assert (await live.http.get("/api/health")).status_code == 200


async def test_a_browsers_headers_and_a_large_body_pass(serve: Serve) -> None:
    """A large cookie is still a header block a browser sends; a body, however large, is not
    a header block (the creation form's own limit answers it)."""
    live = await serve()
    cookie = b"Cookie: " + b"c" * 8000 + b"\r\n"
    ok = await _answer_to(live, b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n" + cookie + b"\r\n")
    assert ok.startswith(b"HTTP/1.1 200"), ok[:200]
    body = b'{"name": "Anna", "pad": "' + b"x" * 200_000 + b'"}'
    post = (
        b"POST /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Content-Length: %d\r\n\r\n" % len(body)
    ) + body
    answer = await _answer_to(live, post)
    assert answer.startswith(b"HTTP/1.1 4") and not answer.startswith(b"HTTP/1.1 431"), answer[:200]


async def test_refused_sockets_that_never_answer_the_close_are_not_kept(serve: Serve) -> None:
    """A bad hello is refused with the app's close code (its place in the address's count is
    free at once). uvicorn then kept the TCP connection up to 10 s for the peer's close frame,
    which a client that churns sockets never sends: it held ~14,000 of the server's files. Now
    a close waits ``CLOSE_WAIT_S``, and past ``MAX_CLOSING`` such sockets of one address the
    rest are cut off at once."""
    live = await serve()
    code = (await live.create("Anna"))["code"]
    loop = asyncio.get_running_loop()

    async def closed_after(reader: asyncio.StreamReader, started: float) -> float:
        try:
            while await asyncio.wait_for(reader.read(65536), 15):  # never answering the close
                pass
        except ConnectionResetError:
            pass
        return loop.time() - started

    # every socket open first, then every bad hello at once: all are refused together
    sockets = [await _websocket(live, code) for _ in range(MAX_CLOSING + 4)]
    for _, writer in sockets:
        writer.write(_client_frame(0x1, b'{"type": "hello", "v": 99}'))
    started = loop.time()
    waited = await asyncio.gather(*(closed_after(r, started) for r, _ in sockets))
    for _, writer in sockets:
        writer.close()
    assert max(waited) < CLOSE_WAIT_S + 3, waited  # not uvicorn's 10 s
    cut = sorted(waited)[:4]
    assert max(cut) < CLOSE_WAIT_S / 2, waited  # the ones past the cap: at once


def test_the_server_raises_its_open_files_limit_to_the_hard_limit() -> None:
    import resource

    from nightfall.server.main import open_files_limit

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(1024, hard), hard))
        assert open_files_limit() == hard or hard == resource.RLIM_INFINITY
        assert resource.getrlimit(resource.RLIMIT_NOFILE)[0] in (hard, min(1024, hard))
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


async def test_a_chunked_bodys_endless_trailer_is_cut_off(serve: Serve) -> None:
    """A chunked body's trailer lines are kept like headers, but came after the headers' count
    stopped: one endless trailer line held 450 MB and stalled every room 6 s (an attack round
    of 2026-12-07). Past the cap, the connection is closed at once; a chunked body itself, in
    small chunks, is not counted against it."""
    live = await serve()
    head = b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n"
    reader, writer = await asyncio.open_connection("127.0.0.1", _port(live))
    writer.write(head + b"0\r\nX-T: " + b"a" * (MAX_HEAD_BYTES * 3))
    await writer.drain()
    started = asyncio.get_running_loop().time()
    try:
        while await asyncio.wait_for(reader.read(65536), 10):
            pass
    except ConnectionResetError:
        pass
    assert asyncio.get_running_loop().time() - started < 5  # not the 10 s request deadline
    writer.close()
    body = b"".join(b"400\r\n" + b"x" * 1024 + b"\r\n" for _ in range(200)) + b"0\r\n\r\n"
    answer = await _answer_to(live, head.replace(b"GET", b"POST") + body)
    assert answer.startswith(b"HTTP/1.1 "), answer[:100]
    assert not answer.startswith(b"HTTP/1.1 431"), answer[:100]


async def test_a_body_in_one_byte_chunks_is_refused_a_body_in_kilobytes_is_not(serve: Serve) -> None:
    """Each piece of a body is a Python call on the loop every room shares: a chunked body
    of 1,000,000 one-byte chunks held every room for ~1 s (attack round 4, 2026-12-07).
    Past ``MAX_SMALL_PIECES`` pieces averaging under ``MIN_PIECE_BYTES``, it is answered 400
    ``body_in_crumbs`` and the connection closed; 2,000 chunks of 100 bytes pass."""
    live = await serve()
    head = b"POST /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n"
    head += b"Content-Type: application/json\r\n\r\n"
    crumbs = b"1\r\nx\r\n" * (MAX_SMALL_PIECES * 4) + b"0\r\n\r\n"
    answer = await _answer_to(live, head + crumbs)
    assert answer.startswith(b"HTTP/1.1 400"), answer[:100]
    assert b"body_in_crumbs" in answer, answer[-300:]
    pieces = b"64\r\n" + b" " * 100 + b"\r\n"  # JSON allows the spaces around a value
    fine = b"2\r\n{}\r\n" + pieces * (2 * MAX_SMALL_PIECES) + b"0\r\n\r\n"
    answer = await _answer_to(live, head + fine)
    assert answer.startswith(b"HTTP/1.1 4"), answer[:100]  # an empty room request: refused by the API
    assert b"body_in_crumbs" not in answer and b"headers_too_large" not in answer, answer[-300:]
