"""One client socket as the room sees it: who it is and a bounded outbox.

The room never awaits a socket: it drops encoded text into the outbox and
moves on, and a per-connection sender task drains it. A client that cannot
keep up fills its outbox and is closed (4408); it reconnects and gets one
fresh state instead of a backlog (docs/protocol.md §4.4).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass
from typing import Any

from starlette.websockets import WebSocket

from .protocol import CLOSE_TOO_SLOW, encode
from .ratelimit import TokenBucket

OUTBOX_SIZE = 64
log = logging.getLogger("nightfall.server")


@dataclass(frozen=True, slots=True)
class _Close:
    code: int


class Connection:
    def __init__(
        self, ws: WebSocket, outbox_size: int = OUTBOX_SIZE, bucket: TokenBucket | None = None
    ) -> None:
        self.ws = ws
        self.pid: int | None = None  # None: a spectator
        self.bucket = bucket or TokenBucket()
        self.closed = False
        self._outbox: asyncio.Queue[str | _Close] = asyncio.Queue(outbox_size)
        self._sender: asyncio.Task[None] | None = None

    @property
    def spectator(self) -> bool:
        return self.pid is None

    def start(self) -> None:
        self._sender = asyncio.create_task(self._drain())

    def send(self, message: dict[str, Any]) -> None:
        self.offer(encode(message))

    def offer(self, text: str) -> None:
        if self.closed:
            return
        try:
            self._outbox.put_nowait(text)
        except asyncio.QueueFull:
            log.warning("closing a connection that cannot keep up (pid %s)", self.pid)
            self.close(CLOSE_TOO_SLOW, drop_pending=True)

    def close(self, code: int, drop_pending: bool = False) -> None:
        """Close after the queued messages (or at once, dropping them)."""
        if self.closed:
            return
        self.closed = True
        if drop_pending or self._outbox.full():
            while not self._outbox.empty():
                self._outbox.get_nowait()
        self._outbox.put_nowait(_Close(code))

    async def stop(self) -> None:
        if self._sender is not None:
            self._sender.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sender

    async def _drain(self) -> None:
        try:
            while True:
                item = await self._outbox.get()
                if isinstance(item, _Close):
                    await self.ws.close(item.code)
                    return
                await self.ws.send_text(item)
        except asyncio.CancelledError:
            raise
        except Exception:  # the socket is gone; the receive loop notices and detaches
            self.closed = True
