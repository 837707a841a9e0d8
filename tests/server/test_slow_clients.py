"""Half-sent HTTP requests (issue 30 §6; docs/security.md §"Slow clients"): raw
sockets against a real server. Before, a request whose headers or body never ended was
held for ever and counted nowhere; now each is answered 408 within the request deadline,
and an address's slow requests beyond the per-address cap are refused at once (429)."""

from __future__ import annotations

import asyncio
import json

import pytest

from nightfall.server.limits import ServerLimits
from nightfall.server.ratelimit import AddressCounts

from .conftest import Serve
from .harness import Live, until

pytestmark = [pytest.mark.server, pytest.mark.timeout(60)]

CAP = 2
LIMITS = ServerLimits(sockets_per_address=CAP, request_seconds=3.0, slow_request_seconds=0.2)


def slow_requests(live: Live) -> AddressCounts:
    counts: AddressCounts = live.app.state.slow_requests
    return counts


async def half_sent(live: Live, data: bytes) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    port = int(live.url.rsplit(":", 1)[1])
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(data)
    await writer.drain()
    return reader, writer


async def answer_of(reader: asyncio.StreamReader) -> tuple[int, dict[str, object]]:
    """The status and error body the server sends before it closes (read to the end)."""
    raw = await asyncio.wait_for(reader.read(), 10)
    head, _, body = raw.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 "), raw[:200]
    status = int(head.split()[1])
    assert b"content-security-policy" in head.lower(), head
    error: dict[str, object] = json.loads(body)["error"]
    return status, error


HEADERS_TRICKLED = b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "
BODY_TRICKLED = (
    b"POST /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    b'Content-Length: 40\r\n\r\n{"name": '
)


@pytest.mark.parametrize("fast_paths", [True, False], ids=["fast", "plain"])
async def test_half_sent_requests_time_out_and_count_against_the_cap(serve: Serve, fast_paths: bool) -> None:
    live = await serve(limits=LIMITS, fast_paths=fast_paths)
    headers = await half_sent(live, HEADERS_TRICKLED)
    body = await half_sent(live, BODY_TRICKLED)
    await until(lambda: slow_requests(live)["127.0.0.1"] == CAP)
    # Every place is taken: the next slow request is refused as soon as it is slow.
    reader, writer = await half_sent(live, HEADERS_TRICKLED)
    status, error = await answer_of(reader)
    assert status == 429 and error["code"] == "too_many_connections" and error["params"] == {"max": CAP}
    writer.close()
    # A request sent whole is never counted and still served meanwhile.
    assert (await live.http.get("/api/health")).status_code == 200
    # The two slow ones end at the deadline with 408 and free their places.
    for reader, writer in (headers, body):
        status, error = await answer_of(reader)
        assert status == 408 and error["code"] == "too_slow", error
        writer.close()
    await until(lambda: len(slow_requests(live)) == 0)
    assert (await live.http.get("/api/health")).status_code == 200


async def test_a_connection_that_says_nothing_is_closed(serve: Serve) -> None:
    """A connection that sends no byte holds a place too, and is closed at the deadline
    (no answer: there was no request to answer)."""
    live = await serve(limits=LIMITS)
    reader, writer = await half_sent(live, b"")
    await until(lambda: slow_requests(live)["127.0.0.1"] == 1)
    assert await asyncio.wait_for(reader.read(), 10) == b""
    writer.close()
    await until(lambda: len(slow_requests(live)) == 0)


async def test_a_kept_alive_connection_gets_a_new_deadline_per_request(serve: Serve) -> None:
    live = await serve(limits=LIMITS)
    reader, writer = await half_sent(live, b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    first = await asyncio.wait_for(reader.readuntil(b"}"), 10)
    assert first.startswith(b"HTTP/1.1 200"), first
    assert len(slow_requests(live)) == 0
    writer.write(HEADERS_TRICKLED)  # the second request on the same connection stalls
    await until(lambda: slow_requests(live)["127.0.0.1"] == 1)
    status, error = await answer_of(reader)
    assert status == 408 and error["code"] == "too_slow"
    writer.close()


async def test_websockets_are_not_slow_requests(serve: Serve) -> None:
    """An upgrade leaves the slow count when its request is in; the socket is counted
    as a socket (``open_sockets``) from then on."""
    live = await serve(limits=LIMITS)
    code = (await live.create("Anna"))["code"]
    ws = await live.open(code)
    await ws.send({"type": "hello", "v": 1})
    assert (await ws.recv())["type"] == "welcome"
    await asyncio.sleep(0)
    assert len(slow_requests(live)) == 0 and live.app.state.open_sockets["127.0.0.1"] == 1
    await ws.close()
