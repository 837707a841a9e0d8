"""The role card (issue 20 point 8): what a player's role can do and what he holds, in Russian
and English, derived from the engine's own tables (Appendix A/C), never a hand copy."""

from __future__ import annotations

from typing import Any

from ..items import item_name
from ..moves import possible
from ..state import AndorraState, Player
from ..win import WIN_EN, WIN_RU
from .action_spec import ITEM, NON_UNDEAD
from .actions import ACTIONS
from .codes import Move
from .descriptions import description
from .move_names import move_name

# what the passive items do (A-MOVE-2: they never cost a move)
PASSIVE_WORDS = {
    "VEST": ("спасает от выстрела", "stops a shot"),
    "SIREN": ("отпугивает одно враждебное действие", "scares off one hostile action"),
    "CROSS": ("защищает от укуса Вампира", "protects from the Vampire's bite"),
}


def _group(p: Player, code: str) -> int:
    """The card's order: the role's own moves, the Rebel's shot, the stake, the items' uses,
    «сижу дома» (sorted() keeps the catalogue's order within each)."""
    roles = ACTIONS[code].roles
    if code == Move.STAY_HOME:
        return 4
    if p.role in roles:
        return 0
    return 3 if ITEM in roles else 2 if NON_UNDEAD in roles else 1


def role_card(state: AndorraState, p: Player) -> dict[str, Any]:
    """The moves he can make tonight as the state stands (his role's rules, his items, what he
    has used up: ``moves.possible``, the engine's own checks), in the catalogue's order with
    «сижу дома» last, and his items with what the passive ones do."""
    codes = sorted((c for c in ACTIONS if possible(state, p, c)), key=lambda c: _group(p, c))
    seen: set[tuple[str, str]] = set()
    moves = []
    for c in codes:
        words = (move_name(c, "ru"), move_name(c, "en"))
        if words not in seen:
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
