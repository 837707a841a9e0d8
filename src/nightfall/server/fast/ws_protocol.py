"""The WebSocket protocol ``nightfall serve`` runs under uvicorn: uvicorn's own
(websockets-sansio) with two changes for a server with thousands of sockets.

**Keepalive that pings only a peer that has gone quiet.** The server pings to
notice a phone that vanished without closing its socket (it slept, it left the
Wi-Fi): no answer within the timeout closes the socket, and the seat's presence
goes to grace. uvicorn pings every socket every interval, whether or not it just
heard from it. With 10,000 sockets that is 500 pings and 500 pongs a second,
most of what an idle server spends (docs/benchmarks.md). Any
frame from the peer proves it is there as well as a pong does: the web client
pings when it has heard nothing for 15 s (docs/protocol.md §4.4), and players
tap. So a socket is pinged only after ``interval`` seconds without a frame from
its peer; the timeout is unchanged.

**Text frames that are not UTF-8 reach the app** as bytes (``bad_json``), rather than
being closed 1007 by uvicorn with a traceback in the log (``--plain`` keeps uvicorn's).

**Text frames written at once.** Every view is one text frame, so sending is the
server's hottest path. Through ASGI each frame is a coroutine of uvicorn's
``send``, a wait on its flow-control event, and websockets' frame object and
serializer, for what is two to ten bytes of header (RFC 6455 §5.2: FIN and the
text opcode, the length, no mask from a server) before the payload.
``write_text_now`` writes that header and the payload to the transport
directly, when nothing stands in the way: the handshake is done, no close was
sent or received, the transport is not paused for flow control, and no
extension (compression) is in use. Otherwise it returns False and the caller
goes through ASGI ``send`` as before (``asgi_send.text_writer``).

Both lean on uvicorn's websockets-sansio class (its methods in ``HOOKS``, and
the attributes ``write_text_now`` reads). ``protocol_class`` falls back to
uvicorn's own choice if that class is missing or lacks a method, and
``write_text_now`` stops for good (with a warning) if an attribute is gone, so
the slow path carries on; ``tests/server/test_keepalive.py`` and
``tests/server/test_direct_frames.py`` fail if either change stops working, so
an uvicorn upgrade cannot change them silently.
"""

from __future__ import annotations

import logging
import struct
from typing import Any

log = logging.getLogger("nightfall.server")
HOOKS = (
    "data_received",
    "send_keepalive_ping",
    "schedule_ping",
    "start_keepalive",
    "send",
    "send_receive_event_to_app",
)
_TEXT = 0x81  # FIN, opcode 1 (text)
_SHORT = struct.Struct("!BB")
_MEDIUM = struct.Struct("!BBH")
_LONG = struct.Struct("!BBQ")


def protocol_class() -> Any:
    """The class for uvicorn's ``ws`` setting: ours (on ``ws_guard``'s), or that one alone
    (or ``"auto"``) if uvicorn changed."""
    from .. import ws_guard

    try:
        from websockets.protocol import State
    except ImportError:
        log.warning("no websockets package: uvicorn's own protocol is used")
        return ws_guard.protocol_class()
    if ws_guard.protocol_class() == "auto" or not all(
        callable(getattr(ws_guard.GuardedWebSocket, name, None)) for name in HOOKS
    ):
        log.warning("uvicorn's websockets-sansio protocol changed: its own is used")
        return ws_guard.protocol_class()
    open_state = State.OPEN

    class NightfallWebSocket(ws_guard.GuardedWebSocket):  # uvicorn's, its pings guarded
        heard_at = 0.0  # loop time of the peer's last bytes
        direct = True  # False once write_text_now found uvicorn's attributes changed

        def data_received(self, data: bytes) -> None:
            self.heard_at = self.loop.time()
            super().data_received(data)

        def send_keepalive_ping(self) -> None:
            interval = self.ping_interval
            quiet = self.loop.time() - self.heard_at
            if interval and quiet < interval:
                # Heard from recently: look again when it will have been quiet long enough.
                self.ping_timer = self.loop.call_later(interval - quiet, self.send_keepalive_ping)
                return
            super().send_keepalive_ping()

        def send_receive_event_to_app(self) -> None:
            # A text frame that is not UTF-8: uvicorn would log a traceback and close 1007
            # before the app sees it. Handed over as bytes, the app answers it as any
            # unreadable frame: ``bad_json``, and for a hello 4400 and a guess's cost
            # (docs/security.md, "Bad input at the edge"). ASCII needs no check.
            try:
                frames = self.frames
                if self.curr_msg_data_type == "text" and not all(f.isascii() for f in frames):
                    try:
                        b"".join(frames).decode()
                    except UnicodeDecodeError:
                        self.curr_msg_data_type = "bytes"
            except AttributeError:  # uvicorn changed: its own handling stands
                pass
            super().send_receive_event_to_app()

        def write_text_now(self, text: str) -> bool:
            """Write ``text`` as one text frame, now; False if ASGI ``send`` must do it."""
            if not self.direct:
                return False
            try:
                conn = self.conn
                if (
                    self.close_sent
                    or self.disconnected
                    or not self.handshake_complete
                    or not self.writable.is_set()
                    or conn.state is not open_state
                    or conn.extensions
                ):
                    return False
            except AttributeError as missing:
                NightfallWebSocket.direct = False
                log.warning(
                    "uvicorn's websockets-sansio protocol changed (%s): frames go through ASGI", missing
                )
                return False
            data = text.encode()
            n = len(data)
            if n < 126:
                header = _SHORT.pack(_TEXT, n)
            elif n < 65536:
                header = _MEDIUM.pack(_TEXT, 126, n)
            else:
                header = _LONG.pack(_TEXT, 127, n)
            self.transport.write(header + data)
            return True

    return NightfallWebSocket
