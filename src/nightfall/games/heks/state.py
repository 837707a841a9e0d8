"""The whole state of one game of Vang de Heks.

Plain slotted dataclasses: the state is updated in place by the command
handlers (validate first, then mutate), copied with ``copy.deepcopy`` where a
caller needs the old one, and dumped canonically by ``snapshot``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from nightfall.engine import Rng

from .tables import PLACES, Params
from .view_types import (
    HeksAnnouncement,
    HeksApprovalResult,
    HeksInboxItem,
    HeksRecapDay,
    HeksResult,
    HeksVoteResult,
)

CAT = "CAT"
FROG = "FROG"
EXILED = "EXILED"

# Phases (H-SEQ-1). MORNING and DAY_RESOLVE take no input: they run inside transitions.
ROLE_REVEAL = "ROLE_REVEAL"
VOTE_RESULT_SCENE = "VOTE_RESULT_SCENE"
DEPART_A = "DEPART_A"
GUARD_B = "GUARD_B"
WITCH_C = "WITCH_C"
EVENING_ANNOUNCE = "EVENING_ANNOUNCE"
DISCUSSION = "DISCUSSION"
PROPOSAL = "PROPOSAL"
APPROVAL_VOTE = "APPROVAL_VOTE"
ACCEPT_SCENE = "ACCEPT_SCENE"
REJECT_SCENE = "REJECT_SCENE"
RITUAL = "RITUAL"
RITUAL_RESULT = "RITUAL_RESULT"
QUARREL = "QUARREL"
EXILE_VOTE = "EXILE_VOTE"
GAME_END = "GAME_END"

# Scenes that every player, frogs and exiled included, must confirm (H-EVE-2, OQ-11).
CONFIRM_SCENES = frozenset({VOTE_RESULT_SCENE, EVENING_ANNOUNCE, ACCEPT_SCENE, REJECT_SCENE, RITUAL_RESULT})


@dataclass(slots=True)
class Player:
    seat: int
    name: str
    role: str
    status: str = CAT
    hand: list[str] = field(default_factory=list)  # oldest first (H-ING-2)


@dataclass(slots=True)
class WitchTurn:
    """One Witch's step-C choices, made in the fixed order place → spell → target (H-WAT-2)."""

    place: str | None = None
    spell_chosen: bool = False
    spell: str | None = None
    mist_place: str | None = None
    target_chosen: bool = False
    target: int | None = None
    second_chosen: bool = False
    second: int | None = None


@dataclass(slots=True)
class Day:
    """Everything that lives for one day (morning to the end of the exile vote)."""

    number: int
    recipe: list[str] = field(default_factory=list)
    closed: frozenset[str] = frozenset()  # closed by yesterday's Mist (H-SPL-4)
    depart_deadline: int | None = None  # step A's deadline, all that others see during step B (H-DEP-13)
    depart_timer_ms: int | None = None
    depart_started: int = 0  # when step A began (server ms): Unlimited's stall notice counts from it
    # Step A/B (H-DEP-9..12)
    place: dict[int, str] = field(default_factory=dict)  # gather place of each non-witch
    guarding: int | None = None  # the Protector's seat once he tapped Guard
    guard_place: str | None = None
    turn_back: int | None = None  # the Herb Doctor's selected frog (H-HD-1)
    auto_place: set[int] = field(default_factory=set)  # places the engine chose (H-TBL-2)
    guard_auto: bool = False  # the guard place was chosen by the engine (H-TBL-2)
    # Step C (H-WAT-2)
    witches: dict[int, WitchTurn] = field(default_factory=dict)
    reserved: dict[str, int] = field(default_factory=dict)  # spell -> caster today (H-SPL-3)
    # Resolution
    new_frogs: list[int] = field(default_factory=list)
    turned_back: list[int] = field(default_factory=list)
    repelled: bool = False  # H-PRO-5
    # Abilities in the evening/night
    seer_used: bool = False
    pickpocket_target: int | None = None
    pickpocket_seen: list[str] | None = None
    pickpocket_done: bool = False
    approval_opened: bool = False  # closes the Pickpocket's window (H-PP-1)


@dataclass(slots=True)
class Night:
    """The current proposal/vote/ritual of the night."""

    chief: int | None = None
    members: list[int] | None = None
    votes: dict[int, str] = field(default_factory=dict)  # approve/reject or exile ballots
    auto: set[int] = field(default_factory=set)
    proposal_auto: bool = False  # the team was drawn at random (timer or absent chief, H-TBL-2)
    plays: dict[int, str] = field(default_factory=dict)


@dataclass(slots=True)
class HeksState:
    players: list[Player]
    host: int
    mode: str  # "timed" | "unlimited"
    timers_ms: dict[str, int | None]
    params: Params
    rng: Rng
    phase: str = ROLE_REVEAL
    step: int = 1  # public step counter; does not move from A to B (H-DEP-13)
    version: int = 0  # bumps on every accepted command
    now: int = 0
    deadline: int | None = None
    timer_ms: int | None = None  # the running timer's full length, for countdown rings
    day: Day = field(default_factory=lambda: Day(0))
    seals: int = 0
    spoiled: int = 0  # F (H-SET-8)
    curse: int = 0
    last_chief: int | None = None  # H-CHF-5
    spells_cast: set[str] = field(default_factory=set)  # H-SPL-2
    mist_next: str | None = None  # place closed tomorrow (H-SPL-4)
    done: set[int] = field(default_factory=set)  # Ready / Confirm / End discussion taps
    absent: set[int] = field(default_factory=set)  # marked absent by the host in this public step (H-TBL-5)
    night: Night = field(default_factory=Night)
    inbox: dict[int, list[HeksInboxItem]] = field(default_factory=dict)
    announcement: HeksAnnouncement | None = None
    approval_result: HeksApprovalResult | None = None
    vote_result: HeksVoteResult | None = None
    last_ritual: str | None = None
    ritual_progress: int = 0
    pending_result: str | None = None  # decided at the ritual's end, shown after its OK (H-RIT-8)
    result: HeksResult | None = None
    chronicle: list[HeksRecapDay] = field(default_factory=list)  # the recap so far (recap.py), never viewed
    fixed_recipes: list[list[str]] | None = None  # test-only config: scripted recipe draws
    # Unlimited mode: the Timed length of each secret step that now waits without a timer
    # (step A's "depart"); past it the table is told that someone is still choosing (issue 31 §2).
    stall_ms: dict[str, int] = field(default_factory=dict)

    # ---- small queries used everywhere ----
    def player(self, seat: int) -> Player:
        return self.players[seat - 1]

    def seats(self) -> range:
        return range(1, len(self.players) + 1)

    def cats(self) -> list[Player]:
        return [p for p in self.players if p.status == CAT]

    def open_places(self) -> list[str]:
        closed = self.day.closed
        return [p for p in PLACES[: self.params.places] if p not in closed]
