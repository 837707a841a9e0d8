"""What a finished game of Vang de Heks leaves in the server's record of real tables
(issue 34 §3): the deck it was dealt and the side that won, never who played.

The deck is read from the result's roles (H-VIS-2 shows them all at the end), so a game
dealt from any deck, standard or the host's own, is counted under the deck it really had.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ..interface import Tally
from .tables import MAX_PLAYERS, MIN_PLAYERS, ROLE_COLUMNS, SIDE


def deck_key(counts: Mapping[str, int]) -> str:
    """One deck's name in the record: the player count, then each role dealt with its
    count in Table 2.1's column order, e.g. ``7:WITCH=2,CROW=1,SEER=1,...``."""
    players = sum(counts.values())
    return f"{players}:" + ",".join(f"{role}={counts[role]}" for role in ROLE_COLUMNS if counts.get(role))


def parse_key(key: str) -> tuple[int, dict[str, int]]:
    """``deck_key`` read back: the player count and the roles' counts (for ``nightfall stats``)."""
    players, _, roles = key.partition(":")
    counts = {role: int(n) for role, _, n in (part.partition("=") for part in roles.split(",") if part)}
    return int(players), counts


def tally(result: Mapping[str, Any]) -> Tally | None:
    """The finished game's deck, winner and length; None for a result this cannot read
    (an older server's, or not a Heks result)."""
    roles, winner, day = result.get("roles"), result.get("winner"), result.get("day")
    if not isinstance(roles, Mapping) or not isinstance(winner, str) or not isinstance(day, int):
        return None
    dealt = Counter(roles.values())
    if not set(dealt) <= set(SIDE) or not MIN_PLAYERS <= sum(dealt.values()) <= MAX_PLAYERS:
        return None
    return Tally(deck=deck_key(dealt), side=winner, days=day)
