"""The action catalogue (Appendix C) as data.

Each night move code has: the pipeline step that executes it, its class
(H hostile, W watch, V visit, S self; A-CLASS), its clan same-type key
(A-CLAN-6), how it targets, and which roles may make it.
"""

from __future__ import annotations

from dataclasses import dataclass

# target kinds
NONE = "none"  # no target
OTHER = "other"  # a living player other than the actor (A-MOVE-6, Q-75)
ANY = "any"  # self allowed (Doctor heal, Nurse pump, blessing, antidote)
JAILED_TODAY = "jailed_today"  # the Jailer's lynched-player actions


@dataclass(frozen=True, slots=True)
class ActionSpec:
    code: str
    step: str
    cls: str
    clan_type: str | None
    target: str
    roles: frozenset[str]


def _a(code: str, step: str, cls: str, ctype: str | None, target: str, *roles: str) -> ActionSpec:
    return ActionSpec(code, step, cls, ctype, target, frozenset(roles))


NON_UNDEAD = "*"  # marker: any non-Undead player (stake)
ITEM = "item"  # marker: any holder of the item

_SOLDIERS = ("SOLDIER", "JOURNALIST_SOLDIER")

ACTIONS: dict[str, ActionSpec] = {
    a.code: a
    for a in (
        _a("STAY_HOME", "-", "S", None, NONE),
        _a("STAKE", "37", "H", None, OTHER, NON_UNDEAD),
        _a("USE_DIPLOMA", "1", "S", "DIPLOMA", NONE, ITEM),
        _a("PROSECUTOR_ACCUSE", "2", "V", "VOTE_ALTER", OTHER, "PROSECUTOR"),
        _a("TELEPATH_VOTE", "3", "V", None, OTHER, "TELEPATH"),
        _a("REBEL_VOTES", "4", "V", None, NONE, "REBEL"),
        _a("SWINDLER_CHANGE", "5", "V", None, NONE, "SWINDLER"),
        _a("VAMPIRE_GHOUL_VOTE", "6", "V", None, OTHER, "VAMPIRE"),
        _a("DRINK_VODKA", "7", "S", "VODKA", NONE, ITEM),
        _a("USE_CARD_BOSS", "8", "V", "CARD", ANY, ITEM),
        _a("USE_CARD_DOCTOR", "8", "V", "CARD", OTHER, ITEM),
        _a("USE_CARD_SHERIFF", "8", "V", "CARD", OTHER, ITEM),
        _a("USE_CARD_JOURNALIST", "8", "V", "CARD", OTHER, ITEM),
        _a("GF_MUTE", "9", "V", None, OTHER, "GODFATHER"),
        _a("GF_BLOCK", "9", "V", None, OTHER, "GODFATHER"),
        _a("MAYOR_MUTE", "10", "V", None, OTHER, "MAYOR"),
        _a("MAYOR_BLOCK", "10", "V", None, OTHER, "MAYOR"),
        _a("NURSE_PUMP", "11", "V", None, ANY, "NURSE"),
        _a("NURSE_TEST", "11", "V", None, OTHER, "NURSE"),
        _a("NURSE_QUARANTINE", "11", "V", None, OTHER, "NURSE"),
        _a("NURSE_REPORT_VH", "11", "S", None, OTHER, "NURSE"),
        _a("USE_ANTIDOTE", "11a", "V", "ANTIDOTE", ANY, ITEM),
        _a("PRIEST_CONFESS", "12", "V", None, OTHER, "PRIEST"),
        _a("PRIEST_BLESS", "12", "V", None, ANY, "PRIEST"),
        _a("USE_VOUCHER", "13a", "V", "VOUCHER", OTHER, ITEM),
        _a("TOUR_SEND", "13", "V", None, OTHER, "TOUROP"),
        _a("TOUR_EXCURSION", "13", "V", None, OTHER, "TOUROP"),
        _a("DOMOVOI_BLOCK", "14", "V", None, OTHER, "DOMOVOI"),
        _a("DOMOVOI_BURN", "14", "H", None, OTHER, "DOMOVOI"),
        _a("HEAL", "15", "V", None, ANY, "DOCTOR"),
        _a("SLEEPING_PILL", "15", "V", None, OTHER, "DOCTOR"),
        _a("TELEPATH_RETARGET", "16", "V", None, OTHER, "TELEPATH"),
        _a("FAIRY_GIFT", "17", "V", None, OTHER, "FAIRY"),
        _a("EXECUTIONER_WATCH", "18", "W", None, OTHER, "EXECUTIONER"),
        _a("JOURNALIST_WATCH", "19", "V", "WATCH", OTHER, "JOURNALIST", "JOURNALIST_SOLDIER"),
        _a("PV_WATCH", "20", "W", None, OTHER, "PV"),
        _a("PROTECT", "21", "V", None, OTHER, "BODYGUARD"),
        _a("SHERIFF_RECRUIT", "22", "V", "RECRUIT", OTHER, "SHERIFF"),
        _a("RECRUIT", "23", "V", "RECRUIT", OTHER, "RECRUITER"),
        _a("MAKE_POISON", "23", "S", "MAKE", NONE, "RECRUITER", *_SOLDIERS),
        _a("REBEL_RECRUIT", "24", "V", None, OTHER, "REBEL"),
        _a("SEARCH_BOSS", "25", "W", "SEARCH", OTHER, "SHERIFF"),
        _a("SEARCH_REBEL", "25", "W", "SEARCH", OTHER, "SHERIFF"),
        _a("SEARCH_MANIAC", "25", "W", "SEARCH", OTHER, "INVESTIGATOR"),
        _a("SEARCH_RECRUITER", "25", "W", "SEARCH", OTHER, "INVESTIGATOR"),
        _a("SEARCH_SHERIFF", "26", "W", "SEARCH", OTHER, "BOSS"),
        _a("SEARCH_INVESTIGATOR", "26", "W", "SEARCH", OTHER, *_SOLDIERS),
        _a("PROSECUTOR_SEARCH", "27", "W", None, OTHER, "PROSECUTOR"),
        _a("PROSECUTOR_REPORT", "27", "S", None, OTHER, "PROSECUTOR"),
        _a("SHMARA_NIGHT", "28", "V", None, OTHER, "SHMARA"),
        _a("SHMARA_CLONIDINE", "28", "H", None, OTHER, "SHMARA"),
        _a("SHMARA_STEAL", "28", "S", None, NONE, "SHMARA"),
        _a("BITE", "29", "H", None, OTHER, "VAMPIRE"),
        _a("MANIAC_BLOODY", "30", "H", None, OTHER, "MANIAC"),
        _a("MANIAC_QUICK", "30", "H", None, OTHER, "MANIAC"),
        _a("MANIAC_TORTURE", "30", "V", None, OTHER, "MANIAC"),
        _a("REBEL_SHOOT", "31", "H", "SHOOT", OTHER, "*rebel_shooter"),
        _a("SHOOT", "32", "H", "SHOOT", OTHER, "BOSS", "RECRUITER", *_SOLDIERS, "SHERIFF", "INVESTIGATOR"),
        _a("POISON", "32", "H", "POISON", OTHER, "BOSS", "RECRUITER", *_SOLDIERS),
        _a("GIFT_POISON", "32c", "H", "POISON", OTHER, ITEM),
        _a("EXPLODE", "34", "H", None, OTHER, "PSYCHO"),
        _a("MAKE_EXPLOSIVE", "34", "S", None, NONE, "PSYCHO"),
        _a("JAILER_SIN", "35", "V", None, OTHER, "JAILER"),
        _a("JAILER_CHECK_JAILED", "35", "V", None, JAILED_TODAY, "JAILER"),
        _a("JAILER_RELEASE", "35", "V", None, JAILED_TODAY, "JAILER"),
        _a("SWINDLER_CHOOSE", "36", "V", None, OTHER, "SWINDLER"),
        _a("VH_SEARCH_VAMPIRE", "38", "W", None, OTHER, "VH"),
        _a("VH_SEARCH_HORSEMAN", "38", "W", None, OTHER, "VH"),
        _a("VH_SEARCH_UNDEAD", "38", "W", None, OTHER, "VH"),
        _a("VH_SHOOT", "38", "H", None, OTHER, "VH"),
        _a("HORSEMAN_SEARCH", "39", "W", None, OTHER, "HORSEMAN"),
        _a("REANIMATE", "40", "V", None, NONE, "REANIMATOR"),
        _a("INTERROGATE", "41", "V", "INTERROGATE", OTHER, "INVESTIGATOR"),
    )
}

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
SEARCHES: dict[str, tuple[str, str | None]] = {
    "SEARCH_BOSS": ("BOSS", "33"),
    "SEARCH_REBEL": ("REBEL", "33"),
    "SEARCH_MANIAC": ("MANIAC", "33"),
    "SEARCH_RECRUITER": ("RECRUITER", "33"),
    "SEARCH_SHERIFF": ("SHERIFF", "32"),
    "SEARCH_INVESTIGATOR": ("INVESTIGATOR", "32"),
}

# "Not the same player two nights in a row" families (role limits, A-MOVE-6).
CONSECUTIVE_FAMILY: dict[str, str] = {
    "GF_MUTE": "GF",
    "GF_BLOCK": "GF",
    "MAYOR_MUTE": "MAYOR",
    "MAYOR_BLOCK": "MAYOR",
    "PROTECT": "BODYGUARD",
    "TOUR_SEND": "TOUROP",
    "TOUR_EXCURSION": "TOUROP",
    "TELEPATH_VOTE": "TELEPATH",
    "TELEPATH_RETARGET": "TELEPATH",
    "SHMARA_NIGHT": "SHMARA",
    "SHMARA_CLONIDINE": "SHMARA",
    "DOMOVOI_BLOCK": "DOMOVOI",
    "SWINDLER_CHOOSE": "SWINDLER",
}

# Once per target per game (per-target limits).
ONCE_PER_TARGET: dict[str, str] = {
    "GF_MUTE": "GF_MUTE",
    "GF_BLOCK": "GF_BLOCK",
    "MAYOR_MUTE": "MAYOR_MUTE",
    "MAYOR_BLOCK": "MAYOR_BLOCK",
    "HEAL": "HEAL",
    "NURSE_PUMP": "PUMP",
    "PRIEST_CONFESS": "CONFESS",
    "TOUR_SEND": "TOUR",
    "TOUR_EXCURSION": "EXCURSION",
    "SHMARA_CLONIDINE": "CLONIDINE",
}
