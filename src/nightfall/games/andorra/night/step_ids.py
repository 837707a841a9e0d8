"""The names of the night's steps (§11, A-ORDER-1, A-ORDER-3), in the night's order.

A step's value is its number in the source (``"15"``, ``"32c"``, ``"D7"``): the one
the audit, the death records and the tests show. Code names a step by its member
(``StepId.DOCTOR``), so a step is found by one grep of either. The order of the
members is the night's order; the table ``night.steps.NIGHT`` holds each step's
name and function and must list the members in this order (checked at import).
"""

from __future__ import annotations

from enum import StrEnum


class StepId(StrEnum):
    SNAPSHOT = "N0"  # the day's votes and the submitted moves taken in (A-TALLY-1)
    DIPLOMAS = "1"
    PROSECUTOR_VOTE = "2"
    TELEPATH_VOTE = "3"
    REBEL_VOTES = "4"
    SWINDLER_VOTE = "5"
    VAMPIRE_VOTE = "6"
    JAILING = "6a"
    EARLY_WIN = "6b"
    VODKA = "7"
    CARDS = "8"
    GODFATHER = "9"
    MAYOR = "10"
    NURSE = "11"
    ANTIDOTE = "11a"
    PRIEST = "12"
    VOUCHERS = "13a"
    TOUR_OPERATOR = "13"
    DOMOVOI = "14"
    DOCTOR = "15"
    TELEPATH_RETARGET = "16"
    FAIRY = "17"
    EXECUTIONER = "18"
    JOURNALIST = "19"
    PV = "20"
    BODYGUARD = "21"
    COPS_RECRUIT = "22"
    MAFIA_RECRUIT = "23"
    REBEL_RECRUIT = "24"
    COPS_SEARCH = "25"
    MAFIA_SEARCH = "26"
    PROSECUTOR = "27"
    SHMARA = "28"
    VAMPIRE = "29"
    MANIAC = "30"
    REBEL_SHOT = "31"
    MAFIA_SHOT = "32"
    GIFT_POISON = "32c"
    COPS_SHOT = "33"
    PSYCHO = "34"
    JAILER = "35"
    SWINDLER_CHOICE = "36"
    STAKES = "37"
    VAN_HELSING = "38"
    HORSEMAN = "39"
    DELAYED_DEATHS = "39a"
    REANIMATOR = "40"
    INTERROGATION = "41"
    SOBERING = "42"
    RETURN = "43"
    PV_CHOICES = "D1"
    RECRUITMENT = "D2"
    DAWN_CARDS = "D3"
    DAWN_RECRUITS = "D4"
    SUCCESSIONS = "D5"
    JAIL = "D6"
    PSYCHO_REVENGE = "D7"
    WIN = "D8"
    MORNING_POST = "D9"


# A step's place in the night: "before" and "after" between steps (A-BLOCK-2, A-MOVE-7).
IDX: dict[str, int] = {s.value: i for i, s in enumerate(StepId)}
