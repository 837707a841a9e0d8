"""The role card (issue 20 point 8): what a player's role can do and what he holds, in Russian
and English, derived from the engine's own tables (Appendix A/C), never a hand copy."""

from __future__ import annotations

from typing import Any

from ..items import item_name
from ..state import Player
from ..win import WIN_EN, WIN_RU
from .actions import ACTIONS, ITEM, ITEM_NEEDED
from .descriptions import description
from .move_names import move_name

# what the passive items do (A-MOVE-2: they never cost a move)
PASSIVE_WORDS = {
    "VEST": ("спасает от выстрела", "stops a shot"),
    "SIREN": ("отпугивает одно враждебное действие", "scares off one hostile action"),
    "CROSS": ("защищает от укуса Вампира", "protects from the Vampire's bite"),
}


def role_card(p: Player) -> dict[str, Any]:
    """The moves his role and his items allow, and his items with what the passive ones do."""
    codes = [c for c, a in ACTIONS.items() if p.role in a.roles]
    if p.follower and "REBEL_SHOOT" not in codes:
        codes.append("REBEL_SHOOT")
    if not p.undead:  # A-STAKE: every non-Undead may join a stake hunt
        codes.append("STAKE")
    codes += [c for c, item in ITEM_NEEDED.items() if item in p.items and ITEM in ACTIONS[c].roles]
    codes.append("STAY_HOME")
    seen: set[tuple[str, str]] = set()
    moves = []
    for c in codes:
        words = (move_name(c, "ru"), move_name(c, "en"))
        if words not in seen and c in ACTIONS:
            seen.add(words)
            moves.append({"code": c, "ru": words[0], "en": words[1]})
    items = []
    for item, nights in sorted(p.items.items()):
        ru, en = item_name(item, "ru"), item_name(item, "en")
        if item in PASSIVE_WORDS:
            ru, en = f"{ru} — {PASSIVE_WORDS[item][0]}", f"{en} — {PASSIVE_WORDS[item][1]}"
        items.append({"ru": ru, "en": en, "count": len(nights)})
    return {
        "side": {"ru": WIN_RU[p.faction], "en": WIN_EN[p.faction]},
        # the seed's own description of the role (what it can do, its items)
        "description": description(p.role),
        "moves": moves,
        "items": items,
    }
