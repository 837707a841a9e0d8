"""Which rooms this node owns, kept up to date: the server's side of the leases.

A node holds a room only while it holds the room's lease (``lease.py``). It takes
the lease before it loads or creates the room, then claims the lease's fencing
token in the store, so every write of the previous owner that was not in the store
by then is refused from now on, and what this node loads is all there is.

A keeper task renews all the node's leases and lists the rooms that need an owner,
in one round trip (one Redis script) every third of the TTL. Each room's lease is valid, for this node, until the TTL has run out from the
moment the last renewal that succeeded was *sent*, less a margin: until then no
other node can have it, whatever Redis says later. A room whose lease another node
holds, or whose lease ran out because Redis could not be reached, is given up
(``on_lost``): its commands are refused, its phones told and disconnected, so they
reconnect through the proxy to the new owner. While Redis is away but the leases
still run, games go on; renewals resume when Redis is back (a restarted Redis that
lost the leases gives them back to the same holders, see ``Leases.renew_all``).

The same task adopts orphans: rooms that need an owner (their node died, or a
game's timer is due in a room nobody has loaded) and have none.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from nightfall.store import StaleOwner
from nightfall.ticks import sleep_on_grid

from .lease import Elsewhere, Lease, LeaseLost, Leases

log = logging.getLogger("nightfall.server")

MARGIN = 0.8  # a lease counts as ours for this share of its TTL after a renewal was sent
ORPHANS = 200  # rooms adopted at most per round of the keeper
# A lease with at most this share of its TTL left is overdue for renewal (renewals come
# every third): a node that wants the room waits it out instead of refusing at once.
LATE = 0.5


class NotOwner(Exception):
    """This node does not own the room and cannot take it now; ``owner`` names the
    node that does (``None``: Redis cannot be reached)."""

    def __init__(self, code: str, owner: str | None) -> None:
        where = f"node {owner} owns it" if owner else "Redis cannot be reached"
        super().__init__(f"room {code}: not on this node ({where})")
        self.code = code
        self.owner = owner


@dataclass(slots=True)
class Held:
    """A room's lease as this node holds it: the room's writer checks ``valid``
    before a command and sends ``fence`` with every write."""

    lease: Lease
    valid_until: float  # time.monotonic()
    owners: Ownership | None = None  # to renew this lease on its own (``confirm``)

    @property
    def fence(self) -> int:
        return self.lease.fence

    def valid(self) -> bool:
        return time.monotonic() < self.valid_until

    async def confirm(self) -> bool:
        """Is the lease ours? When its time ran out without a renewal (the event loop
        was stalled, or the keeper late), one renewal decides, so a stall on a busy
        machine does not cost a command; with Redis away or the lease taken, no."""
        if self.valid():
            return True
        return self.owners is not None and await self.owners.confirm(self)


Claim = Callable[[str, int], Awaitable[None]]


class Ownership:
    def __init__(self, leases: Leases) -> None:
        self.leases = leases
        self.node = leases.node
        self.ttl_s = leases.ttl_ms / 1000
        self._held: dict[str, Held] = {}
        self.on_lost: Callable[[str, str], Coroutine[Any, Any, None]] | None = None  # (code, why)
        self.on_orphan: Callable[[str], Coroutine[Any, Any, None]] | None = None
        self._task: asyncio.Task[None] | None = None
        self._redis_away = False
        # Give-ups and adoptions run beside the keeper, never in its way: a room that
        # takes long to load (or to stop) must not delay the renewal of all the others.
        self._jobs: dict[str, asyncio.Task[None]] = {}

    def held(self, code: str) -> Held | None:
        return self._held.get(code)

    def __len__(self) -> int:
        return len(self._held)

    async def acquire(self, code: str, claim: Claim) -> Held:
        """Take the room's lease and claim its token in the store (``claim``, which
        raises ``KeyError`` for an unknown room: the lease is let go again).

        Raises ``NotOwner`` when another node holds it or Redis cannot be reached."""
        held = self._held.get(code)
        if held is not None:  # in memory already; the keeper decides when it is lost
            return held
        sent = time.monotonic()
        try:
            lease = await self.leases.try_take(code)
            if isinstance(lease, Elsewhere) and lease.left_ms <= LATE * self.leases.ttl_ms:
                # Its holder renews every third of the TTL, so this much overdue it is most
                # likely dead: wait the lease out here and take the room the moment it is
                # free, rather than refuse and have the phone come back up to a second
                # later (its retry pace, web/src/core/link.ts). A holder that renews after
                # all only cost this request the wait.
                await asyncio.sleep(lease.left_ms / 1000 + 0.01)
                sent = time.monotonic()
                lease = await self.leases.try_take(code)
        except LeaseLost:
            raise NotOwner(code, None) from None
        if isinstance(lease, Elsewhere):
            raise NotOwner(code, lease.node or "another")
        try:
            try:
                await claim(code, lease.fence)
            except StaleOwner as stale:  # Redis restarted and counts tokens from 1 again
                lease = await self.leases.raise_fence(lease, stale.current + 1)
                await claim(code, lease.fence)
        except LeaseLost:
            raise NotOwner(code, None) from None
        except BaseException:
            await self.leases.release(lease)
            raise
        held = Held(lease, sent + self.ttl_s * MARGIN, self)
        self._held[code] = held  # the take listed the room as needing an owner when the lease runs out
        return held

    async def release(self, code: str, wake_at_ms: int | None) -> None:
        """Let the room go (unloaded while idle). With ``wake_at_ms`` its game has a
        timer: any node loads it then, should this one be gone."""
        held = self._held.pop(code, None)
        if held is None:
            return
        if wake_at_ms is None:
            await self.leases.forget(code)
        else:
            await self.leases.want_owner(code, wake_at_ms)
        await self.leases.release(held.lease, idle=True)

    def drop(self, code: str) -> None:
        """Forget a lease this node lost (nothing to release: another node has it)."""
        self._held.pop(code, None)

    # -- the keeper ----------------------------------------------------------

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._keep(), name="room-leases")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        for job in list(self._jobs.values()):
            job.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await job
        for code in list(self._held):
            held = self._held.pop(code)
            # Not idle: the rooms move to other nodes now, which give their games the time
            # until then back (``Lease.was``), as a restart would.
            await self.leases.release(held.lease, idle=False)
        await self.leases.close()

    async def _keep(self) -> None:
        while True:
            # At most a third of the TTL, on the grid of the loop's other chores (``nightfall.ticks``).
            await sleep_on_grid(self.ttl_s / 3)
            try:
                await self.renew(adopt=True)
            except Exception:  # a bug here must not end the renewals for good
                log.exception("keeping the room leases failed")

    async def renew(self, adopt: bool = False) -> None:
        """Renew every lease; give up the rooms whose lease is lost or ran out. With
        ``adopt``, in the same round trip, load the rooms that need an owner and have
        none (``Leases.keep``): the keeper's whole cost is one Redis call."""
        held = list(self._held.values())
        want = ORPHANS if adopt and self.on_orphan is not None else 0
        if not held and not want:
            return
        sent = time.monotonic()
        try:
            answers, orphans = await self.leases.keep([h.lease for h in held], want)
        except LeaseLost as exc:
            if not self._redis_away:
                log.error("Redis cannot be reached (%s): rooms keep running until their leases run out", exc)
                self._redis_away = True
            for h in held:
                if not h.valid():
                    await self._lose(h.lease.code, "its lease ran out: Redis cannot be reached")
            return
        if self._redis_away:
            log.warning("Redis is back: the room leases are renewed again")
            self._redis_away = False
        for h in held:
            if answers.get(h.lease.code):
                h.valid_until = sent + self.ttl_s * MARGIN
            else:
                await self._lose(h.lease.code, "another node took its lease")
        self._adopt(orphans)

    async def confirm(self, held: Held) -> bool:
        """Renew one lease now; whether it is still ours (the keeper handles a loss)."""
        if self._held.get(held.lease.code) is not held:
            return False
        sent = time.monotonic()
        try:
            answers = await self.leases.renew_all([held.lease])
        except LeaseLost:
            return False
        if not answers.get(held.lease.code):
            return False
        held.valid_until = sent + self.ttl_s * MARGIN
        return True

    def _adopt(self, codes: list[str]) -> None:
        for code in codes:
            if code not in self._held and code not in self._jobs and self.on_orphan is not None:
                self._spawn(code, self.on_orphan(code))

    async def _lose(self, code: str, why: str) -> None:
        if self._held.pop(code, None) is None:
            return
        log.warning("room %s: %s; this node stops taking its commands", code, why)
        if self.on_lost is not None:
            self._spawn(code, self.on_lost(code, why))

    def _spawn(self, code: str, job: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(job, name=f"room-lease-{code}")
        self._jobs[code] = task

        def done(finished: asyncio.Task[None]) -> None:
            if self._jobs.get(code) is finished:
                del self._jobs[code]
            if not finished.cancelled() and finished.exception() is not None:
                log.error("room %s: %s", code, finished.exception())

        task.add_done_callback(done)

    async def settle(self) -> None:
        """Wait for the give-ups and adoptions under way (tests)."""
        while self._jobs:
            await asyncio.gather(*self._jobs.values(), return_exceptions=True)
