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
from functools import cache
from typing import Any, TypeVar

T = TypeVar("T")

MASK = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15  # the step between two states


def mix(z: Any) -> Any:
    """SplitMix64's output for the state ``z``: the one definition of the sequence's numbers.

    ``z`` is a state (an int in [0, 2**64)), or a numpy uint64 array of states: the bots'
    ``BlockRng`` (games/heks/bots/draws.py) computes a block of outputs at once, and numpy's
    uint64 arithmetic wraps modulo 2**64 as the masks here do (there they change nothing)."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


@cache  # a pure function of n, asked at every draw: kept per n, looked up without a Python call
def limit(n: int) -> int:
    """The rejection limit of ``below(n)``: a number at or above it is drawn again, so that
    ``x % n`` has no modulo bias (n >= 2)."""
    if n <= 0:
        raise ValueError("below() needs n >= 1")
    return (1 << 64) - ((1 << 64) % n)


@dataclass(slots=True)
class Rng:
    """SplitMix64 (Steele, Lea, Flood 2014). ``state`` is the only state."""

    state: int

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        return cls(seed & MASK)

    def next_u64(self) -> int:
        self.state = (self.state + GAMMA) & MASK
        out: int = mix(self.state)
        return out

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) by rejection sampling (no modulo bias); ``below(1)``
        draws nothing."""
        if n == 1:
            return 0
        bound = limit(n)
        while True:
            x = self.next_u64()
            if x < bound:
                return x % n

    def below_many(self, n: int, k: int) -> list[int]:
        """``[self.below(n) for _ in range(k)]`` (a bot ranking options draws a tie-break
        for each; ``BlockRng`` answers it in one step)."""
        return [self.below(n) for _ in range(k)]

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
