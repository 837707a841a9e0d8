"""Text frames straight to the ASGI server's ``send`` and from its ``receive``,
past Starlette's layers.

Every view of every change is one text frame, so the send path is the
server's hottest (docs/benchmarks.md). Through Starlette, each frame passes a
state check in ``WebSocket.send`` and two exception-handling wrappers that only
matter for HTTP responses. ``RawSend`` (a pure ASGI middleware, outermost
after Starlette's error middleware, which passes WebSocket ``send`` through
untouched) keeps the server's own ``send`` in the scope. ``text_writer`` sends
text frames with it. This is the public ASGI interface, so any ASGI server
works, not only uvicorn. Under ``nightfall serve`` the protocol behind that
``send`` can also write a frame directly (``ws_protocol.write_text_now``);
``text_writer`` uses that when it can and ASGI ``send`` when it cannot.

Incoming frames likewise: ``frame_reader`` gives the server's own ``receive``.
Starlette's ``WebSocket.receive`` adds a coroutine and a state check per frame,
and every socket's wait for its next frame is a chain of such objects that the
garbage collector walks while they wait (docs/benchmarks.md).
The socket endpoint only needs the frames and the disconnect, both plain ASGI.

Accepting and closing still go through Starlette's ``WebSocket``: it tracks
that state, and a frame is never written after its close because a
connection's outbox keeps order (``connection.py``).

Without ``RawSend`` in the app (``NIGHTFALL_FAST=0``, see ``fast/__init__.py``)
``text_writer`` and ``frame_reader`` hand back Starlette's own ``send_text`` and
``receive``: the plain path.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine
from types import CoroutineType
from typing import Any, cast

from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket

SCOPE_KEY = "nightfall.send"
RECEIVE_KEY = "nightfall.receive"
# A writer returns None when the frame is written already, else a coroutine that writes it.
TextWriter = Callable[[str], Coroutine[Any, Any, None] | None]


class RawSend:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            scope[SCOPE_KEY] = send
            scope[RECEIVE_KEY] = receive
        await self.app(scope, receive, send)


def text_writer(ws: WebSocket) -> TextWriter:
    """A coroutine function that sends one text frame on ``ws``."""
    send: Send | None = ws.scope.get(SCOPE_KEY)
    if send is None:  # an app without RawSend: the plain path
        return ws.send_text

    # uvicorn's send is a bound method of the connection's protocol object.
    write_now: Callable[[str], bool] | None = getattr(getattr(send, "__self__", None), "write_text_now", None)

    def write(text: str) -> Coroutine[Any, Any, None] | None:
        if write_now is not None and write_now(text):
            return None
        sending = send({"type": "websocket.send", "text": text})
        if type(sending) is CoroutineType:  # an ``async def`` send: uvicorn's, and most servers'
            return cast(Coroutine[Any, Any, None], sending)
        return _awaiting(sending)  # the connection drives a coroutine step by step

    return write


def frame_reader(ws: WebSocket) -> Receive:
    """The ASGI server's ``receive`` for ``ws`` (Starlette's, without the middleware)."""
    receive: Receive | None = ws.scope.get(RECEIVE_KEY)
    return receive if receive is not None else ws.receive


async def _awaiting(sending: Awaitable[None]) -> None:
    await sending
