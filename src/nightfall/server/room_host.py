"""The room's host keeper: the lobby's host follows the game's host seat, and a
host away too long hands the role on (H-HST-7a, H-HST-7b)."""

from __future__ import annotations

import asyncio
import copy
import logging

from nightfall.engine import Command, Rejected, tick

from . import host_role
from .lobby import PLAYING
from .room_commit import RoomCommit

log = logging.getLogger("nightfall.room")


class RoomHostKeeper(RoomCommit):
    def _own_fields(self) -> None:
        super()._own_fields()
        self.host_watch = host_role.HostWatch(self.options.host_away_ms)
        self._host_timer: asyncio.TimerHandle | None = None  # the automatic handover's check

    async def stop(self) -> None:
        if self._host_timer:
            self._host_timer.cancel()
        await super().stop()

    async def _follow_game_host(self) -> None:
        """After a command: the lobby's host follows the engine's host seat (``pass_host``),
        so host-only lobby actions (play again, settings) go to the new host too."""
        pid = host_role.engine_host_pid(self.site, self.play)
        if pid is None or pid == self.lobby.host:
            return
        draft = copy.deepcopy(self.lobby)
        draft.host = pid
        try:
            await self._commit_lobby(draft)
        except Rejected:  # the command itself is stored: a reload follows the engine again
            self.lobby.host = pid
        self._watch_host()

    def _watch_host(self) -> None:
        """Start (or stop) the clock of the automatic handover when the host's sockets change."""
        host = self.lobby.host
        here = any(c.pid == host for c in self.conns)
        if self.host_watch.update(here, self.clock()):
            self._schedule_host_check()

    def _schedule_host_check(self) -> None:
        if self._host_timer:
            self._host_timer.cancel()
            self._host_timer = None
        due = self.host_watch.due_in(self.clock())
        if due is None or self._task is None:
            return
        self._host_timer = asyncio.get_running_loop().call_later(
            due / 1000, lambda: self._inbox.put_nowait((self._hand_over_if_host_away, None))
        )

    async def check_host_away(self) -> None:
        """Run the automatic handover check now (tests with a fake clock; the timer does it too)."""
        await self.call(self._hand_over_if_host_away)

    async def _hand_over_if_host_away(self) -> None:
        """H-HST-7b: the host has had no socket for ``host_away_ms`` and another seated
        member is connected: the first such member in seat order becomes host."""
        if not self.site.host_seated:
            return  # Andorra's host runs the game from a desk and is no player to replace
        due = self.host_watch.due_in(self.clock())
        if due is None:
            return
        if due > 0:
            self._schedule_host_check()  # the loop woke early, or the clock is a test's
            return
        old = self.lobby.host
        order = host_role.seat_order(self.lobby, self.play)
        heir = host_role.successor(order, old, lambda pid: any(c.pid == pid for c in self.conns))
        if heir is None:
            return  # nobody to take over: the next member to connect runs this check again
        away_s = (self.clock() - (self.host_watch.gone_since or 0)) // 1000
        try:
            await self._pass_host_away(old, heir)
        except Rejected as rejected:
            log.error("room %s: automatic host handover failed: %s", self.code, rejected)
            self._broadcast()  # a due tick may have gone first
            return
        log.info(
            "room %s: host passed from %s to %s (host away %d s)",
            self.code,
            self._name(old),
            self._name(heir),
            away_s,
        )
        self._watch_host()
        self._broadcast()

    async def _pass_host_away(self, old: int, heir: int) -> None:
        play = self.play
        engine_host = host_role.engine_host_pid(self.site, play)
        handover = self.site.host_handover
        reason = self.site.host_away_reason
        if self.lobby.status == PLAYING and play is not None and engine_host is not None and handover:
            # Through the engine, so the transcript holds it. Sent as the host's seat, which
            # is safe: clients only ever act as their own seat, and only the server may
            # send ``reason`` (``host_role.client_payload_ok``).
            seat, heir_seat = play.seat_of(engine_host), play.seat_of(heir)
            assert seat is not None and heir_seat is not None
            now = max(self.clock(), play.last_now)
            deadline = self._deadline()
            if deadline is not None and now >= deadline:
                await self._apply(tick(now))  # the same order as a tap: the due tick first
            try:
                if self.lobby.status == PLAYING:  # (that tick may have ended the game)
                    payload: dict[str, object] = {"seat": heir_seat}
                    if reason is not None:
                        payload["reason"] = reason
                    await self._apply(Command(actor=seat, type=handover, payload=payload, now=now))
            finally:
                stored = await self._commit()  # the tick too, even if the handover was refused
            if not stored:
                raise Rejected("store_failed")
            if self.lobby.status == PLAYING:
                return
        draft = copy.deepcopy(self.lobby)
        draft.host = heir
        await self._commit_lobby(draft)
