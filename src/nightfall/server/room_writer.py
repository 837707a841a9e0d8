"""A room's writer: one asyncio task owns the room's lobby and game, and runs
everything that changes them in order.

Everything that changes a room, whoever asks (a socket, an HTTP join, a timer),
is queued in the room's inbox and run in order by the room's task. Game commands
queued behind each other are applied in turn and share one commit
(``_requests``): a table tapping at once waits for one commit, not one each.
What a step does is defined by the layers above (``room_views``,
``room_commit``, ``room_host``, ``room``); this one owns the task, the inbox and
the state every layer reads.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Self, TypeVar

from nightfall.cluster.ownership import Held
from nightfall.engine import Rejected
from nightfall.games.registry import GameSite
from nightfall.store.interface import Append

from . import host_role
from .clock import now_ms
from .connection import Connection
from .inbox import Inbox
from .lobby import PLAYING, Lobby
from .play import Play
from .presence import Presence
from .protocol import (
    RequestId,
    ack,
    error,
    request_id,
)
from .ratelimit import BURST, RATE_PER_SECOND
from .storage import AsyncStore

T = TypeVar("T")
log = logging.getLogger("nightfall.room")

MAX_SOCKETS_PER_MEMBER = 4
# At most this many queued game commands share one commit: a burst waits for one
# fsync, and the views of a batch are built once (``Room._commands_behind``).
MAX_BATCH = 64
STORE_RETRY_SECONDS = 1.0  # after a failed commit, a due tick tries again this much later


# A state message in four pre-encoded pieces: the room, ``you``, and the view as its
# shared head and the viewer's own tail (``outgoing.view_pieces``).
StateParts = tuple[str, str, str, str]


@dataclass(slots=True)
class RoomParts:
    """The room part of the state messages, encoded, with what it was built from."""

    key: tuple[int, int, int | None, str]
    lobby: Lobby
    play: Play | None
    text: str
    you: dict[int | None, str]  # each viewer's encoded ``you``, valid for the same key


Job = Callable[[], Awaitable[Any]]


@dataclass(slots=True)
class Request:
    """A ``command`` or ``lobby`` message from a socket, waiting in the inbox."""

    conn: Connection
    message: dict[str, Any]
    command: bool  # a game command: may share a commit with the ones queued next to it


@dataclass(slots=True)
class Reply:
    """The answer a request gets once its batch is committed: ``ack``, or ``error``."""

    conn: Connection
    rid: RequestId | None = None
    error: Rejected | None = None


class RoomUnloaded(Exception):
    """The room left memory (it was idle) between a caller's lookup and its call:
    nothing was done; look the code up again, which loads the room back."""


@dataclass(frozen=True, slots=True)
class RoomOptions:
    grace_ms: int = 15_000
    clock: Callable[[], int] = now_ms
    burst: int = BURST  # per-socket rate limit (docs/protocol.md §4.4)
    rate_per_second: float = RATE_PER_SECOND
    host_away_ms: int = 60_000  # no host socket this long: the role moves on (H-HST-7b)


class RoomWriter:
    def __init__(
        self,
        code: str,
        site: GameSite,
        store: AsyncStore,
        lobby: Lobby,
        revision: int,
        play: Play | None = None,
        options: RoomOptions | None = None,
        base_url: str | None = None,
        version_floor: int = 0,
    ) -> None:
        self.code = code
        self.base_url = base_url  # where phones reach this server (for the join link)
        self.site = site  # the game this room hosts
        self.store = store
        self.lobby = lobby
        self.revision = revision
        self.play = play
        self.options = options or RoomOptions()
        self.clock = self.options.clock
        self.conns: list[Connection] = []
        self.presence = Presence(self.options.grace_ms, self._enqueue_presence)
        self._inbox: Inbox[tuple[Job | Request, asyncio.Future[Any] | None]] = Inbox()
        # Applied game commands not yet stored: consecutive commands share one commit
        # (``_requests``, ``_commit``), and their requests are answered after it.
        self._staged: list[Append] = []
        self._unconfirmed: list[Reply] = []  # accepted requests whose commands are staged
        self._task: asyncio.Task[None] | None = None
        # The lowest version a viewer's next state may have (``RoomViews``).
        self._version_floor = version_floor
        # When the room was last used: a socket came or went, or a request named it.
        # ``Rooms`` unloads a room that has had no socket for long after this.
        self.touched = self.clock()
        self._retired = False  # unloaded: no job runs any more (``retire_if``)
        self._stopping = False  # ``stop`` was called: the task's end is expected
        self.on_dead: Callable[[Any], None] | None = None  # ``Rooms`` rebuilds a room whose task ended
        # On a cluster node: the room's lease, checked before each command, and its
        # fencing token, sent with each write (cluster/ownership.py). None: one server.
        self.lease: Held | None = None
        followed = host_role.engine_host_pid(site, play) if lobby.status == PLAYING else None
        if followed is not None:  # the lobby's copy may be older than the replayed game (a failed save)
            lobby.host = followed
        self._own_fields()

    def _own_fields(self) -> None:
        """Each layer above sets up the fields it owns here (and calls ``super()`` first)."""

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name=f"room-{self.code}")
        self._task.add_done_callback(self._task_ended)
        self._schedule_tick()
        self._watch_host()  # a room starts with no sockets: its host too is away

    @property
    def dead(self) -> bool:
        """The room's task ended without being retired or stopped: nothing it holds can
        be trusted, and ``Rooms`` rebuilds the room from the store on the next request."""
        return self._task is not None and self._task.done() and not self._retired and not self._stopping

    def _task_ended(self, task: asyncio.Task[None]) -> None:
        if self._retired or self._stopping:
            return
        exc = None if task.cancelled() else task.exception()
        log.error(
            "room %s: the room's task ended; it is rebuilt from the store",
            self.code,
            exc_info=exc,
        )
        if self.on_dead is not None:
            self.on_dead(self)

    async def stop(self) -> None:
        """Stop the room's task (the layers above cancel their timers, then call this).
        Never raises and never waits on a task that already ended (logged when it did)."""
        self._stopping = True
        self.presence.cancel_all()
        if self._task and not self._task.done():
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task

    async def _run(self) -> None:
        while not self._retired:
            job, future = await self._inbox.get()
            try:
                await self._run_one(job, future)
            except Exception as exc:
                # A bug past every handler below: it fails this job alone. Logged once,
                # with the room, and the room goes on with the next job.
                log.exception("room %s: a request failed inside the room", self.code)
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
                log.exception("room %s: background job failed", self.code)
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
                job.conn.send(error(None, Rejected("internal_error"), self.clock()))

    def _drain_after_retiring(self) -> None:
        """Unloaded: whatever was queued behind the unloading must not run here (the room
        may already be loaded again from the store, and two rooms would write). Jobs
        without a caller (a due tick, a presence expiry) are dropped: a tick whose
        deadline passed runs when the room is loaded again, presence is not stored."""
        while not self._inbox.empty():
            _, future = self._inbox.get_nowait()
            if future is not None and not future.done():
                future.set_exception(RoomUnloaded(self.code))

    async def call(self, job: Callable[[], Awaitable[T]]) -> T:
        """Run ``job`` on the room's task, after everything queued before it.

        Raises ``RoomUnloaded`` if the room was unloaded before ``job`` ran.
        """
        future: asyncio.Future[T] = self._submit(job)
        return await future

    def _submit(self, job: Job | Request) -> asyncio.Future[Any]:
        if self._retired:
            raise RoomUnloaded(self.code)
        if self._task is None or self._task.done():  # shutting down (or dead: ``Rooms`` rebuilds it)
            raise Rejected("internal_error", reason="room stopped")  # shutting down: never wait forever
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._inbox.put_nowait((job, future))  # the inbox is unbounded: a put never waits
        return future

    async def retire_if(self, idle: Callable[[Self], bool], on_retire: Callable[[Self], None]) -> bool:
        """Stop taking jobs if ``idle(self)`` still holds when the room's task gets to it.

        Decided on the room's own task, after everything queued before, so no change
        is half done; ``on_retire`` runs in the same step (no await in between), so the
        caller can drop the room from its table before any other request can find it.
        Afterwards the task ends and ``call`` raises ``RoomUnloaded``. Then ``stop``.
        """

        async def job() -> bool:
            if not idle(self):
                return False
            self._retired = True
            on_retire(self)
            return True

        try:
            return await self.call(job)
        except (Rejected, RoomUnloaded):  # stopped or unloaded already
            return False

    def _fence(self) -> int | None:
        return None if self.lease is None else self.lease.fence

    async def _check_owner(self) -> None:
        """Refuse a change once this node's lease may have run out and cannot be
        renewed: another node may own the room by now (the phone reconnects through
        the proxy to it)."""
        if self.lease is not None and not await self.lease.confirm():
            raise Rejected("not_owner")

    @property
    def idle_since(self) -> int | None:
        """Since when nobody uses the room (ms), or None while a socket is attached."""
        return None if self.conns else self.touched

    def request(self, conn: Connection, message: dict[str, Any]) -> Awaitable[None]:
        """A ``command`` or ``lobby`` message: answered with ``ack`` or ``error``."""
        return self._submit(Request(conn, message, message["type"] == "command"))

    def _commands_behind(self, first: Request) -> list[tuple[Request, asyncio.Future[Any] | None]]:
        """The game commands queued right behind ``first`` (a game command too): they are
        applied in turn and stored in one commit with it. A burst (a table's taps just
        before a countdown ends) then waits for one commit, not for one each."""
        if not first.command:
            return []
        taken = self._inbox.take_while(
            lambda item: isinstance(item[0], Request) and item[0].command, MAX_BATCH - 1
        )
        return [(request, future) for request, future in taken if isinstance(request, Request)]

    async def _requests(self, batch: list[tuple[Request, asyncio.Future[Any] | None]]) -> None:
        """Run requests in order, commit what they changed once, then answer each.

        Answers go out only after the commit, in order, so an ``ack`` still means
        durable (docs/protocol.md §4) and every request's answer keeps its place.
        If the commit fails, every command in it is undone and answered
        ``store_failed``. The views are built once for the whole batch."""
        before = self.revision
        replies: list[Reply] = []
        try:
            for request, _ in batch:
                reply = Reply(request.conn)
                replies.append(reply)
                try:
                    reply.rid = request_id(request.message)
                    pid = request.conn.pid
                    if pid is None:
                        raise Rejected("spectator")
                    if request.command:
                        await self._command(pid, request.message)
                        self._unconfirmed.append(reply)
                    else:
                        await self._lobby_action(pid, request.message)
                except Rejected as rejected:
                    reply.error = rejected
            await self._commit()
        except Exception as exc:  # a bug: every caller hears of it (and answers internal_error)
            for _, future in batch:
                if future is not None and not future.done():
                    future.set_exception(exc)
            if self._staged:  # answered with errors, so they must not count
                await self._undo_staged()
            return
        finally:
            self._unconfirmed.clear()
        answered = 0
        try:
            # also when a due tick went first and the command then failed
            outgoing_states = self._broadcast_after(before)
            now = self.clock()
            for reply in replies:
                self._answer(reply, now)
                answered += 1
            for target, text in outgoing_states:
                target.offer(text)
        except Exception:  # a bug: logged once here; whoever is not answered yet hears internal_error
            log.exception("room %s: a request failed inside the room", self.code)
        for index, (_, future) in enumerate(batch):
            if future is not None and not future.done():
                if index < answered:
                    future.set_result(None)
                else:
                    future.set_exception(Rejected("internal_error"))

    def _broadcast_after(self, before: int) -> list[tuple[Connection, str]]:
        """The states to send after a batch; a bug building them costs the broadcast
        (phones catch up on the next change or reconnect), never the answers."""
        if self.revision == before:
            return []
        try:
            return self._prepare_broadcast()
        except Exception:
            log.exception("room %s: the new views could not be built", self.code)
            return []

    def _answer(self, reply: Reply, now: int) -> None:
        """One request's answer; one that cannot be sent fails only its own socket."""
        try:
            if reply.error is not None:
                reply.conn.send(error(reply.rid, reply.error, now))
            else:
                assert reply.rid is not None  # read before the request was accepted
                reply.conn.send(ack(reply.rid, self._version_sent(reply.conn.pid), now))
        except Exception:
            log.exception("room %s: an answer could not be sent", self.code)
            with contextlib.suppress(Exception):
                reply.conn.send(error(None, Rejected("internal_error"), now))

    # -- defined by the layers above ---------------------------------------

    def _enqueue_presence(self, pid: int) -> None:
        """Queue the expiry of ``pid``'s grace period (``Room``)."""
        raise NotImplementedError

    async def _command(self, pid: int, message: dict[str, Any]) -> None:
        """Apply and stage a game command (``RoomCommit``)."""
        raise NotImplementedError

    async def _lobby_action(self, pid: int, message: dict[str, Any]) -> None:
        """Run a lobby action (``Room``)."""
        raise NotImplementedError

    async def _commit(self) -> bool:
        """Store the staged commands (``RoomCommit``)."""
        raise NotImplementedError

    async def _undo_staged(self) -> None:
        """Forget the staged commands (``RoomCommit``)."""
        raise NotImplementedError

    def _schedule_tick(self, at_least: float = 0.0) -> None:
        """Set the timer of the next tick (``RoomCommit``)."""
        raise NotImplementedError

    def _watch_host(self) -> None:
        """Follow the host's sockets (``RoomHostKeeper``)."""
        raise NotImplementedError

    def _prepare_broadcast(self) -> list[tuple[Connection, str]]:
        """The changed views to send (``RoomViews``)."""
        raise NotImplementedError

    def _version_sent(self, pid: int | None) -> int:
        """The version of the last state ``pid`` was sent (``RoomViews``)."""
        raise NotImplementedError
