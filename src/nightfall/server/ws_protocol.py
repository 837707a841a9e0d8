"""WebSocket keepalive that pings only a peer that has gone quiet.

The server pings to notice a phone that vanished without closing its socket
(it slept, it left the Wi-Fi): no answer within the timeout closes the socket,
and the seat's presence goes to grace. uvicorn pings every socket every
interval, whether or not it just heard from it. With 10,000 sockets that is 500
pings and 500 pongs a second, most of what an idle server spends
(docs/benchmarks.md, 2026-12-02). Any frame from the peer proves it is there
just as well as a pong does: the web client pings when it has heard nothing for
15 s (docs/protocol.md §4), and players tap. So a socket is pinged only after
``interval`` seconds without a frame from its peer; the timeout is unchanged.

This leans on uvicorn's websockets-sansio protocol (``data_received``,
``send_keepalive_ping``, ``ping_timer``, ``ping_interval``, ``loop``).
``protocol_class`` falls back to uvicorn's own choice if that class is missing
or looks different, and ``tests/server/test_keepalive.py`` fails if the quiet
pinging stops working, so an uvicorn upgrade cannot change it silently.
"""

from __future__ import annotations

import logging
from typing import Any

log = logging.getLogger("nightfall.server")
HOOKS = ("data_received", "send_keepalive_ping", "schedule_ping", "start_keepalive")


def protocol_class() -> Any:
    """The class for uvicorn's ``ws`` setting: ours, or ``"auto"`` if uvicorn changed."""
    try:
        from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
    except ImportError:
        log.warning("uvicorn has no websockets-sansio protocol: every socket is pinged")
        return "auto"
    if not all(callable(getattr(WebSocketsSansIOProtocol, name, None)) for name in HOOKS):
        log.warning("uvicorn's websockets-sansio protocol changed: every socket is pinged")
        return "auto"

    class QuietPeerKeepalive(WebSocketsSansIOProtocol):
        heard_at = 0.0  # loop time of the peer's last bytes

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

    return QuietPeerKeepalive
