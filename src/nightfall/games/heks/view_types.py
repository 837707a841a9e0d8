"""The shape of the Heks view (docs/heks-commands.md, "View"), typed once: ``view.py``
is checked against these by mypy, and ``nightfall.typegen`` writes them to
``web/src/generated/protocol.ts`` for the clients.

``Annotated[str, Literal[...]]`` is a string the engine holds as a plain ``str``
whose values are the listed ones: mypy checks a ``str``, the client gets the union.
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired, TypedDict

Seat = int
PlaceId = Annotated[str, Literal["P1", "P2", "P3", "P4", "P5", "P6"]]
Ingredient = Annotated[
    str, Literal["MUSHROOM", "MOONFLOWER", "SPRINGWATER", "OWL_FEATHER", "CRYSTAL", "COBWEB"]
]
Card = Annotated[
    str, Literal["MUSHROOM", "MOONFLOWER", "SPRINGWATER", "OWL_FEATHER", "CRYSTAL", "COBWEB", "EMPTY"]
]
Role = Annotated[
    str, Literal["VILLAGER", "HERB_DOCTOR", "PICKPOCKET", "PROTECTOR", "SEER", "WITCH", "CROW", "JESTER"]
]
Side = Annotated[str, Literal["village", "witch", "solo"]]
Spell = Annotated[str, Literal["MIST", "DISGUISE", "CREEPING_CURSE", "TWIN_HEX"]]
Status = Annotated[str, Literal["CAT", "FROG", "EXILED"]]
Phase = Annotated[
    str,
    Literal[
        "ROLE_REVEAL",
        "VOTE_RESULT_SCENE",
        "DEPART_A",
        "GUARD_B",
        "WITCH_C",
        "EVENING_ANNOUNCE",
        "DISCUSSION",
        "PROPOSAL",
        "APPROVAL_VOTE",
        "ACCEPT_SCENE",
        "REJECT_SCENE",
        "RITUAL",
        "RITUAL_RESULT",
        "QUARREL",
        "EXILE_VOTE",
        "GAME_END",
    ],
]
Mode = Annotated[str, Literal["timed", "unlimited"]]
RitualOutcome = Annotated[str, Literal["SUCCESS", "FAILURE", "CURSE_FAILED"]]
Winner = Annotated[str, Literal["village", "witch", "solo"]]
InboxKind = Annotated[
    str,
    Literal[
        "SEER_RESULT", "ROBBED", "REPELLED", "PICKPOCKET_HAND", "PICKPOCKET_TOOK", "CARD_PLAYED", "WITCH_AUTO"
    ],
]


class HeksSettings(TypedDict):
    """A Heks room's lobby settings (the room JSON's ``settings``; docs/protocol.md §4.3)."""

    mode: Mode
    discuss_seconds: int
    # H-DECK-7: null = the table's standard deck (Table 2.1, "balanced"); else the host's
    # counts of the seven roles other than the Villager (Villagers fill the other seats).
    deck: HeksDeck | None


class HeksDeck(TypedDict):
    """The host's deck (H-DECK-1): counts per role; the Villager fills the remaining seats."""

    WITCH: int
    CROW: int
    JESTER: int
    SEER: int
    HERB_DOCTOR: int
    PROTECTOR: int
    PICKPOCKET: int


class HeksPlace(TypedDict):
    id: PlaceId
    open: bool
    ingredient: Ingredient


class HeksPlayer(TypedDict):
    seat: Seat
    name: str
    status: Status
    host: bool


class HeksAnnouncement(TypedDict):
    """H-MORN-2: who became a frog and who was turned back this day."""

    day: int
    new_frogs: list[Seat]
    turned_back: list[Seat]


# H-APR-5/7/8. The wire key "for" is a Python keyword: the functional form keeps it.
HeksApprovalResult = TypedDict(
    "HeksApprovalResult",
    {"members": list[Seat], "for": list[Seat], "against": list[Seat], "auto": list[Seat], "accepted": bool},
)


class HeksBallot(TypedDict):
    voter: Seat
    target: Seat | None
    auto: bool


class HeksVoteResult(TypedDict):
    day: int
    ballot: list[HeksBallot]
    tally: dict[str, int]
    outcome: Annotated[str, Literal["EXILED", "TIE", "ALL_BLANK", "NO_QUORUM"]]
    # H-EXC-8: the votes an exile needed (Table 2.2's Q of the ballots); null where a
    # plurality of one exiles (no Q at this table, or the knights' day).
    needed: int | None
    exiled: Seat | None
    was_witch: bool | None


class HeksRecapMove(TypedDict):
    """Where one cat was at the day's end: gathering, guarding (H-PRO-3) or hunting (H-WAT-2)."""

    seat: Seat
    place: PlaceId | None
    how: Annotated[str, Literal["gather", "guard", "witch"]]
    auto: bool  # the engine chose the place (H-TBL-2, H-WAT-4)


class HeksRecapWitch(TypedDict):
    seat: Seat
    place: PlaceId | None
    spell: Spell | None
    mist_place: PlaceId | None
    target: Seat | None  # her attack's target, or None: No attack (H-WAT-2)
    # What the engine chose for her when her 15 s ran out (H-WAT-4, WITCH_AUTO's "filled"):
    # "place", "spell", "mist_place", "target"; the recap stars them (issue 31 §2).
    auto: list[Annotated[str, Literal["place", "spell", "mist_place", "target"]]]


class HeksRecapAttack(TypedDict):
    """H-WAT-5: an attack, where its target was, and how it ended (H-PRO-5: blocked by the guard)."""

    witch: Seat
    target: Seat
    where: PlaceId | None
    outcome: Annotated[str, Literal["hit", "missed", "blocked"]]


class HeksRecapCheck(TypedDict):
    seer: Seat
    target: Seat
    result: Annotated[str, Literal["WITCH", "NOT_WITCH"]]


class HeksRecapTheft(TypedDict):
    thief: Seat
    victim: Seat
    ingredient: Ingredient


class HeksRecapTeam(TypedDict):
    """One proposal and its approval vote (H-APR-5); ``drawn``: the team was drawn at random."""

    chief: Seat
    members: list[Seat]
    drawn: bool
    votes_for: list[Seat]
    votes_against: list[Seat]
    auto: list[Seat]
    accepted: bool


class HeksRecapPlay(TypedDict):
    seat: Seat
    card: Card
    auto: bool


class HeksRecapRitual(TypedDict):
    recipe: list[Ingredient]
    plays: list[HeksRecapPlay]
    result: RitualOutcome


class HeksRecapDay(TypedDict):
    """What really happened on one day, revealed to everyone at the end (H-VIS-2)."""

    day: int
    recipe: list[Ingredient]
    closed: list[PlaceId]
    moves: list[HeksRecapMove]
    witches: list[HeksRecapWitch]
    attacks: list[HeksRecapAttack]
    new_frogs: list[Seat]
    turned_back: list[Seat]
    checks: list[HeksRecapCheck]
    thefts: list[HeksRecapTheft]
    teams: list[HeksRecapTeam]
    ritual: HeksRecapRitual | None
    exile: HeksVoteResult | None


class HeksResult(TypedDict):
    """H-VIS-2: the end of the game, with every role, and the recap of every day."""

    winner: Winner
    reason: str
    score: int
    day: int
    roles: dict[str, Role]
    winners: list[Seat]  # H-WIN-8: every seat of the winning side; the end board names them
    announcement: HeksAnnouncement | None
    recap: list[HeksRecapDay]


class HeksInboxItem(TypedDict):
    """A private message (Seer results, theft notices, the Protector's notice, a played card,
    what the engine chose for a Witch): ``day`` and ``kind``, then the keys of that kind."""

    day: int
    kind: InboxKind
    target: NotRequired[Seat | None]
    result: NotRequired[Annotated[str, Literal["WITCH", "NOT_WITCH"]]]
    place: NotRequired[PlaceId | None]
    ingredient: NotRequired[Ingredient]
    card: NotRequired[Card]
    hand: NotRequired[list[Ingredient]]
    dropped: NotRequired[Ingredient | None]  # H-ING-2: the oldest card a full hand discarded
    # H-TBL-2: the engine chose the card (CARD_PLAYED), or these of a Witch's choices (WITCH_AUTO).
    auto: NotRequired[bool]
    filled: NotRequired[list[Annotated[str, Literal["place", "spell", "mist_place", "target"]]]]
    spell: NotRequired[Spell | None]
    mist_place: NotRequired[PlaceId | None]


class HeksChoice(TypedDict, total=False):
    """What this seat has chosen in the current step (the keys that apply to it)."""

    vote: Seat | str | None
    auto: bool
    card: Card
    place: PlaceId | None
    ingredient: Ingredient | None
    guard: bool
    guard_place: PlaceId | None
    turn_back: Seat | None


class HeksWitchWindow(TypedDict):
    """A Witch's step C (H-WAT-2/3): live counts, her spells and her choices so far."""

    counts: dict[str, int]
    available_spells: list[Spell]
    reserved: dict[str, Seat]
    place: PlaceId | None
    spell_chosen: bool
    spell: Spell | None
    mist_place: PlaceId | None
    target_chosen: bool
    target: Seat | None
    second_chosen: bool
    second: Seat | None


class HeksGuardInfo(TypedDict):
    counts: dict[str, int]
    table_deadline: int | None  # step A's deadline, which every other page still shows (H-DEP-13)


class HeksSeerInfo(TypedDict):
    used: bool


class HeksPickpocketInfo(TypedDict):
    target: Seat | None
    seen: list[Ingredient] | None
    done: bool
    window_open: bool


class HeksMe(TypedDict):
    """The seat's own part of its view (H-VIS-1)."""

    seat: Seat
    role: Role
    side: Side
    known_witches: list[Seat]
    status: Status
    hand: list[Ingredient]
    owes: bool
    choice: HeksChoice | None
    inbox: list[HeksInboxItem]
    spells_cast: NotRequired[list[Spell]]
    witch: NotRequired[HeksWitchWindow]
    guard: NotRequired[HeksGuardInfo]
    seer: NotRequired[HeksSeerInfo]
    pickpocket: NotRequired[HeksPickpocketInfo]
    known_jester: NotRequired[Seat]  # H-JST-3: the Witches and the Crow see the Jester
    absent: NotRequired[bool]  # H-TBL-5: the host marked this seat absent in this public step


class HeksHostExtras(TypedDict):
    """H-HST-3/4: who is still pending (public steps only), absent marking, force continue."""

    pending: list[Seat] | None
    can_mark_absent: bool
    can_force_continue: bool


class HeksProgress(TypedDict):
    done: int
    total: int


class HeksStall(TypedDict):
    since: int  # server ms: when the step began
    after_ms: int  # the step's Timed length: a wait longer than this is a stall


class HeksPublicView(TypedDict):
    """Everything every viewer of the table sees (the TV board's whole view)."""

    game: Literal["heks"]
    step: int
    phase: Phase
    deadline: int | None
    # The running timer's full length in ms (null when no timer runs).
    deadline_total: int | None
    mode: Mode
    day: int
    knights_day: int
    is_knights_day: bool
    # Table 2.2's A and E: the first day the witches may attack (H-WAT-9) and the Seer
    # may check (H-SEE-4); 1 except where a balance change moved them (B-11, B-12).
    attacks_from: int
    seer_from: int
    # Table 2.2's Q (H-EXC-8, B-13): the share [numerator, denominator] of the ballots an
    # exile needs before the knights' day, null where a plurality of one exiles; and the
    # votes that makes today (null on the knights' day or without Q).
    exile_quorum: list[int] | None
    exile_needed: int | None
    # H-TBL-6 (issue 31 §2): in Unlimited mode during the secret departure, since when the
    # table waits and after how long (step A's Timed length) the board and phones say
    # "Still waiting for someone (N s)"; null otherwise. Never who: that stays secret.
    stall: HeksStall | None
    # H-TBL-7: Table 2.1's row for this table, how many hold each role, in the table's column
    # order (Witch, Crow, Jester, Seer, Herb Doctor, Protector, Pickpocket, Villager: the
    # client's ROLE_COLUMNS). Counts, not role names: a view names no role but the seat's own.
    roles_in_play: list[int]
    seals: int
    seals_needed: int
    spoiled: int
    curse: int
    curse_max: int
    recipe: list[Ingredient]
    recipe_size: int
    places: list[HeksPlace]
    unlocked_spells: list[Spell]
    players: list[HeksPlayer]
    chief: Seat | None
    proposal: list[Seat] | None
    # H-TBL-2: the team was drawn at random (timer or absent chief).
    proposal_auto: bool
    announcement: HeksAnnouncement | None
    approval_result: HeksApprovalResult | None
    last_ritual: RitualOutcome | None
    vote_result: HeksVoteResult | None
    result: HeksResult | None
    progress: HeksProgress | None
    # H-TBL-1: whom a public step waits for (null in secret steps).
    waiting: list[Seat] | None


class HeksOwn(TypedDict):
    """A seat's own keys, added to the public part."""

    me: HeksMe
    host: NotRequired[HeksHostExtras]


class HeksView(HeksPublicView):
    """A viewer's whole view: the public part, and for a seat its own keys."""

    me: NotRequired[HeksMe]
    host: NotRequired[HeksHostExtras]
