"""A room: one asyncio task owns its lobby and its game (one writer).

``Room`` is the room's public face (HTTP joins, sockets, requests) and is made
of parts that each own one job and share the ``RoomCore`` (what every part
reads): the ``RoomWriter`` (the task, the inbox and batching), the
``Committer`` (applying, staging, committing, the game's timer), the
``RoomViews`` (per-viewer views and versions), the ``HostKeeper`` (the host
follows the game's host seat, and hands over when away) and the ``LobbyDesk``
(the lobby actions, a table). A change is validated, made on a draft (lobby)
or by the game, committed to the store, and only then acknowledged and
broadcast. Sending never blocks the room: connections have their own outboxes.
"""

from __future__ import annotations

import asyncio
import copy
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from nightfall.cluster.ownership import Held
from nightfall.engine import Rejected
from nightfall.games.registry import GameSite

from . import feed, host_role
from . import lobby as tables
from .connection import Connection
from .inbox import Inbox
from .lobby import ENDED, PLAYING, Lobby
from .mail_out import MailOut
from .odds_watch import OddsWatch
from .play import Play
from .presence import CONNECTED, Presence
from .protocol import CLOSE_REPLACED, MAX_MESSAGE_BYTES, error, request_id
from .protocol_types import JoinAnswer, RoomSummary, StateMessage, WelcomeMessage
from .room_commit import STORE_RETRY_SECONDS, Committer, Job, Reply
from .room_core import MAX_SOCKETS_PER_MEMBER, RoomCore, RoomOptions
from .room_host import HostKeeper
from .room_lobby import LobbyDesk
from .room_quiet import QuietWatch
from .room_views import RoomParts, RoomViews
from .room_writer import MAX_BATCH, Queued, Request, RoomUnloaded, RoomWriter, answer_floor
from .storage import AsyncStore

__all__ = [
    "MAX_BATCH",
    "MAX_SOCKETS_PER_MEMBER",
    "STORE_RETRY_SECONDS",
    "Reply",
    "Request",
    "Room",
    "RoomOptions",
    "RoomParts",
    "RoomUnloaded",
]

T = TypeVar("T")
DESK = "desk"  # ``relink``'s seat for the host's desk, in a game whose host has no seat
log = logging.getLogger("nightfall.room")


class Room:
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
        options = options or RoomOptions()
        presence = Presence(options.grace_ms, self._presence_expires)
        core = RoomCore(code, site, store, lobby, revision, play, options, presence, base_url, version_floor)
        core.touched = core.clock()
        followed = host_role.engine_host_pid(site, play) if lobby.status == PLAYING else None
        if followed is not None:  # the lobby's copy may be older than the replayed game (a failed save)
            lobby.host = followed
        inbox: Inbox[Queued] = Inbox()

        def enqueue(job: Job) -> None:
            inbox.put_nowait((job, None))

        self.core = core
        self.views = RoomViews(core)
        self.committer = Committer(core, self.views, enqueue)
        self.host = HostKeeper(core, self.committer, self.views, enqueue)
        self.mail = MailOut(core, self.committer, self.views, enqueue)
        self.committer.committed = self._committed
        self.desk = LobbyDesk(core, self.committer, self.host)
        self.writer = RoomWriter(core, inbox, self.committer, self.desk, self.views)
        self.quiet = QuietWatch(core, self.views, enqueue)
        self.odds = OddsWatch(core, options.odds, enqueue)
        self.odds.broadcast = self.views.broadcast
        self.views.odds = self.odds
        self._enqueue = enqueue

    async def _committed(self) -> None:
        """After each commit: the host follows the game's host seat; due mail goes out."""
        await self.host.follow_game_host()
        await self.mail.committed()

    # -- what ``Rooms``, the HTTP API and the sockets read ---------------------

    @property
    def code(self) -> str:
        return self.core.code

    @property
    def site(self) -> GameSite:
        return self.core.site

    @property
    def lobby(self) -> Lobby:
        return self.core.lobby

    @property
    def play(self) -> Play | None:
        return self.core.play

    @property
    def revision(self) -> int:
        return self.core.revision

    @property
    def options(self) -> RoomOptions:
        return self.core.options

    @property
    def conns(self) -> list[Connection]:
        return self.core.conns

    @property
    def base_url(self) -> str | None:
        return self.core.base_url

    @property
    def touched(self) -> int:
        return self.core.touched

    @touched.setter
    def touched(self, ms: int) -> None:
        self.core.touched = ms

    @property
    def lease(self) -> Held | None:
        return self.core.lease

    @lease.setter
    def lease(self, held: Held | None) -> None:
        self.core.lease = held

    def clock(self) -> int:
        return self.core.clock()

    @property
    def idle_since(self) -> int | None:
        """Since when nobody uses the room (ms), or None while a socket is attached."""
        return None if self.core.conns else self.core.touched

    @property
    def dead(self) -> bool:
        return self.writer.dead

    def on_dead(self, revive: Callable[[Room], None]) -> None:
        """``revive(self)`` runs if the room's task ever ends unexpectedly (``Rooms``)."""
        self.writer.on_dead = lambda: revive(self)

    def summary(self) -> RoomSummary:
        return self.views.summary()

    def public_state(self) -> StateMessage:
        return self.views.public_state()

    def highest_version(self) -> int:
        return self.views.highest_version()

    def next_deadline(self) -> int | None:
        """When the running game's next tick is due (server ms), if it has a timer."""
        return self.committer.deadline()

    # -- the room's life ---------------------------------------------------------

    def start(self) -> None:
        self.writer.start()
        self.host.running = True
        self.quiet.running = True
        self.committer.schedule_tick()
        self.host.watch()  # a room starts with no sockets: its host too is away

    def resume_first(self, paused_ms: int) -> None:
        self.committer.resume_first(paused_ms)

    async def stop(self) -> None:
        self.committer.stop()
        self.host.stop()
        self.quiet.stop()
        self.odds.stop()
        self.core.presence.cancel_all()
        await self.writer.stop()

    async def call(self, job: Callable[[], Awaitable[T]]) -> T:
        return await self.writer.call(job)

    def request(self, conn: Connection, message: dict[str, Any]) -> Awaitable[None]:
        return self.writer.request(conn, message)

    async def retire_if(self, idle: Callable[[Room], bool], on_retire: Callable[[Room], None]) -> bool:
        return await self.writer.retire_if(lambda: idle(self), lambda: on_retire(self))

    # -- joining, links and sockets ----------------------------------------------

    async def join(self, name: object) -> JoinAnswer:
        return await self.call(lambda: self._join(name))

    async def _join(self, name: object) -> JoinAnswer:
        core = self.core
        if core.lobby.status == PLAYING:  # late arrivals watch (docs/protocol.md §2)
            return {"code": core.code, "pid": None, "token": None, "host": False, "spectator": True}
        token = secrets.token_urlsafe(32)
        draft = copy.deepcopy(core.lobby)
        member = tables.join(draft, name, tables.hash_token(token), core.site.max_players)
        await self.committer.commit_lobby(draft)
        log.info("room %s: %s joined (pid %d)", core.code, member.name, member.pid)
        self.views.broadcast()
        return {"code": core.code, "pid": member.pid, "token": token, "host": False, "spectator": False}

    async def relink(self, host_token: object, seat: object) -> str:
        """A new private token for a seat, given the host's token; the old one stops
        working and its sockets are closed (a lost link, a replacement player). The host's
        own seat too (H-HST-7c): only the host's token can move it, and it stays the host's."""
        return await self.call(lambda: self._relink(host_token, seat))

    async def _relink(self, host_token: object, seat: object) -> str:
        core = self.core
        host = core.lobby.member_by_token(host_token) if isinstance(host_token, str) else None
        if host is None or host.pid != core.lobby.host:
            raise Rejected("not_host")
        seating = core.play.record.seating if core.play is not None else []
        if seat == DESK and not core.site.host_seated:
            # A-SEC-6: a leaked desk link is replaced; every tab that used it is told and closed
            pid = host.pid
        elif type(seat) is not int or not 1 <= seat <= len(seating):
            raise Rejected("unknown_member", seat=seat)
        else:
            pid = seating[seat - 1]
        token = secrets.token_urlsafe(32)
        draft = copy.deepcopy(core.lobby)
        member = draft.member(pid)
        if member is None:
            raise Rejected("unknown_member", seat=seat)
        member.token_hash = tables.hash_token(token)
        # H-HST-8: mid-game the table is told (the board, every view's ``room.relinks``) and
        # so is the seat's old phone, so a host cannot quietly read another seat's phone.
        # Between games too, and the next game keeps the mark (``room_lobby``): a link made
        # on the results screen opens the same player's seat in the next game.
        status = core.lobby.status
        told = status in (PLAYING, ENDED) and core.site.host_seated and isinstance(seat, int)
        if told and isinstance(seat, int):
            draft.relinks.append(
                {"seat": seat, "at": core.clock(), "pid": pid, "between": int(status == ENDED)}
            )
        await self.committer.commit_lobby(draft)
        if told:
            gone = Rejected("seat_relinked", "H-HST-8", seat=seat, name=member.name)
        else:
            gone = Rejected("bad_token", reason="replaced")
        for conn in [c for c in core.conns if c.pid == pid]:
            conn.send(error(None, gone, core.clock()))
            conn.close(CLOSE_REPLACED)
            core.conns.remove(conn)
        log.info(
            "room %s: %s got a new private link", core.code, "the desk" if seat == DESK else f"seat {seat}"
        )
        if told:
            self.views.broadcast()
        return token

    async def host_tool(self, host_token: object, tool: str, request: dict[str, Any]) -> dict[str, Any]:
        """A host's read-only tool over the running game (A-THREAD-1), given the host's token."""
        return await self.call(lambda: self._host_tool(host_token, tool, request))

    async def _host_tool(self, host_token: object, tool: str, request: dict[str, Any]) -> dict[str, Any]:
        host = self.lobby.member_by_token(host_token) if isinstance(host_token, str) else None
        if host is None or host.pid != self.lobby.host:
            raise Rejected("not_host")
        if self.play is None:
            raise Rejected("not_found", tool=tool)
        # Read-only over the state, which nothing changes while this room waits for it; in a
        # thread, so a large thread import does not hold every other room's loop.
        return await asyncio.to_thread(self.site.host_tool, tool, self.play.state, request)

    async def attach(self, conn: Connection, token: str | None) -> None:
        await self.call(lambda: self._attach(conn, token))

    async def _attach(self, conn: Connection, token: str | None) -> None:
        core = self.core
        if token is not None:
            member = core.lobby.member_by_token(token)
            if member is None:
                raise Rejected("bad_token")
            conn.pid = member.pid
            mine = [c for c in core.conns if c.pid == member.pid]
            if len(mine) >= MAX_SOCKETS_PER_MEMBER:
                mine[0].close(CLOSE_REPLACED)
                core.conns.remove(mine[0])
        changed = conn.pid is not None and core.presence.connect(conn.pid)
        core.conns.append(conn)
        self.odds.follow(core.lobby)  # its first state shows the odds if it is the first to look
        now = core.clock()
        core.touched = now
        welcome: WelcomeMessage = {
            "type": "welcome",
            "v": 1,
            "server_time": now,
            "room": core.code,
            "you": self.views.you_json(conn.pid),
            "limits": {
                "max_message_bytes": MAX_MESSAGE_BYTES,
                "rate_per_second": core.options.rate_per_second,
                "burst": core.options.burst,
            },
        }
        conn.send(welcome)
        conn.offer(self.views.versioned_state(conn.pid, now))
        self.views.feed_mark()
        history = self.views.feed_page(conn.pid, None, now)  # the game's feed: its latest page
        if history is not None:
            conn.offer(history)
        if changed and conn.pid is not None:
            self.views.broadcast_presence([conn.pid])
        self.host.watch()
        self.quiet.watch()
        await self.host.hand_over_if_away()  # someone to take over may just have come

    async def feed_page(self, conn: Connection, message: dict[str, Any]) -> None:
        """``{"type": "feed", "id", "before"}``: an older page of the game's feed, answered
        ``feed`` with the same ``id`` (docs/protocol.md); read-only, nothing is stored."""
        rid = request_id(message)
        before = feed.before_of(message)
        at = asyncio.get_running_loop().time()

        async def job() -> None:
            text = self.views.feed_page(conn.pid, before, self.clock(), rid)
            if text is None:
                raise Rejected("no_feed")
            conn.hold(answer_floor(at))  # as a refusal: its timing tells of no one's commit
            conn.offer(text)

        await self.call(job)

    async def detach(self, conn: Connection) -> None:
        await self.call(lambda: self._detach(conn))

    async def _detach(self, conn: Connection) -> None:
        core = self.core
        if conn in core.conns:
            core.conns.remove(conn)
        core.touched = core.clock()  # the room's idle time starts when its last socket leaves
        self.odds.follow(core.lobby)  # the last to look has gone: its deck leaves the pool
        pid = conn.pid
        if pid is None or core.lobby.member(pid) is None:  # a spectator, or removed from the table
            return
        if not core.linked(pid) and core.presence.of(pid) == CONNECTED and core.presence.lose(pid):
            self.views.broadcast_presence([pid])
        self.host.watch()

    def heard_again(self, conn: Connection) -> None:
        """A frame came on a socket counted lost for its silence (``room_quiet``)."""
        self.quiet.heard_again(conn)

    def _presence_expires(self, pid: int) -> None:
        """The grace period of ``pid`` ran out (``Presence``): settled on the room's task."""

        async def expire() -> None:
            if not self.core.linked(pid) and self.core.presence.expire(pid):
                self.views.broadcast_presence([pid])

        self._enqueue(expire)
