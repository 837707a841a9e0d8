"""The server's fast paths, fenced off from the rest, with one switch back to
the plain Starlette/uvicorn path.

Everything here exists only for speed at scale (thousands of sockets on one
event loop, where every view of every change is one text frame); none of it
changes what a client sees. Measurements and how to reproduce them are in
docs/benchmarks.md.

- ``asgi_send``: text frames go straight to the ASGI server's ``send`` and come
  from its ``receive``, past Starlette's per-frame layers;
- ``ws_protocol``: uvicorn's websockets-sansio protocol with keepalive pings
  only for quiet peers and text frames written to the transport at once;
- ``gc_watch``: the garbage-collector policy (long-lived objects frozen out of
  the collector's way, one full sweep an hour) and pause logging.
- ``uvicorn_server``: uvicorn's housekeeping tick every 0.2 s on the grid the
  server's other periodic chores share (``nightfall.ticks``), not every 0.1 s.

**The switch.** ``NIGHTFALL_FAST=0`` in the environment (or ``nightfall serve
--plain``) turns all four off: frames go through Starlette's ``WebSocket``,
uvicorn's own WebSocket protocol is used (its pings still guarded) and ticks every 0.1 s, and the garbage
collector runs as Python's default. Use it to tell whether a bug lives in a fast
path, or when an upgrade of uvicorn or Starlette breaks one. The rest of the server never needs
to know which path it is on: ``asgi_send.text_writer`` and
``asgi_send.frame_reader`` fall back to Starlette's own when the middleware is
not installed.

This module is light on purpose (the CLI reads the switch without importing
the web server); the four paths are imported where they are used.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

ENV = "NIGHTFALL_FAST"
_ON = ("", "1", "on", "yes", "true")
_OFF = ("0", "off", "no", "false")


def enabled(environ: Mapping[str, str] | None = None) -> bool:
    """Whether the fast paths are on: yes unless ``NIGHTFALL_FAST`` says 0/off/no/false."""
    raw = (os.environ if environ is None else environ).get(ENV, "").strip().lower()
    if raw in _ON:
        return True
    if raw in _OFF:
        return False
    raise ValueError(f"{ENV} must be 1 or 0, not {raw!r}")


def middleware(on: bool) -> list[Any]:
    """Starlette middleware for the app: the raw send/receive one when ``on``."""
    if not on:
        return []
    from starlette.middleware import Middleware

    from .asgi_send import RawSend

    return [Middleware(RawSend)]


def websocket_protocol(on: bool) -> Any:
    """uvicorn's ``ws`` setting: ours when ``on``, else uvicorn's own (with its pings
    guarded, ``server/ws_guard.py``: a defence, not a speed-up)."""
    if not on:
        from ..ws_guard import protocol_class as guarded

        return guarded()
    from .ws_protocol import protocol_class

    return protocol_class()
