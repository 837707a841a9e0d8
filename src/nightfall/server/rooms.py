"""All rooms of this server: creating them, finding them, unloading the ones
nobody uses, and bringing rooms back (after a restart, or on demand after they
were unloaded) by replaying their stored commands."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Iterator
from typing import Any

from nightfall.cluster.ownership import Held, NotOwner, Ownership
from nightfall.engine import Rejected
from nightfall.games.registry import Catalog
from nightfall.store import RoomRecord, StoredRoom

from . import codes, heartbeat, outgoing
from .damaged import DamagedRooms
from .limits import IdleRooms
from .lobby import PLAYING, Lobby
from .opening import open_room
from .play import Play
from .protocol import CLOSE_INTERNAL, CLOSE_MOVED
from .protocol import error as outgoing_error
from .room import Room, RoomOptions
from .storage import AsyncStore
from .unloading import Unloading

log = logging.getLogger("nightfall.room")

RESTORE_WINDOW_MS = 24 * 3600 * 1000  # rooms restored at start when they are never unloaded


class Rooms:
    """The rooms in memory, by code.

    A room nobody uses (no socket attached, no request naming it) is unloaded after
    ``IdleRooms`` time, so ``max_rooms`` counts live rooms. Unloading loses nothing:
    every change is in the store before it is acknowledged. Any lookup of the code
    (``find``: every HTTP endpoint and WebSocket hello) loads it back, once however many
    ask at the same moment, and a running game's timer loads it at its deadline, so the
    game's clock runs as if it had stayed. Clients cannot tell.
    """

    def __init__(
        self,
        store: AsyncStore,
        catalog: Catalog,
        options: RoomOptions | None = None,
        public_url: str | None = None,
        max_rooms: int = 0,
        idle: IdleRooms | None = None,
    ) -> None:
        self.public_url = public_url  # the LAN address ``nightfall serve`` printed
        self.store = store
        self.catalog = catalog
        self.options = options or RoomOptions()
        self.max_rooms = max_rooms  # 0: unlimited (limits.ServerLimits.max_rooms)
        self.idle = idle or IdleRooms()
        self._rooms: dict[str, Room] = {}
        self._creating = 0  # creations past the check but not yet in ``_rooms``
        self._revivals: set[asyncio.Task[None]] = set()  # rooms being rebuilt after their task ended
        self._loading: dict[str, asyncio.Task[Room | None]] = {}  # one load per code at a time
        self.unloading = Unloading(self.idle, self.options.clock, self._load_for_deadline, self.unload_idle)
        # On a cluster node: the rooms' leases (``cluster.ownership``); None: one server.
        self.ownership: Ownership | None = None
        self._damaged = DamagedRooms()  # rooms whose stored state does not load (``_bring_back``)

    def damage(self, raw_code: str) -> Rejected | None:
        """``room_damaged`` for a room that is in the store but does not load, else None."""
        return self._damaged.refusal(codes.normalise(raw_code))

    def run_as_node(self, ownership: Ownership) -> None:
        """Own rooms through leases: a room is loaded or created only with its lease,
        written with its token, and given up when the lease is lost."""
        self.ownership = self.unloading.ownership = ownership
        ownership.on_lost = self._give_up
        ownership.on_orphan = self.unloading.wake_up

    def __len__(self) -> int:
        """Rooms in memory: what ``max_rooms`` bounds."""
        return len(self._rooms)

    def __contains__(self, code: object) -> bool:
        """Is this room in memory (not unloaded, nor idle since before the start)?"""
        return code in self._rooms

    async def find(self, raw_code: str) -> Room | None:
        """The room with this code, loaded from the store if it is not in memory
        (unloaded, or idle since before the start). Counts as a use of the room."""
        code = codes.normalise(raw_code)
        if code is None:
            return None
        room = self._rooms.get(code)
        if room is not None and room.dead:
            await self._bury(room)
            room = None
        if room is None and code not in self._damaged:
            room = await self._load(code)
        if room is not None:
            # A request names it: not idle. (Also closes the gap between this lookup and
            # the caller's first call, in which an idle room could otherwise be unloaded.)
            room.touched = self.options.clock()
        return room

    async def _load_for_deadline(self, code: str) -> Room | None:
        return await self._load(code, for_deadline=True)

    async def _load(self, code: str, for_deadline: bool = False) -> Room | None:
        """Load ``code`` from the store, once: requests at the same moment share the load."""
        task = self._loading.get(code)
        if task is None:
            task = asyncio.create_task(self._load_once(code, for_deadline), name=f"load-room-{code}")
            self._loading[code] = task

            def done(finished: asyncio.Task[Room | None]) -> None:
                if self._loading.get(code) is finished:
                    del self._loading[code]

            task.add_done_callback(done)
        # Shielded: a client that goes away must not cancel the load the others wait for.
        return await asyncio.shield(task)

    async def _load_once(self, code: str, for_deadline: bool) -> Room | None:
        room = self._rooms.get(code)
        if room is not None:  # loaded while this load was being set up
            return room
        downtime, was, taken = None, None, False
        if self.ownership is not None:  # NotOwner: the proxy tries the node that owns it
            taken = self.ownership.held(code) is None  # not a lease a creation under way holds
            try:
                held = await self.ownership.acquire(code, self.store.claim)
            except KeyError:
                return None  # no such room (its lease was let go again)
            downtime, was = await self._downtime(held), held.lease.was
        stored = await self.store.load_room(code)
        room = self._rooms.get(code)
        if room is not None:
            return room
        if stored is not None and stored.room.status != "closed":
            how = "loaded for its deadline" if for_deadline else "loaded"
            if downtime is not None:
                how = f"taken over from node {was}, {downtime} ms after its last sign of life"
            # Never refused by ``max_rooms``: the room belongs to a table that must get it back.
            room = self._bring_back(stored, how, for_deadline, outage_ms=downtime)
        if room is None and taken and self.ownership is not None and code not in self._rooms:
            # Nothing to serve (no room, closed, or not rebuildable): a lease kept would be
            # renewed for ever and keep every other node from trying; nobody needs to wake it.
            await self.ownership.release(code, None)
        return room

    async def _downtime(self, held: Held) -> int | None:
        """How long a room taken over from another node had no owner (``heartbeat.downtime``)."""
        here = self.ownership.node if self.ownership is not None else None
        return await heartbeat.downtime(self.store, held.lease.code, held.lease.was, here, self.options.clock)

    @contextlib.contextmanager
    def _room_slot(self) -> Iterator[None]:
        """A place for one more room, or ``too_many_rooms``.

        Creating awaits the store before the room is in ``_rooms``; counting the
        creations under way keeps concurrent requests from passing the cap together.
        Only new rooms are refused: rooms restored or brought back on first use
        already belong to someone, and a restart must not lose them.
        """
        if self.max_rooms and len(self._rooms) + self._creating >= self.max_rooms:
            log.warning("refused a new room: %d rooms are in memory (the limit)", len(self._rooms))
            raise Rejected("too_many_rooms", max=self.max_rooms)
        self._creating += 1
        try:
            yield
        finally:
            self._creating -= 1

    async def create(self, game: object, form: dict[str, Any], base_url: str | None = None) -> dict[str, Any]:
        """A new room of ``game`` from its creator's ``form`` (docs/protocol.md §2): a
        lobby with the creator as host (H-SET-2), or, for a game run from a desk, the
        game itself with every player seated. Returns the game's answer to the creator
        (the host's token, and a desk game's private links); only token hashes are stored.

        ``base_url`` is where the creator reached us, so the links work for the phones
        next to them; after a restart the LAN address is used.
        """
        with self._room_slot():
            return await self._create(game, form, base_url)

    async def _create(self, game: object, form: dict[str, Any], base_url: str | None) -> dict[str, Any]:
        site = self.catalog.get(game) if isinstance(game, str) else None
        if site is None:
            raise Rejected("unknown_game", game=game if isinstance(game, str) else None)
        new = open_room(site, form, self.options.clock())
        lobby, play = new.lobby, new.play
        revision = 1 if play is None else 2  # a game started at creation is the room's second change
        try:
            code = await self._store_new(
                RoomRecord("", site.name, lobby.status, lobby.to_json(), revision), play
            )
        except Exception:
            log.exception("a new %s room could not be stored", site.name)
            raise Rejected("store_failed") from None
        lease = await self._own_new(code)
        base = base_url or self.public_url
        room = Room(code, site, self.store, lobby, revision, play, self.options, base)
        room.lease = lease
        self._rooms[code] = room
        room.on_dead(self._revive)
        room.start()
        log.info("room %s: %s created by %s with %d players", code, site.name, new.host_name, len(new.names))
        return new.answer(code, base, outgoing.links(base, code))

    async def _store_new(self, record: RoomRecord, play: Play | None) -> str:
        """Store a new room (and the game it starts with) in one transaction, under a
        code no room has; returns the code."""
        while True:
            code = codes.new_code()
            if code in self._rooms or await self.store.code_taken(code):
                continue
            record.code = code
            try:
                await self.store.create_room(record, play.record if play is not None else None)
            except KeyError:  # taken since we looked
                continue
            return code

    async def _own_new(self, code: str) -> Held | None:
        """A new room's lease, on a cluster node (nobody else can hold a new code's)."""
        if self.ownership is None:
            return None
        try:
            return await self.ownership.acquire(code, self.store.claim)
        except NotOwner:
            log.error("room %s: created, but its lease cannot be taken (Redis is away)", code)
            raise Rejected("store_failed") from None

    async def restore(self, outage_ms: int | None = None) -> int:
        """Rebuild the rooms written to within their idle time (``IdleRooms``; the
        last 24 hours for rooms that are never unloaded). Older ones would only be
        unloaded again: they come back on first use (``find``), and a long-lived data
        directory does not slow the start. ``outage_ms`` (``Heartbeat``) is given back
        to every running game timer first."""
        now = self.options.clock()
        room_ms = self.idle.room_ms or RESTORE_WINDOW_MS
        game_ms = self.idle.game_ms or RESTORE_WINDOW_MS
        restored = 0
        for stored in await self.store.load_open_rooms(now - max(room_ms, game_ms)):
            window = game_ms if stored.room.status == PLAYING else room_ms
            if stored.room.updated_ms < now - window:
                continue
            lost = outage_ms
            if self.ownership is not None:  # a node restores only the rooms no other node runs
                try:
                    held = await self.ownership.acquire(stored.room.code, self.store.claim)
                except (NotOwner, KeyError):
                    continue
                lost = await self._downtime(held) or outage_ms  # another dead node's room: its downtime
                fresh = await self.store.load_room(stored.room.code)  # as of the claim
                if fresh is None:
                    continue
                stored = fresh
            if self._bring_back(stored, "restored", outage_ms=lost) is not None:
                restored += 1
        return restored

    def _bring_back(
        self, stored: StoredRoom, how: str, for_deadline: bool = False, outage_ms: int | None = None
    ) -> Room | None:
        code = stored.room.code
        try:
            room = self._rebuild(stored, self.unloading.version_floor(code))
        except Exception as exc:
            self._damaged.report(code, exc)
            return None
        room.lease = self.ownership.held(code) if self.ownership is not None else None
        gone = self.unloading.take(code)
        if gone is not None and for_deadline:
            room.touched = gone.touched  # still nobody there: unloaded again at the next check
        self._rooms[code] = room
        room.on_dead(self._revive)
        if outage_ms and room.lobby.status == PLAYING:
            room.resume_first(outage_ms)
        room.start()  # a deadline that passed while it was away ticks at once
        log.info("room %s: %s (%s, revision %d)", code, how, room.lobby.status, room.revision)
        return room

    def _rebuild(self, stored: StoredRoom, version_floor: int = 0) -> Room:
        record = stored.room
        site = self.catalog[record.game]
        lobby = Lobby.from_json(record.lobby)
        lobby.status = record.status  # the store's status is the durable truth (set with the last command)
        play = None
        if stored.game is not None:
            play = Play.rebuild(site.make_game(), stored.game, stored.commands)
        return Room(
            record.code,
            site,
            self.store,
            lobby,
            record.revision,
            play,
            self.options,
            self.public_url,
            version_floor=version_floor,
        )

    # -- unloading idle rooms ----------------------------------------------

    def start(self) -> None:
        """Check for idle rooms every ``IdleRooms.check_seconds`` (the app's lifespan)."""
        self.unloading.start()
        if self.ownership is not None:
            self.ownership.start()  # renews the leases, adopts rooms whose node is gone

    async def unload_idle(self) -> list[str]:
        """Unload every room idle for longer than its limit; returns their codes.

        The decision is made again on each room's own task (``Room.retire_if``), after
        whatever it was doing: a socket that attached in the meantime keeps it.
        """
        unloaded = []
        for room in list(self._rooms.values()):
            if self.unloading.too_long(room) and await room.retire_if(self.unloading.too_long, self._forget):
                await room.stop()
                unloaded.append(room.code)
                if self.ownership is not None:
                    await self.ownership.release(room.code, room.next_deadline())
        return unloaded

    async def _give_up(self, code: str, why: str) -> None:
        """This node lost the room's lease: refuse its commands from now on, tell its
        phones and close their sockets (they reconnect through the proxy to the owner)."""

        def notify(room: Room) -> None:
            if self._rooms.get(code) is room:
                del self._rooms[code]
            now = self.options.clock()
            for conn in room.conns:
                conn.send(outgoing_error(None, Rejected("not_owner", reason=why), now))
                conn.close(CLOSE_MOVED)

        room = self._rooms.get(code)
        if room is not None and await room.retire_if(lambda _room: True, notify):
            await room.stop()

    def _revive(self, room: Room) -> None:
        """A room's task ended: rebuild it now, so its timers run and its phones
        reconnect to the new one, rather than on the next request."""
        if self._rooms.get(room.code) is not room:
            return

        async def revive() -> None:
            if self._rooms.get(room.code) is room:
                await self._bury(room)
                await self._load(room.code)

        task = asyncio.create_task(revive(), name=f"revive-room-{room.code}")
        self._revivals.add(task)
        task.add_done_callback(self._revivals.discard)

    async def _bury(self, room: Room) -> None:
        """A room whose task ended (a bug it did not survive; logged when it happened)
        is dropped, and the lookup loads it again from the store: what was acknowledged
        is there, and its sockets reconnect to the new one."""
        if self._rooms.get(room.code) is room:
            del self._rooms[room.code]
        log.error("room %s: rebuilt from the store after its task ended", room.code)
        for conn in list(room.conns):
            conn.close(CLOSE_INTERNAL)
        await room.stop()

    def _forget(self, room: Room) -> None:
        """Drop a retired room from memory; runs on its task in the step that retired it,
        so no lookup can find it afterwards (the next one loads it from the store)."""
        if self._rooms.get(room.code) is room:
            del self._rooms[room.code]
        self.unloading.remember(room)

    async def stop(self) -> None:
        for revival in list(self._revivals):
            revival.cancel()
        await self.unloading.stop()
        for task in list(self._loading.values()):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for room in list(self._rooms.values()):
            await room.stop()
        self._rooms.clear()
        if self.ownership is not None:
            await self.ownership.stop()  # lets the leases go: other nodes take the rooms at once
