"""The action catalogue (Appendix C) as data.

Each night move code has: the pipeline step that executes it, its class
(H hostile, W watch, V visit, S self; A-CLASS), its clan same-type key
(A-CLAN-6), how it targets, and which roles may make it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..night.step_ids import StepId

# target kinds
NONE = "none"  # no target
OTHER = "other"  # a living player other than the actor (A-MOVE-6, Q-75)
ANY = "any"  # self allowed (Doctor heal, Nurse pump, blessing, antidote)
JAILED_TODAY = "jailed_today"  # the Jailer's lynched-player actions


@dataclass(frozen=True, slots=True)
class ActionSpec:
    code: str
    step: StepId | None  # None: staying home is no move of any step
    cls: str
    clan_type: str | None
    target: str
    roles: frozenset[str]
    # The roles for whom the move runs at another step (A-ROLE-COPS-5: the Cops shoot at 33).
    steps_by_role: tuple[tuple[str, StepId], ...] = ()

    def step_for(self, role: str) -> StepId | None:
        """The step at which this role's move runs."""
        return next((step for r, step in self.steps_by_role if r == role), self.step)


def _a(code: str, step: StepId | None, cls: str, ctype: str | None, target: str, *roles: str) -> ActionSpec:
    return ActionSpec(code, step, cls, ctype, target, frozenset(roles))


def _cops_shoot_later(spec: ActionSpec) -> ActionSpec:
    """The mafia shoots at 32, the Cops at 33 (A-ROLE-MAFIA-6, A-ROLE-COPS-5)."""
    cops = ((role, StepId.COPS_SHOT) for role in ("SHERIFF", "INVESTIGATOR"))
    return replace(spec, steps_by_role=tuple(cops))


NON_UNDEAD = "*"  # marker: any non-Undead player (stake)
ITEM = "item"  # marker: any holder of the item

_SOLDIERS = ("SOLDIER", "JOURNALIST_SOLDIER")

ACTIONS: dict[str, ActionSpec] = {
    a.code: a
    for a in (
        _a("STAY_HOME", None, "S", None, NONE),
        _a("STAKE", StepId.STAKES, "H", None, OTHER, NON_UNDEAD),
        _a("USE_DIPLOMA", StepId.DIPLOMAS, "S", "DIPLOMA", NONE, ITEM),
        _a("PROSECUTOR_ACCUSE", StepId.PROSECUTOR_VOTE, "V", "VOTE_ALTER", OTHER, "PROSECUTOR"),
        _a("TELEPATH_VOTE", StepId.TELEPATH_VOTE, "V", None, OTHER, "TELEPATH"),
        _a("REBEL_VOTES", StepId.REBEL_VOTES, "V", None, NONE, "REBEL"),
        _a("SWINDLER_CHANGE", StepId.SWINDLER_VOTE, "V", None, NONE, "SWINDLER"),
        _a("VAMPIRE_GHOUL_VOTE", StepId.VAMPIRE_VOTE, "V", None, OTHER, "VAMPIRE"),
        _a("DRINK_VODKA", StepId.VODKA, "S", "VODKA", NONE, ITEM),
        _a("USE_CARD_BOSS", StepId.CARDS, "V", "CARD", ANY, ITEM),
        _a("USE_CARD_DOCTOR", StepId.CARDS, "V", "CARD", OTHER, ITEM),
        _a("USE_CARD_SHERIFF", StepId.CARDS, "V", "CARD", OTHER, ITEM),
        _a("USE_CARD_JOURNALIST", StepId.CARDS, "V", "CARD", OTHER, ITEM),
        _a("GF_MUTE", StepId.GODFATHER, "V", None, OTHER, "GODFATHER"),
        _a("GF_BLOCK", StepId.GODFATHER, "V", None, OTHER, "GODFATHER"),
        _a("MAYOR_MUTE", StepId.MAYOR, "V", None, OTHER, "MAYOR"),
        _a("MAYOR_BLOCK", StepId.MAYOR, "V", None, OTHER, "MAYOR"),
        _a("NURSE_PUMP", StepId.NURSE, "V", None, ANY, "NURSE"),
        _a("NURSE_TEST", StepId.NURSE, "V", None, OTHER, "NURSE"),
        _a("NURSE_QUARANTINE", StepId.NURSE, "V", None, OTHER, "NURSE"),
        _a("NURSE_REPORT_VH", StepId.NURSE, "S", None, OTHER, "NURSE"),
        _a("USE_ANTIDOTE", StepId.ANTIDOTE, "V", "ANTIDOTE", ANY, ITEM),
        _a("PRIEST_CONFESS", StepId.PRIEST, "V", None, OTHER, "PRIEST"),
        _a("PRIEST_BLESS", StepId.PRIEST, "V", None, ANY, "PRIEST"),
        _a("USE_VOUCHER", StepId.VOUCHERS, "V", "VOUCHER", OTHER, ITEM),
        _a("TOUR_SEND", StepId.TOUR_OPERATOR, "V", None, OTHER, "TOUROP"),
        _a("TOUR_EXCURSION", StepId.TOUR_OPERATOR, "V", None, OTHER, "TOUROP"),
        _a("DOMOVOI_BLOCK", StepId.DOMOVOI, "V", None, OTHER, "DOMOVOI"),
        _a("DOMOVOI_BURN", StepId.DOMOVOI, "H", None, OTHER, "DOMOVOI"),
        _a("HEAL", StepId.DOCTOR, "V", None, ANY, "DOCTOR"),
        _a("SLEEPING_PILL", StepId.DOCTOR, "V", None, OTHER, "DOCTOR"),
        _a("TELEPATH_RETARGET", StepId.TELEPATH_RETARGET, "V", None, OTHER, "TELEPATH"),
        _a("FAIRY_GIFT", StepId.FAIRY, "V", None, OTHER, "FAIRY"),
        _a("EXECUTIONER_WATCH", StepId.EXECUTIONER, "W", None, OTHER, "EXECUTIONER"),
        _a("JOURNALIST_WATCH", StepId.JOURNALIST, "V", "WATCH", OTHER, "JOURNALIST", "JOURNALIST_SOLDIER"),
        _a("PV_WATCH", StepId.PV, "W", None, OTHER, "PV"),
        _a("PROTECT", StepId.BODYGUARD, "V", None, OTHER, "BODYGUARD"),
        _a("SHERIFF_RECRUIT", StepId.COPS_RECRUIT, "V", "RECRUIT", OTHER, "SHERIFF"),
        _a("RECRUIT", StepId.MAFIA_RECRUIT, "V", "RECRUIT", OTHER, "RECRUITER"),
        _a("MAKE_POISON", StepId.MAFIA_RECRUIT, "S", "MAKE", NONE, "RECRUITER", *_SOLDIERS),
        _a("REBEL_RECRUIT", StepId.REBEL_RECRUIT, "V", None, OTHER, "REBEL"),
        _a("SEARCH_BOSS", StepId.COPS_SEARCH, "W", "SEARCH", OTHER, "SHERIFF"),
        _a("SEARCH_REBEL", StepId.COPS_SEARCH, "W", "SEARCH", OTHER, "SHERIFF"),
        _a("SEARCH_MANIAC", StepId.COPS_SEARCH, "W", "SEARCH", OTHER, "INVESTIGATOR"),
        _a("SEARCH_RECRUITER", StepId.COPS_SEARCH, "W", "SEARCH", OTHER, "INVESTIGATOR"),
        _a("SEARCH_SHERIFF", StepId.MAFIA_SEARCH, "W", "SEARCH", OTHER, "BOSS"),
        _a("SEARCH_INVESTIGATOR", StepId.MAFIA_SEARCH, "W", "SEARCH", OTHER, *_SOLDIERS),
        _a("PROSECUTOR_SEARCH", StepId.PROSECUTOR, "W", None, OTHER, "PROSECUTOR"),
        _a("PROSECUTOR_REPORT", StepId.PROSECUTOR, "S", None, OTHER, "PROSECUTOR"),
        _a("SHMARA_NIGHT", StepId.SHMARA, "V", None, OTHER, "SHMARA"),
        _a("SHMARA_CLONIDINE", StepId.SHMARA, "H", None, OTHER, "SHMARA"),
        _a("SHMARA_STEAL", StepId.SHMARA, "S", None, NONE, "SHMARA"),
        _a("BITE", StepId.VAMPIRE, "H", None, OTHER, "VAMPIRE"),
        _a("MANIAC_BLOODY", StepId.MANIAC, "H", None, OTHER, "MANIAC"),
        _a("MANIAC_QUICK", StepId.MANIAC, "H", None, OTHER, "MANIAC"),
        _a("MANIAC_TORTURE", StepId.MANIAC, "V", None, OTHER, "MANIAC"),
        _a("REBEL_SHOOT", StepId.REBEL_SHOT, "H", "SHOOT", OTHER, "*rebel_shooter"),
        _cops_shoot_later(
            _a(
                "SHOOT",
                StepId.MAFIA_SHOT,
                "H",
                "SHOOT",
                OTHER,
                "BOSS",
                "RECRUITER",
                *_SOLDIERS,
                "SHERIFF",
                "INVESTIGATOR",
            )
        ),
        _a("POISON", StepId.MAFIA_SHOT, "H", "POISON", OTHER, "BOSS", "RECRUITER", *_SOLDIERS),
        _a("GIFT_POISON", StepId.GIFT_POISON, "H", "POISON", OTHER, ITEM),
        _a("EXPLODE", StepId.PSYCHO, "H", None, OTHER, "PSYCHO"),
        _a("MAKE_EXPLOSIVE", StepId.PSYCHO, "S", None, NONE, "PSYCHO"),
        _a("JAILER_SIN", StepId.JAILER, "V", None, OTHER, "JAILER"),
        _a("JAILER_CHECK_JAILED", StepId.JAILER, "V", None, JAILED_TODAY, "JAILER"),
        _a("JAILER_RELEASE", StepId.JAILER, "V", None, JAILED_TODAY, "JAILER"),
        _a("SWINDLER_CHOOSE", StepId.SWINDLER_CHOICE, "V", None, OTHER, "SWINDLER"),
        _a("VH_SEARCH_VAMPIRE", StepId.VAN_HELSING, "W", None, OTHER, "VH"),
        _a("VH_SEARCH_HORSEMAN", StepId.VAN_HELSING, "W", None, OTHER, "VH"),
        _a("VH_SEARCH_UNDEAD", StepId.VAN_HELSING, "W", None, OTHER, "VH"),
        _a("VH_SHOOT", StepId.VAN_HELSING, "H", None, OTHER, "VH"),
        _a("HORSEMAN_SEARCH", StepId.HORSEMAN, "W", None, OTHER, "HORSEMAN"),
        _a("REANIMATE", StepId.REANIMATOR, "V", None, NONE, "REANIMATOR"),
        _a("INTERROGATE", StepId.INTERROGATION, "V", "INTERROGATE", OTHER, "INVESTIGATOR"),
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
SEARCHES: dict[str, tuple[str, StepId | None]] = {
    "SEARCH_BOSS": ("BOSS", StepId.COPS_SHOT),
    "SEARCH_REBEL": ("REBEL", StepId.COPS_SHOT),
    "SEARCH_MANIAC": ("MANIAC", StepId.COPS_SHOT),
    "SEARCH_RECRUITER": ("RECRUITER", StepId.COPS_SHOT),
    "SEARCH_SHERIFF": ("SHERIFF", StepId.MAFIA_SHOT),
    "SEARCH_INVESTIGATOR": ("INVESTIGATOR", StepId.MAFIA_SHOT),
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
