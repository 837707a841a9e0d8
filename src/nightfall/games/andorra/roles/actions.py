"""The action catalogue (Appendix C) as data.

Each night move code has: the pipeline step that executes it, its class
(H hostile, W watch, V visit, S self; A-CLASS), its clan same-type key
(A-CLAN-6), how it targets, and which roles may make it.
"""

from __future__ import annotations

from ..night.step_ids import StepId
from .action_spec import (
    ANY,
    ITEM,
    NON_UNDEAD,
    NONE,
    OTHER,
    ActionSpec,
    spec,
)
from .codes import Move
from .role_modules import PARTS, gather

_ROWS: tuple[ActionSpec, ...] = (
    spec(Move.STAY_HOME, None, "S", None, NONE),
    spec(Move.STAKE, StepId.STAKES, "H", None, OTHER, NON_UNDEAD),
    spec(Move.USE_DIPLOMA, StepId.DIPLOMAS, "S", "DIPLOMA", NONE, ITEM),
    spec(Move.DRINK_VODKA, StepId.VODKA, "S", "VODKA", NONE, ITEM),
    spec(Move.USE_CARD_BOSS, StepId.CARDS, "V", "CARD", ANY, ITEM),
    spec(Move.USE_CARD_DOCTOR, StepId.CARDS, "V", "CARD", OTHER, ITEM),
    spec(Move.USE_CARD_SHERIFF, StepId.CARDS, "V", "CARD", OTHER, ITEM),
    spec(Move.USE_CARD_JOURNALIST, StepId.CARDS, "V", "CARD", OTHER, ITEM),
    spec(Move.USE_ANTIDOTE, StepId.ANTIDOTE, "V", "ANTIDOTE", ANY, ITEM),
    spec(Move.USE_VOUCHER, StepId.VOUCHERS, "V", "VOUCHER", OTHER, ITEM),
    spec(Move.REBEL_SHOOT, StepId.REBEL_SHOT, "H", "SHOOT", OTHER, "*rebel_shooter"),
    spec(Move.GIFT_POISON, StepId.GIFT_POISON, "H", "POISON", OTHER, ITEM),
)
# The role modules and the clans' shared module add their rows (roles/role_modules.py); the table is in
# the order of the codes (codes.Move), which is Appendix C's.
_ALL_ROWS = (*_ROWS, *(row for m in PARTS for row in m.MOVES))
_BY_CODE = {a.code: a for a in _ALL_ROWS}
ACTIONS: dict[str, ActionSpec] = {m.value: _BY_CODE[m] for m in Move if m in _BY_CODE}

if set(ACTIONS) != set(Move) or len(_ALL_ROWS) != len(ACTIONS):  # one row per move code, no other
    raise ImportError(f"actions.ACTIONS and codes.Move differ: {set(ACTIONS) ^ set(Move)}")

# Moves that need an item the actor holds (A-MOVE-6): action -> item.
ITEM_NEEDED = {
    "USE_DIPLOMA": "DIPLOMA",
    "DRINK_VODKA": "VODKA",
    "USE_CARD_BOSS": "CARD_BOSS",
    "USE_CARD_DOCTOR": "CARD_DOCTOR",
    "USE_CARD_SHERIFF": "CARD_SHERIFF",
    "USE_CARD_JOURNALIST": "CARD_JOURNALIST",
    "USE_ANTIDOTE": "ANTIDOTE",
    "USE_VOUCHER": "VOUCHER",
    "GIFT_POISON": "POISON",
}

# "Not the same player two nights in a row" families (role limits, A-MOVE-6).
# The roles with a module of their own give theirs (roles/role_modules.py).
CONSECUTIVE_FAMILY: dict[str, str] = gather({}, (m.CONSECUTIVE_FAMILY for m in PARTS))

# Once per target per game (per-target limits).
_ONCE: dict[str, str] = {}
ONCE_PER_TARGET: dict[str, str] = gather(_ONCE, (m.ONCE_PER_TARGET for m in PARTS))
