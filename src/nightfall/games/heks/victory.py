"""Victory checks, only at the three moments of §1.6 (H-PRI-1..3, H-PRI-5)."""

from __future__ import annotations

from collections.abc import Mapping

from .state import CAT, EXILED, FROG, HeksState, Player
from .tables import (
    ALL_WITCHES_EXILED,
    ALL_WITCHES_FROGS,
    JESTER,
    JESTER_EXILED,
    KNIGHTS_VOTE_FAILED,
    KNIGHTS_VOTE_WITCH,
    SIDE,
    TAKEOVER,
    WITCH,
)


def witch_cats(state: HeksState) -> int:
    """Wc (§0.5)."""
    return sum(1 for p in state.players if p.role == WITCH and p.status == CAT)


def non_witch_cats(state: HeksState) -> int:
    """Nc: the Crow and the Jester count here as village side (H-WIN-5, H-WIN-9)."""
    return sum(1 for p in state.players if p.role != WITCH and p.status == CAT)


def remaining_witches(state: HeksState) -> list[Player]:
    """W: witches not exiled."""
    return [p for p in state.players if p.role == WITCH and p.status != EXILED]


def takeover(state: HeksState) -> bool:
    """H-WIN-5: Nc <= Wc, impossible when Wc = 0."""
    wc = witch_cats(state)
    return wc > 0 and non_witch_cats(state) <= wc


def check_end_of_day(state: HeksState) -> str | None:
    """H-PRI-2 (with H-PRI-8: 'all remaining witches are frogs' is Wc = 0 here)."""
    if all(p.status == FROG for p in remaining_witches(state)):  # H-WIN-3
        return ALL_WITCHES_FROGS
    if takeover(state):  # H-WIN-5
        return TAKEOVER
    return None


def check_end_of_vote(state: HeksState, exiled: Player | None, knights_day: bool) -> str | None:
    """H-PRI-3 ① to ⑤."""
    if exiled is not None and exiled.role == JESTER:  # ① H-WIN-7
        return JESTER_EXILED
    if knights_day:  # ② H-WIN-4 / H-WIN-6
        return KNIGHTS_VOTE_WITCH if exiled is not None and exiled.role == WITCH else KNIGHTS_VOTE_FAILED
    witches = remaining_witches(state)
    if not witches:  # ③ H-WIN-2 (reported first when both hold, H-PRI-7)
        return ALL_WITCHES_EXILED
    if all(p.status == FROG for p in witches):  # ③ H-WIN-3
        return ALL_WITCHES_FROGS
    if takeover(state):  # ④ H-WIN-5
        return TAKEOVER
    return None  # ⑤


def score(state: HeksState) -> int:
    """H-PRI-4 / H-PRI-6: every frog at the end, whatever its side."""
    return sum(1 for p in state.players if p.status == FROG)


def winning_seats(winner: str, roles: Mapping[str, str]) -> list[int]:
    """H-WIN-8: every player of the winning side wins, frogs and exiled players too;
    the Jester alone when the solo side wins (H-WIN-7, H-WIN-9). ``roles`` as in the result."""
    return sorted(int(seat) for seat, role in roles.items() if SIDE[role] == winner)
