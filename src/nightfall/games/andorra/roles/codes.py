"""Role codes and move codes (Appendix A and C) as enums: one name for each, found by one grep.

They are ``StrEnum``s: a member is the string itself (``Role.DOCTOR == "DOCTOR"``), so
stored transcripts, the state's JSON and the views are what they were with raw strings.
Code compares with members (``p.role == Role.PSYCHO``) and may store them; the catalogues
(``catalogue.ROLES``, ``actions.ACTIONS``) are keyed by the plain values, because orjson
refuses a ``str`` subclass as a dict key. Each catalogue checks at import that it has a
row for every member and no other.
"""

from __future__ import annotations

from enum import StrEnum


class Role(StrEnum):
    """A role's code (its row in ``catalogue.ROLES``), in the catalogue's order."""

    BOSS = "BOSS"  # Mafia Boss
    SOLDIER = "SOLDIER"  # Mafia Soldier
    RECRUITER = "RECRUITER"  # Mafia Recruiter
    GODFATHER = "GODFATHER"  # Godfather
    MAYOR = "MAYOR"  # Mayor
    DOCTOR = "DOCTOR"  # Doctor
    NURSE = "NURSE"  # Nurse
    REANIMATOR = "REANIMATOR"  # Reanimator
    SHERIFF = "SHERIFF"  # Sheriff
    INVESTIGATOR = "INVESTIGATOR"  # Investigator
    PRIEST = "PRIEST"  # Priest
    VH = "VH"  # Van Helsing
    JOURNALIST = "JOURNALIST"  # Journalist
    BODYGUARD = "BODYGUARD"  # Bodyguard
    PROSECUTOR = "PROSECUTOR"  # Prosecutor
    EXECUTIONER = "EXECUTIONER"  # Executioner
    JAILER = "JAILER"  # Jailer
    PV = "PV"  # Peaceful Villager
    FAIRY = "FAIRY"  # Fairy
    TOUROP = "TOUROP"  # Tour Operator
    MANIAC = "MANIAC"  # Maniac
    TELEPATH = "TELEPATH"  # Telepath
    SHMARA = "SHMARA"  # Clonidine Floozy
    PSYCHO = "PSYCHO"  # Psycho
    REBEL = "REBEL"  # Rebel
    SWINDLER = "SWINDLER"  # Swindler
    VAMPIRE = "VAMPIRE"  # Vampire
    DOMOVOI = "DOMOVOI"  # Domovoi
    HORSEMAN = "HORSEMAN"  # Headless Horseman
    JOURNALIST_SOLDIER = "JOURNALIST_SOLDIER"  # Journalist-Soldier


class Move(StrEnum):
    """A night move's code (its row in ``actions.ACTIONS``), in the catalogue's order."""

    STAY_HOME = "STAY_HOME"
    STAKE = "STAKE"
    USE_DIPLOMA = "USE_DIPLOMA"
    PROSECUTOR_ACCUSE = "PROSECUTOR_ACCUSE"
    TELEPATH_VOTE = "TELEPATH_VOTE"
    REBEL_VOTES = "REBEL_VOTES"
    SWINDLER_CHANGE = "SWINDLER_CHANGE"
    VAMPIRE_GHOUL_VOTE = "VAMPIRE_GHOUL_VOTE"
    DRINK_VODKA = "DRINK_VODKA"
    USE_CARD_BOSS = "USE_CARD_BOSS"
    USE_CARD_DOCTOR = "USE_CARD_DOCTOR"
    USE_CARD_SHERIFF = "USE_CARD_SHERIFF"
    USE_CARD_JOURNALIST = "USE_CARD_JOURNALIST"
    GF_MUTE = "GF_MUTE"
    GF_BLOCK = "GF_BLOCK"
    MAYOR_MUTE = "MAYOR_MUTE"
    MAYOR_BLOCK = "MAYOR_BLOCK"
    NURSE_PUMP = "NURSE_PUMP"
    NURSE_TEST = "NURSE_TEST"
    NURSE_QUARANTINE = "NURSE_QUARANTINE"
    NURSE_REPORT_VH = "NURSE_REPORT_VH"
    USE_ANTIDOTE = "USE_ANTIDOTE"
    PRIEST_CONFESS = "PRIEST_CONFESS"
    PRIEST_BLESS = "PRIEST_BLESS"
    USE_VOUCHER = "USE_VOUCHER"
    TOUR_SEND = "TOUR_SEND"
    TOUR_EXCURSION = "TOUR_EXCURSION"
    DOMOVOI_BLOCK = "DOMOVOI_BLOCK"
    DOMOVOI_BURN = "DOMOVOI_BURN"
    HEAL = "HEAL"
    SLEEPING_PILL = "SLEEPING_PILL"
    TELEPATH_RETARGET = "TELEPATH_RETARGET"
    FAIRY_GIFT = "FAIRY_GIFT"
    EXECUTIONER_WATCH = "EXECUTIONER_WATCH"
    JOURNALIST_WATCH = "JOURNALIST_WATCH"
    PV_WATCH = "PV_WATCH"
    PROTECT = "PROTECT"
    SHERIFF_RECRUIT = "SHERIFF_RECRUIT"
    RECRUIT = "RECRUIT"
    MAKE_POISON = "MAKE_POISON"
    REBEL_RECRUIT = "REBEL_RECRUIT"
    SEARCH_BOSS = "SEARCH_BOSS"
    SEARCH_REBEL = "SEARCH_REBEL"
    SEARCH_MANIAC = "SEARCH_MANIAC"
    SEARCH_RECRUITER = "SEARCH_RECRUITER"
    SEARCH_SHERIFF = "SEARCH_SHERIFF"
    SEARCH_INVESTIGATOR = "SEARCH_INVESTIGATOR"
    PROSECUTOR_SEARCH = "PROSECUTOR_SEARCH"
    PROSECUTOR_REPORT = "PROSECUTOR_REPORT"
    SHMARA_NIGHT = "SHMARA_NIGHT"
    SHMARA_CLONIDINE = "SHMARA_CLONIDINE"
    SHMARA_STEAL = "SHMARA_STEAL"
    BITE = "BITE"
    MANIAC_BLOODY = "MANIAC_BLOODY"
    MANIAC_QUICK = "MANIAC_QUICK"
    MANIAC_TORTURE = "MANIAC_TORTURE"
    REBEL_SHOOT = "REBEL_SHOOT"
    SHOOT = "SHOOT"
    POISON = "POISON"
    GIFT_POISON = "GIFT_POISON"
    EXPLODE = "EXPLODE"
    MAKE_EXPLOSIVE = "MAKE_EXPLOSIVE"
    JAILER_SIN = "JAILER_SIN"
    JAILER_CHECK_JAILED = "JAILER_CHECK_JAILED"
    JAILER_RELEASE = "JAILER_RELEASE"
    SWINDLER_CHOOSE = "SWINDLER_CHOOSE"
    VH_SEARCH_VAMPIRE = "VH_SEARCH_VAMPIRE"
    VH_SEARCH_HORSEMAN = "VH_SEARCH_HORSEMAN"
    VH_SEARCH_UNDEAD = "VH_SEARCH_UNDEAD"
    VH_SHOOT = "VH_SHOOT"
    HORSEMAN_SEARCH = "HORSEMAN_SEARCH"
    REANIMATE = "REANIMATE"
    INTERROGATE = "INTERROGATE"
