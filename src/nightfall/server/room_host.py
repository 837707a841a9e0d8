"""The room's host keeper: the lobby's host follows the game's host seat, and a
host away too long hands the role on (H-HST-7a, H-HST-7b)."""

from __future__ import annotations

import asyncio
import copy
import logging
from collections.abc import Callable

from nightfall.engine import Command, Rejected
from nightfall.games.registry import Order

from . import host_role
from .lobby import PLAYING
from .room_commit import Committer, Job
from .room_core import RoomCore
from .room_views import RoomViews

log = logging.getLogger("nightfall.room")


class HostKeeper:
    def __init__(
        self, core: RoomCore, committer: Committer, views: RoomViews, enqueue: Callable[[Job], None]
    ) -> None:
        self.core = core
        self.committer = committer
        self.views = views
        self._enqueue = enqueue
        self.host_watch = host_role.HostWatch(core.options.host_away_ms)
        self._host_timer: asyncio.TimerHandle | None = None  # the automatic handover's check
        self.running = False  # the room's task runs: the check may be scheduled

    def stop(self) -> None:
        self.running = False
        if self._host_timer:
            self._host_timer.cancel()

    async def follow_game_host(self) -> None:
        """After a commit: the lobby's host follows the engine's host seat (``pass_host``),
        so host-only lobby actions (play again, settings) go to the new host too."""
        core = self.core
        pid = host_role.engine_host_pid(core.site, core.play)
        if pid is None or pid == core.lobby.host:
            return
        draft = copy.deepcopy(core.lobby)
        draft.host = pid
        try:
            await self.committer.commit_lobby(draft)
        except Rejected:  # the command itself is stored: a reload follows the engine again
            core.lobby.host = pid
        self.watch()

    def watch(self) -> None:
        """Start (or stop) the clock of the automatic handover when the host's sockets change."""
        core = self.core
        if self.host_watch.update(core.connected(core.lobby.host), core.clock()):
            self._schedule_check()

    def _schedule_check(self) -> None:
        if self._host_timer:
            self._host_timer.cancel()
            self._host_timer = None
        due = self.host_watch.due_in(self.core.clock())
        if due is None or not self.running:
            return
        self._host_timer = asyncio.get_running_loop().call_later(
            due / 1000, lambda: self._enqueue(self.hand_over_if_away)
        )

    async def hand_over_if_away(self) -> None:
        """H-HST-7b: the host has had no socket for ``host_away_ms`` and another seated
        member is connected: the first such member in seat order becomes host."""
        core = self.core
        due = self.host_watch.due_in(core.clock())
        if due is None:
            return
        if due > 0:
            self._schedule_check()  # the loop woke early, or the clock is a test's
            return
        old = core.lobby.host
        order = host_role.seat_order(core.lobby, core.play)
        heir = core.site.host_heir(order, old, core.connected)
        if heir is None:
            return  # nobody to take over (or a desk host): the next to connect asks again
        away_s = (core.clock() - (self.host_watch.gone_since or 0)) // 1000
        try:
            await self._pass_host(old, heir)
        except Rejected as rejected:
            log.error("room %s: automatic host handover failed: %s", core.code, rejected)
            self.views.broadcast()  # a due tick may have gone first
            return
        log.info(
            "room %s: host passed from %s to %s (host away %d s)",
            core.code,
            core.name(old),
            core.name(heir),
            away_s,
        )
        self.watch()
        self.views.broadcast()

    async def _pass_host(self, old: int, heir: int) -> None:
        core, play, site = self.core, self.core.play, self.core.site
        engine_host = host_role.engine_host_pid(site, play)
        if core.lobby.status == PLAYING and play is not None and engine_host is not None:
            seat, heir_seat = play.seat_of(engine_host), play.seat_of(heir)
            assert seat is not None and heir_seat is not None
            handover = site.hand_over(play.state, heir_seat, automatic=True)
            if handover is not None:
                await self._hand_over_in_game(seat, handover)
                if core.lobby.status == PLAYING:
                    return  # the lobby follows the rules' host seat (follow_game_host)
        draft = copy.deepcopy(core.lobby)
        draft.host = heir
        await self.committer.commit_lobby(draft)

    async def _hand_over_in_game(self, seat: int, handover: Order) -> None:
        """Through the engine, so the transcript holds it. Sent as the host's seat, which is
        safe: clients only ever act as their own seat, and what only the server may send is
        refused from them (``GameSite.from_client``)."""
        try:
            await self.committer.apply_in_time(
                lambda now: Command(actor=seat, type=handover.type, payload=handover.payload, now=now),
                unless_ended=True,
            )
        finally:
            stored = await self.committer.commit()  # the tick too, even if the handover was refused
        if not stored:
            raise Rejected("store_failed")
