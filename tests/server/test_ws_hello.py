"""Malformed WebSocket hellos (issue 30 §6; docs/security.md §"Bad input at the edge"):
each is closed with 4400 and an error, never 1006 with a traceback, and each costs a
token of the address's bucket like a wrong code or token, so a client cannot probe
the hello parser for free."""

from __future__ import annotations

import asyncio
import json
import logging

import pytest
import websockets

from nightfall.server.limits import ServerLimits

from .conftest import Serve
from .harness import FakeClock, Live, Ws

pytestmark = [pytest.mark.server, pytest.mark.timeout(60)]

BAD_HELLOS: list[tuple[str, str | bytes, str]] = [
    ("not JSON", "hello?", "bad_json"),
    ("bad UTF-8", b'{"type": "hello", "v": 1, "x": "\xff\xfe"}', "bad_json"),
    ("an array", "[]", "bad_json"),
    ("wrong type", '{"type": "ping", "t": 1}', "expected_hello"),
    ("nested", '{"type": "hello", "v": 1, "x": ' + "[" * 3000 + "]" * 3000 + "}", "bad_json"),
    ("too large", '{"type": "hello", "v": 1, "x": "' + "x" * 9000 + '"}', "too_large"),
    ("surrogate", '{"type": "hello", "v": 1, "token": "\\ud800"}', "bad_json"),
    ("surrogate key", '{"type": "hello", "v": 1, "\\udc00": 1}', "bad_json"),
]


async def bad_hello(live: Live, code: str, frame: str | bytes) -> tuple[dict[str, object], int | None]:
    ws: Ws = await live.open(code)
    await ws.ws.send(frame)
    error = await ws.recv()
    with pytest.raises(websockets.ConnectionClosed):
        await ws.recv()
    return error, ws.ws.close_code


@pytest.mark.parametrize("fast_paths", [True, False], ids=["fast", "plain"])
async def test_bad_hellos_close_4400_and_count_as_guesses(
    serve: Serve, caplog: pytest.LogCaptureFixture, fast_paths: bool
) -> None:
    clock = FakeClock()  # the bucket refills only when told: every count is exact
    burst = 1 + len(BAD_HELLOS)  # the room's creation takes one token, each bad hello one
    limits = ServerLimits(http_burst=burst, http_rate_per_second=0.01, clock=clock)
    live = await serve(limits=limits, fast_paths=fast_paths)
    created = await live.create("Anna")
    code = created["code"]
    caplog.set_level(logging.INFO)
    for what, frame, expected in BAD_HELLOS:
        error, close = await bad_hello(live, code, frame)
        assert error["type"] == "error", what
        assert error["error"]["code"] == expected, (what, error)  # type: ignore[index]
        assert close == 4400, (what, close)
    # The bucket is empty now: the next bad hello is refused as a guess would be.
    error, close = await bad_hello(live, code, "hello?")
    assert error["error"]["code"] == "rate_limited" and close == 4429, error  # type: ignore[index]
    tracebacks = [r for r in caplog.records if r.exc_info is not None]
    assert not tracebacks, [r.getMessage() for r in tracebacks]
    # A good hello with a seat's token is still served (one without a token, a spectator's,
    # waits for the bucket like a guess: it told live codes, attack round 5).
    await live.connect(code, created["token"])


async def read_frame(reader: asyncio.StreamReader) -> tuple[int, bytes]:
    """One server frame (servers do not mask): its opcode and payload."""
    b0, b1 = await asyncio.wait_for(reader.readexactly(2), 5)
    n = b1 & 0x7F
    if n == 126:
        n = int.from_bytes(await reader.readexactly(2))
    elif n == 127:
        n = int.from_bytes(await reader.readexactly(8))
    return b0 & 0x0F, await asyncio.wait_for(reader.readexactly(n), 5)


async def test_a_text_frame_that_is_not_utf8_is_a_bad_hello_too(serve: Serve) -> None:
    """No client library sends it, so a raw socket does: uvicorn closed it 1007 with a
    traceback in the log before the app saw it (the fast path hands it over as bytes)."""
    live = await serve()
    code = (await live.create("Anna"))["code"]
    port = int(live.url.rsplit(":", 1)[1])
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(
        f"GET /ws/{code} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    assert (await reader.readuntil(b"\r\n\r\n")).startswith(b"HTTP/1.1 101")
    payload, mask = b'{"type": "hello", "v": 1, "x": "\xff"}', b"\x01\x02\x03\x04"
    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    writer.write(bytes([0x81, 0x80 | len(payload)]) + mask + masked)  # a text frame, masked as clients must
    opcode, error = await read_frame(reader)
    assert opcode == 1 and json.loads(error)["error"]["code"] == "bad_json", error
    opcode, close = await read_frame(reader)
    assert opcode == 8 and int.from_bytes(close[:2]) == 4400, close
    writer.close()
