"""The odds pool: simulated games of the decks lobbies ask about (issue 34 §2).

The games run in a process pool, never on the event loop, in workers that lower
their own priority so the rooms' process always comes first: by default Linux's
``SCHED_IDLE`` policy (a worker runs only on a CPU nothing else wants, and a waking
room's process takes the CPU from it at once), else ``os.nice``. A deck
(a game's site and its ``odds_key``) is computed once however many rooms ask for
it: every subscriber gets each update. Work goes in small batches, at most one per
worker in flight, taken round-robin from the decks somebody still asks for: a deck
nobody asks for any more gets no next batch (its running one, a fraction of a
second, finishes and is kept). The turns go round the subscribers' owners first (a
room's host's address, ``odds_watch``), then round that owner's decks, so a client
that opens many lobbies shares the workers with one lobby, not with each of its own
(security gap 11). Tallies stay in memory (least recently asked for
dropped first) and a deck is done at the target precision, so a lobby that comes
back to a deck, or another room with it, starts from what is known.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import multiprocessing
import os
import sys
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any

from nightfall.games.registry import GameSite, OddsTally
from nightfall.processes import exit_with, start_method

log = logging.getLogger("nightfall.odds")

DEFAULT_TARGET = 2.5  # points: a deck's widest side's ± at which its games stop
DEFAULT_NICE = 10
PRIORITIES = ("idle", "nice")  # SCHED_IDLE and nice, or nice alone (a loaded test machine)
BATCH_SECONDS = 0.25  # a batch's aim: short enough to stop soon after an edit, long enough to be cheap
FIRST_BATCH = 4
MAX_BATCH = 64
MAX_KEPT = 512  # decks kept in memory besides each game's standard ones (never dropped)

Listener = Callable[[Any], None]
Owner = Hashable  # whose turn a subscription takes (an address); one owner's decks share one turn
MAX_OWNERS_REMEMBERED = 4096


def _start_worker(nice: int, idle: bool, server: int) -> None:
    """A worker's initializer: the rooms come first, and the worker ends with its server."""
    exit_with(server)
    if nice:
        os.nice(nice)
    if idle and sys.platform == "linux":
        # Nice alone still has the scheduler share a CPU: a room woken by a tap waited for
        # the worker's slice (bench/load.py --odds-lobbies, docs/benchmarks.md).
        try:
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
        except OSError:  # not allowed here: nice it is
            log.warning("odds workers: SCHED_IDLE refused, running niced")


def _started() -> None:
    """Nothing: submitted once, so that the pool forks its workers before a room needs them."""


@dataclass(eq=False, slots=True)
class Deck:
    """One deck's computation: its tally so far and who asks for it."""

    site: GameSite
    key: Hashable
    tally: OddsTally
    listeners: dict[int, Listener] = field(default_factory=dict)
    owners: dict[int, Owner] = field(default_factory=dict)  # each listener's owner
    running: bool = False
    done: bool = False
    failed: bool = False
    warm: bool = False  # computed with nobody asking (warmed at start)
    standard: bool = False  # a standard deck of its game: kept whatever else comes
    per_game: float | None = None  # seconds, from the last batch

    def next_batch(self) -> int:
        if self.per_game is None:
            return FIRST_BATCH
        return max(1, min(MAX_BATCH, int(BATCH_SECONDS / max(self.per_game, 1e-4))))

    @property
    def wanted(self) -> bool:
        return (bool(self.listeners) or self.warm) and not (self.done or self.failed or self.running)


class Subscription:
    """A room's interest in one deck; ``cancel`` when the lobby's deck changes."""

    def __init__(self, pool: OddsPool, deck: Deck, token: int) -> None:
        self._pool, self._deck, self._token = pool, deck, token

    def cancel(self) -> None:
        self._deck.listeners.pop(self._token, None)
        self._deck.owners.pop(self._token, None)


class OddsPool:
    """``workers`` processes (one core by default) computing odds for subscribers.

    ``target`` is the precision (points) at which a deck stops; 0 never stops (the load
    bench keeps lobbies computing). ``executor`` replaces the process pool (tests run
    games in threads with a fake runner); the pool is then not shut down by ``close``.
    """

    def __init__(
        self,
        workers: int = 1,
        target: float = DEFAULT_TARGET,
        nice: int = DEFAULT_NICE,
        priority: str = "idle",
        executor: concurrent.futures.Executor | None = None,
        warm_standard: bool = False,
        batch: int | None = None,
    ) -> None:
        self.workers = max(1, workers)
        self.target = target
        self.nice = nice
        if priority not in PRIORITIES:
            raise ValueError(f"priority {priority!r}: one of {PRIORITIES}")
        self.idle = priority == "idle"
        self._executor = executor
        self._own_executor = executor is None
        self._decks: OrderedDict[tuple[str, Hashable], Deck] = OrderedDict()
        self._standard: dict[str, frozenset[Hashable]] = {}  # per game: its default settings' decks
        self._in_flight = 0
        self._tokens = 0
        self._served: dict[Owner, int] = {}  # each owner's last turn
        self._turns = 0
        self._closed = False
        self.batches = 0  # batches run, for tests and the log
        self.batch = batch  # games per batch; None: sized to ``BATCH_SECONDS`` from the last one
        self.warm_standard = warm_standard  # the app warms each game's default decks at start

    # -- what rooms call ---------------------------------------------------------

    def subscribe(
        self, site: GameSite, key: Hashable, listener: Listener, owner: Owner = None
    ) -> tuple[Subscription, Any]:
        """Ask for the odds of ``key``: the subscription and the odds known now (to show
        at once); ``listener`` gets each later update, on the event loop. ``owner``'s
        subscriptions share one turn among the owners."""
        deck = self._deck(site, key)
        self._tokens += 1
        deck.listeners[self._tokens] = listener
        deck.owners[self._tokens] = owner
        self._pump()
        return Subscription(self, deck, self._tokens), deck.tally.to_json(deck.done)

    def warm(self, site: GameSite, keys: Iterable[Hashable]) -> None:
        """Compute these decks with nobody asking yet (the standard decks at start)."""
        for key in keys:
            self._deck(site, key).warm = True
        self._pump()

    def warm_defaults(self, sites: Iterable[GameSite]) -> None:
        """Warm the decks of each game's default settings, every player count."""
        for site in sites:
            self.warm(site, self._standard_of(site))

    def _standard_of(self, site: GameSite) -> frozenset[Hashable]:
        known = self._standard.get(site.name)
        if known is None:
            settings = site.default_settings()
            keys = (site.odds_key(n, settings) for n in range(site.min_players, site.max_players + 1))
            known = self._standard[site.name] = frozenset(k for k in keys if k is not None)
        return known

    def computing(self, site: GameSite, key: Hashable) -> bool:
        """Somebody asks for ``key`` and its games go on."""
        deck = self._decks.get((site.name, key))
        return deck is not None and bool(deck.listeners) and not (deck.done or deck.failed)

    def tally(self, site: GameSite, key: Hashable) -> OddsTally | None:
        deck = self._decks.get((site.name, key))
        return deck.tally if deck else None

    async def start(self) -> None:
        """Start the worker processes now, off the event loop: the first submit to a new
        process pool waits for its processes to be forked, which must not stall the rooms."""
        if self._executor is None and not self._closed:
            executor = self._start_executor()
            await asyncio.to_thread(lambda: executor.submit(_started).result())
            if self._executor is None and not self._closed:
                self._executor = executor
            else:
                executor.shutdown(wait=False)

    async def close(self) -> None:
        """Stop: no new batch; the running ones finish (a fraction of a second)."""
        self._closed = True
        executor, self._executor = self._executor, None
        if executor is not None and self._own_executor:
            await asyncio.to_thread(executor.shutdown, wait=True, cancel_futures=True)

    # -- the work ------------------------------------------------------------------

    def _deck(self, site: GameSite, key: Hashable) -> Deck:
        name = (site.name, key)
        deck = self._decks.get(name)
        if deck is None:
            deck = self._decks[name] = Deck(site, key, site.odds_tally(key))
            deck.standard = key in self._standard_of(site)
            self._forget_old()
        self._decks.move_to_end(name)
        return deck

    def _forget_old(self) -> None:
        while sum(not d.standard for d in self._decks.values()) > MAX_KEPT:
            for name, deck in self._decks.items():
                if not deck.listeners and not deck.running and not deck.standard:
                    del self._decks[name]
                    break
            else:
                return

    def _start_executor(self) -> concurrent.futures.Executor:
        context = multiprocessing.get_context(start_method())  # not "fork" beside the store's thread
        return concurrent.futures.ProcessPoolExecutor(
            self.workers,
            mp_context=context,
            initializer=_start_worker,
            initargs=(self.nice, self.idle, os.getpid()),
        )

    def _pump(self) -> None:
        """Give each idle worker the next wanted deck's batch: round the owners, then
        round each owner's decks; the warm decks when nobody asks."""
        while not self._closed and self._in_flight < self.workers:
            deck = self._next_asked() or next((d for d in self._decks.values() if d.wanted), None)
            if deck is None:
                return
            self._run(deck)

    def _next_asked(self) -> Deck | None:
        """The deck of the owner served longest ago: that owner's deck run longest ago
        (``_decks`` is in the order of their last batches)."""
        first: dict[Owner, Deck] = {}
        for deck in self._decks.values():
            if deck.wanted and deck.listeners:
                for owner in deck.owners.values():
                    first.setdefault(owner, deck)
        if not first:
            return None
        owner = min(first, key=lambda o: self._served.get(o, -1))
        self._turns += 1
        self._served[owner] = self._turns
        if len(self._served) > MAX_OWNERS_REMEMBERED:  # forget the owners asking for nothing now
            self._served = {o: t for o, t in self._served.items() if o in first}
        return first[owner]

    def _run(self, deck: Deck) -> None:
        if self._executor is None:
            self._executor = self._start_executor()
        loop = asyncio.get_running_loop()
        count, start = self.batch or deck.next_batch(), deck.tally.games
        deck.running = True
        self._in_flight += 1
        self._decks.move_to_end((deck.site.name, deck.key))  # the others' turn next
        began = time.perf_counter()
        try:
            future = loop.run_in_executor(self._executor, deck.site.odds_runner(), deck.key, start, count)
        except RuntimeError:  # shut down or broken under us: no more odds from this pool
            log.exception("the odds pool stops")
            deck.running, self._closed = False, True
            self._in_flight -= 1
            return
        future.add_done_callback(lambda f: self._landed(deck, f, count, began))

    def _landed(self, deck: Deck, future: asyncio.Future[Any], count: int, began: float) -> None:
        deck.running = False
        self._in_flight -= 1
        self.batches += 1
        if future.cancelled():
            return
        error = future.exception()
        if error is not None:
            deck.failed = True
            log.error("odds of %s %r failed: %r", deck.site.name, deck.key, error)
            if isinstance(error, concurrent.futures.BrokenExecutor) and self._own_executor:
                # a worker died (killed, out of memory): the pool is unusable; the next batch
                # of another deck starts a new one
                broken, self._executor = self._executor, None
                if broken is not None:
                    broken.shutdown(wait=False, cancel_futures=True)
            self._pump()
            return
        for winner, days in future.result():
            deck.tally.add(winner, days)
        deck.per_game = (time.perf_counter() - began) / max(count, 1)
        if self.target > 0 and deck.tally.precision() <= self.target:
            deck.done = True
            deck.warm = False
        odds = deck.tally.to_json(deck.done)
        for listener in list(deck.listeners.values()):
            listener(odds)
        self._pump()
