"""The action catalogue (Appendix C) as data.

Each night move code has: the pipeline step that executes it, its class
(H hostile, W watch, V visit, S self; A-CLASS), its clan same-type key
(A-CLAN-6), how it targets, and which roles may make it.
"""

from __future__ import annotations

from dataclasses import replace

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
from .codes import Move, Role
from .role_modules import OWN, gather


def _cops_shoot_later(row: ActionSpec) -> ActionSpec:
    """The mafia shoots at 32, the Cops at 33 (A-ROLE-MAFIA-6, A-ROLE-COPS-5)."""
    cops = ((role, StepId.COPS_SHOT) for role in (Role.SHERIFF, Role.INVESTIGATOR))
    return replace(row, steps_by_role=tuple(cops))


_SOLDIERS = (Role.SOLDIER, Role.JOURNALIST_SOLDIER)

_ROWS: tuple[ActionSpec, ...] = (
    spec(Move.STAY_HOME, None, "S", None, NONE),
    spec(Move.STAKE, StepId.STAKES, "H", None, OTHER, NON_UNDEAD),
    spec(Move.USE_DIPLOMA, StepId.DIPLOMAS, "S", "DIPLOMA", NONE, ITEM),
    spec(Move.TELEPATH_VOTE, StepId.TELEPATH_VOTE, "V", None, OTHER, Role.TELEPATH),
    spec(Move.REBEL_VOTES, StepId.REBEL_VOTES, "V", None, NONE, Role.REBEL),
    spec(Move.DRINK_VODKA, StepId.VODKA, "S", "VODKA", NONE, ITEM),
    spec(Move.USE_CARD_BOSS, StepId.CARDS, "V", "CARD", ANY, ITEM),
    spec(Move.USE_CARD_DOCTOR, StepId.CARDS, "V", "CARD", OTHER, ITEM),
    spec(Move.USE_CARD_SHERIFF, StepId.CARDS, "V", "CARD", OTHER, ITEM),
    spec(Move.USE_CARD_JOURNALIST, StepId.CARDS, "V", "CARD", OTHER, ITEM),
    spec(Move.USE_ANTIDOTE, StepId.ANTIDOTE, "V", "ANTIDOTE", ANY, ITEM),
    spec(Move.USE_VOUCHER, StepId.VOUCHERS, "V", "VOUCHER", OTHER, ITEM),
    spec(Move.TELEPATH_RETARGET, StepId.TELEPATH_RETARGET, "V", None, OTHER, Role.TELEPATH),
    spec(Move.SHERIFF_RECRUIT, StepId.COPS_RECRUIT, "V", "RECRUIT", OTHER, Role.SHERIFF),
    spec(Move.RECRUIT, StepId.MAFIA_RECRUIT, "V", "RECRUIT", OTHER, Role.RECRUITER),
    spec(Move.MAKE_POISON, StepId.MAFIA_RECRUIT, "S", "MAKE", NONE, Role.RECRUITER, *_SOLDIERS),
    spec(Move.REBEL_RECRUIT, StepId.REBEL_RECRUIT, "V", None, OTHER, Role.REBEL),
    spec(Move.SEARCH_BOSS, StepId.COPS_SEARCH, "W", "SEARCH", OTHER, Role.SHERIFF),
    spec(Move.SEARCH_REBEL, StepId.COPS_SEARCH, "W", "SEARCH", OTHER, Role.SHERIFF),
    spec(Move.SEARCH_MANIAC, StepId.COPS_SEARCH, "W", "SEARCH", OTHER, Role.INVESTIGATOR),
    spec(Move.SEARCH_RECRUITER, StepId.COPS_SEARCH, "W", "SEARCH", OTHER, Role.INVESTIGATOR),
    spec(Move.SEARCH_SHERIFF, StepId.MAFIA_SEARCH, "W", "SEARCH", OTHER, Role.BOSS),
    spec(Move.SEARCH_INVESTIGATOR, StepId.MAFIA_SEARCH, "W", "SEARCH", OTHER, *_SOLDIERS),
    spec(Move.REBEL_SHOOT, StepId.REBEL_SHOT, "H", "SHOOT", OTHER, "*rebel_shooter"),
    _cops_shoot_later(
        spec(
            Move.SHOOT,
            StepId.MAFIA_SHOT,
            "H",
            "SHOOT",
            OTHER,
            Role.BOSS,
            Role.RECRUITER,
            *_SOLDIERS,
            Role.SHERIFF,
            Role.INVESTIGATOR,
        )
    ),
    spec(Move.POISON, StepId.MAFIA_SHOT, "H", "POISON", OTHER, Role.BOSS, Role.RECRUITER, *_SOLDIERS),
    spec(Move.GIFT_POISON, StepId.GIFT_POISON, "H", "POISON", OTHER, ITEM),
    spec(Move.INTERROGATE, StepId.INTERROGATION, "V", "INTERROGATE", OTHER, Role.INVESTIGATOR),
)
# The roles with a module of their own add their rows (roles/role_modules.py); the table is in
# the order of the codes (codes.Move), which is Appendix C's.
_ALL_ROWS = (*_ROWS, *(row for m in OWN for row in m.MOVES))
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

# Searches: code -> (role sought, shoots when found at this step or None)
SEARCHES: dict[str, tuple[str, StepId | None]] = {
    "SEARCH_BOSS": (Role.BOSS, StepId.COPS_SHOT),
    "SEARCH_REBEL": (Role.REBEL, StepId.COPS_SHOT),
    "SEARCH_MANIAC": (Role.MANIAC, StepId.COPS_SHOT),
    "SEARCH_RECRUITER": (Role.RECRUITER, StepId.COPS_SHOT),
    "SEARCH_SHERIFF": (Role.SHERIFF, StepId.MAFIA_SHOT),
    "SEARCH_INVESTIGATOR": (Role.INVESTIGATOR, StepId.MAFIA_SHOT),
}

# "Not the same player two nights in a row" families (role limits, A-MOVE-6).
_NOT_TWICE_RUNNING: dict[str, str] = {
    "TELEPATH_VOTE": "TELEPATH",
    "TELEPATH_RETARGET": "TELEPATH",
}
CONSECUTIVE_FAMILY: dict[str, str] = gather(_NOT_TWICE_RUNNING, (m.CONSECUTIVE_FAMILY for m in OWN))

# Once per target per game (per-target limits).
_ONCE: dict[str, str] = {}
ONCE_PER_TARGET: dict[str, str] = gather(_ONCE, (m.ONCE_PER_TARGET for m in OWN))
