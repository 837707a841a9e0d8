"""Rate limits (docs/protocol.md §4.4): a token bucket per seat (per address for
spectators) for WebSocket messages, and per client address for the HTTP API and
WebSocket upgrades; open sockets per address."""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from collections.abc import Callable

BURST = 20
RATE_PER_SECOND = 5.0


class TokenBucket:
    def __init__(
        self,
        capacity: int = BURST,
        rate: float = RATE_PER_SECOND,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.capacity = capacity
        self.rate = rate
        self._clock = clock
        self._tokens = float(capacity)
        self._at = clock()
        self._noticed_at = -math.inf

    def _refill(self) -> float:
        now = self._clock()
        self._tokens = min(self.capacity, self._tokens + (now - self._at) * self.rate)
        self._at = now
        return now

    def take(self) -> bool:
        self._refill()
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        return False

    def retry_after(self) -> float:
        """Seconds until the next token (0 if one is there)."""
        self._refill()
        if self._tokens >= 1:
            return 0.0
        return (1 - self._tokens) / self.rate if self.rate > 0 else math.inf

    def notice_due(self) -> bool:
        """After a refused ``take``: should this refusal be answered?

        At most once per refill interval. A flooder that does not read would
        otherwise fill its own outbox with refusals and be closed (4408) rather
        than slowed down; the other refused messages are dropped silently.
        """
        now = self._clock()
        interval = 1 / self.rate if self.rate > 0 else math.inf
        if now - self._noticed_at < interval:
            return False
        self._noticed_at = now
        return True


class AddressBuckets:
    """One ``TokenBucket`` per client address, at most ``max_addresses`` of them.

    A new address beyond the bound pushes out the least recently used one, which
    has almost always refilled already (then forgetting it changes nothing). So
    many addresses cannot grow the server's memory; the price is that an attacker
    with more addresses than the bound gets fresh buckets, which a per-address
    limit cannot prevent anyway.
    """

    def __init__(
        self,
        capacity: int,
        rate: float,
        max_addresses: int,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.capacity = capacity
        self.rate = rate
        self.max_addresses = max(1, max_addresses)
        self._clock = clock
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def __len__(self) -> int:
        return len(self._buckets)

    def wait(self, address: str) -> float | None:
        """Like ``take`` without taking: None if ``address`` has a token left."""
        bucket = self._buckets.get(address)
        if bucket is None:
            return None
        seconds = bucket.retry_after()
        return seconds if seconds > 0 else None

    def bucket(self, key: str) -> TokenBucket:
        """The bucket of ``key`` (an address, or a seat: ``MessageBudgets``), made full
        when it is new; it becomes the most recently used."""
        bucket = self._buckets.get(key)
        if bucket is None:
            while len(self._buckets) >= self.max_addresses:
                self._buckets.popitem(last=False)
            bucket = self._buckets[key] = TokenBucket(self.capacity, self.rate, self._clock)
        else:
            self._buckets.move_to_end(key)
        return bucket

    def take(self, address: str) -> float | None:
        """None if ``address`` may go on (one token taken), else the seconds until it may."""
        bucket = self.bucket(address)
        if bucket.take():
            return None
        return bucket.retry_after()


class MessageBudgets:
    """The WebSocket message budget (``BURST`` then ``RATE_PER_SECOND``) of each seat,
    and of each address for spectators: a socket takes its budget from here, so a
    reconnect does not refill it (issue 30, finding 4). The sockets of one seat share
    one budget. Bounded like ``AddressBuckets``; an entry pushed out had refilled long ago.
    """

    def __init__(self, capacity: int, rate: float, max_keys: int, clock: Callable[[], float]) -> None:
        self._buckets = AddressBuckets(capacity, rate, max_keys, clock)

    def of_seat(self, room: str, pid: int) -> TokenBucket:
        return self._buckets.bucket(f"{room}/{pid}")

    def of_address(self, room: str, address: str) -> TokenBucket:
        return self._buckets.bucket(f"{room}@{address}")


class AddressCounts:
    """Open sockets per client address; an address with none is forgotten, so
    the table is never larger than the number of open sockets."""

    def __init__(self, limit: int) -> None:
        self.limit = limit  # 0: unlimited
        self._open: dict[str, int] = {}

    def __getitem__(self, address: str) -> int:
        return self._open.get(address, 0)

    def __len__(self) -> int:
        return len(self._open)

    def acquire(self, address: str) -> bool:
        """Count one more socket for ``address``, unless that would pass the limit."""
        count = self._open.get(address, 0)
        if self.limit and count >= self.limit:
            return False
        self._open[address] = count + 1
        return True

    def release(self, address: str) -> None:
        count = self._open.get(address, 0) - 1
        if count > 0:
            self._open[address] = count
        else:
            self._open.pop(address, None)
