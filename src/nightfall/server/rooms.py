"""All rooms of this server: creating them, finding them, and bringing them
back after a restart by replaying their stored commands."""

from __future__ import annotations

import contextlib
import logging
import secrets
from collections.abc import Iterator
from typing import Any

from nightfall.engine import Rejected
from nightfall.store import GameRecord, RoomRecord, StoredRoom

from . import codes, outgoing
from . import lobby as tables
from .adapters import Catalog
from .lobby import LOBBY, PLAYING, Lobby
from .play import Play
from .room import Room, RoomOptions
from .storage import AsyncStore

log = logging.getLogger("nightfall.room")

RESTORE_WINDOW_MS = 24 * 3600 * 1000
ANDORRA_PHASE_MIN_S, ANDORRA_PHASE_MAX_S = 1, 14 * 24 * 3600
ANDORRA_MAX_PLAYERS = 40


def _seconds(body: dict[str, Any], key: str) -> int | None:
    raw = body.get(key)
    if raw is None:
        return None  # no deadline: the host closes the phase
    if type(raw) is not int or not ANDORRA_PHASE_MIN_S <= raw <= ANDORRA_PHASE_MAX_S:
        raise Rejected("bad_config", field=key, min=ANDORRA_PHASE_MIN_S, max=ANDORRA_PHASE_MAX_S)
    return raw * 1000


def andorra_config(body: dict[str, Any], now: int) -> dict[str, Any]:
    """The engine config from the desk's form; the engine itself validates the roles."""
    raw_players = body.get("players")
    if not isinstance(raw_players, list) or not 1 <= len(raw_players) <= ANDORRA_MAX_PLAYERS:
        raise Rejected("bad_config", field="players", max=ANDORRA_MAX_PLAYERS)
    names: list[str] = []
    roles: list[Any] = []
    for i, entry in enumerate(raw_players):
        if not isinstance(entry, dict):
            raise Rejected("bad_config", field=f"players[{i}]")
        try:
            name = tables.clean_name(entry.get("name"))
        except Rejected as rejected:
            raise Rejected(rejected.code, field=f"players[{i}].name", **rejected.params) from None
        if any(n.casefold() == name.casefold() for n in names):
            raise Rejected("name_taken", field=f"players[{i}].name", name=name)
        role = entry.get("role")
        if not isinstance(role, str) or not role.strip():
            raise Rejected("bad_config", field=f"players[{i}].role", reason="role code expected")
        role = role.strip().upper()
        clan = entry.get("clan")
        if isinstance(clan, str) and clan.strip():
            roles.append({"role": role, "clan": clan.strip().lower()})
        else:
            roles.append(role)
        names.append(name)
    schedule: dict[str, Any] = {"start": now}
    for key, field in (
        ("day_seconds", "day_ms"),
        ("night_seconds", "night_ms"),
        ("prompt_seconds", "prompt_ms"),
    ):
        ms = _seconds(body, key)
        if ms is not None:
            schedule[field] = ms
    options = body.get("options") or {}
    if not isinstance(options, dict):
        raise Rejected("bad_config", field="options")
    return {
        "players": names,
        "roles": roles,
        "two_clans": bool(body.get("two_clans", False)),
        "shuffle": bool(body.get("shuffle", False)),
        "schedule": schedule,
        "options": {k: bool(options.get(k)) for k in ("show_full_tally", "reveal_all_at_end")},
    }


class Rooms:
    def __init__(
        self,
        store: AsyncStore,
        catalog: Catalog,
        options: RoomOptions | None = None,
        public_url: str | None = None,
        max_rooms: int = 0,
    ) -> None:
        self.public_url = public_url  # the LAN address ``nightfall serve`` printed
        self.store = store
        self.catalog = catalog
        self.options = options or RoomOptions()
        self.max_rooms = max_rooms  # 0: unlimited (limits.ServerLimits.max_rooms)
        self._rooms: dict[str, Room] = {}
        self._creating = 0  # creations past the check but not yet in ``_rooms``

    def __len__(self) -> int:
        """Rooms in memory: what ``max_rooms`` bounds."""
        return len(self._rooms)

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

    @contextlib.contextmanager
    def _room_slot(self) -> Iterator[None]:
        """A place for one more room, or ``too_many_rooms``.

        Creating awaits the store before the room is in ``_rooms``; counting the
        creations under way keeps concurrent requests from passing the cap together.
        Only new rooms are refused: rooms restored or brought back on first use
        already belong to someone, and a restart must not lose them.
        """
        if self.max_rooms and len(self._rooms) + self._creating >= self.max_rooms:
            log.warning("refused a new room: %d rooms are open (the limit)", len(self._rooms))
            raise Rejected("too_many_rooms", max=self.max_rooms)
        self._creating += 1
        try:
            yield
        finally:
            self._creating -= 1

    async def create(self, host_name: object, game: object, base_url: str | None = None) -> dict[str, Any]:
        """A new room with its creator as host (H-SET-2); returns the host's token.

        ``base_url`` is where the creator reached us, so the join link works
        for the phones next to them; after a restart the LAN address is used.
        """
        with self._room_slot():
            return await self._create(host_name, game, base_url)

    async def _create(self, host_name: object, game: object, base_url: str | None) -> dict[str, Any]:
        adapter = self.catalog.get(game) if isinstance(game, str) else None
        if adapter is None:
            raise Rejected("unknown_game", game=game if isinstance(game, str) else None)
        if not getattr(adapter, "host_is_player", True):
            raise Rejected("bad_request", reason="create this game with POST /api/andorra")
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

    async def create_andorra(self, body: dict[str, Any], base_url: str | None = None) -> dict[str, Any]:
        """A running Andorra game from the host's role list (docs/protocol.md, "Andorra").

        The host is not a player: the room's host member has no seat and acts as
        ``"host"``. Each player gets a private token; only hashes are stored.
        """
        with self._room_slot():
            return await self._create_andorra(body, base_url)

    async def _create_andorra(self, body: dict[str, Any], base_url: str | None) -> dict[str, Any]:
        adapter = self.catalog.get("andorra")
        if adapter is None:
            raise Rejected("unknown_game", game="andorra")
        config = andorra_config(body, self.options.clock())
        tokens = [secrets.token_urlsafe(32) for _ in range(len(config["players"]) + 1)]
        members = [tables.Member(1, "host", tables.hash_token(tokens[0]))] + [
            tables.Member(i + 2, name, tables.hash_token(tokens[i + 1]))
            for i, name in enumerate(config["players"])
        ]
        lobby = Lobby(
            game="andorra", host=1, members=members, settings={}, status=PLAYING, next_pid=len(members) + 1
        )
        record = GameRecord(
            game_no=1, config=config, seed=secrets.randbits(63), seating=[m.pid for m in members[1:]]
        )
        play = Play.setup(adapter.make_game(), record)  # the engine validates the role list here
        play.last_now = self.options.clock()
        while True:
            code = codes.new_code()
            if code in self._rooms or await self.store.code_taken(code):
                continue
            try:
                await self.store.create_room(RoomRecord(code, "andorra", LOBBY, lobby.to_json(), 1))
            except KeyError:
                continue
            break
        await self.store.start_game(code, record, lobby.to_json(), 2)
        base = base_url or self.public_url or ""
        room = Room(code, adapter, self.store, lobby, 2, play, self.options, base or None)
        self._rooms[code] = room
        room.start()
        log.info("room %s: Andorra game created with %d players", code, len(config["players"]))
        return {
            "code": code,
            "game": "andorra",
            "host_token": tokens[0],
            "desk_url": f"{base}/a/{code}/desk#t={tokens[0]}",
            "players": [
                {
                    "seat": i + 1,
                    "name": name,
                    "token": tokens[i + 1],
                    "url": f"{base}/a/{code}/p#t={tokens[i + 1]}",
                }
                for i, name in enumerate(config["players"])
            ],
            "warnings": play.game.view(play.state, "host").get("host", {}).get("warnings", []),
        }

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
