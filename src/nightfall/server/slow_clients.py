"""Half-sent HTTP requests (docs/security.md §"Slow clients"): uvicorn waits for a
request's headers and body as long as the client likes, so a few hundred connections
that trickle a byte now and then, or say nothing at all, would hold the server's sockets
for ever. This is uvicorn's httptools protocol with a deadline per request:

- a request (from the connection's first byte, or from the first byte of the next one on
  a kept-alive connection) must be wholly received within ``ServerLimits.request_seconds``,
  else it is answered 408 ``too_slow`` and the connection closed;
- a request still incomplete after ``ServerLimits.slow_request_seconds`` is *slow* and
  takes a place in ``app.state.slow_requests``, an ``AddressCounts`` with the cap of
  ``--max-sockets-per-address``; an address with every place taken has its next slow
  request answered 429 ``too_many_connections`` at once. A request that arrives in time
  (every request of a browser on the LAN) never takes a place.

A request's header block is capped too (``MAX_HEAD_BYTES``, ``MAX_HEADERS``), and so are a
chunked body's trailer lines, which the parser keeps like headers: uvicorn kept
every header line of a request whose headers never ended, ~14 bytes of Python objects for
each byte, until the deadline; eight connections sending 20 MB of header lines took the
server to 2.5 GB and stalled it 4.5 s (attack round of 2026-12-07). A request over the cap is
answered 431 and its connection closed; a browser's headers are a few kilobytes.

A body that comes in more than ``MAX_SMALL_PIECES`` pieces averaging under
``MIN_PIECE_BYTES`` (a chunked body of one-byte chunks) is answered 400 ``body_in_crumbs``.

Pipelined requests are capped too: uvicorn parses every request a read brings into a
queue behind the one being answered, so a client that sent requests back to back and
never read the answers made the server hold ~32 bytes for each byte it sent (attack round
of 2026-12-07: 8 MB sent, +260 MB). A connection with more than ``MAX_PIPELINED`` requests
waiting is closed; browsers do not pipeline.

The slow requests are counted apart from the open WebSockets, with the same cap: a
table behind one NAT with its phones connected must still load its pages, and a few slow
requests must not lock its phones out. A WebSocket upgrade leaves this count when its
request is in; the socket endpoint counts it from there.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from nightfall.engine import Rejected

from . import protocol
from .browser_edge import SECURITY_HEADERS
from .limits import ServerLimits
from .ratelimit import AddressCounts

MAX_PIPELINED = 8  # requests waiting behind the one being answered, on one connection
MAX_HEAD_BYTES = 32 * 1024  # a request's line and headers (nginx's default buffers hold as much)
MAX_HEADERS = 100
# A body read in pieces this small on average, past this many pieces, is a flood, not an
# upload: each piece is a Python call on the loop every room shares (a chunked body of
# 1,000,000 one-byte chunks held every room for ~1 s, attack round 4). A phone's body comes
# in one piece; a slow link's in segments of a kilobyte or more.
MAX_SMALL_PIECES = 1024
MIN_PIECE_BYTES = 64


class _Flooded(Exception):
    """Raised in a parser callback to stop the parser (httptools stops at a callback's error)."""


_REASONS = {
    400: b"Bad Request",
    408: b"Request Timeout",
    429: b"Too Many Requests",
    431: b"Request Header Fields Too Large",
}


def answer(status: int, rejected: Rejected) -> bytes:
    """A whole HTTP/1.1 response with the protocol's error body, closing the connection."""
    body = protocol.encode({"error": protocol.error_body(rejected)}).encode()
    head = [
        b"HTTP/1.1 %d %s" % (status, _REASONS.get(status, b"Error")),
        b"content-type: application/json",
        b"content-length: %d" % len(body),
        b"connection: close",
        *(f"{name.lower()}: {value}".encode() for name, value in SECURITY_HEADERS.items()),
    ]
    return b"\r\n".join(head) + b"\r\n\r\n" + body


class GuardedHttpTools(HttpToolsProtocol):
    """``HttpToolsProtocol`` with the deadline and the count of slow requests."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._slow: AddressCounts | None = None
        limits = ServerLimits()
        app: Any = self.config.app
        try:  # our app (``app.create_app``); a bare ASGI app gets the deadline and no count
            self._slow = app.state.slow_requests
            limits = app.state.limits
        except AttributeError:
            pass
        self._whole_s: float = limits.request_seconds
        self._slow_s: float = min(limits.slow_request_seconds, self._whole_s)
        self._timer: asyncio.TimerHandle | None = None
        self._counted = False
        self._address = ""
        self._begun = False  # a byte of the current request has arrived
        self._earlier: object = None  # the cycle before it: its headers made no new one yet
        self._flooded = False  # more than MAX_PIPELINED requests waited: closed
        self._head_bytes = 0  # bytes read since the current request's headers began
        self._in_body = False  # the current request's headers are complete
        self._after_head = 0  # bytes read since they were complete: the body, its framing, trailers
        self._body_bytes = 0  # of which the body itself
        self._too_big = False  # the header block passed the cap: answered 431
        self._pieces = 0  # calls the body came in (chunked: one a chunk at least)
        self._crumbs = False  # the body came in pieces too small: answered 400

    # -- the request's clock ------------------------------------------------

    def _start_clock(self) -> None:
        self._stop_clock()
        if self._whole_s > 0:
            self._timer = self.loop.call_later(self._slow_s, self._turned_slow)

    def _stop_clock(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._counted and self._slow is not None:
            self._slow.release(self._address)
        self._counted = False

    def _turned_slow(self) -> None:
        self._timer = None
        if self._slow is not None:
            if not self._slow.acquire(self._address):  # not logged: a flood would flood the log
                self._refuse(429, Rejected("too_many_connections", max=self._slow.limit))
                return
            self._counted = True
        self._timer = self.loop.call_later(self._whole_s - self._slow_s, self._too_late)

    def _too_late(self) -> None:
        self._timer = None
        self._refuse(408, Rejected("too_slow", seconds=self._whole_s))

    def _refuse(self, status: int, rejected: Rejected) -> None:
        """Answer (unless the app already started its answer) and close. An app still
        reading the body sees the client disconnect (``http_api._raw_body``)."""
        self._stop_clock()
        if self.transport.is_closing():
            return
        # No request begun (a connection that said nothing): nothing to answer.
        unanswered = self.cycle is self._earlier or not self.cycle.response_started
        if self._begun and unanswered:
            self.transport.write(answer(status, rejected))
        self.transport.close()

    # -- uvicorn's hooks ----------------------------------------------------

    def data_received(self, data: bytes) -> None:
        began_in_head = not self._in_body
        if began_in_head:
            self._head_bytes += len(data)
        else:
            self._after_head += len(data)
        super().data_received(data)
        if began_in_head and self._in_body:
            # the headers ended inside this read: what followed them is in it too (at most
            # the read's length; the parser does not say where they ended)
            self._after_head = len(data)
        if self.transport.is_closing():
            return
        if not self._in_body and self._head_bytes > MAX_HEAD_BYTES:
            self._header_block_too_big()
        elif self._in_body and self._after_head - self._body_bytes > max(
            MAX_HEAD_BYTES, 8 * self._body_bytes
        ):
            # What came after the headers is not body: a chunked body's trailer lines, which
            # httptools keeps like headers (an endless one held 450 MB and stalled every room 6 s,
            # an attack round of 2026-12-07); a chunk's own framing is a few bytes a chunk.
            self._header_block_too_big()

    def on_body(self, body: bytes) -> None:
        self._body_bytes += len(body)
        self._pieces += 1
        if self._pieces > MAX_SMALL_PIECES and self._body_bytes < MIN_PIECE_BYTES * self._pieces:
            self._crumbs = True
            raise _Flooded  # stops the parser; send_400_response answers
        super().on_body(body)

    def _header_block_too_big(self) -> None:
        self._too_big = True
        self._refuse(431, Rejected("bad_request", reason="headers_too_large", max_bytes=MAX_HEAD_BYTES))

    def on_header(self, name: bytes, value: bytes) -> None:
        super().on_header(name, value)
        if len(self.headers) > MAX_HEADERS:
            self._too_big = True
            raise _Flooded  # stops the parser; send_400_response answers 431

    def send_400_response(self, msg: str) -> None:
        """What the HTTP parser cannot read (a negative Content-Length, a bad request
        line): the protocol's error body and the security headers, not uvicorn's text."""
        self._stop_clock()
        if self._flooded:  # a client that does not read its answers gets none more
            self.transport.abort()
            return
        if self._too_big:
            self.transport.write(
                answer(431, Rejected("bad_request", reason="headers_too_large", max_headers=MAX_HEADERS))
            )
            self.transport.close()
            return
        reason = "body_in_crumbs" if self._crumbs else "bad_http"
        self.transport.write(answer(400, Rejected("bad_request", reason=reason)))
        self.transport.close()

    def _on_headers_complete(self) -> None:
        super().on_headers_complete()
        if len(self.pipeline) > MAX_PIPELINED:
            self._flooded = True
            self.pipeline.clear()
            raise _Flooded  # stops this read's parsing; data_received closes the connection

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._address = self.client[0] if self.client else ""
        self._start_clock()  # a connection that says nothing is as slow as one that trickles

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._in_body = False
        self._begun, self._earlier = True, self.cycle
        if self._timer is None and not self._counted:  # the next request on a kept-alive connection
            self._start_clock()

    def on_headers_complete(self) -> None:
        self._in_body = True
        self._head_bytes = self._after_head = self._body_bytes = self._pieces = 0
        self._on_headers_complete()

    def on_message_complete(self) -> None:
        self._begun = False
        self._in_body = False
        self._stop_clock()
        super().on_message_complete()

    def handle_websocket_upgrade(self) -> None:
        self._stop_clock()  # from here the socket endpoint counts it (``open_sockets``)
        super().handle_websocket_upgrade()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_clock()
        super().connection_lost(exc)


def protocol_class() -> type[HttpToolsProtocol]:
    """uvicorn's ``http`` setting for every server of ours (``main.websocket_settings``)."""
    return GuardedHttpTools
