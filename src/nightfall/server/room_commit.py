"""Applying, staging and committing a room's game commands, and the game's timer.

A command is applied by the game (validate-then-mutate) and staged; the staged
commands are stored in one transaction and only then acknowledged. If storing
fails, they are all undone: the game is rebuilt from the store.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

from nightfall.engine import HOST, SYSTEM, Command, Rejected, kernel, tick
from nightfall.engine.command import Actor
from nightfall.store import StaleOwner

from . import host_role, journal
from .lobby import ENDED, PLAYING, Lobby
from .play import Play
from .protocol import (
    object_field,
)
from .room_views import RoomViews
from .room_writer import STORE_RETRY_SECONDS

log = logging.getLogger("nightfall.room")


class RoomCommit(RoomViews):
    def _own_fields(self) -> None:
        super()._own_fields()
        # What to undo if storing the staged commands fails: the revision and status before them.
        self._undo: tuple[int, str] = (self.revision, self.lobby.status)
        self._timer: asyncio.TimerHandle | None = None  # the game's next tick
        # Undone commands are still in the game in memory until it is rebuilt from the
        # store; if the store could not be read then (it is away), before the next change.
        self._play_stale = False

    async def stop(self) -> None:
        if self._timer:
            self._timer.cancel()
        await super().stop()

    def next_deadline(self) -> int | None:
        """When the running game's next tick is due (server ms), if it has a timer."""
        return self._deadline()

    async def _command(self, pid: int, message: dict[str, Any]) -> None:
        await self._check_owner()
        await self._fresh_play()
        body = object_field(message, "command")
        ctype = body.get("type")
        if not isinstance(ctype, str) or not ctype:
            raise Rejected("bad_message", field="command.type")
        payload = object_field(body, "payload")
        if not host_role.client_payload_ok(self.site, ctype, payload):
            raise Rejected("bad_payload", field="reason", reason="set by the server only")
        play = self.play
        if play is None or self.lobby.status != PLAYING:
            raise Rejected("no_game")
        seat: Actor | None = play.seat_of(pid)
        if seat is None and pid == self.lobby.host:
            seat = HOST  # a host without a seat runs the game (Andorra's ведущий)
        if seat is None:
            raise Rejected("not_seated")
        if "actor" in body and body["actor"] != seat:
            raise Rejected("wrong_actor", actor=body["actor"], seat=seat)
        now = max(self.clock(), play.last_now)
        deadline = self._deadline()
        if deadline is not None and now >= deadline:
            # Time was up before this tap arrived: the tick goes first, so a
            # late tap never counts (docs/heks-commands.md, "Time").
            await self._apply(tick(now))
        await self._apply(Command(actor=seat, type=ctype, payload=payload, now=now))

    async def _apply(self, command: Command) -> None:
        """Apply ``command`` and stage it for the next ``_commit``; the room's bookkeeping
        moves on at once, so the next command in a batch builds on it."""
        play = self.play
        assert play is not None
        try:
            _, events = kernel.apply(play.game, play.state, command)  # Rejected: nothing changed
        except Rejected:
            raise
        except Exception:
            log.exception("room %s: the game failed on %s", self.code, command.type)
            # The state may be half-changed: store what was applied before it, then
            # rebuild from what is durable.
            await self._commit()
            await self._reload_play()
            raise Rejected("internal_error") from None
        result = play.game.result(play.state)
        if not self._staged:
            self._undo = (self.revision, self.lobby.status)
        self._staged.append((self.code, play.record.game_no, play.seq, command, self.revision + 1, result))
        play.seq += 1
        play.last_now = command.now
        self.revision += 1
        if result is not None:
            play.record.result = result
            self.lobby.status = ENDED
            log.info(
                "room %s: game %d over: %s", self.code, play.record.game_no, self.site.result_summary(result)
            )
        journal.public_events(self.code, self.revision, events)
        self._schedule_tick()

    async def _commit(self) -> bool:
        """Store the staged commands in one transaction. If that fails, undo them all:
        the game is rebuilt from the store and their requests are answered
        ``store_failed``. Returns whether they are durable."""
        staged, self._staged = self._staged, []
        if not staged:
            return True
        unconfirmed, self._unconfirmed = self._unconfirmed, []
        try:
            await self.store.append_all(staged, self._fence())
        except Exception as exc:
            refused = Rejected("store_failed")
            if isinstance(exc, StaleOwner):  # another node took the room over: it writes now
                log.warning("room %s: the store refused %d command(s): %s", self.code, len(staged), exc)
                refused = Rejected("not_owner")
                if self.lease is not None:
                    self.lease.valid_until = 0.0  # no more commands here; the keeper gives the room up
            else:
                log.exception("room %s: could not store %d command(s)", self.code, len(staged))
            await self._undo_staged()
            for reply in unconfirmed:
                reply.error = refused
            return False
        await self._follow_game_host()
        return True

    async def _undo_staged(self) -> None:
        """Forget the commands applied since the last commit: the game is rebuilt from the store."""
        self._staged = []
        self.revision, self.lobby.status = self._undo
        self._play_stale = True
        try:
            await self._reload_play()
        except Exception as exc:
            log.warning(
                "room %s: the game cannot be rebuilt from the store yet (%s): before the next change",
                self.code,
                exc,
            )
        self._schedule_tick(at_least=STORE_RETRY_SECONDS)

    async def _reload_play(self) -> None:
        stored = await self.store.load_room(self.code)
        if stored is not None and stored.game is not None:
            self.play = Play.rebuild(self.site.make_game(), stored.game, stored.commands)
        self._play_stale = False

    async def _fresh_play(self) -> None:
        """Never build on commands that were undone: rebuild the game first if that
        could not be done when they were (``store_failed`` while the store is away)."""
        if self._play_stale:
            try:
                await self._reload_play()
            except Exception:
                log.warning("room %s: the store is still away", self.code)
                raise Rejected("store_failed") from None

    async def _commit_lobby(self, draft: Lobby) -> None:
        await self._store_room(
            "the lobby",
            lambda: self.store.save_lobby(
                self.code, draft.status, draft.to_json(), self.revision + 1, self._fence()
            ),
        )
        self.lobby = draft
        self.revision += 1

    async def _store_room(self, what: str, write: Callable[[], Awaitable[None]]) -> None:
        """One write of the room's row (its lobby, a new game), refused as the phones hear
        it: ``not_owner`` once another node may own the room, ``store_failed`` when the
        store could not write. ``write`` is called only once this node is sure it owns the
        room, so its fencing token is read after that check."""
        await self._check_owner()
        try:
            await write()
        except StaleOwner as exc:
            log.warning("room %s: the store refused %s: %s", self.code, what, exc)
            raise Rejected("not_owner") from None
        except Exception:
            log.exception("room %s: could not store %s", self.code, what)
            raise Rejected("store_failed") from None

    def _deadline(self) -> int | None:
        play = self.play
        if play is None or self.lobby.status != PLAYING:
            return None
        return play.game.next_deadline(play.state)

    def _schedule_tick(self, at_least: float = 0.0) -> None:
        """The timer for the game's next deadline; ``at_least`` seconds from now after a
        failed commit, so a store that keeps failing is not retried in a tight loop."""
        if self._timer:
            self._timer.cancel()
            self._timer = None
        deadline = self._deadline()
        if deadline is None:
            return
        delay = max(at_least, (deadline - self.clock()) / 1000)
        self._timer = asyncio.get_running_loop().call_later(delay, self._enqueue_tick)

    def resume_first(self, paused_ms: int) -> None:
        """Give the running timer back ``paused_ms`` lost to an outage (docs/rules/heks.md
        H-TBL-4). Called before ``start``, so it is the room's first job: before the
        tick of a deadline that passed while the server was down."""
        self._inbox.put_nowait((partial(self._resume, paused_ms), None))

    async def _resume(self, paused_ms: int) -> None:
        play, resume = self.play, self.site.resume_command
        if play is None or resume is None or self._deadline() is None:
            return  # a game without the command keeps its deadline
        now = max(self.clock(), play.last_now)
        try:
            await self._apply(Command(actor=SYSTEM, type=resume, payload={"paused_ms": paused_ms}, now=now))
        except Rejected as rejected:
            log.info("room %s: timer not resumed: %s", self.code, rejected)
            return
        log.info("room %s: %d ms of outage given back to the running timer", self.code, paused_ms)
        if await self._commit():
            self._broadcast()

    def _enqueue_tick(self) -> None:
        self._timer = None
        self._inbox.put_nowait((self._tick, None))

    async def _tick(self) -> None:
        deadline = self._deadline()
        if deadline is None or self.play is None:
            return
        if self.lease is not None and not await self.lease.confirm():
            return  # the room's next owner runs its clock (it is given up here soon)
        now = max(self.clock(), self.play.last_now)
        if now < deadline:  # the loop woke a little early
            self._schedule_tick()
            return
        try:
            await self._fresh_play()
        except Rejected:
            self._schedule_tick(at_least=STORE_RETRY_SECONDS)
            return
        if self._deadline() != deadline:  # the rebuilt game has another timer
            self._schedule_tick()
            return
        try:
            await self._apply(tick(now))
        except Rejected as rejected:
            log.error("room %s: tick rejected: %s", self.code, rejected)
            return
        if await self._commit():
            self._broadcast()

    async def _follow_game_host(self) -> None:
        """The lobby's host follows the engine's (``RoomHostKeeper``)."""
        raise NotImplementedError
