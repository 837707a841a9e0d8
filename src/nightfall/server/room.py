"""A room: one asyncio task owns its lobby and its game (one writer).

``Room`` is the room's public face (HTTP joins, sockets, requests) and its lobby
actions; the layers below it own one job each: ``room_writer`` (the task, the
inbox and batching), ``room_views`` (per-viewer views and versions),
``room_commit`` (applying, staging, committing, the game's timer) and
``room_host`` (the host keeper). A change is validated, made on a draft (lobby)
or by the game, committed to the store, and only then acknowledged and
broadcast. Sending never blocks the room: connections have their own outboxes.
"""

from __future__ import annotations

import copy
import logging
import secrets
from typing import Any

from nightfall.engine import Rejected
from nightfall.store import GameRecord, StaleOwner

from . import lobby as tables
from . import outgoing
from .connection import Connection
from .lobby import ENDED, LOBBY, PLAYING, Lobby
from .play import Play
from .protocol import (
    CLOSE_REMOVED,
    CLOSE_REPLACED,
    MAX_MESSAGE_BYTES,
    error,
    object_field,
)
from .protocol_types import WelcomeMessage
from .room_host import RoomHostKeeper
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


class Room(RoomHostKeeper):
    async def join(self, name: object) -> dict[str, Any]:
        return await self.call(lambda: self._join(name))

    async def _join(self, name: object) -> dict[str, Any]:
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
            "you": outgoing.you(self.lobby, self.play, conn.pid),
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

    async def _lobby_action(self, pid: int, message: dict[str, Any]) -> None:
        action = message.get("action")
        payload = object_field(message, "payload")
        draft = copy.deepcopy(self.lobby)
        if action == "settings":
            tables.require_host(draft, pid)
            tables.require_status(draft, LOBBY, ENDED)
            draft.settings = self.site.merge_settings(draft.settings, payload)
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

    def _drop_member(self, pid: int) -> None:
        self.presence.forget(pid)
        for conn in [c for c in self.conns if c.pid == pid]:
            conn.send(error(None, Rejected("removed"), self.clock()))
            conn.close(CLOSE_REMOVED)
            self.conns.remove(conn)

    async def _start_game(self, draft: Lobby, pid: int, status: str) -> None:
        site = self.site
        tables.check_start(draft, pid, site.min_players, site.max_players, status)
        if not site.host_seated:  # a desk game starts when its room is created, and only then
            raise Rejected("wrong_status", status=PLAYING)
        seating = [m.pid for m in draft.members]
        config = site.build_config(
            [m.name for m in draft.members], seating.index(draft.host) + 1, draft.settings
        )
        game_no = self.play.record.game_no + 1 if self.play else 1
        record = GameRecord(game_no=game_no, config=config, seed=secrets.randbits(63), seating=seating)
        play = Play.setup(site.make_game(), record)  # a bad config raises Rejected here
        play.last_now = self.play.last_now if self.play else 0
        draft.status = PLAYING
        await self._check_owner()
        try:
            await self.store.start_game(self.code, record, draft.to_json(), self.revision + 1, self._fence())
        except StaleOwner as exc:
            log.warning("room %s: the store refused the new game: %s", self.code, exc)
            raise Rejected("not_owner") from None
        except Exception:
            log.exception("room %s: could not store the new game", self.code)
            raise Rejected("store_failed") from None
        self.lobby, self.play = draft, play
        self.revision += 1
        log.info("room %s: game %d started with %d players", self.code, game_no, len(seating))
        self._schedule_tick()
