"""The room's lobby actions (docs/protocol.md §4.2), one handler each in a table.

Each handler gets the acting member's pid, a draft of the lobby (a deep copy:
every check runs before anything changes) and the message's payload. A change
is committed to the store before it is answered; ``start`` and ``play_again``
set up a new game of the room's game.
"""

from __future__ import annotations

import copy
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from nightfall.engine import Rejected, refuse_unknown_keys
from nightfall.store import GameRecord

from . import deal_seed, evening
from . import lobby as tables
from .lobby import ENDED, LOBBY, PLAYING, Lobby
from .play import Play
from .protocol import CLOSE_REMOVED, error, object_field
from .room_commit import Committer
from .room_core import RoomCore
from .room_host import HostKeeper

log = logging.getLogger("nightfall.room")


class LobbyDesk:
    def __init__(self, core: RoomCore, committer: Committer, host: HostKeeper) -> None:
        self.core = core
        self.committer = committer
        self.host = host

    async def action(self, pid: int, message: dict[str, Any]) -> None:
        """Run the lobby action ``message`` names, for member ``pid``."""
        action = message.get("action")
        payload = object_field(message, "payload")
        draft = copy.deepcopy(self.core.lobby)
        if not isinstance(action, str) or action not in LOBBY_ACTIONS:
            raise Rejected("unknown_action", action=action if isinstance(action, str) else None)
        run = LOBBY_ACTIONS[action]
        # issue 30: a key no action reads is refused, as in a game's commands (H-CMD-1)
        known = frozenset(self.core.site.default_settings()) if action == "settings" else LOBBY_KEYS[action]
        refuse_unknown_keys(payload, known)
        await run(self, pid, draft, payload)

    async def _settings(self, pid: int, draft: Lobby, payload: dict[str, Any]) -> None:
        tables.require_host(draft, pid)
        tables.require_status(draft, LOBBY, ENDED)
        draft.settings = self.core.site.merge_settings(draft.settings, payload)
        await self.committer.commit_lobby(draft)

    async def _profile(self, pid: int, draft: Lobby, payload: dict[str, Any]) -> None:
        tables.profile(draft, pid, payload)
        await self.committer.commit_lobby(draft)

    async def _reorder(self, pid: int, draft: Lobby, payload: dict[str, Any]) -> None:
        tables.reorder(draft, pid, payload.get("order"))
        await self.committer.commit_lobby(draft)

    async def _handover(self, pid: int, draft: Lobby, payload: dict[str, Any]) -> None:
        heir = tables.handover(draft, pid, payload.get("pid"))
        await self.committer.commit_lobby(draft)
        log.info("room %s: host passed to %s (pid %d)", self.core.code, heir.name, heir.pid)
        self.host.watch()

    async def _remove(self, pid: int, draft: Lobby, payload: dict[str, Any]) -> None:
        await self._part(draft, tables.remove(draft, pid, payload.get("pid")), "removed")

    async def _leave(self, pid: int, draft: Lobby, payload: dict[str, Any]) -> None:
        await self._part(draft, tables.leave(draft, pid), "left")

    async def _part(self, draft: Lobby, gone: tables.Member, why: str) -> None:
        """``gone`` is off the table: their sockets are told ``why`` (``removed`` by the host,
        or ``left`` of their own accord) and closed with 4410."""
        core = self.core
        await self.committer.commit_lobby(draft)
        core.presence.forget(gone.pid)
        for conn in [c for c in core.conns if c.pid == gone.pid]:
            conn.send(error(None, Rejected(why), core.clock()))
            conn.close(CLOSE_REMOVED)
            core.conns.remove(conn)
        log.info("room %s: %s left the table", core.code, gone.name)

    async def _start(self, pid: int, draft: Lobby, payload: dict[str, Any]) -> None:
        await self._start_game(draft, pid, LOBBY)

    async def _play_again(self, pid: int, draft: Lobby, payload: dict[str, Any]) -> None:
        await self._start_game(draft, pid, ENDED)

    async def _start_game(self, draft: Lobby, pid: int, status: str) -> None:
        core, site = self.core, self.core.site
        tables.check_start(draft, pid, site.min_players, site.max_players, status)
        if not site.host_seated:  # a desk game starts when its room is created, and only then
            raise Rejected("wrong_status", status=PLAYING)
        seating = [m.pid for m in draft.members]
        config = site.build_config(
            [m.name for m in draft.members], seating.index(draft.host) + 1, draft.settings
        )
        game_no = core.play.record.game_no + 1 if core.play else 1
        record = GameRecord(
            game_no=game_no, config=config, seed=deal_seed.game_seed(game_no), seating=seating
        )
        play = Play.setup(site.make_game(), record)  # a bad config raises Rejected here
        evening.fold(site, draft, core.play)  # stored with the new game: the score stays whole
        play.last_now = core.play.last_now if core.play else 0
        draft.status = PLAYING
        # H-HST-8: the table is told of the running game's relinks, and of those made since
        # the last game ended (its results screen), at the same player's new seat.
        draft.relinks = [
            {"seat": seating.index(r["pid"]) + 1, "at": r["at"], "pid": r["pid"], "between": 0}
            for r in draft.relinks
            if r.get("between") and r.get("pid") in seating
        ]
        await self.committer.store_room(
            "the new game",
            lambda: core.store.start_game(
                core.code, record, draft.to_json(), core.revision + 1, core.fence()
            ),
        )
        core.lobby, core.play = draft, play
        core.revision += 1
        log.info("room %s: game %d started with %d players", core.code, game_no, len(seating))
        self.committer.schedule_tick()


# The payload keys each lobby action reads (``settings``: the game's own settings).
LOBBY_KEYS: dict[str, frozenset[str]] = {
    "profile": frozenset({"name", "colour", "avatar"}),
    "reorder": frozenset({"order"}),
    "handover": frozenset({"pid"}),
    "remove": frozenset({"pid"}),
    "leave": frozenset(),
    "start": frozenset(),
    "play_again": frozenset(),
}

LobbyAction = Callable[[LobbyDesk, int, Lobby, dict[str, Any]], Awaitable[None]]

# The lobby actions by name (docs/protocol.md §4.2).
LOBBY_ACTIONS: dict[str, LobbyAction] = {
    "settings": LobbyDesk._settings,
    "profile": LobbyDesk._profile,
    "reorder": LobbyDesk._reorder,
    "handover": LobbyDesk._handover,
    "remove": LobbyDesk._remove,
    "leave": LobbyDesk._leave,
    "start": LobbyDesk._start,
    "play_again": LobbyDesk._play_again,
}
