"""WebSocket pings answered only while the peer reads (docs/security.md, "Floods").

uvicorn's websockets-sansio protocol (its own choice, and the base of the fast path's)
writes each pong to the transport at once, with no flow control, and a ping does not
pause reading as a text frame does: a client that sent pings and never read grew the
server's memory by ~27 MB a second and stalled every room (attack round of 2026-12-07).
``GuardedWebSocket`` cuts off a peer with more than ``MAX_UNREAD`` bytes written and not
taken, or more than ``PINGS_PER_SECOND`` pings in a second. Browsers never send pings
(the web client's keepalive is a text frame); a library client pings every ~20 s.

A closing socket waits ``CLOSE_WAIT_S`` for the peer's own close frame, not uvicorn's 10 s,
and an address may have at most ``MAX_CLOSING`` sockets waiting so after the app refused
them (its codes, 4000 and up: a bad hello, a socket over the address's cap): the rest are cut
off at once. A refused socket's place in the address's count is free at once, so a client
that opened sockets, sent a bad hello and never answered the close held ~14,000 of the
server's file descriptors (attack round of 2026-12-07), enough to take a server with the
common 1,024-file limit off the air. Closing every refused socket's TCP connection at once
was tried: a phone then sometimes read its 4429 as an abnormal close (the connection reset
before the browser read the close frame) and reconnected at once instead of waiting.

Frames of any kind are parsed at most ``FRAMES_PER_SECOND`` a second per socket, a big
frame counting once per KiB of its payload (``ws_frames``; so at most ~256 KiB a second):
past it the socket stops reading until the next second, and its bytes already read wait, up
to ``MAX_HELD``; past that, or over the budget every second for ``OVER_BUDGET_S``, it is cut
off. A phone sends a few small frames a second.

A defence, not a speed-up: it stands with the fast paths on and off (``server/fast``).
"""

from __future__ import annotations

import logging
from typing import Any

from .ws_frames import FrameCounter

log = logging.getLogger("nightfall.server")

PINGS_PER_SECOND = 20
CLOSE_WAIT_S = 2.0  # how long a close waits for the peer's own close frame
APP_CLOSES = 4000  # close codes from here up are the app's own (docs/protocol.md §3)
MAX_CLOSING = 8  # refused sockets of one address waiting for their peer's close at once

_closing: dict[str, int] = {}  # per address: refused sockets waiting for their peer's close
MAX_UNREAD = 256 * 1024  # bytes: a few views' worth; a phone that reads never comes near
FRAMES_PER_SECOND = 256  # a socket's frame units parsed in a second; the seat's budget is 20 messages
MAX_HELD = 256 * 1024  # bytes read past that budget and waiting for the next second
OVER_BUDGET_S = 5.0  # over the budget every second for this long: cut off


try:
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
except ImportError:  # an uvicorn from before its websockets-sansio protocol: its own is used
    WebSocketsSansIOProtocol = None  # type: ignore[assignment,misc]

if WebSocketsSansIOProtocol is not None:

    class GuardedWebSocket(WebSocketsSansIOProtocol):
        pings_since = 0.0  # loop time the current second of the peer's pings began
        pings = 0

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.close_timeout = CLOSE_WAIT_S
            self.closing_as: str | None = None  # the address it counts for in ``_closing``
            self.guard_counter = FrameCounter()
            self.guard_since = 0.0  # loop time the current second of frames began
            self.guard_frames = 0
            self.guard_held: bytearray | None = None  # read past the budget, parsed next second
            self.guard_release: Any = None  # the timer that parses ``held``
            self.guard_over_since: float | None = None  # loop time it first went over, this run

        def data_received(self, data: bytes) -> None:
            self.guard_admit(data)

        def guard_admit(self, data: bytes) -> None:
            """Bytes from the peer, or held ones given again: parse what the budget allows."""
            if self.guard_held is not None:
                self.guard_held += data
                if len(self.guard_held) > MAX_HELD:
                    self.transport.abort()  # kept sending into a paused socket: no phone
                    return
                self.transport.pause_reading()  # uvicorn may have resumed it for its own queue
                return
            now = self.loop.time()
            if now - self.guard_since >= 1.0:
                self.guard_since, self.guard_frames = now, 0
            begun, taken = self.guard_counter.take(data, FRAMES_PER_SECOND - self.guard_frames)
            self.guard_frames += begun
            if taken < len(data):
                if self.guard_over_since is None:
                    self.guard_over_since = now
                elif now - self.guard_over_since > OVER_BUDGET_S:
                    self.transport.abort()  # over the budget second after second: no phone
                    return
                self.guard_held = bytearray(data[taken:])
                self.transport.pause_reading()
                self.guard_release = self.loop.call_at(self.guard_since + 1.0, self.parse_held)
                data = data[:taken]
            else:
                self.guard_over_since = None
            if data:
                super().data_received(data)

        def parse_held(self) -> None:
            self.guard_release = None
            held, self.guard_held = self.guard_held, None
            if held is None or self.transport.is_closing():
                return
            if not self.read_paused:  # uvicorn's own pause (its queue for the app) stays its own
                self.transport.resume_reading()
            # Not ``data_received``: held bytes are not news from the peer, so they must not
            # keep its keepalive quiet (fast/ws_protocol.py), or a flooder that went away held
            # its socket for many minutes (attack round 5).
            self.guard_admit(bytes(held))

        async def send(self, message: Any) -> None:
            await super().send(message)
            if (
                message["type"] == "websocket.close"
                and message.get("code", 1000) >= APP_CLOSES
                and not self.transport.is_closing()
                and self.closing_as is None
            ):
                address = self.client[0] if self.client else ""
                if _closing.get(address, 0) >= MAX_CLOSING:
                    # a churn of refused sockets: no grace for this one
                    if self.close_timer is not None:
                        self.close_timer.cancel()
                        self.close_timer = None
                    self.transport.abort()
                    return
                _closing[address] = _closing.get(address, 0) + 1
                self.closing_as = address

        def connection_lost(self, exc: Exception | None) -> None:
            if self.guard_release is not None:
                self.guard_release.cancel()
                self.guard_release = None
            self.guard_held = None
            if self.closing_as is not None:
                left = _closing.get(self.closing_as, 1) - 1
                if left > 0:
                    _closing[self.closing_as] = left
                else:
                    _closing.pop(self.closing_as, None)
                self.closing_as = None
            super().connection_lost(exc)

        def handle_ping(self) -> None:
            now = self.loop.time()
            if now - self.pings_since >= 1.0:
                self.pings_since, self.pings = now, 0
            self.pings += 1
            if self.pings > PINGS_PER_SECOND or self.transport.get_write_buffer_size() > MAX_UNREAD:
                # Not a phone: cut off at once (abort drops the pongs it did not read); the
                # app sees the socket close, as after a lost connection.
                self.transport.abort()
                return
            super().handle_ping()


def protocol_class() -> Any:
    """uvicorn's ``ws`` setting with the guard: the class, or ``"auto"`` if uvicorn changed."""
    if WebSocketsSansIOProtocol is None or not callable(vars(WebSocketsSansIOProtocol).get("handle_ping")):
        log.warning("uvicorn's websockets-sansio protocol is missing or changed: pings are not guarded")
        return "auto"
    return GuardedWebSocket
