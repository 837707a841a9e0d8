"""Per-connection rate limit: a token bucket (docs/protocol.md §4.4)."""

from __future__ import annotations

import time
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

    def take(self) -> bool:
        now = self._clock()
        self._tokens = min(self.capacity, self._tokens + (now - self._at) * self.rate)
        self._at = now
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        return False
