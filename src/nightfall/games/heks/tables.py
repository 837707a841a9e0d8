"""Every table of the spec, as data, in one place (Tables 2.1-2.4, constants, H-TIM-2)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

# Roles and sides (H-GEN-2, H-WIN-8).
VILLAGER: Final = "VILLAGER"
HERB_DOCTOR: Final = "HERB_DOCTOR"
PICKPOCKET: Final = "PICKPOCKET"
PROTECTOR: Final = "PROTECTOR"
SEER: Final = "SEER"
WITCH: Final = "WITCH"
CROW: Final = "CROW"
JESTER: Final = "JESTER"

SIDE: Final[dict[str, str]] = {
    VILLAGER: "village",
    HERB_DOCTOR: "village",
    PICKPOCKET: "village",
    PROTECTOR: "village",
    SEER: "village",
    WITCH: "witch",
    CROW: "witch",
    JESTER: "solo",
}

# Table 2.1 columns in this order.
ROLE_COLUMNS: Final = (WITCH, CROW, JESTER, SEER, HERB_DOCTOR, PROTECTOR, PICKPOCKET, VILLAGER)
ROLE_TABLE: Final[dict[int, tuple[int, ...]]] = {
    4: (1, 1, 0, 1, 0, 1, 0, 0),  # B-16: a Witch, a Crow, a Seer and a Protector
    5: (1, 1, 0, 0, 1, 1, 0, 1),  # B-5: a Crow instead of the Seer
    6: (1, 1, 0, 1, 0, 1, 1, 1),  # B-15: a Witch and a Crow; a Pickpocket, no Herb Doctor
    7: (2, 1, 0, 1, 1, 1, 1, 0),  # B-6: a Crow instead of the Villager
    8: (2, 1, 0, 0, 1, 1, 1, 2),
    9: (2, 2, 1, 1, 1, 1, 1, 0),  # B-9: a second Crow instead of the Villager
    10: (3, 1, 1, 1, 1, 1, 1, 1),  # B-9: a third Witch instead of a Villager
    11: (3, 2, 1, 1, 1, 1, 1, 1),  # B-9: a second Crow instead of a Villager
    12: (3, 2, 1, 1, 1, 1, 1, 2),  # B-9: a second Crow instead of a Villager
}


def role_multiset(players: int) -> list[str]:
    """Table 2.1 as a list of roles (H-SET-4 deals a random permutation of it)."""
    out: list[str] = []
    for role, n in zip(ROLE_COLUMNS, ROLE_TABLE[players], strict=True):
        out.extend([role] * n)
    return out


@dataclass(frozen=True, slots=True)
class Params:
    seals: int  # S
    knights_day: int  # K
    recipe: int  # R
    places: int  # places in play, P1..Pn
    attacks_from: int = 1  # A: the first day the witches may attack (H-WAT-9, balance change B-11)
    seer_from: int = 1  # E: the first day the Seer may check (H-SEE-4, balance change B-12)
    # Q: the share of the ballots (numerator, denominator) an exile needs before the knights'
    # day, or None for a plurality of one (H-EXC-8, balance change B-13).
    quorum: tuple[int, int] | None = None


THREE_QUARTERS: Final = (3, 4)

# H-JST-3 (balance change B-7): the roles shown the Jester's seat at the role reveal.
JESTER_KNOWN_TO: Final = frozenset({WITCH, CROW})

# Table 2.2.
PARAMS: Final[dict[int, Params]] = {
    4: Params(2, 4, 2, 3, attacks_from=4),  # B-16
    5: Params(2, 4, 2, 3, attacks_from=3, quorum=THREE_QUARTERS),  # B-13, B-14
    6: Params(4, 6, 3, 4, seer_from=2, quorum=THREE_QUARTERS),  # B-13, B-15
    7: Params(3, 5, 3, 4, attacks_from=3, seer_from=2),  # B-11, B-12
    8: Params(3, 5, 3, 4),
    9: Params(3, 5, 3, 5),
    10: Params(3, 5, 4, 5),
    11: Params(3, 5, 4, 6),  # B-10: S 4 -> 3, K 6 -> 5
    12: Params(4, 6, 4, 6),
}

MIN_PLAYERS: Final = 4
MAX_PLAYERS: Final = 12

# Table 2.3: place -> ingredient, in place-table order.
PLACES: Final = ("P1", "P2", "P3", "P4", "P5", "P6")
INGREDIENT_OF: Final[dict[str, str]] = {
    "P1": "MUSHROOM",
    "P2": "MOONFLOWER",
    "P3": "SPRINGWATER",
    "P4": "OWL_FEATHER",
    "P5": "CRYSTAL",
    "P6": "COBWEB",
}
INGREDIENTS: Final = tuple(INGREDIENT_OF[p] for p in PLACES)
INGREDIENT_ORDER: Final[dict[str, int]] = {ing: i for i, ing in enumerate(INGREDIENTS)}
EMPTY_PAW: Final = "EMPTY"

# Constants.
CURSE_MAX: Final = 3
HAND_LIMIT: Final = 3

# Table 2.4: spell -> spoiled rituals F needed (H-SPL-1).
MIST: Final = "MIST"
DISGUISE: Final = "DISGUISE"
CREEPING_CURSE: Final = "CREEPING_CURSE"
TWIN_HEX: Final = "TWIN_HEX"
SPELL_TIER: Final[dict[str, int]] = {MIST: 1, DISGUISE: 1, CREEPING_CURSE: 2, TWIN_HEX: 3}
SPELLS: Final = (MIST, DISGUISE, CREEPING_CURSE, TWIN_HEX)

# H-TIM-2, seconds. None = no timer in that mode.
TIMED_SECONDS: Final[dict[str, int]] = {
    "depart": 60,
    "guard": 20,
    "witch": 15,
    "propose": 60,
    "approve": 30,
    "quarrel": 4,
    "exile": 90,
    # H-TBL-3 [DESIGNED]: one absent player cannot stall the table in Timed mode.
    "confirm": 30,  # T_CONFIRM, each of the five Confirm/OK scenes (not the Ready of the role reveal)
    "ritual": 45,  # T_RITUAL
}
# Fixed in both modes [NL]: the witches' 15 s and the 4 s quarrel.
ALWAYS_TIMED: Final = frozenset({"witch", "quarrel"})
DISCUSS_MIN, DISCUSS_MAX, DISCUSS_STEP, DISCUSS_DEFAULT = 60, 600, 30, 180

# Reason codes (H-PRI-7).
SEALS_COMPLETE: Final = "SEALS_COMPLETE"
ALL_WITCHES_EXILED: Final = "ALL_WITCHES_EXILED"
ALL_WITCHES_FROGS: Final = "ALL_WITCHES_FROGS"
KNIGHTS_VOTE_WITCH: Final = "KNIGHTS_VOTE_WITCH"
TAKEOVER: Final = "TAKEOVER"
KNIGHTS_VOTE_FAILED: Final = "KNIGHTS_VOTE_FAILED"
JESTER_EXILED: Final = "JESTER_EXILED"
WINNER_OF: Final[dict[str, str]] = {
    SEALS_COMPLETE: "village",
    ALL_WITCHES_EXILED: "village",
    ALL_WITCHES_FROGS: "village",
    KNIGHTS_VOTE_WITCH: "village",
    TAKEOVER: "witch",
    KNIGHTS_VOTE_FAILED: "witch",
    JESTER_EXILED: "solo",
}
