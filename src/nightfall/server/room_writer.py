"""A room's writer: one asyncio task runs everything that changes the room, in order.

Everything that changes a room, whoever asks (a socket, an HTTP join, a timer),
is queued in the room's inbox and run in order by the room's task. Game commands
queued behind each other are applied in turn and share one commit
(``_requests``): a table tapping at once waits for one commit, not one each.
The writer owns the task and the inbox; what a request does is the committer's
(game commands) or the lobby desk's (lobby actions), and what viewers are sent
afterwards is the views'.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from nightfall.engine import Rejected

from .connection import Connection
from .inbox import Inbox
from .protocol import ack, error, request_id
from .room_commit import Committer, Job, Reply
from .room_core import RoomCore
from .room_lobby import LobbyDesk
from .room_views import RoomViews

T = TypeVar("T")
log = logging.getLogger("nightfall.room")

# At most this many queued game commands share one commit: a burst waits for one
# fsync, and the views of a batch are built once (``_commands_behind``).
MAX_BATCH = 64
# A refusal (and a feed page) is written no sooner than this after its request came. The
# room answers one request after another, and a command that is accepted waits for its
# commit: without a floor, a seat sending refused commands read from their answers' delay
# the moment another seat's secret command was stored (a Witch's choice, the Seer's check;
# an attack test measured 5-7 ms against 1). A commit takes ~1 ms here (p99 ~6 ms,
# docs/benchmarks.md), so the floor hides it; an ack is the sender's own command's news,
# held too where the game says so (``GameSite.held_answers``).
ANSWER_FLOOR_S = 0.05
# ...and up to this much more, at random: a timer on an idle loop fires up to a millisecond
# late (the poll's timeout is in whole milliseconds), one on a busy loop at once, so without
# it a refusal behind another's commit came back ~0.5 ms *earlier* than a lone one.
ANSWER_JITTER_S = 0.01


def answer_floor(at: float) -> float:
    """When a refusal of a request that came at ``at`` may be written (the loop's clock)."""
    return at + ANSWER_FLOOR_S + random.random() * ANSWER_JITTER_S


@dataclass(slots=True)
class Request:
    """A ``command`` or ``lobby`` message from a socket, waiting in the inbox."""

    conn: Connection
    message: dict[str, Any]
    command: bool  # a game command: may share a commit with the ones queued next to it
    at: float = 0.0  # when it came (the event loop's clock): its refusal waits for ANSWER_FLOOR_S


class RoomUnloaded(Exception):
    """The room left memory (it was idle) between a caller's lookup and its call:
    nothing was done; look the code up again, which loads the room back."""


Queued = tuple[Job | Request, asyncio.Future[Any] | None]


class RoomWriter:
    def __init__(
        self, core: RoomCore, inbox: Inbox[Queued], committer: Committer, desk: LobbyDesk, views: RoomViews
    ) -> None:
        self.core = core
        self.inbox = inbox  # ``Room`` makes it: the committer and host keeper queue jobs in it too
        self.committer = committer
        self.desk = desk
        self.views = views
        self._task: asyncio.Task[None] | None = None
        self.retired = False  # unloaded: no job runs any more (``retire_if``)
        self._stopping = False  # ``stop`` was called: the task's end is expected
        self.on_dead: Callable[[], None] | None = None  # ``Rooms`` rebuilds a room whose task ended

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name=f"room-{self.core.code}")
        self._task.add_done_callback(self._task_ended)

    @property
    def started(self) -> bool:
        return self._task is not None

    @property
    def dead(self) -> bool:
        """The task ended without being retired or stopped: nothing the room holds can
        be trusted, and ``Rooms`` rebuilds it from the store."""
        return self._task is not None and self._task.done() and not self.retired and not self._stopping

    def _task_ended(self, task: asyncio.Task[None]) -> None:
        if self.retired or self._stopping:
            return
        exc = None if task.cancelled() else task.exception()
        log.error(
            "room %s: the room's task ended; it is rebuilt from the store", self.core.code, exc_info=exc
        )
        if self.on_dead is not None:
            self.on_dead()

    async def stop(self) -> None:
        """Stop the task. Never raises and never waits on a task that already ended."""
        self._stopping = True
        if self._task and not self._task.done():
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task

    async def _run(self) -> None:
        while not self.retired:
            job, future = await self.inbox.get()
            try:
                await self._run_one(job, future)
            except Exception as exc:
                # A bug past every handler below: it fails this job alone. Logged once,
                # with the room, and the room goes on with the next job.
                log.exception("room %s: a request failed inside the room", self.core.code)
                self._fail(job, future, exc)
        self._drain_after_retiring()

    async def _run_one(self, job: Job | Request, future: asyncio.Future[Any] | None) -> None:
        if isinstance(job, Request):
            await self._requests([(job, future), *self._commands_behind(job)])
            return
        try:
            result = await job()
        except Exception as exc:
            if future is None:
                log.exception("room %s: background job failed", self.core.code)
            elif not future.done():
                future.set_exception(exc)
        else:
            if future is not None and not future.done():
                future.set_result(result)

    def _fail(self, job: Job | Request, future: asyncio.Future[Any] | None, exc: Exception) -> None:
        """Answer a job that a bug stopped half way: its caller hears ``internal_error``."""
        if future is not None:
            if not future.done():
                future.set_exception(Rejected("internal_error"))
        elif isinstance(job, Request):
            with contextlib.suppress(Exception):  # the socket may be the very thing that failed
                job.conn.send(error(None, Rejected("internal_error"), self.core.clock()))

    def _drain_after_retiring(self) -> None:
        """Unloaded: whatever was queued behind the unloading must not run here (the room
        may already be loaded again from the store, and two rooms would write). Jobs
        without a caller (a due tick, a presence expiry) are dropped: a tick whose
        deadline passed runs when the room is loaded again, presence is not stored."""
        while not self.inbox.empty():
            _, future = self.inbox.get_nowait()
            if future is not None and not future.done():
                future.set_exception(RoomUnloaded(self.core.code))

    async def call(self, job: Callable[[], Awaitable[T]]) -> T:
        """Run ``job`` on the room's task, after everything queued before it.

        Raises ``RoomUnloaded`` if the room was unloaded before ``job`` ran.
        """
        future: asyncio.Future[T] = self._submit(job)
        return await future

    def _submit(self, job: Job | Request) -> asyncio.Future[Any]:
        if self.retired:
            raise RoomUnloaded(self.core.code)
        if self._task is None or self._task.done():  # shutting down (or dead: ``Rooms`` rebuilds it)
            raise Rejected("internal_error", reason="room stopped")
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.inbox.put_nowait((job, future))  # the inbox is unbounded: a put never waits
        return future

    async def retire_if(self, idle: Callable[[], bool], on_retire: Callable[[], None]) -> bool:
        """Stop taking jobs if ``idle()`` still holds when the room's task gets to it.

        Decided on the room's own task, after everything queued before, so no change
        is half done; ``on_retire`` runs in the same step (no await in between), so the
        caller can drop the room from its table before any other request can find it.
        Afterwards the task ends and ``call`` raises ``RoomUnloaded``. Then ``stop``.
        """

        async def job() -> bool:
            if not idle():
                return False
            self.retired = True
            on_retire()
            return True

        try:
            return await self.call(job)
        except (Rejected, RoomUnloaded):  # stopped or unloaded already
            return False

    def request(self, conn: Connection, message: dict[str, Any]) -> Awaitable[None]:
        """A ``command`` or ``lobby`` message: answered with ``ack`` or ``error``."""
        at = asyncio.get_running_loop().time()
        return self._submit(Request(conn, message, message["type"] == "command", at))

    def _commands_behind(self, first: Request) -> list[tuple[Request, asyncio.Future[Any] | None]]:
        """The game commands queued right behind ``first`` (a game command too): they are
        applied in turn and stored in one commit with it. A burst (a table's taps just
        before a countdown ends) then waits for one commit, not for one each."""
        if not first.command:
            return []
        taken = self.inbox.take_while(
            lambda item: isinstance(item[0], Request) and item[0].command, MAX_BATCH - 1
        )
        return [(request, future) for request, future in taken if isinstance(request, Request)]

    async def _requests(self, batch: list[tuple[Request, asyncio.Future[Any] | None]]) -> None:
        """Run requests in order, commit what they changed once, then answer each.

        Answers go out only after the commit, in order, so an ``ack`` still means
        durable (docs/protocol.md §4) and every request's answer keeps its place.
        If the commit fails, every command in it is undone and answered
        ``store_failed``. The views are built once for the whole batch."""
        committer, desk = self.committer, self.desk
        before = self.core.revision
        replies: list[Reply] = []
        try:
            for request, _ in batch:
                reply = Reply(request.conn, at=request.at)
                replies.append(reply)
                try:
                    reply.rid = request_id(request.message)
                    pid = request.conn.pid
                    if pid is None:
                        raise Rejected("spectator")
                    if request.command:
                        await committer.command(pid, request.message)
                        committer.unconfirmed.append(reply)
                    else:
                        await desk.action(pid, request.message)
                except Rejected as rejected:
                    reply.error = rejected
            await committer.commit()
        except Exception as exc:  # a bug: every caller hears of it (and answers internal_error)
            for _, future in batch:
                if future is not None and not future.done():
                    future.set_exception(exc)
            if committer.staged:  # answered with errors, so they must not count
                await committer.undo_staged()
            return
        finally:
            committer.unconfirmed.clear()
        self._answer_all(batch, replies, before)

    def _answer_all(
        self, batch: list[tuple[Request, asyncio.Future[Any] | None]], replies: list[Reply], before: int
    ) -> None:
        answered = 0
        try:
            # also when a due tick went first and the command then failed
            outgoing_states = self._broadcast_after(before)
            now = self.core.clock()
            for reply in replies:
                self._answer(reply, now)
                answered += 1
            for target, text in outgoing_states:
                target.offer(text)
        except Exception:  # a bug: logged once here; whoever is not answered yet hears internal_error
            log.exception("room %s: a request failed inside the room", self.core.code)
        for index, (_, future) in enumerate(batch):
            if future is not None and not future.done():
                if index < answered:
                    future.set_result(None)
                else:
                    future.set_exception(Rejected("internal_error"))

    def _broadcast_after(self, before: int) -> list[tuple[Connection, str]]:
        """The states to send after a batch; a bug building them costs the broadcast
        (phones catch up on the next change or reconnect), never the answers."""
        if self.core.revision == before:
            return []
        try:
            return self.views.prepare_broadcast()
        except Exception:
            log.exception("room %s: the new views could not be built", self.core.code)
            return []

    def _answer(self, reply: Reply, now: int) -> None:
        """One request's answer; one that cannot be sent fails only its own socket."""
        try:
            if reply.error is not None:
                reply.conn.hold(answer_floor(reply.at))  # what follows on its socket waits too
                reply.conn.send(error(reply.rid, reply.error, now))
            else:
                assert reply.rid is not None  # read before the request was accepted
                if self.core.site.held_answers:  # the game's acks may tell others' commits
                    reply.conn.hold(answer_floor(reply.at))
                reply.conn.send(ack(reply.rid, self.views.version_sent(reply.conn.pid), now))
        except Exception:
            log.exception("room %s: an answer could not be sent", self.core.code)
            with contextlib.suppress(Exception):
                reply.conn.send(error(None, Rejected("internal_error"), now))
