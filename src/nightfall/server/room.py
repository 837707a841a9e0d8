"""A room: one asyncio task owns its lobby and its game (one writer).

Everything that changes a room, whoever asks (a socket, an HTTP join, a
timer), is queued in the room's inbox and run in order by the room's task. A
change is validated, made on a draft (lobby) or by the game (validate-then-
mutate), committed to the store, and only then acknowledged and broadcast.
Game commands queued behind each other are applied in turn and share one
commit (``_requests``): a table tapping at once waits for one commit, not one
each. Sending never blocks the room: connections have their own outboxes.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from nightfall.engine import HOST, Command, Rejected, tick
from nightfall.engine.command import Actor
from nightfall.store import GameRecord
from nightfall.store.interface import Append

from . import host_role, journal, outgoing
from . import lobby as tables
from .adapters import GameAdapter
from .clock import now_ms
from .connection import Connection
from .host_role import HostWatch
from .inbox import Inbox
from .lobby import ENDED, LOBBY, PLAYING, Lobby
from .play import Play
from .presence import Presence
from .protocol import (
    CLOSE_REMOVED,
    CLOSE_REPLACED,
    MAX_MESSAGE_BYTES,
    RequestId,
    ack,
    encode,
    error,
    object_field,
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


class Room:
    def __init__(
        self,
        code: str,
        adapter: GameAdapter,
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
        self.adapter = adapter
        self.store = store
        self.lobby = lobby
        self.revision = revision
        self.play = play
        self.options = options or RoomOptions()
        self.clock = self.options.clock
        self.conns: list[Connection] = []
        self.presence = Presence(self.options.grace_ms, self._enqueue_presence)
        self._inbox: Inbox[tuple[Job | Request, asyncio.Future[Any] | None]] = Inbox()
        # Applied game commands not yet stored, and what to undo if storing fails:
        # consecutive commands share one commit (``_requests``, ``_commit``).
        self._staged: list[Append] = []
        self._undo: tuple[int, str] = (revision, lobby.status)
        self._unconfirmed: list[Reply] = []  # accepted requests whose commands are staged
        self._task: asyncio.Task[None] | None = None
        self._timer: asyncio.TimerHandle | None = None
        # Per viewer (a member's pid, or None for spectators): the last state body sent
        # and its own version counter. A viewer gets a message only when *its* view
        # changed, numbered by its own counter, so neither the timing nor the numbering
        # of messages reveals hidden moves of others (H-VIS-1, H-DEP-13, H-GAT-4).
        self._sent: dict[int | None, tuple[int, StateParts]] = {}
        self._room_cache: RoomParts | None = None
        self._shared_view = outgoing.SharedText()  # the views' public part, encoded once per change
        # Presence and spectators change views without a revision, so a viewer's counter
        # can run ahead of the revision; a room loaded back after it was unloaded starts
        # its counters above the highest one sent before (``Rooms`` keeps it), not below.
        self._version_floor = version_floor
        # When the room was last used: a socket came or went, or a request named it.
        # ``Rooms`` unloads a room that has had no socket for long after this.
        self.touched = self.clock()
        self._retired = False  # unloaded: no job runs any more (``retire_if``)
        self.host_watch = HostWatch(self.options.host_away_ms)
        self._host_timer: asyncio.TimerHandle | None = None
        followed = host_role.engine_host_pid(adapter, play) if lobby.status == PLAYING else None
        if followed is not None:  # the lobby's copy may be older than the replayed game (a failed save)
            lobby.host = followed

    # -- life cycle ------------------------------------------------------

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name=f"room-{self.code}")
        self._schedule_tick()
        self._watch_host()  # a room starts with no sockets: its host too is away

    async def stop(self) -> None:
        if self._timer:
            self._timer.cancel()
        if self._host_timer:
            self._host_timer.cancel()
        self.presence.cancel_all()
        if self._task:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _run(self) -> None:
        while not self._retired:
            job, future = await self._inbox.get()
            if isinstance(job, Request):
                await self._requests([(job, future), *self._commands_behind(job)])
                continue
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
        # Unloaded: whatever was queued behind the unloading must not run here (the room
        # may already be loaded again from the store, and two rooms would write). Jobs
        # without a caller (a due tick, a presence expiry) are dropped: a tick whose
        # deadline passed runs when the room is loaded again, presence is not stored.
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
        if self._task is None or self._task.done():
            raise Rejected("internal_error", reason="room stopped")  # shutting down: never wait forever
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._inbox.put_nowait((job, future))  # the inbox is unbounded: a put never waits
        return future

    async def retire_if(self, idle: Callable[[Room], bool], on_retire: Callable[[Room], None]) -> bool:
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

    @property
    def idle_since(self) -> int | None:
        """Since when nobody uses the room (ms), or None while a socket is attached."""
        return None if self.conns else self.touched

    def highest_version(self) -> int:
        """The highest state version any viewer was sent (at least the revision)."""
        return max([self.revision, self._version_floor, *(v for v, _ in self._sent.values())])

    def next_deadline(self) -> int | None:
        """When the running game's next tick is due (server ms), if it has a timer."""
        return self._deadline()

    # -- HTTP ------------------------------------------------------------

    async def join(self, name: object) -> dict[str, Any]:
        return await self.call(lambda: self._join(name))

    async def _join(self, name: object) -> dict[str, Any]:
        if self.lobby.status == PLAYING:  # late arrivals watch (docs/protocol.md §2)
            return {"code": self.code, "pid": None, "token": None, "host": False, "spectator": True}
        token = secrets.token_urlsafe(32)
        draft = copy.deepcopy(self.lobby)
        member = tables.join(draft, name, tables.hash_token(token), self.adapter.max_players)
        await self._commit_lobby(draft)
        log.info("room %s: %s joined (pid %d)", self.code, member.name, member.pid)
        self._broadcast()
        return {"code": self.code, "pid": member.pid, "token": token, "host": False, "spectator": False}

    async def relink(self, host_token: object, seat: object) -> str:
        """A new private token for a seat, given the host's token; the old one stops
        working and its sockets are closed (a lost link, a replacement player)."""
        return await self.call(lambda: self._relink(host_token, seat))

    async def _relink(self, host_token: object, seat: object) -> str:
        host = self.lobby.member_by_token(host_token) if isinstance(host_token, str) else None
        if host is None or host.pid != self.lobby.host:
            raise Rejected("not_host")
        seating = self.play.record.seating if self.play is not None else []
        if type(seat) is not int or not 1 <= seat <= len(seating):
            raise Rejected("unknown_member", seat=seat)
        pid = seating[seat - 1]
        token = secrets.token_urlsafe(32)
        draft = copy.deepcopy(self.lobby)
        member = draft.member(pid)
        if member is None or pid == draft.host:
            raise Rejected("unknown_member", seat=seat)
        member.token_hash = tables.hash_token(token)
        await self._commit_lobby(draft)
        for conn in [c for c in self.conns if c.pid == pid]:
            conn.send(error(None, Rejected("bad_token"), self.clock()))
            conn.close(CLOSE_REPLACED)
            self.conns.remove(conn)
        log.info("room %s: seat %d got a new private link", self.code, seat)
        return token

    def summary(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "game": self.adapter.name,
            "status": self.lobby.status,
            "members": [
                {"pid": m.pid, "name": m.name, "host": m.pid == self.lobby.host} for m in self.lobby.members
            ],
            "min_players": self.adapter.min_players,
            "max_players": self.adapter.max_players,
        }

    def public_state(self) -> dict[str, Any]:
        return self._state_message(None, self.clock())

    # -- sockets ---------------------------------------------------------

    async def attach(self, conn: Connection, token: str | None) -> None:
        await self.call(lambda: self._attach(conn, token))

    async def _attach(self, conn: Connection, token: str | None) -> None:
        if token is not None:
            member = self.lobby.member_by_token(token)
            if member is None:
                raise Rejected("bad_token")
            conn.pid = member.pid
            mine = [c for c in self.conns if c.pid == member.pid]
            if len(mine) >= MAX_SOCKETS_PER_MEMBER:
                mine[0].close(CLOSE_REPLACED)
                self.conns.remove(mine[0])
        changed = conn.pid is not None and self.presence.connect(conn.pid)
        self.conns.append(conn)
        now = self.clock()
        self.touched = now
        conn.send(
            {
                "type": "welcome",
                "v": 1,
                "server_time": now,
                "room": self.code,
                "you": outgoing.you(self.lobby, self.play, conn.pid),
                "limits": {
                    "max_message_bytes": MAX_MESSAGE_BYTES,
                    "rate_per_second": self.options.rate_per_second,
                    "burst": self.options.burst,
                },
            }
        )
        conn.offer(self._versioned_state(conn.pid, now))
        if changed and conn.pid is not None:
            self._broadcast_presence([conn.pid])
        self._watch_host()
        await self._hand_over_if_host_away()  # someone to take over may just have come

    async def detach(self, conn: Connection) -> None:
        await self.call(lambda: self._detach(conn))

    async def _detach(self, conn: Connection) -> None:
        if conn in self.conns:
            self.conns.remove(conn)
        self.touched = self.clock()  # the room's idle time starts when its last socket leaves
        pid = conn.pid
        if pid is None or self.lobby.member(pid) is None:  # a spectator, or removed from the table
            return
        if not any(c.pid == pid for c in self.conns) and self.presence.lose(pid):
            self._broadcast_presence([pid])
        self._watch_host()

    def _enqueue_presence(self, pid: int) -> None:
        async def expire() -> None:
            if not any(c.pid == pid for c in self.conns) and self.presence.expire(pid):
                self._broadcast_presence([pid])

        self._inbox.put_nowait((expire, None))

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
        # also when a due tick went first and the command then failed
        outgoing_states = self._prepare_broadcast() if self.revision != before else []
        now = self.clock()
        for reply in replies:
            if reply.error is not None:
                reply.conn.send(error(reply.rid, reply.error, now))
            else:
                assert reply.rid is not None  # read before the request was accepted
                version = self._sent.get(reply.conn.pid, (self.revision, ""))[0]
                reply.conn.send(ack(reply.rid, version, now))
        for target, text in outgoing_states:
            target.offer(text)
        for _, future in batch:
            if future is not None and not future.done():
                future.set_result(None)

    # -- game commands ---------------------------------------------------

    async def _command(self, pid: int, message: dict[str, Any]) -> None:
        body = object_field(message, "command")
        ctype = body.get("type")
        if not isinstance(ctype, str) or not ctype:
            raise Rejected("bad_message", field="command.type")
        payload = object_field(body, "payload")
        if not host_role.client_payload_ok(ctype, payload):
            raise Rejected("bad_payload", field="reason", reason="set by the server only")
        play = self.play
        if play is None or self.lobby.status != PLAYING:
            raise Rejected("no_game")
        seat: Actor | None = play.seat_of(pid)
        if seat is None and pid == self.lobby.host:
            seat = HOST  # a host without a seat runs the game (Andorra's ведущий)
        if seat is None:
            raise Rejected("not_seated")
        if "actor" in body and body["actor"] != seat:
            raise Rejected("wrong_actor", actor=body["actor"], seat=seat)
        now = max(self.clock(), play.last_now)
        deadline = self._deadline()
        if deadline is not None and now >= deadline:
            # Time was up before this tap arrived: the tick goes first, so a
            # late tap never counts (docs/heks-commands.md, "Time").
            await self._apply(tick(now))
        await self._apply(Command(actor=seat, type=ctype, payload=payload, now=now))

    async def _apply(self, command: Command) -> None:
        """Apply ``command`` and stage it for the next ``_commit``; the room's bookkeeping
        moves on at once, so the next command in a batch builds on it."""
        play = self.play
        assert play is not None
        try:
            events = play.game.apply(play.state, command)  # Rejected: nothing changed
        except Rejected:
            raise
        except Exception:
            log.exception("room %s: the game failed on %s", self.code, command.type)
            # The state may be half-changed: store what was applied before it, then
            # rebuild from what is durable.
            await self._commit()
            await self._reload_play()
            raise Rejected("internal_error") from None
        result = play.game.result(play.state)
        if not self._staged:
            self._undo = (self.revision, self.lobby.status)
        self._staged.append((self.code, play.record.game_no, play.seq, command, self.revision + 1, result))
        play.seq += 1
        play.last_now = command.now
        self.revision += 1
        if result is not None:
            play.record.result = result
            self.lobby.status = ENDED
            log.info("room %s: game %d over: %s", self.code, play.record.game_no, journal.short(result))
        journal.public_events(self.code, self.revision, events)
        self._schedule_tick()

    async def _commit(self) -> bool:
        """Store the staged commands in one transaction. If that fails, undo them all:
        the game is rebuilt from the store and their requests are answered
        ``store_failed``. Returns whether they are durable."""
        staged, self._staged = self._staged, []
        if not staged:
            return True
        unconfirmed, self._unconfirmed = self._unconfirmed, []
        try:
            await self.store.append_all(staged)
        except Exception:
            log.exception("room %s: could not store %d command(s)", self.code, len(staged))
            await self._undo_staged()
            for reply in unconfirmed:
                reply.error = Rejected("store_failed")
            return False
        await self._follow_game_host()
        return True

    async def _undo_staged(self) -> None:
        """Forget the commands applied since the last commit: the game is rebuilt from the store."""
        self._staged = []
        self.revision, self.lobby.status = self._undo
        await self._reload_play()
        self._schedule_tick(at_least=STORE_RETRY_SECONDS)

    async def _reload_play(self) -> None:
        stored = await self.store.load_room(self.code)
        if stored is not None and stored.game is not None:
            self.play = Play.rebuild(self.adapter.make_game(), stored.game, stored.commands)

    # -- timers ----------------------------------------------------------

    def _deadline(self) -> int | None:
        play = self.play
        if play is None or self.lobby.status != PLAYING:
            return None
        return play.game.next_deadline(play.state)

    def _schedule_tick(self, at_least: float = 0.0) -> None:
        """The timer for the game's next deadline; ``at_least`` seconds from now after a
        failed commit, so a store that keeps failing is not retried in a tight loop."""
        if self._timer:
            self._timer.cancel()
            self._timer = None
        deadline = self._deadline()
        if deadline is None:
            return
        delay = max(at_least, (deadline - self.clock()) / 1000)
        self._timer = asyncio.get_running_loop().call_later(delay, self._enqueue_tick)

    def _enqueue_tick(self) -> None:
        self._timer = None
        self._inbox.put_nowait((self._tick, None))

    async def _tick(self) -> None:
        deadline = self._deadline()
        if deadline is None or self.play is None:
            return
        now = max(self.clock(), self.play.last_now)
        if now < deadline:  # the loop woke a little early
            self._schedule_tick()
            return
        try:
            await self._apply(tick(now))
        except Rejected as rejected:
            log.error("room %s: tick rejected: %s", self.code, rejected)
            return
        if await self._commit():
            self._broadcast()

    # -- lobby actions ---------------------------------------------------

    async def _lobby_action(self, pid: int, message: dict[str, Any]) -> None:
        action = message.get("action")
        payload = object_field(message, "payload")
        draft = copy.deepcopy(self.lobby)
        if action == "settings":
            tables.require_host(draft, pid)
            tables.require_status(draft, LOBBY, ENDED)
            draft.settings = self.adapter.merge_settings(draft.settings, payload)
        elif action == "reorder":
            tables.reorder(draft, pid, payload.get("order"))
        elif action == "handover":
            heir = tables.handover(draft, pid, payload.get("pid"))
            await self._commit_lobby(draft)
            log.info("room %s: host passed to %s (pid %d)", self.code, heir.name, heir.pid)
            self._watch_host()
            return
        elif action in ("remove", "leave"):
            gone = (
                tables.remove(draft, pid, payload.get("pid"))
                if action == "remove"
                else tables.leave(draft, pid)
            )
            await self._commit_lobby(draft)
            self._drop_member(gone.pid)
            log.info("room %s: %s left the table", self.code, gone.name)
            return
        elif action in ("start", "play_again"):
            await self._start_game(draft, pid, LOBBY if action == "start" else ENDED)
            return
        else:
            raise Rejected("unknown_action", action=action if isinstance(action, str) else None)
        await self._commit_lobby(draft)

    async def _commit_lobby(self, draft: Lobby) -> None:
        try:
            await self.store.save_lobby(self.code, draft.status, draft.to_json(), self.revision + 1)
        except Exception:
            log.exception("room %s: could not store the lobby", self.code)
            raise Rejected("store_failed") from None
        self.lobby = draft
        self.revision += 1

    def _drop_member(self, pid: int) -> None:
        self.presence.forget(pid)
        for conn in [c for c in self.conns if c.pid == pid]:
            conn.send(error(None, Rejected("removed"), self.clock()))
            conn.close(CLOSE_REMOVED)
            self.conns.remove(conn)

    async def _start_game(self, draft: Lobby, pid: int, status: str) -> None:
        adapter = self.adapter
        tables.check_start(draft, pid, adapter.min_players, adapter.max_players, status)
        seating = [m.pid for m in draft.members]
        config = adapter.build_config(
            [m.name for m in draft.members], seating.index(draft.host) + 1, draft.settings
        )
        game_no = self.play.record.game_no + 1 if self.play else 1
        record = GameRecord(game_no=game_no, config=config, seed=secrets.randbits(63), seating=seating)
        play = Play.setup(adapter.make_game(), record)  # a bad config raises Rejected here
        play.last_now = self.play.last_now if self.play else 0
        draft.status = PLAYING
        try:
            await self.store.start_game(self.code, record, draft.to_json(), self.revision + 1)
        except Exception:
            log.exception("room %s: could not store the new game", self.code)
            raise Rejected("store_failed") from None
        self.lobby, self.play = draft, play
        self.revision += 1
        log.info("room %s: game %d started with %d players", self.code, game_no, len(seating))
        self._schedule_tick()

    # -- the host role (H-HST-7a, H-HST-7b) -------------------------------

    async def _follow_game_host(self) -> None:
        """After a command: the lobby's host follows the engine's host seat (``pass_host``),
        so host-only lobby actions (play again, settings) go to the new host too."""
        pid = host_role.engine_host_pid(self.adapter, self.play)
        if pid is None or pid == self.lobby.host:
            return
        draft = copy.deepcopy(self.lobby)
        draft.host = pid
        try:
            await self._commit_lobby(draft)
        except Rejected:  # the command itself is stored: a reload follows the engine again
            self.lobby.host = pid
        self._watch_host()

    def _watch_host(self) -> None:
        """Start (or stop) the clock of the automatic handover when the host's sockets change."""
        host = self.lobby.host
        here = any(c.pid == host for c in self.conns)
        if self.host_watch.update(here, self.clock()):
            self._schedule_host_check()

    def _schedule_host_check(self) -> None:
        if self._host_timer:
            self._host_timer.cancel()
            self._host_timer = None
        due = self.host_watch.due_in(self.clock())
        if due is None or self._task is None:
            return
        self._host_timer = asyncio.get_running_loop().call_later(
            due / 1000, lambda: self._inbox.put_nowait((self._hand_over_if_host_away, None))
        )

    async def check_host_away(self) -> None:
        """Run the automatic handover check now (tests with a fake clock; the timer does it too)."""
        await self.call(self._hand_over_if_host_away)

    async def _hand_over_if_host_away(self) -> None:
        """H-HST-7b: the host has had no socket for ``host_away_ms`` and another seated
        member is connected: the first such member in seat order becomes host."""
        if not getattr(self.adapter, "host_is_player", True):
            return  # Andorra's host runs the game from a desk and is no player to replace
        due = self.host_watch.due_in(self.clock())
        if due is None:
            return
        if due > 0:
            self._schedule_host_check()  # the loop woke early, or the clock is a test's
            return
        old = self.lobby.host
        order = host_role.seat_order(self.lobby, self.play)
        heir = host_role.successor(order, old, lambda pid: any(c.pid == pid for c in self.conns))
        if heir is None:
            return  # nobody to take over: the next member to connect runs this check again
        away_s = (self.clock() - (self.host_watch.gone_since or 0)) // 1000
        try:
            await self._pass_host_away(old, heir)
        except Rejected as rejected:
            log.error("room %s: automatic host handover failed: %s", self.code, rejected)
            self._broadcast()  # a due tick may have gone first
            return
        log.info(
            "room %s: host passed from %s to %s (host away %d s)",
            self.code,
            self._name(old),
            self._name(heir),
            away_s,
        )
        self._watch_host()
        self._broadcast()

    async def _pass_host_away(self, old: int, heir: int) -> None:
        play = self.play
        engine_host = host_role.engine_host_pid(self.adapter, play)
        if self.lobby.status == PLAYING and play is not None and engine_host is not None:
            # Through the engine, so the transcript holds it. Sent as the host's seat, which
            # is safe: clients only ever act as their own seat, and only the server may
            # send ``reason`` (``host_role.client_payload_ok``).
            seat, heir_seat = play.seat_of(engine_host), play.seat_of(heir)
            assert seat is not None and heir_seat is not None
            now = max(self.clock(), play.last_now)
            deadline = self._deadline()
            if deadline is not None and now >= deadline:
                await self._apply(tick(now))  # the same order as a tap: the due tick first
            try:
                if self.lobby.status == PLAYING:  # (that tick may have ended the game)
                    payload = {"seat": heir_seat, "reason": host_role.HOST_AWAY}
                    await self._apply(Command(actor=seat, type=host_role.PASS_HOST, payload=payload, now=now))
            finally:
                stored = await self._commit()  # the tick too, even if the handover was refused
            if not stored:
                raise Rejected("store_failed")
            if self.lobby.status == PLAYING:
                return
        draft = copy.deepcopy(self.lobby)
        draft.host = heir
        await self._commit_lobby(draft)

    def _name(self, pid: int) -> str:
        member = self.lobby.member(pid)
        return member.name if member else str(pid)

    # -- what clients see ------------------------------------------------

    def _room_json(self) -> dict[str, Any]:
        spectators = sum(1 for c in self.conns if c.pid is None)
        room = outgoing.room_json(self.code, self.adapter, self.lobby, self.play, self.presence, spectators)
        room.update(outgoing.links(self.base_url, self.code))
        return room

    def _state_message(self, pid: int | None, now: int, room: dict[str, Any] | None = None) -> dict[str, Any]:
        room = room if room is not None else self._room_json()
        return outgoing.state(self.revision, now, room, self.lobby, self.play, pid)

    def _room_parts(self) -> RoomParts:
        """The encoded room part (the same for every viewer) and a cache of each
        member's encoded ``you``, rebuilt only when something they show changed:
        anyone's presence, the spectators, the host, the status, or the lobby or
        game object itself. Not on every revision: a game command changes none of
        these, and every other lobby change commits a new lobby object (a draft).
        tests/server/conftest.py checks every cached part against a fresh one."""
        spectators = sum(1 for c in self.conns if c.pid is None)
        lobby, play = self.lobby, self.play
        key = (self.presence.version, spectators, lobby.host, lobby.status)
        cached = self._room_cache
        if cached is None or cached.key != key or cached.lobby is not lobby or cached.play is not play:
            room = outgoing.room_json(self.code, self.adapter, lobby, play, self.presence, spectators)
            room.update(outgoing.links(self.base_url, self.code))
            cached = self._room_cache = RoomParts(key, lobby, play, encode(room), {})
        return cached

    def _next_state(self, pid: int | None, room: RoomParts) -> tuple[int, StateParts, bool]:
        """``pid``'s state message as parts, its own version, and whether it differs from the last one."""
        you = room.you.get(pid)
        if you is None:
            you = room.you[pid] = encode(outgoing.you(self.lobby, self.play, pid))
        head, tail = outgoing.view_pieces(self.play, pid, self.lobby.host, self._shared_view)
        parts = (room.text, you, head, tail)
        last = self._sent.get(pid)
        # Compared part by part: the room and shared view parts are the same objects while
        # they are unchanged, so this is mostly identity checks, not a 2.6 KB comparison.
        changed = last is None or last[1] != parts
        # After a restart a viewer's counter resumes from the room revision, which is
        # never below any counter it had before, so clients never see a version go back.
        version = (last[0] if last else max(self.revision, self._version_floor)) + (1 if changed else 0)
        self._sent[pid] = (version, parts)
        return version, parts, changed

    @staticmethod
    def _state_text(version: int, now: int, parts: StateParts) -> str:
        """The state message, spliced from pre-encoded parts (same fields as ``outgoing.state``)."""
        room, you, head, tail = parts
        return (
            f'{{"version":{version},"server_time":{now},"type":"state",'
            f'"room":{room},"you":{you},"view":{head}{tail}}}'
        )

    def _versioned_state(self, pid: int | None, now: int) -> str:
        """The state message for ``pid`` with its own version (sent whether or not it changed)."""
        version, parts, _ = self._next_state(pid, self._room_parts())
        return self._state_text(version, now, parts)

    def _prepare_broadcast(self) -> list[tuple[Connection, str]]:
        """Each viewer's message is built once; only changed views are built into text and sent."""
        now = self.clock()
        room = self._room_parts()
        built: dict[int | None, str | None] = {}
        out = []
        for conn in list(self.conns):
            pid = conn.pid
            if pid in built:
                text = built[pid]
            else:
                version, parts, changed = self._next_state(pid, room)
                text = built[pid] = self._state_text(version, now, parts) if changed else None
            if text is not None:
                out.append((conn, text))
        return out

    def _broadcast(self) -> None:
        for conn, text in self._prepare_broadcast():
            conn.offer(text)

    def _broadcast_presence(self, pids: list[int]) -> None:
        for pid in pids:
            member = self.lobby.member(pid)
            log.info("room %s: %s is %s", self.code, member.name if member else pid, self.presence.of(pid))
        text = encode(outgoing.presence_changes(self.clock(), self.presence, pids))
        for conn in list(self.conns):
            conn.offer(text)
