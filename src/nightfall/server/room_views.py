"""What a room's viewers see: per-viewer state messages, each with its own version.

A viewer (a member's pid, or None for spectators) gets a message only when
*its* view changed, numbered by its own counter, so neither the timing nor the
numbering of messages reveals hidden moves of others (H-VIS-1, H-DEP-13,
H-GAT-4). The parts every viewer shares are encoded once per change.
"""

from __future__ import annotations

import logging
from typing import Any

from . import feed, outgoing
from .connection import Connection
from .protocol import (
    encode,
)
from .protocol_types import PresenceState, RoomJson, RoomSummary, StateMessage
from .room_writer import RoomParts, RoomWriter, StateParts

log = logging.getLogger("nightfall.room")


class RoomViews(RoomWriter):
    def _own_fields(self) -> None:
        super()._own_fields()
        # Per viewer (a member's pid, or None for spectators): the last state body sent
        # and its own version counter. A viewer gets a message only when *its* view
        # changed, numbered by its own counter, so neither the timing nor the numbering
        # of messages reveals hidden moves of others (H-VIS-1, H-DEP-13, H-GAT-4).
        # Presence and spectators change views without a revision, so a viewer's counter
        # can run ahead of the revision; a room loaded back after it was unloaded starts
        # its counters above the highest one sent before (``Rooms`` keeps it, and passes
        # it as ``version_floor``), not below.
        self._sent: dict[int | None, tuple[int, StateParts]] = {}
        self._room_cache: RoomParts | None = None
        self._shared_view = outgoing.SharedText()  # the views' public part, encoded once per change
        # The game's feed (Andorra's chat, server/feed.py): (game number, how many items the
        # sockets were sent up to). Set when a socket attaches, before any command can come.
        self._feed_at: tuple[int, int] | None = None

    def highest_version(self) -> int:
        """The highest state version any viewer was sent (at least the revision)."""
        return max([self.revision, self._version_floor, *(v for v, _ in self._sent.values())])

    def _version_sent(self, pid: int | None) -> int:
        return self._sent.get(pid, (self.revision, ""))[0]

    def summary(self) -> RoomSummary:
        return {
            "code": self.code,
            "game": self.site.name,
            "status": self.lobby.status,
            "members": [
                {"pid": m.pid, "name": m.name, "host": m.pid == self.lobby.host} for m in self.lobby.members
            ],
            "min_players": self.site.min_players,
            "max_players": self.site.max_players,
        }

    def public_state(self) -> StateMessage:
        return self._state_message(None, self.clock())

    def _name(self, pid: int) -> str:
        member = self.lobby.member(pid)
        return member.name if member else str(pid)

    def _room_json(self) -> RoomJson:
        spectators = sum(1 for c in self.conns if c.pid is None)
        room = outgoing.room_json(self.code, self.site, self.lobby, self.play, self.presence, spectators)
        outgoing.add_links(room, self.base_url, self.code)
        return room

    def _state_message(self, pid: int | None, now: int, room: RoomJson | None = None) -> StateMessage:
        room = room if room is not None else self._room_json()
        return outgoing.state(self.revision, now, room, self.lobby, self.play, pid, self._seen(pid))

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
            room = outgoing.room_json(self.code, self.site, lobby, play, self.presence, spectators)
            outgoing.add_links(room, self.base_url, self.code)
            cached = self._room_cache = RoomParts(key, lobby, play, encode(room), {})
        return cached

    def _next_state(self, pid: int | None, room: RoomParts) -> tuple[int, StateParts, bool]:
        """``pid``'s state message as parts, its own version, and whether it differs from the last one."""
        you = room.you.get(pid)
        if you is None:
            you = room.you[pid] = encode(outgoing.you(self.lobby, self.play, pid, self._seen(pid)))
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
        out.extend(self._feed_news(now))
        return out

    def _feed_mark(self) -> None:
        """From here on, new feed items are news (a socket attaches: it gets the latest page)."""
        play = self.play
        if play is not None and (self._feed_at is None or self._feed_at[0] != play.record.game_no):
            self._feed_at = (play.record.game_no, self.site.feed_length(play.state))

    def _feed_news(self, now: int) -> list[tuple[Connection, str]]:
        """Each feed item added since the last broadcast, once, to each socket that may read it:
        a new chat message costs its readers only itself (issue 30, finding 5)."""
        play, at = self.play, self._feed_at
        if play is None or at is None:
            return []
        n = self.site.feed_length(play.state)
        lo = at[1] if at[0] == play.record.game_no else 0
        self._feed_at = (play.record.game_no, n)
        if lo >= n:
            return []
        built: dict[int | None, str | None] = {}
        out = []
        for conn in list(self.conns):
            pid = conn.pid
            if pid not in built:
                viewer = outgoing.viewer_of(play, pid, self.lobby.host)
                got = self.site.feed(play.state, viewer, lo, n, n - lo)
                built[pid] = feed.frame(now, got[0]) if got is not None and got[0] else None
            text = built[pid]
            if text is not None:
                out.append((conn, text))
        return out

    def _feed_page(self, pid: int | None, before: int | None, now: int, rid: Any = None) -> str | None:
        """A page of the feed for ``pid``'s socket: the latest on connect, older on request."""
        play = self.play
        if play is None:
            return None
        got = feed.page(self.site, play.state, outgoing.viewer_of(play, pid, self.lobby.host), before)
        if got is None:
            return None
        return feed.frame(now, got[0], more=got[1], reset=before is None and rid is None, rid=rid)

    def _broadcast(self) -> None:
        for conn, text in self._prepare_broadcast():
            conn.offer(text)

    def _seen(self, pid: int | None) -> dict[str, PresenceState] | None:
        return outgoing.seen_by(self.site, self.lobby, self.presence, pid)

    def _broadcast_presence(self, pids: list[int]) -> None:
        for pid in pids:
            member = self.lobby.member(pid)
            log.info("room %s: %s is %s", self.code, member.name if member else pid, self.presence.of(pid))
        text = encode(outgoing.presence_changes(self.clock(), self.presence, pids))
        private = self.site.private_presence
        for conn in list(self.conns):
            if not private or (conn.pid is not None and conn.pid == self.lobby.host):
                conn.offer(text)
