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
from collections import deque
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
        # A deque and one wake-up future rather than an asyncio.Queue: every view of
        # every seat passes through here, and the queue's bookkeeping was ~4 % of the
        # server's CPU at saturation (docs/benchmarks.md).
        self._outbox: deque[str | _Close] = deque()
        self._outbox_size = outbox_size
        self._wake: asyncio.Future[None] | None = None
        self._sender: asyncio.Task[None] | None = None

    @property
    def spectator(self) -> bool:
        return self.pid is None

    @property
    def pending(self) -> int:
        """Messages waiting in the outbox (a close counts as one)."""
        return len(self._outbox)

    def start(self) -> None:
        self._sender = asyncio.create_task(self._drain())

    def send(self, message: dict[str, Any]) -> None:
        self.offer(encode(message))

    def offer(self, text: str) -> None:
        if self.closed:
            return
        if len(self._outbox) >= self._outbox_size:
            log.warning("closing a connection that cannot keep up (pid %s)", self.pid)
            self.close(CLOSE_TOO_SLOW, drop_pending=True)
            return
        self._outbox.append(text)
        self._wake_sender()

    def close(self, code: int, drop_pending: bool = False) -> None:
        """Close after the queued messages (or at once, dropping them)."""
        if self.closed:
            return
        self.closed = True
        if drop_pending or len(self._outbox) >= self._outbox_size:
            self._outbox.clear()
        self._outbox.append(_Close(code))
        self._wake_sender()

    def _wake_sender(self) -> None:
        wake = self._wake
        if wake is not None and not wake.done():
            wake.set_result(None)

    async def stop(self) -> None:
        if self._sender is not None:
            self._sender.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sender

    async def _drain(self) -> None:
        outbox = self._outbox
        try:
            while True:
                if not outbox:
                    self._wake = asyncio.get_running_loop().create_future()
                    await self._wake
                    self._wake = None
                    continue
                item = outbox.popleft()
                if isinstance(item, _Close):
                    await self.ws.close(item.code)
                    return
                await self.ws.send_text(item)
        except asyncio.CancelledError:
            raise
        except Exception:  # the socket is gone; the receive loop notices and detaches
            self.closed = True
