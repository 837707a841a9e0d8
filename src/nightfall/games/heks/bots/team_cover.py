"""How well a team's claimed hands cover the recipe, for scoring many teams at once.

A team's cover value depends only on which recipe ingredients each member can play, and
not on the members' order: it is a function of the *multiset* of their can-masks. So each
seat gets a code per decision (``member_code``), a team's code is the sum of its members'
codes, and the value is looked up per code. Per process there are few distinct codes
(C(19, 4) = 3,876 for teams of four), where the old key (a tuple of index tuples, in seat
order) kept missing: ~260 new patterns a game, each matched anew.
"""

from __future__ import annotations

_COUNT_BITS = 4  # a team never holds 16 members with the same can-mask

_VALUES: dict[int, float] = {}  # team code -> cover value


def member_code(mask: int) -> int:
    """One member's share of a team code: a count of 1 in the field of its can-mask."""
    return 1 << (_COUNT_BITS * mask)


def cover_value(code: int) -> float:
    """0.9 if the members can play every one of the recipe's first k ingredients (k members),
    else 0.15 x the largest number they can play at once / k: ``strong_moves._matching``'s value."""
    found = _VALUES.get(code)
    if found is None:
        found = _VALUES[code] = _value(_masks(code))
    return found


def _masks(code: int) -> list[int]:
    masks: list[int] = []
    mask, field = 0, (1 << _COUNT_BITS) - 1
    while code:
        masks.extend([mask] * (code & field))
        code >>= _COUNT_BITS
        mask += 1
    return masks


def _value(masks: list[int]) -> float:
    """A maximum matching of members to ingredient indices (Kuhn's augmenting paths)."""
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

    k = len(masks)
    hit = sum(1 for m in range(k) if augment(m, set()))
    return 0.9 if hit == k else 0.15 * hit / max(k, 1)
