"""The action catalogue (Appendix C) as data.

Each night move code has: the pipeline step that executes it, its class
(H hostile, W watch, V visit, S self; A-CLASS), its clan same-type key
(A-CLAN-6), how it targets, and which roles may make it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..night.step_ids import StepId
from .codes import Move, Role

# target kinds
NONE = "none"  # no target
OTHER = "other"  # a living player other than the actor (A-MOVE-6, Q-75)
ANY = "any"  # self allowed (Doctor heal, Nurse pump, blessing, antidote)
JAILED_TODAY = "jailed_today"  # the Jailer's lynched-player actions


@dataclass(frozen=True, slots=True)
class ActionSpec:
    code: Move
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


def _a(code: Move, step: StepId | None, cls: str, ctype: str | None, target: str, *roles: str) -> ActionSpec:
    return ActionSpec(code, step, cls, ctype, target, frozenset(roles))


def _cops_shoot_later(spec: ActionSpec) -> ActionSpec:
    """The mafia shoots at 32, the Cops at 33 (A-ROLE-MAFIA-6, A-ROLE-COPS-5)."""
    cops = ((role, StepId.COPS_SHOT) for role in (Role.SHERIFF, Role.INVESTIGATOR))
    return replace(spec, steps_by_role=tuple(cops))


NON_UNDEAD = "*"  # marker: any non-Undead player (stake)
ITEM = "item"  # marker: any holder of the item

_SOLDIERS = (Role.SOLDIER, Role.JOURNALIST_SOLDIER)

ACTIONS: dict[str, ActionSpec] = {
    a.code.value: a
    for a in (
        _a(Move.STAY_HOME, None, "S", None, NONE),
        _a(Move.STAKE, StepId.STAKES, "H", None, OTHER, NON_UNDEAD),
        _a(Move.USE_DIPLOMA, StepId.DIPLOMAS, "S", "DIPLOMA", NONE, ITEM),
        _a(Move.PROSECUTOR_ACCUSE, StepId.PROSECUTOR_VOTE, "V", "VOTE_ALTER", OTHER, Role.PROSECUTOR),
        _a(Move.TELEPATH_VOTE, StepId.TELEPATH_VOTE, "V", None, OTHER, Role.TELEPATH),
        _a(Move.REBEL_VOTES, StepId.REBEL_VOTES, "V", None, NONE, Role.REBEL),
        _a(Move.SWINDLER_CHANGE, StepId.SWINDLER_VOTE, "V", None, NONE, Role.SWINDLER),
        _a(Move.VAMPIRE_GHOUL_VOTE, StepId.VAMPIRE_VOTE, "V", None, OTHER, Role.VAMPIRE),
        _a(Move.DRINK_VODKA, StepId.VODKA, "S", "VODKA", NONE, ITEM),
        _a(Move.USE_CARD_BOSS, StepId.CARDS, "V", "CARD", ANY, ITEM),
        _a(Move.USE_CARD_DOCTOR, StepId.CARDS, "V", "CARD", OTHER, ITEM),
        _a(Move.USE_CARD_SHERIFF, StepId.CARDS, "V", "CARD", OTHER, ITEM),
        _a(Move.USE_CARD_JOURNALIST, StepId.CARDS, "V", "CARD", OTHER, ITEM),
        _a(Move.GF_MUTE, StepId.GODFATHER, "V", None, OTHER, Role.GODFATHER),
        _a(Move.GF_BLOCK, StepId.GODFATHER, "V", None, OTHER, Role.GODFATHER),
        _a(Move.MAYOR_MUTE, StepId.MAYOR, "V", None, OTHER, Role.MAYOR),
        _a(Move.MAYOR_BLOCK, StepId.MAYOR, "V", None, OTHER, Role.MAYOR),
        _a(Move.NURSE_PUMP, StepId.NURSE, "V", None, ANY, Role.NURSE),
        _a(Move.NURSE_TEST, StepId.NURSE, "V", None, OTHER, Role.NURSE),
        _a(Move.NURSE_QUARANTINE, StepId.NURSE, "V", None, OTHER, Role.NURSE),
        _a(Move.NURSE_REPORT_VH, StepId.NURSE, "S", None, OTHER, Role.NURSE),
        _a(Move.USE_ANTIDOTE, StepId.ANTIDOTE, "V", "ANTIDOTE", ANY, ITEM),
        _a(Move.PRIEST_CONFESS, StepId.PRIEST, "V", None, OTHER, Role.PRIEST),
        _a(Move.PRIEST_BLESS, StepId.PRIEST, "V", None, ANY, Role.PRIEST),
        _a(Move.USE_VOUCHER, StepId.VOUCHERS, "V", "VOUCHER", OTHER, ITEM),
        _a(Move.TOUR_SEND, StepId.TOUR_OPERATOR, "V", None, OTHER, Role.TOUROP),
        _a(Move.TOUR_EXCURSION, StepId.TOUR_OPERATOR, "V", None, OTHER, Role.TOUROP),
        _a(Move.DOMOVOI_BLOCK, StepId.DOMOVOI, "V", None, OTHER, Role.DOMOVOI),
        _a(Move.DOMOVOI_BURN, StepId.DOMOVOI, "H", None, OTHER, Role.DOMOVOI),
        _a(Move.HEAL, StepId.DOCTOR, "V", None, ANY, Role.DOCTOR),
        _a(Move.SLEEPING_PILL, StepId.DOCTOR, "V", None, OTHER, Role.DOCTOR),
        _a(Move.TELEPATH_RETARGET, StepId.TELEPATH_RETARGET, "V", None, OTHER, Role.TELEPATH),
        _a(Move.FAIRY_GIFT, StepId.FAIRY, "V", None, OTHER, Role.FAIRY),
        _a(Move.EXECUTIONER_WATCH, StepId.EXECUTIONER, "W", None, OTHER, Role.EXECUTIONER),
        _a(
            Move.JOURNALIST_WATCH,
            StepId.JOURNALIST,
            "V",
            "WATCH",
            OTHER,
            Role.JOURNALIST,
            Role.JOURNALIST_SOLDIER,
        ),
        _a(Move.PV_WATCH, StepId.PV, "W", None, OTHER, Role.PV),
        _a(Move.PROTECT, StepId.BODYGUARD, "V", None, OTHER, Role.BODYGUARD),
        _a(Move.SHERIFF_RECRUIT, StepId.COPS_RECRUIT, "V", "RECRUIT", OTHER, Role.SHERIFF),
        _a(Move.RECRUIT, StepId.MAFIA_RECRUIT, "V", "RECRUIT", OTHER, Role.RECRUITER),
        _a(Move.MAKE_POISON, StepId.MAFIA_RECRUIT, "S", "MAKE", NONE, Role.RECRUITER, *_SOLDIERS),
        _a(Move.REBEL_RECRUIT, StepId.REBEL_RECRUIT, "V", None, OTHER, Role.REBEL),
        _a(Move.SEARCH_BOSS, StepId.COPS_SEARCH, "W", "SEARCH", OTHER, Role.SHERIFF),
        _a(Move.SEARCH_REBEL, StepId.COPS_SEARCH, "W", "SEARCH", OTHER, Role.SHERIFF),
        _a(Move.SEARCH_MANIAC, StepId.COPS_SEARCH, "W", "SEARCH", OTHER, Role.INVESTIGATOR),
        _a(Move.SEARCH_RECRUITER, StepId.COPS_SEARCH, "W", "SEARCH", OTHER, Role.INVESTIGATOR),
        _a(Move.SEARCH_SHERIFF, StepId.MAFIA_SEARCH, "W", "SEARCH", OTHER, Role.BOSS),
        _a(Move.SEARCH_INVESTIGATOR, StepId.MAFIA_SEARCH, "W", "SEARCH", OTHER, *_SOLDIERS),
        _a(Move.PROSECUTOR_SEARCH, StepId.PROSECUTOR, "W", None, OTHER, Role.PROSECUTOR),
        _a(Move.PROSECUTOR_REPORT, StepId.PROSECUTOR, "S", None, OTHER, Role.PROSECUTOR),
        _a(Move.SHMARA_NIGHT, StepId.SHMARA, "V", None, OTHER, Role.SHMARA),
        _a(Move.SHMARA_CLONIDINE, StepId.SHMARA, "H", None, OTHER, Role.SHMARA),
        _a(Move.SHMARA_STEAL, StepId.SHMARA, "S", None, NONE, Role.SHMARA),
        _a(Move.BITE, StepId.VAMPIRE, "H", None, OTHER, Role.VAMPIRE),
        _a(Move.MANIAC_BLOODY, StepId.MANIAC, "H", None, OTHER, Role.MANIAC),
        _a(Move.MANIAC_QUICK, StepId.MANIAC, "H", None, OTHER, Role.MANIAC),
        _a(Move.MANIAC_TORTURE, StepId.MANIAC, "V", None, OTHER, Role.MANIAC),
        _a(Move.REBEL_SHOOT, StepId.REBEL_SHOT, "H", "SHOOT", OTHER, "*rebel_shooter"),
        _cops_shoot_later(
            _a(
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
        _a(Move.POISON, StepId.MAFIA_SHOT, "H", "POISON", OTHER, Role.BOSS, Role.RECRUITER, *_SOLDIERS),
        _a(Move.GIFT_POISON, StepId.GIFT_POISON, "H", "POISON", OTHER, ITEM),
        _a(Move.EXPLODE, StepId.PSYCHO, "H", None, OTHER, Role.PSYCHO),
        _a(Move.MAKE_EXPLOSIVE, StepId.PSYCHO, "S", None, NONE, Role.PSYCHO),
        _a(Move.JAILER_SIN, StepId.JAILER, "V", None, OTHER, Role.JAILER),
        _a(Move.JAILER_CHECK_JAILED, StepId.JAILER, "V", None, JAILED_TODAY, Role.JAILER),
        _a(Move.JAILER_RELEASE, StepId.JAILER, "V", None, JAILED_TODAY, Role.JAILER),
        _a(Move.SWINDLER_CHOOSE, StepId.SWINDLER_CHOICE, "V", None, OTHER, Role.SWINDLER),
        _a(Move.VH_SEARCH_VAMPIRE, StepId.VAN_HELSING, "W", None, OTHER, Role.VH),
        _a(Move.VH_SEARCH_HORSEMAN, StepId.VAN_HELSING, "W", None, OTHER, Role.VH),
        _a(Move.VH_SEARCH_UNDEAD, StepId.VAN_HELSING, "W", None, OTHER, Role.VH),
        _a(Move.VH_SHOOT, StepId.VAN_HELSING, "H", None, OTHER, Role.VH),
        _a(Move.HORSEMAN_SEARCH, StepId.HORSEMAN, "W", None, OTHER, Role.HORSEMAN),
        _a(Move.REANIMATE, StepId.REANIMATOR, "V", None, NONE, Role.REANIMATOR),
        _a(Move.INTERROGATE, StepId.INTERROGATION, "V", "INTERROGATE", OTHER, Role.INVESTIGATOR),
    )
}

if set(ACTIONS) != set(Move):  # one row per move code (roles/codes.py), no other
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
