"""A room: one asyncio task owns its lobby and its game (one writer).

``Room`` is the room's public face (HTTP joins, sockets, requests); the layers
below it own one job each: ``room_writer`` (the task, the inbox and batching),
``room_views`` (per-viewer views and versions), ``room_commit`` (applying,
staging, committing, the game's timer), ``room_host`` (the host keeper) and
``room_lobby`` (the lobby actions, a table). A change is validated, made on a draft (lobby)
or by the game, committed to the store, and only then acknowledged and
broadcast. Sending never blocks the room: connections have their own outboxes.
"""

from __future__ import annotations

import asyncio
import copy
import logging
import secrets
import time

from nightfall.engine import Rejected

from . import lobby as tables
from . import outgoing, quiet
from .connection import Connection
from .lobby import PLAYING
from .presence import CONNECTED
from .protocol import (
    CLOSE_REPLACED,
    MAX_MESSAGE_BYTES,
    error,
)
from .protocol_types import JoinAnswer, WelcomeMessage
from .room_lobby import RoomLobby
from .room_writer import (
    MAX_BATCH,
    MAX_SOCKETS_PER_MEMBER,
    STORE_RETRY_SECONDS,
    Reply,
    Request,
    RoomOptions,
    RoomParts,
    RoomUnloaded,
)

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

log = logging.getLogger("nightfall.room")


class Room(RoomLobby):
    def _own_fields(self) -> None:
        super()._own_fields()
        self._quiet_timer: asyncio.TimerHandle | None = None  # the quiet sockets' sweep (quiet.py)
        self._quiet_since: float | None = None  # when the sweep first saw the game running

    async def stop(self) -> None:
        if self._quiet_timer:
            self._quiet_timer.cancel()
            self._quiet_timer = None
        await super().stop()

    async def join(self, name: object) -> JoinAnswer:
        return await self.call(lambda: self._join(name))

    async def _join(self, name: object) -> JoinAnswer:
        if self.lobby.status == PLAYING:  # late arrivals watch (docs/protocol.md §2)
            return {"code": self.code, "pid": None, "token": None, "host": False, "spectator": True}
        token = secrets.token_urlsafe(32)
        draft = copy.deepcopy(self.lobby)
        member = tables.join(draft, name, tables.hash_token(token), self.site.max_players)
        await self._commit_lobby(draft)
        log.info("room %s: %s joined (pid %d)", self.code, member.name, member.pid)
        self._broadcast()
        return {"code": self.code, "pid": member.pid, "token": token, "host": False, "spectator": False}

    async def relink(self, host_token: object, seat: object) -> str:
        """A new private token for a seat, given the host's token; the old one stops
        working and its sockets are closed (a lost link, a replacement player). The host's
        own seat too (H-HST-7c): only the host's token can move it, and it stays the host's."""
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
        if member is None:
            raise Rejected("unknown_member", seat=seat)
        member.token_hash = tables.hash_token(token)
        await self._commit_lobby(draft)
        for conn in [c for c in self.conns if c.pid == pid]:
            conn.send(error(None, Rejected("bad_token"), self.clock()))
            conn.close(CLOSE_REPLACED)
            self.conns.remove(conn)
        log.info("room %s: seat %d got a new private link", self.code, seat)
        return token

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
        welcome: WelcomeMessage = {
            "type": "welcome",
            "v": 1,
            "server_time": now,
            "room": self.code,
            "you": outgoing.you(self.lobby, self.play, conn.pid, self._seen(conn.pid)),
            "limits": {
                "max_message_bytes": MAX_MESSAGE_BYTES,
                "rate_per_second": self.options.rate_per_second,
                "burst": self.options.burst,
            },
        }
        conn.send(welcome)
        conn.offer(self._versioned_state(conn.pid, now))
        if changed and conn.pid is not None:
            self._broadcast_presence([conn.pid])
        self._watch_host()
        self._watch_quiet()
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
        if not self._linked(pid) and self.presence.of(pid) == CONNECTED and self.presence.lose(pid):
            self._broadcast_presence([pid])
        self._watch_host()

    def _linked(self, pid: int) -> bool:
        """Some socket of ``pid`` is open and not silent (quiet.py)."""
        return any(c.pid == pid and not c.quiet for c in self.conns)

    # ---- quiet sockets (quiet.py): a silent phone in a running game has lost its link ----

    def heard_again(self, conn: Connection) -> None:
        """A frame came on a socket counted lost for its silence: its member is back."""
        self._inbox.put_nowait((lambda: self._back(conn), None))

    async def _back(self, conn: Connection) -> None:
        if conn.quiet and conn in self.conns:
            conn.quiet = False
            if conn.pid is not None and self.presence.connect(conn.pid):
                self._broadcast_presence([conn.pid])

    def _watch_quiet(self) -> None:
        """Sweep once a second while some seated socket is open (it acts while a game runs)."""
        quiet_ms = self.site.quiet_lost_ms
        if quiet_ms is None or self._quiet_timer is not None or self._task is None:
            return
        if not any(c.pid is not None for c in self.conns):
            return

        def due() -> None:
            self._quiet_timer = None
            self._inbox.put_nowait((self._sweep_quiet, None))

        self._quiet_timer = asyncio.get_running_loop().call_later(quiet.SWEEP_SECONDS, due)

    async def _sweep_quiet(self) -> None:
        quiet_ms = self.site.quiet_lost_ms
        if self.lobby.status != PLAYING:
            self._quiet_since = None
        elif quiet_ms is not None:
            if self._quiet_since is None:
                self._quiet_since = time.monotonic()
            lost = []
            for conn in quiet.newly_quiet(self.conns, quiet_ms, self._quiet_since):
                pid = conn.pid
                if pid is not None and not self._linked(pid) and self.presence.lose(pid):
                    lost.append(pid)
            if lost:
                self._broadcast_presence(lost)
        self._watch_quiet()

    def _enqueue_presence(self, pid: int) -> None:
        async def expire() -> None:
            if not self._linked(pid) and self.presence.expire(pid):
                self._broadcast_presence([pid])

        self._inbox.put_nowait((expire, None))
