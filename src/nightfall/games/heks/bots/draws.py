"""The bots' random numbers: ``Rng``'s own sequence, computed many at a time (issue 21 §3).

A bot draws a tie-break for nearly every option it ranks, and one SplitMix64 step on
Python integers costs ~3,400 instructions (each of its dozen big-integer operations
allocates). numpy's uint64 arithmetic wraps modulo 2**64 as SplitMix64 does, so a block
of outputs is a few array operations; each draw then only takes the next number and
rejects exactly where ``Rng.below`` does. The numbers, and so the games, are the same
(``tests/games/heks/test_bot_shortcuts.py``). The game's own RNG stays ``Rng``: its
``state`` is part of the game state, which this one's is not (it runs ahead by a block).
"""

from __future__ import annotations

import numpy as np

from nightfall.engine import Rng
from nightfall.engine.rng import _GAMMA, _LIMITS, _MASK

BLOCK = 256  # outputs per refill: a 12-player heuristic game draws ~500
_STEPS = np.arange(1, BLOCK + 1, dtype=np.uint64) * np.uint64(_GAMMA)  # wraps, as SplitMix64 does
_C1, _C2 = np.uint64(0xBF58476D1CE4E5B9), np.uint64(0x94D049BB133111EB)
_S30, _S27, _S31 = np.uint64(30), np.uint64(27), np.uint64(31)


class BlockRng(Rng):
    """``Rng`` whose outputs come from a block computed ahead; only the methods the bots use
    (``below``, ``below_many`` and what is built on ``below``) draw from it."""

    __slots__ = ("_next", "_out")

    def __init__(self, state: int) -> None:
        super().__init__(state)
        self._out: list[int] = []
        self._next = 0

    def _refill(self) -> None:
        z = np.uint64(self.state) + _STEPS
        z ^= z >> _S30
        z *= _C1
        z ^= z >> _S27
        z *= _C2
        z ^= z >> _S31
        self._out = z.tolist()
        self._next = 0
        self.state = (self.state + BLOCK * _GAMMA) & _MASK

    def next_u64(self) -> int:
        if self._next == len(self._out):
            self._refill()
        x = self._out[self._next]
        self._next += 1
        return x

    def below(self, n: int) -> int:
        limit = _LIMITS.get(n)
        if limit is not None:  # the usual case, written out: a number left in the block, accepted
            i = self._next
            out = self._out
            if i < len(out):
                x = out[i]
                if x < limit:
                    self._next = i + 1
                    return x % n
        else:
            if n <= 0:
                raise ValueError("below() needs n >= 1")
            if n == 1:
                return 0
            limit = _LIMITS[n] = (1 << 64) - ((1 << 64) % n)
        while True:
            if self._next == len(self._out):
                self._refill()
            x = self._out[self._next]
            self._next += 1
            if x < limit:
                return x % n

    def below_many(self, n: int, k: int) -> list[int]:
        if k <= 0:
            return []
        if n <= 1:
            return [self.below(n)] * k  # 0s, or below's refusal of n < 1
        limit = _LIMITS.get(n)
        if limit is None:
            limit = _LIMITS[n] = (1 << 64) - ((1 << 64) % n)
        block, i = self._out, self._next
        j = i + k
        if j <= len(block):  # the usual case: k numbers left in the block, none rejected
            chunk = block[i:j]
            if max(chunk) < limit:
                self._next = j
                return list(map(n.__rmod__, chunk))  # x % n for each, in C
        out: list[int] = []
        while len(out) < k:
            if i == len(block):
                self._refill()
                block, i = self._out, 0
            x = block[i]
            i += 1
            if x < limit:
                out.append(x % n)
        self._next = i
        return out
