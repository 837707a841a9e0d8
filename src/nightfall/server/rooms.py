"""All rooms of this server: creating them, finding them, and bringing them
back after a restart by replaying their stored commands."""

from __future__ import annotations

import logging
import secrets
from typing import Any

from nightfall.engine import Rejected
from nightfall.store import RoomRecord, StoredRoom

from . import codes, outgoing
from . import lobby as tables
from .adapters import Catalog
from .lobby import Lobby
from .play import Play
from .room import Room, RoomOptions
from .storage import AsyncStore

log = logging.getLogger("nightfall.room")

RESTORE_WINDOW_MS = 24 * 3600 * 1000


class Rooms:
    def __init__(
        self,
        store: AsyncStore,
        catalog: Catalog,
        options: RoomOptions | None = None,
        public_url: str | None = None,
    ) -> None:
        self.public_url = public_url  # the LAN address ``nightfall serve`` printed
        self.store = store
        self.catalog = catalog
        self.options = options or RoomOptions()
        self._rooms: dict[str, Room] = {}

    def __contains__(self, code: object) -> bool:
        """Is this room in memory (restored or used since the start)?"""
        return code in self._rooms

    async def find(self, raw_code: str) -> Room | None:
        """The room with this code; one idle since before the last start is
        brought back from the store on first use."""
        code = codes.normalise(raw_code)
        if code is None:
            return None
        room = self._rooms.get(code)
        if room is None:
            stored = await self.store.load_room(code)
            if stored is None or stored.room.status == "closed" or code in self._rooms:
                return self._rooms.get(code)
            room = self._bring_back(stored)
        return room

    async def create(self, host_name: object, game: object, base_url: str | None = None) -> dict[str, Any]:
        """A new room with its creator as host (H-SET-2); returns the host's token.

        ``base_url`` is where the creator reached us, so the join link works
        for the phones next to them; after a restart the LAN address is used.
        """
        adapter = self.catalog.get(game) if isinstance(game, str) else None
        if adapter is None:
            raise Rejected("unknown_game", game=game if isinstance(game, str) else None)
        token = secrets.token_urlsafe(32)
        lobby = tables.new_lobby(
            adapter.name, tables.clean_name(host_name), tables.hash_token(token), adapter.default_settings()
        )
        while True:
            code = codes.new_code()
            if code in self._rooms or await self.store.code_taken(code):
                continue
            try:
                await self.store.create_room(RoomRecord(code, adapter.name, lobby.status, lobby.to_json(), 1))
            except KeyError:
                continue
            break
        base = base_url or self.public_url
        room = Room(code, adapter, self.store, lobby, revision=1, options=self.options, base_url=base)
        self._rooms[code] = room
        room.start()
        log.info("room %s: created by %s (%s)", code, lobby.members[0].name, adapter.name)
        return {"code": code, "pid": lobby.host, "token": token, "host": True, **outgoing.links(base, code)}

    async def restore(self) -> int:
        """Rebuild the rooms used recently; older ones come back on first use
        (``find``), so a long-lived data directory does not slow the start."""
        since = self.options.clock() - RESTORE_WINDOW_MS
        restored = 0
        for stored in await self.store.load_open_rooms(since):
            if self._bring_back(stored) is not None:
                restored += 1
        return restored

    def _bring_back(self, stored: StoredRoom) -> Room | None:
        try:
            room = self._rebuild(stored)
        except Exception:
            log.exception("room %s: could not be rebuilt; left as it is on disk", stored.room.code)
            return None
        self._rooms[room.code] = room
        room.start()
        log.info("room %s: restored (%s, revision %d)", room.code, room.lobby.status, room.revision)
        return room

    def _rebuild(self, stored: StoredRoom) -> Room:
        record = stored.room
        adapter = self.catalog[record.game]
        lobby = Lobby.from_json(record.lobby)
        lobby.status = record.status  # the store's status is the durable truth (set with the last command)
        play = None
        if stored.game is not None:
            play = Play.rebuild(adapter.make_game(), stored.game, stored.commands)
        return Room(
            record.code, adapter, self.store, lobby, record.revision, play, self.options, self.public_url
        )

    async def stop(self) -> None:
        for room in self._rooms.values():
            await room.stop()
        self._rooms.clear()
