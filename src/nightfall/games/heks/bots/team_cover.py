"""How well a team's claimed hands cover the recipe, for scoring many teams at once.

A team's cover value depends only on which recipe ingredients each member can play, and
not on the members' order: it is a function of the *multiset* of their can-masks. So each
seat gets a code per decision (``member_code``), a team's code is the sum of its members'
codes, and the value is read from a table of every multiset for teams of up to four
(C(19, 4) = 3,876 codes for four), built at the first lookup with the König-Ore formula:
the largest number of ingredients the members can play at once is k minus the largest
deficiency |S| - |N(S)| over sets S of members. The old key (a tuple of index tuples, in
seat order) kept missing: ~260 new patterns a game, each matched anew by Kuhn's paths.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

import numpy as np

_COUNT_BITS = 4  # a field per can-mask; a team never holds 16 members with the same mask
TABLE_K = 4  # the recipe has at most four ingredients (tables.PARAMS), so teams of up to four

VALUES: dict[int, float] = {}  # team code -> cover value


def member_code(mask: int) -> int:
    """One member's share of a team code: a count of 1 in the field of its can-mask."""
    return 1 << (_COUNT_BITS * mask)


def value_of(hit: int, k: int) -> float:
    """``strong_moves._matching``'s value: 0.9 if the k members can play all of the recipe's
    first k ingredients at once, else 0.15 x how many they can / k."""
    return 0.9 if hit == k else 0.15 * hit / max(k, 1)


def cover_value(code: int) -> float:
    found = VALUES.get(code)
    if found is None:
        if not VALUES:
            fill()
        found = VALUES.get(code)
        if found is None:  # a team larger than the table (not dealt today): count it
            masks = _masks(code)
            found = VALUES[code] = value_of(max_matching(masks), len(masks))
    return found


def fill() -> None:
    """Every multiset of can-masks for teams of 0 to ``TABLE_K`` members."""
    VALUES[0] = value_of(0, 0)
    for k in range(1, TABLE_K + 1):
        masks = np.array(list(combinations_with_replacement(range(1 << k), k)), dtype=np.int64)
        pop = np.array([bin(u).count("1") for u in range(1 << k)], dtype=np.int64)
        worst = np.zeros(len(masks), dtype=np.int64)  # the largest deficiency, the empty set's 0
        for s in range(1, 1 << k):
            members = [i for i in range(k) if s >> i & 1]
            union = np.bitwise_or.reduce(masks[:, members], axis=1)
            np.maximum(worst, len(members) - pop[union], out=worst)
        codes = (np.int64(1) << (_COUNT_BITS * masks)).sum(axis=1)
        values = [value_of(hit, k) for hit in range(k + 1)]
        VALUES.update(zip(codes.tolist(), [values[k - w] for w in worst.tolist()], strict=True))


def _masks(code: int) -> list[int]:
    masks: list[int] = []
    mask, field = 0, (1 << _COUNT_BITS) - 1
    while code:
        masks.extend([mask] * (code & field))
        code >>= _COUNT_BITS
        mask += 1
    return masks


def max_matching(masks: list[int]) -> int:
    """The largest number of members matched to distinct ingredient indices (Kuhn's paths)."""
    owner: dict[int, int] = {}  # ingredient index -> member

    def augment(m: int, seen: set[int]) -> bool:
        bits, i = masks[m], 0
        while bits >> i:
            if bits >> i & 1 and i not in seen:
                seen.add(i)
                if i not in owner or augment(owner[i], seen):
                    owner[i] = m
                    return True
            i += 1
        return False

    return sum(1 for m in range(len(masks)) if augment(m, set()))
