"""The node's answer to the proxy's health checks, from a thread of its own
(``nightfall serve --health-port``).

Checked on the event loop (``/api/health``), a node that is taking over a dead
node's rooms waits its turn behind a thousand phones' handshakes: on a busy
machine three checks in a row took over HAProxy's 2 s, the survivor was marked
down too, its sockets were shut (``on-marked-down shutdown-sessions``) and with
no node left every phone waited until it rose again (a 150-table failover took
16 s). This thread answers within milliseconds while the process runs, and says
"down" only when the loop has not ticked for ``STALE_S``: a paused (SIGSTOP) node
does not answer at all, a hung loop answers 503, a busy one stays in.

The thread sleeps until a check comes (one a second per proxy) and answers it
itself: no thread per check, no polling. On the benchmark machine every wake-up of
a thread costs 40-220 µs of CPU (docs/benchmarks.md, "The cluster"); a threading
server polling twice a second for its stop flag and starting a thread per check
cost each node ~5 wake-ups a second for one check.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

from nightfall.ticks import call_on_grid

TICK_S = 0.5
STALE_S = 10.0  # a loop this late is hung, not busy (a stall of 1-3 s is seen under load)
READ_S = 1.0  # a check that does not send its request within this is dropped (HAProxy's: at once)


class NodeHealth:
    def __init__(self, host: str, port: int, stale_s: float = STALE_S) -> None:
        self.host, self.port, self.stale_s = host, port, stale_s
        self._ticked = time.monotonic()
        self._timer: asyncio.TimerHandle | None = None
        self._server: HTTPServer | None = None
        self._stopping = False

    def healthy(self) -> bool:
        return time.monotonic() - self._ticked < self.stale_s

    def start(self) -> None:
        """Listen (raises ``OSError`` if the port is taken) and tick on the running loop."""
        self._tick()
        health = self

        class Answer(BaseHTTPRequestHandler):
            timeout = READ_S  # one check at a time: a silent client must not hold the others up

            def do_GET(self) -> None:  # http.server calls it by this name
                ok = health.healthy()
                body = b"ok\n" if ok else b"event loop stalled\n"
                self.send_response(200 if ok else 503)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: object) -> None:
                pass  # one a second per proxy: not worth a log line

        self._server = HTTPServer((self.host, self.port), Answer)
        self._server.timeout = None  # wait for the next check without waking
        threading.Thread(target=self._serve, args=(self._server,), name="health", daemon=True).start()

    def _serve(self, server: HTTPServer) -> None:
        while not self._stopping:
            server.handle_request()  # returns without one when ``stop`` shuts the socket

    def _tick(self) -> None:
        self._ticked = time.monotonic()
        # On the grid of the loop's other chores: no wake-up of its own (``nightfall.ticks``).
        self._timer = call_on_grid(asyncio.get_running_loop(), TICK_S, self._tick)

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._stopping = True
        if self._server is not None:
            with contextlib.suppress(Exception):
                # Wakes the thread's wait for a connection (Linux), which then sees ``_stopping``.
                self._server.socket.shutdown(socket.SHUT_RDWR)
            with contextlib.suppress(Exception):
                self._server.server_close()
