"""The seeded random number generator whose state lives in the game state.

The algorithm is pinned (SplitMix64) and implemented here rather than taken from
``random.Random``: CPython has changed how ``shuffle``/``sample``/``randrange``
consume randomness between versions, and a transcript must replay identically on
every Python we support. The whole generator state is one integer, so it is cheap
to copy and to serialise into the game state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_LIMITS: dict[int, int] = {}  # n -> the rejection limit of below(n), a pure function of n


@dataclass(slots=True)
class Rng:
    """SplitMix64 (Steele, Lea, Flood 2014). ``state`` is the only state."""

    state: int

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        return cls(seed & _MASK)

    def next_u64(self) -> int:
        self.state = (self.state + _GAMMA) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) by rejection sampling (no modulo bias).

        ``next_u64`` written out inline: bots draw a tie-break for nearly every option
        they rank, and the extra call was a few per cent of a simulated game."""
        limit = _LIMITS.get(n)  # only n >= 2 is ever stored, so the checks run on a miss only
        if limit is None:
            if n <= 0:
                raise ValueError("below() needs n >= 1")
            if n == 1:
                return 0
            limit = _LIMITS[n] = (1 << 64) - ((1 << 64) % n)
        while True:
            z = self.state = (self.state + _GAMMA) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            x = z ^ (z >> 31)
            if x < limit:
                return x % n

    def below_many(self, n: int, k: int) -> list[int]:
        """``[self.below(n) for _ in range(k)]``: the same numbers in the same order, in one
        call (a bot ranking options draws a tie-break for each)."""
        if k <= 0:
            return []
        limit = _LIMITS.get(n)
        if limit is None:
            if n <= 0:
                raise ValueError("below() needs n >= 1")
            if n == 1:
                return [0] * k
            limit = _LIMITS[n] = (1 << 64) - ((1 << 64) % n)
        out: list[int] = []
        append = out.append
        state = self.state
        for _ in range(k):
            while True:
                z = state = (state + _GAMMA) & _MASK
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                x = z ^ (z >> 31)
                if x < limit:
                    append(x % n)
                    break
        self.state = state
        return out

    def choice(self, options: Sequence[T]) -> T:
        return options[self.below(len(options))]

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates, from the end, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, options: Sequence[T], k: int) -> list[T]:
        """k distinct elements, uniformly, in draw order."""
        pool = list(options)
        if not 0 <= k <= len(pool):
            raise ValueError("sample size out of range")
        out: list[T] = []
        for _ in range(k):
            out.append(pool.pop(self.below(len(pool))))
        return out
