"""The bots' random numbers: ``Rng``'s own sequence, its outputs computed a block at a time.

A bot draws a tie-break for nearly every option it ranks, and one SplitMix64 output on
Python integers costs ~3,400 instructions (each of its big-integer operations allocates).
``engine.rng.mix``, the one definition of an output, also takes a numpy uint64 array of
states, so a block of outputs costs a few array operations. ``BlockRng`` is ``Rng`` with
only ``next_u64`` taken from that block: the draws (``below``, its rejection rule,
``choice``, ``sample``) are ``Rng``'s, so the numbers and the games are the same
(``tests/games/heks/test_bot_shortcuts.py``). The game's own generator stays ``Rng``: its
``state`` is part of the game state, which this one's is not (it runs ahead by a block).
"""

from __future__ import annotations

import numpy as np

from nightfall.engine.rng import GAMMA, MASK, Rng, limit, mix

BLOCK = 256  # outputs per refill: a 12-player heuristic game draws ~500
_STEPS = np.arange(1, BLOCK + 1, dtype=np.uint64) * np.uint64(GAMMA)  # the next BLOCK states, from 0


class BlockRng(Rng):
    """``Rng`` whose outputs come from a block computed ahead."""

    __slots__ = ("_next", "_out")

    def __init__(self, state: int) -> None:
        super().__init__(state)
        self._out: list[int] = []
        self._next = 0

    def _refill(self) -> None:
        self._out = mix(np.uint64(self.state) + _STEPS).tolist()  # wraps, as the states do
        self._next = 0
        self.state = (self.state + BLOCK * GAMMA) & MASK

    def next_u64(self) -> int:
        if self._next == len(self._out):
            self._refill()
        x = self._out[self._next]
        self._next += 1
        return x

    def below(self, n: int) -> int:
        """``Rng.below``, without a call per number when the block's next one is accepted."""
        if n > 1:
            i = self._next
            out = self._out
            if i < len(out):
                x = out[i]
                if x < limit(n):
                    self._next = i + 1
                    return x % n
        return super().below(n)

    def below_many(self, n: int, k: int) -> list[int]:
        """``Rng.below_many``, in one step when the block holds ``k`` numbers and none of
        them is rejected (the usual case: a rejection has odds of ``n`` in 2**64)."""
        if n > 1 and k > 0:
            i = self._next
            chunk = self._out[i : i + k]
            if len(chunk) == k and max(chunk) < limit(n):
                self._next = i + k
                return list(map(n.__rmod__, chunk))  # x % n for each, in C
        return super().below_many(n, k)
