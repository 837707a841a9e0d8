"""Applying, staging and committing a room's game commands, and the game's timer.

A command is applied by the game (validate-then-mutate) and staged; the staged
commands are stored in one transaction and only then acknowledged. If storing
fails, they are all undone: the game is rebuilt from the store.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from nightfall.engine import HOST, SYSTEM, Command, Rejected, kernel, tick
from nightfall.engine.command import Actor
from nightfall.store import StaleOwner
from nightfall.store.interface import Append

from . import journal
from .connection import Connection
from .lobby import ENDED, PLAYING, Lobby
from .play import Play
from .protocol import RequestId, object_field
from .room_core import RoomCore
from .room_views import RoomViews

log = logging.getLogger("nightfall.room")

STORE_RETRY_SECONDS = 1.0  # after a failed commit, a due tick tries again this much later

Job = Callable[[], Awaitable[Any]]


@dataclass(slots=True)
class Reply:
    """The answer a request gets once its batch is committed: ``ack``, or ``error``."""

    conn: Connection
    rid: RequestId | None = None
    error: Rejected | None = None
    at: float = 0.0  # when its request came (the event loop's clock; room_writer.ANSWER_FLOOR_S)


class Committer:
    """Owns the staged commands, the undo point and the game's timer. ``enqueue``
    queues a job on the room's task (the timer's tick, a resume); ``committed`` runs
    after each successful commit (the host keeper follows the game's host seat)."""

    def __init__(self, core: RoomCore, views: RoomViews, enqueue: Callable[[Job], None]) -> None:
        self.core = core
        self.views = views
        self._enqueue = enqueue
        self.committed: Callable[[], Awaitable[None]] | None = None
        # Applied game commands not yet stored: consecutive commands share one commit,
        # and their requests (``unconfirmed``) are answered after it.
        self.staged: list[Append] = []
        self.unconfirmed: list[Reply] = []
        # What to undo if storing the staged commands fails: the revision and status before them.
        self._undo: tuple[int, str] = (core.revision, core.lobby.status)
        self._timer: asyncio.TimerHandle | None = None  # the game's next tick
        # Undone commands are still in the game in memory until it is rebuilt from the
        # store; if the store could not be read then (it is away), before the next change.
        self._play_stale = False

    def stop(self) -> None:
        if self._timer:
            self._timer.cancel()

    async def command(self, pid: int, message: dict[str, Any]) -> None:
        """A member's game command: checked, applied as their seat, and staged."""
        core = self.core
        await core.check_owner()
        await self.fresh_play()
        body = object_field(message, "command")
        ctype = body.get("type")
        if not isinstance(ctype, str) or not ctype:
            raise Rejected("bad_message", field="command.type")
        payload = object_field(body, "payload")
        if not core.site.from_client(ctype, payload):
            raise Rejected("bad_payload", field="reason", reason="set by the server only")
        play = core.play
        if play is None or core.lobby.status != PLAYING:
            raise Rejected("no_game")
        seat: Actor | None = play.seat_of(pid)
        if seat is None and pid == core.lobby.host:
            seat = HOST  # a host without a seat runs the game (Andorra's ведущий)
        if seat is None:
            raise Rejected("not_seated")
        if "actor" in body and body["actor"] != seat:
            raise Rejected("wrong_actor", actor=body["actor"], seat=seat)
        await self.apply_in_time(lambda now: Command(actor=seat, type=ctype, payload=payload, now=now))

    async def apply_in_time(self, make: Callable[[int], Command], unless_ended: bool = False) -> bool:
        """Apply the command ``make(now)`` at the room's now. If time was up before it
        arrived, the due tick goes first, so a late tap never counts (docs/heks-commands.md,
        "Time"). That tick may end the game: a player's command is then refused by the
        game as usual, while the server's own (``unless_ended``) is dropped and this
        returns False. Every change made from outside the game's timer comes here."""
        core, play = self.core, self.core.play
        assert play is not None
        now = max(core.clock(), play.last_now)
        deadline = self.deadline()
        if deadline is not None and now >= deadline:
            await self.apply(tick(now))
        if unless_ended and core.lobby.status != PLAYING:
            return False
        await self.apply(make(now))
        return True

    async def apply(self, command: Command) -> None:
        """Apply ``command`` and stage it for the next ``commit``; the room's bookkeeping
        moves on at once, so the next command in a batch builds on it."""
        core, play = self.core, self.core.play
        assert play is not None
        try:
            _, events = kernel.apply(play.game, play.state, command)  # Rejected: nothing changed
        except Rejected:
            raise
        except Exception:
            log.exception("room %s: the game failed on %s", core.code, command.type)
            # The state may be half-changed: store what was applied before it, then
            # rebuild from what is durable.
            await self.commit()
            await self._reload_play()
            raise Rejected("internal_error") from None
        result = play.game.result(play.state)
        if not self.staged:
            self._undo = (core.revision, core.lobby.status)
        self.staged.append((core.code, play.record.game_no, play.seq, command, core.revision + 1, result))
        play.seq += 1
        play.last_now = command.now
        core.revision += 1
        if result is not None:
            play.record.result = result
            core.lobby.status = ENDED
            log.info(
                "room %s: game %d over: %s", core.code, play.record.game_no, core.site.result_summary(result)
            )
        journal.public_events(core.code, core.revision, events)
        self.schedule_tick()

    async def commit(self) -> bool:
        """Store the staged commands in one transaction. If that fails, undo them all:
        the game is rebuilt from the store and their requests are answered
        ``store_failed``. Returns whether they are durable."""
        core = self.core
        staged, self.staged = self.staged, []
        if not staged:
            return True
        unconfirmed, self.unconfirmed = self.unconfirmed, []
        try:
            await core.store.append_all(staged, core.fence())
        except Exception as exc:
            refused = Rejected("store_failed")
            if isinstance(exc, StaleOwner):  # another node took the room over: it writes now
                log.warning("room %s: the store refused %d command(s): %s", core.code, len(staged), exc)
                refused = Rejected("not_owner")
                if core.lease is not None:
                    core.lease.valid_until = 0.0  # no more commands here; the keeper gives the room up
            else:
                log.exception("room %s: could not store %d command(s)", core.code, len(staged))
            await self.undo_staged()
            for reply in unconfirmed:
                reply.error = refused
            return False
        for *_, result in staged:
            if result is not None:  # durable now: counted for the lobbies (issue 34 §3)
                core.options.tallies.add(core.site, result)
        if self.committed is not None:
            await self.committed()
        return True

    async def undo_staged(self) -> None:
        """Forget the commands applied since the last commit: the game is rebuilt from the store."""
        core = self.core
        self.staged = []
        core.revision, core.lobby.status = self._undo
        self._play_stale = True
        try:
            await self._reload_play()
        except Exception as exc:
            log.warning(
                "room %s: the game cannot be rebuilt from the store yet (%s): before the next change",
                core.code,
                exc,
            )
        self.schedule_tick(at_least=STORE_RETRY_SECONDS)

    async def _reload_play(self) -> None:
        core = self.core
        stored = await core.store.load_room(core.code)
        if stored is not None and stored.game is not None:
            core.play = Play.rebuild(core.site.make_game(), stored.game, stored.commands)
        self._play_stale = False

    async def fresh_play(self) -> None:
        """Never build on commands that were undone: rebuild the game first if that
        could not be done when they were (``store_failed`` while the store is away)."""
        if self._play_stale:
            try:
                await self._reload_play()
            except Exception:
                log.warning("room %s: the store is still away", self.core.code)
                raise Rejected("store_failed") from None

    async def commit_lobby(self, draft: Lobby) -> None:
        core = self.core
        await self.store_room(
            "the lobby",
            lambda: core.store.save_lobby(
                core.code, draft.status, draft.to_json(), core.revision + 1, core.fence()
            ),
        )
        core.lobby = draft
        core.revision += 1

    async def store_room(self, what: str, write: Callable[[], Awaitable[None]]) -> None:
        """One write of the room's row (its lobby, a new game), refused as the phones hear
        it: ``not_owner`` once another node may own the room, ``store_failed`` when the
        store could not write. ``write`` is called only once this node is sure it owns the
        room, so its fencing token is read after that check."""
        core = self.core
        await core.check_owner()
        try:
            await write()
        except StaleOwner as exc:
            log.warning("room %s: the store refused %s: %s", core.code, what, exc)
            raise Rejected("not_owner") from None
        except Exception:
            log.exception("room %s: could not store %s", core.code, what)
            raise Rejected("store_failed") from None

    def deadline(self) -> int | None:
        play = self.core.play
        if play is None or self.core.lobby.status != PLAYING:
            return None
        return play.game.next_deadline(play.state)

    def schedule_tick(self, at_least: float = 0.0) -> None:
        """The timer for the game's next deadline; ``at_least`` seconds from now after a
        failed commit, so a store that keeps failing is not retried in a tight loop."""
        if self._timer:
            self._timer.cancel()
            self._timer = None
        deadline = self.deadline()
        if deadline is None:
            return
        delay = max(at_least, (deadline - self.core.clock()) / 1000)
        self._timer = asyncio.get_running_loop().call_later(delay, self._enqueue_tick)

    def resume_first(self, paused_ms: int) -> None:
        """Give the running timer back ``paused_ms`` lost to an outage (docs/rules/heks.md
        H-TBL-4). Called before the room starts, so it is the room's first job: before
        the tick of a deadline that passed while the server was down."""
        self._enqueue(partial(self._resume, paused_ms))

    async def _resume(self, paused_ms: int) -> None:
        core = self.core
        play, resume = core.play, core.site.resume(paused_ms)
        if play is None or resume is None or self.deadline() is None:
            return  # a game without the command keeps its deadline
        now = max(core.clock(), play.last_now)
        try:
            await self.apply(Command(actor=SYSTEM, type=resume.type, payload=resume.payload, now=now))
        except Rejected as rejected:
            log.info("room %s: timer not resumed: %s", core.code, rejected)
            return
        log.info("room %s: %d ms of outage given back to the running timer", core.code, paused_ms)
        if await self.commit():
            self.views.broadcast()

    def _enqueue_tick(self) -> None:
        self._timer = None
        self._enqueue(self.tick)

    async def tick(self) -> None:
        """The game's timer: the due tick, applied, stored and shown."""
        core = self.core
        deadline = self.deadline()
        if deadline is None or core.play is None:
            return
        if core.lease is not None and not await core.lease.confirm():
            return  # the room's next owner runs its clock (it is given up here soon)
        now = max(core.clock(), core.play.last_now)
        if now < deadline:  # the loop woke a little early
            self.schedule_tick()
            return
        try:
            await self.fresh_play()
        except Rejected:
            self.schedule_tick(at_least=STORE_RETRY_SECONDS)
            return
        if self.deadline() != deadline:  # the rebuilt game has another timer
            self.schedule_tick()
            return
        try:
            await self.apply(tick(now))
        except Rejected as rejected:
            log.error("room %s: tick rejected: %s", core.code, rejected)
            return
        if await self.commit():
            self.views.broadcast()
