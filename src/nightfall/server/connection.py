"""One client socket as the room sees it: who it is and a bounded outbox.

The room never awaits a socket. ``offer`` writes the message at once when the
socket can take it, which is almost always: the ASGI send finishes without
suspending unless the peer's buffer is full. Only a send that has to wait is
handed to a task, and everything offered meanwhile queues behind it, in order.
A client that cannot keep up fills its outbox and is closed (4408); it
reconnects and gets one fresh state instead of a backlog (docs/protocol.md
§4.4).

Why not a sender task per socket that drains a queue: every message would
cost a wake-up of that task, and at saturation those wake-ups were ~10 % of
the server's CPU (docs/benchmarks.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Coroutine, Generator, Mapping
from dataclasses import dataclass
from typing import Any

from starlette.websockets import WebSocket

from .fast.asgi_send import TextWriter
from .protocol import CLOSE_TOO_SLOW, encode
from .ratelimit import TokenBucket

OUTBOX_SIZE = 64
HELD_OUTBOX_FACTOR = 4  # room in the outbox while refusals are held back (``hold``)
log = logging.getLogger("nightfall.server")


@dataclass(frozen=True, slots=True)
class _Close:
    code: int


class _Resume:
    """Awaitable that finishes a coroutine already run up to its first suspension.

    ``first`` is what the coroutine yielded there (the future it waits for); the
    task awaiting this object waits for it in the coroutine's place, so the
    coroutine continues exactly as if it had been a task from the start (what
    Python 3.12 calls an eager task).
    """

    __slots__ = ("_coro", "_first")

    def __init__(self, coro: Coroutine[Any, Any, None], first: Any) -> None:
        self._coro = coro
        self._first = first

    def __await__(self) -> Generator[Any, Any, None]:
        pending = self._first
        while True:
            try:
                value = yield pending
            except BaseException as exc:  # cancelled, or the future failed: the coroutine decides
                try:
                    pending = self._coro.throw(exc)
                except StopIteration:
                    return
                continue
            try:
                pending = self._coro.send(value)
            except StopIteration:
                return


class Connection:
    def __init__(
        self,
        ws: WebSocket,
        outbox_size: int = OUTBOX_SIZE,
        bucket: TokenBucket | None = None,
        write: TextWriter | None = None,
        address: str | None = None,
    ) -> None:
        self.ws = ws
        self.address = address  # the peer's (``client_address``): whose turn its room's odds take
        self._write: TextWriter = write or ws.send_text  # fast.asgi_send.text_writer on the server
        self.pid: int | None = None  # None: a spectator
        # When a frame last arrived (time.monotonic), and whether the room has counted the
        # socket lost for its silence since (``server/quiet.py``).
        self.heard_at = time.monotonic()
        self.quiet = False
        self.bucket = bucket or TokenBucket()
        self.closed = False
        self._started = False
        self._outbox: deque[str | _Close] = deque()
        self._outbox_size = outbox_size
        self._sender: asyncio.Task[None] | None = None  # only while a send waits for the peer
        self._gone = False  # the socket failed: nothing more is written
        self._pumping = False
        self._held: asyncio.TimerHandle | None = None  # ``hold``: nothing is written until it fires

    @property
    def spectator(self) -> bool:
        return self.pid is None

    @property
    def pending(self) -> int:
        """Messages waiting in the outbox (a close counts as one)."""
        return len(self._outbox)

    def start(self) -> None:
        """Start writing; what was offered before waits until now."""
        self._started = True
        self._pump()

    def send(self, message: Mapping[str, Any]) -> None:
        self.offer(encode(message))

    def hold(self, until: float) -> None:
        """Write nothing before ``until`` (the event loop's clock); what is offered meanwhile
        waits in the outbox, in order. A refusal is sent no sooner than a fixed time after its
        request came (``room_writer.ANSWER_FLOOR_S``), so its timing cannot tell that another
        seat's command was being stored meanwhile (docs/security.md)."""
        loop = asyncio.get_running_loop()
        if until <= loop.time() or self.closed:
            return
        if self._held is not None:
            if self._held.when() >= until:
                return
            self._held.cancel()
        self._held = loop.call_at(until, self._release)

    def _release(self) -> None:
        self._held = None
        self._pump()

    def offer(self, text: str) -> None:
        if self.closed:
            return
        if (
            not self._outbox
            and self._sender is None
            and self._started
            and not self._pumping
            and self._held is None
        ):
            self._write_now(text)  # nothing queued before it: the usual case, no queue needed
            return
        # While held, the outbox fills with what we hold back, not with what the peer failed
        # to read: a burst of refused frames (at most the rate limit's burst) may wait there.
        cap = self._outbox_size if self._held is None else HELD_OUTBOX_FACTOR * self._outbox_size
        if len(self._outbox) >= cap:
            log.warning("closing a connection that cannot keep up (pid %s)", self.pid)
            self.close(CLOSE_TOO_SLOW, drop_pending=True)
            return
        self._outbox.append(text)
        self._pump()

    def close(self, code: int, drop_pending: bool = False) -> None:
        """Close after the queued messages (or at once, dropping them)."""
        if self.closed:
            return
        self.closed = True
        if drop_pending or len(self._outbox) >= self._outbox_size:
            self._outbox.clear()
        if self._held is not None:  # the socket goes: what it was owed goes out with the close
            self._held.cancel()
            self._held = None
        self._outbox.append(_Close(code))
        self._pump()

    async def stop(self) -> None:
        if self._held is not None:
            self._held.cancel()
            self._held = None
        sender = self._sender
        if sender is not None:
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sender
        self._outbox.clear()

    def _pump(self) -> None:
        """Write queued items until one has to wait for the peer; that one goes to a task."""
        if not self._started or self._sender is not None or self._pumping or self._held is not None:
            # Not started yet; or a waiting send drains the rest after it; or we are
            # inside a send already (nothing known re-enters, but order must not depend on it).
            return
        self._pumping = True
        try:
            outbox = self._outbox
            while outbox and not self._gone:
                item = outbox.popleft()
                coro = self.ws.close(item.code) if isinstance(item, _Close) else self._write(item)
                if not self._send(coro):
                    return
            if self._gone:
                outbox.clear()
        finally:
            self._pumping = False

    def _write_now(self, text: str) -> None:
        """``_pump`` for one message and an empty outbox (``offer``'s fast path)."""
        self._pumping = True  # as in _pump: anything offered meanwhile queues behind this
        try:
            written = self._send(self._write(text))
        finally:
            self._pumping = False
        if written and self._outbox:
            self._pump()

    def _send(self, coro: Coroutine[Any, Any, None] | None) -> bool:
        """Run one send up to its first suspension: True if it finished without one (the
        usual case); otherwise a task finishes it (or the socket failed) and False.
        None is a frame the writer wrote at once (``fast.asgi_send.text_writer``)."""
        if coro is None:
            return True
        try:
            waiting_for = coro.send(None)
        except StopIteration:
            return True
        except Exception:  # the socket is gone; the receive loop notices and detaches
            self._fail()
            return False
        self._sender = asyncio.create_task(self._finish(coro, waiting_for))
        return False

    async def _finish(self, coro: Coroutine[Any, Any, None], waiting_for: Any) -> None:
        try:
            await _Resume(coro, waiting_for)
        except asyncio.CancelledError:
            raise
        except Exception:
            self._fail()
            return
        finally:
            self._sender = None
        self._pump()

    def _fail(self) -> None:
        self._gone = True
        self.closed = True
        self._outbox.clear()
