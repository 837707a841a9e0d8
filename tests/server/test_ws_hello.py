"""Malformed WebSocket hellos (issue 30 §6; docs/security.md §"Bad input at the edge"):
each is closed with 4400 and an error, never 1006 with a traceback, and each costs a
token of the address's bucket like a wrong code or token, so a client cannot probe
the hello parser for free."""

from __future__ import annotations

import logging

import pytest
import websockets

from nightfall.server.limits import ServerLimits

from .conftest import Serve
from .harness import FakeClock, Live, Ws

pytestmark = pytest.mark.timeout(60)

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
    code = (await live.create("Anna"))["code"]
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
    # A good hello from another seat is still served.
    await live.connect(code)
