"""Jester (Nar): a normal cat who wins alone when exiled (H-JST-2, H-WIN-7).

Balance changes (docs/rules/heks.md): B-8 took away his mask, which made the Seer
read "Witch"; B-7 shows his seat to the Witches and the Crow at the role reveal
(H-JST-3), so the witch side stops voting him out by mistake.
"""

from __future__ import annotations

from ..state import HeksState, Player
from ..tables import JESTER, JESTER_KNOWN_TO


def known_to(state: HeksState, viewer: Player) -> int | None:
    """H-JST-3: the Jester's seat for a Witch or the Crow; None for everyone else."""
    if viewer.role not in JESTER_KNOWN_TO:
        return None
    return next((p.seat for p in state.players if p.role == JESTER), None)
