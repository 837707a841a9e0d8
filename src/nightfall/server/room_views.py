"""What a room's viewers see: per-viewer state messages, each with its own version.

A viewer (a member's pid, or None for spectators) gets a message only when
*its* view changed, numbered by its own counter, so neither the timing nor the
numbering of messages reveals hidden moves of others (H-VIS-1, H-DEP-13,
H-GAT-4). The parts every viewer shares are encoded once per change.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from . import feed, outgoing
from .connection import Connection
from .lobby import Lobby
from .odds_watch import OddsWatch
from .play import Play
from .protocol import encode
from .protocol_types import PresenceState, RoomJson, RoomSummary, StateMessage, YouJson
from .room_core import RoomCore

log = logging.getLogger("nightfall.room")

# A state message in four pre-encoded pieces: the room, ``you``, and the view as its
# shared head and the viewer's own tail (``outgoing.view_pieces``).
StateParts = tuple[str, str, str, str]


@dataclass(slots=True)
class RoomParts:
    """The room part of the state messages, encoded, with what it was built from."""

    key: tuple[int, int, int | None, str, int]
    lobby: Lobby
    play: Play | None
    text: str
    you: dict[int | None, str]  # each viewer's encoded ``you``, valid for the same key
    odds: object = None  # the lobby's odds it shows (the same object while unchanged)


class RoomViews:
    def __init__(self, core: RoomCore) -> None:
        self.core = core
        # Per viewer (a member's pid, or None for spectators): the last state body sent
        # and its own version counter, which starts from ``first_version``.
        self._sent: dict[int | None, tuple[int, StateParts]] = {}
        self._room_cache: RoomParts | None = None
        self._shared_view = outgoing.SharedText()  # the views' public part, encoded once per change
        # The game's feed (Andorra's chat, server/feed.py): (game number, how many items the
        # sockets were sent up to). Set when a socket attaches, before any command can come.
        self._feed_at: tuple[int, int] | None = None
        self.odds: OddsWatch | None = None  # the lobby's odds (set by the room)
        self._polled: tuple[int, object] | None = None  # ``public_state``'s version and what it showed

    def first_version(self) -> int:
        """Where a viewer's counter starts in this process: the server clock (ms), or the
        highest version sent before the room was unloaded (``version_floor``) if that is
        higher. Not the room's revision, which counts every stored command, hidden ones
        too, and which a first state would have told (docs/security.md, gap 8). The clock
        tells nothing, and it has passed any counter of an earlier process after a restart:
        a counter moves once per change of its viewer's view, far less than once a ms."""
        core = self.core
        return max(core.version_floor, core.clock())

    def highest_version(self) -> int:
        """The highest state version any viewer was sent (or ``version_floor``)."""
        return max([self.core.version_floor, *(v for v, _ in self._sent.values())])

    def version_sent(self, pid: int | None) -> int:
        sent = self._sent.get(pid)
        return sent[0] if sent is not None else self.first_version()

    def summary(self) -> RoomSummary:
        core = self.core
        return {
            "code": core.code,
            "game": core.site.name,
            "status": core.lobby.status,
            "members": [
                {"pid": m.pid, "name": m.name, "host": m.pid == core.lobby.host} for m in core.lobby.members
            ],
            "min_players": core.site.min_players,
            "max_players": core.site.max_players,
        }

    def public_state(self) -> StateMessage:
        """What a spectator sees, for ``GET …/public``, numbered by the polls' own counter: it
        moves when the public state changed since the last poll. Not the room's revision,
        which every stored command moves, a Witch's secret choices too (attack round of
        2026-12-07, docs/security.md)."""
        core = self.core
        message = outgoing.state(
            0, core.clock(), self.room_json(), core.lobby, core.play, None, self.seen(None)
        )
        shown = (message["room"], message["you"], message["view"])
        last = self._polled
        version = 1 if last is None else last[0] + (last[1] != shown)
        self._polled = (version, shown)
        message["version"] = version
        return message

    def room_json(self) -> RoomJson:
        core = self.core
        spectators = sum(1 for c in core.conns if c.pid is None)
        room = outgoing.room_json(
            core.code, core.site, core.lobby, core.play, core.presence, spectators, core.options.tallies
        )
        outgoing.add_links(room, core.base_url, core.code)
        if self.odds is not None and self.odds.key is not None:
            room["odds"] = self.odds.odds
        return room

    def room_parts(self) -> RoomParts:
        """The encoded room part (the same for every viewer) and a cache of each
        member's encoded ``you``, rebuilt only when something they show changed:
        anyone's presence, the spectators, the host, the status, or the lobby or
        game object itself. Not on every revision: a game command changes none of
        these, and every other lobby change commits a new lobby object (a draft). A game
        that ends in another room moves ``real_tables`` without a push: it shows from this
        room's next state.
        The lobby's odds are a new object at each update the room shows.
        tests/server/conftest.py checks every cached part against a fresh one."""
        core = self.core
        spectators = sum(1 for c in core.conns if c.pid is None)
        lobby, play = core.lobby, core.play
        key = (core.presence.version, spectators, lobby.host, lobby.status, core.options.tallies.version)
        cached = self._room_cache
        watch = self.odds
        if watch is not None and (cached is None or cached.lobby is not lobby or cached.key != key):
            # a new lobby object (maybe another deck), or the same one whose game just ended
            # (the committer sets its status, which is in ``key``): the next deal's odds (issue 34 §2)
            watch.follow(lobby)
        odds = watch.odds if watch is not None else None
        if (
            cached is None
            or cached.key != key
            or cached.lobby is not lobby
            or cached.play is not play
            or cached.odds is not odds
        ):
            cached = self._room_cache = RoomParts(key, lobby, play, encode(self.room_json()), {}, odds)
        return cached

    def you_json(self, pid: int | None) -> YouJson:
        """``pid``'s ``you`` part (the welcome's; the cache's check)."""
        core = self.core
        return outgoing.you(core.lobby, core.play, pid, self.seen(pid))

    def you(self, pid: int | None) -> str:
        return encode(self.you_json(pid))

    def _next_state(self, pid: int | None, room: RoomParts) -> tuple[int, StateParts, bool]:
        """``pid``'s state message as parts, its own version, and whether it differs from the last one."""
        core = self.core
        you = room.you.get(pid)
        if you is None:
            you = room.you[pid] = self.you(pid)
        head, tail = outgoing.view_pieces(core.play, pid, core.lobby.host, self._shared_view)
        parts = (room.text, you, head, tail)
        last = self._sent.get(pid)
        # Compared part by part: the room and shared view parts are the same objects while
        # they are unchanged, so this is mostly identity checks, not a 2.6 KB comparison.
        changed = last is None or last[1] != parts
        # A new counter starts from the clock: after a restart, above any counter the
        # viewer had before, so a client never sees a version go back.
        version = (last[0] if last else self.first_version()) + (1 if changed else 0)
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

    def versioned_state(self, pid: int | None, now: int) -> str:
        """The state message for ``pid`` with its own version (sent whether or not it changed)."""
        version, parts, _ = self._next_state(pid, self.room_parts())
        return self._state_text(version, now, parts)

    def prepare_broadcast(self) -> list[tuple[Connection, str]]:
        """Each viewer's message is built once; only changed views are built into text and sent."""
        now = self.core.clock()
        room = self.room_parts()
        built: dict[int | None, str | None] = {}
        out = []
        for conn in list(self.core.conns):
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

    def feed_mark(self) -> None:
        """From here on, new feed items are news (a socket attaches: it gets the latest page)."""
        core, play = self.core, self.core.play
        if play is not None and (self._feed_at is None or self._feed_at[0] != play.record.game_no):
            self._feed_at = (play.record.game_no, core.site.feed_length(play.state))

    def _feed_news(self, now: int) -> list[tuple[Connection, str]]:
        """Each feed item added since the last broadcast, once, to each socket that may read it:
        a new chat message costs its readers only itself (issue 30, finding 5)."""
        core, play, at = self.core, self.core.play, self._feed_at
        if play is None or at is None:
            return []
        n = core.site.feed_length(play.state)
        lo = at[1] if at[0] == play.record.game_no else 0
        self._feed_at = (play.record.game_no, n)
        if lo >= n:
            return []
        built: dict[int | None, str | None] = {}
        out = []
        for conn in list(core.conns):
            pid = conn.pid
            if pid not in built:
                viewer = outgoing.viewer_of(play, pid, core.lobby.host)
                got = core.site.feed(play.state, viewer, lo, n, n - lo)
                built[pid] = feed.frame(now, got[0]) if got is not None and got[0] else None
            text = built[pid]
            if text is not None:
                out.append((conn, text))
        return out

    def feed_page(self, pid: int | None, before: int | None, now: int, rid: Any = None) -> str | None:
        """A page of the feed for ``pid``'s socket: the latest on connect, older on request."""
        core, play = self.core, self.core.play
        if play is None:
            return None
        got = feed.page(core.site, play.state, outgoing.viewer_of(play, pid, core.lobby.host), before)
        if got is None:
            return None
        return feed.frame(now, got[0], more=got[1], reset=before is None and rid is None, rid=rid)

    def broadcast(self) -> None:
        for conn, text in self.prepare_broadcast():
            conn.offer(text)

    def seen(self, pid: int | None) -> dict[str, PresenceState] | None:
        core = self.core
        return outgoing.seen_by(core.site, core.lobby, core.presence, pid)

    def broadcast_presence(self, pids: list[int]) -> None:
        core = self.core
        for pid in pids:
            log.info("room %s: %s is %s", core.code, core.name(pid), core.presence.of(pid))
        text = encode(outgoing.presence_changes(core.clock(), core.presence, pids))
        private = core.site.private_presence
        for conn in list(core.conns):
            if not private or (conn.pid is not None and conn.pid == core.lobby.host):
                conn.offer(text)
