"""The shape of the Andorra view (docs/andorra-commands.md), typed once: ``view.py`` is
checked against these by mypy, and ``nightfall.typegen`` writes them to
``web/src/generated/protocol.ts`` for the desk and player pages.

``Annotated[str, Literal[...]]`` is a string the engine holds as a plain ``str``
whose values are the listed ones: mypy checks a ``str``, the client gets the union.
Records the engine keeps as plain dicts (moves, prompts, audits) are typed here by
the keys the pages read; their producers are the night pipeline and ``moves.py``.
The keys marked "site" are added by the site game (chat and the move form).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, NotRequired, TypedDict

from .form_types import AndorraMoveOption
from .review_types import AndorraAudit, AndorraReview
from .words_types import AndorraWords, Seat

AndorraPhase = Annotated[str, Literal["DAY", "NIGHT", "RESOLVING", "REVIEW", "OVER"]]
AndorraStatus = Annotated[str, Literal["ALIVE", "DEAD", "JAILED_LYNCH", "JAILED_JAILER"]]
VoteKind = Annotated[str, Literal["VOTE", "BLANK", "VOID", "PENALTY"]]


class AndorraPublicPlayer(TypedDict):
    """A-REPORT-6: alive / killed (role) / jailed (role, or not revealed)."""

    seat: Seat
    nick: str
    status: AndorraStatus
    role: NotRequired[str]


class AndorraRoleListEntry(TypedDict):
    role: str
    clan: str | None
    ru: str


class AndorraVoteLogEntry(TypedDict):
    """A-VOTE-5: penalty lines first, then the raw votes in time order."""

    kind: VoteKind
    target: Seat | None
    ts: NotRequired[int]
    voter: NotRequired[Seat]
    void_reason: NotRequired[str | None]
    void_ru: NotRequired[str | None]  # the reason in words (A-VOTE-3)
    reason: NotRequired[AndorraWords]  # a PENALTY's: why it was given (A-VOTE-10)
    by_host: NotRequired[bool]  # H-03b: entered by the host from the player's PM
    post: NotRequired[str]  # A-THREAD-1: the forum post the vote was read from (its link)


class AndorraPost(TypedDict):
    day: int
    ru: str
    en: str
    bbcode: str


class AndorraResult(TypedDict):
    winner: str | None
    winners: list[Seat]
    winner_name: AndorraWords | None  # the side in words (A-WIN), or «Ничья»


class AndorraKnown(TypedDict):
    """Who a player knows (A-SETUP-11..16): clan mates, or the Vampire's Ghouls."""

    seat: Seat
    nick: str
    clan: NotRequired[str]
    clan_name: AndorraWords  # the clan in words («мафия», «копы»), empty for a Ghoul
    ghoul: NotRequired[bool]


class AndorraMove(TypedDict):
    """A submitted night move (A-MOVE-1..5): who entered it, and when, and the move in words."""

    action: str
    target: Seat | None
    params: dict[str, Any]
    name: AndorraWords  # the move as the seed names it (Appendix C)
    details: AndorraWords  # its fields in words («Подарок: визитка шерифа»), empty if none
    by: NotRequired[Seat | Literal["host"]]
    at: NotRequired[int]
    sheet: NotRequired[bool]
    corrected: NotRequired[bool]
    entered_by: NotRequired[Literal["host"]]  # H-03b: the host entered it from the sender's PM


class AndorraSettled(TypedDict):
    """How a question the message asked was settled (A-DATA-I, A-CYCLE-6a)."""

    answered: bool  # False: nobody answered, the default held
    answer: AndorraWords | None  # the answer (or the default) in words; None: declined, or nothing


class AndorraMessage(TypedDict):
    """A private message or a channel line, rendered in both languages."""

    day: int
    channel: str | None
    channel_name: AndorraWords | None  # the clan channel in words («мафия (красные)», «копы»)
    to: Seat | None
    ru: str
    en: str
    question: (
        AndorraSettled | None
    )  # the message asked a question (MSG-RECRUIT-ASK): its answer (ru/en say it, A-MSG-4a)


class AndorraChoice(TypedDict):
    """One answer to a question: the value to send and its words."""

    value: str | int
    ru: str
    en: str


class AndorraPrompt(TypedDict):
    """A question the night waits on (A-DATA-I), with its text in both languages."""

    id: str
    seat: Seat
    kind: str
    options: list[str]
    default: str | None
    key: str
    params: dict[str, Any]
    ru: str
    en: str
    choices: list[AndorraChoice]  # every option in words (a role, a nick, an item, a clan)
    # what no answer gives: the default option, or «отказ» / the coin where the default is none (questions.unanswered)
    default_label: AndorraWords | None
    can_decline: bool  # «отказаться» is allowed (A-CYCLE-6a, questions.py)
    answered: bool
    answer: str | int | None
    by_host: bool  # the host answered it for the player, from his PM (H-03b): the page says so
    deadline: int | None  # H-11a: this question's own deadline (server ms), None without one


class AndorraArticle(TypedDict):
    """The Journalist's article of the day (A-ROLE-JOURNALIST-7a) and what the host did with it (H-07)."""

    day: int
    seat: Seat
    text: str
    status: Annotated[str, Literal["waiting", "published", "declined"]]


class AndorraClanItems(TypedDict):
    diploma: int
    poison: int


class AndorraChatMessage(TypedDict):
    n: int
    clan: str
    seat: Seat
    text: str
    at: int
    id: NotRequired[str]


class AndorraCardMove(TypedDict):
    code: str
    ru: str
    en: str


class AndorraCardItem(TypedDict):
    ru: str
    en: str
    count: int


class AndorraCard(TypedDict):
    """The role card: the side, the moves the role and the items allow, the items (roles/card.py)."""

    side: AndorraWords
    description: AndorraWords  # the seed's description of the role (roles/descriptions.py)
    moves: list[AndorraCardMove]
    items: list[AndorraCardItem]


class AndorraMe(TypedDict):
    seat: Seat
    role: str
    role_name: str
    role_words: AndorraWords  # his role in both languages (the card follows the page's language)
    faction: str
    status: AndorraStatus
    items: dict[str, int]
    knows: list[AndorraKnown]
    card: AndorraCard  # what his role and items allow, in words
    # A-MOVE-5: the move that counts (the sheet's, if the sender entered one), and his own kept as fallback
    submission: AndorraMove | None
    own_move: AndorraMove | None
    can_publish_article: bool
    article: AndorraArticle | None
    inbox: list[AndorraMessage]
    prompts: list[AndorraPrompt]
    clan_sheet: NotRequired[dict[str, AndorraMove]]
    clan_sender: NotRequired[Seat | None]  # A-MOVE-5: the mafia's or the Cops' sheet sender (members only)
    clan_items: NotRequired[AndorraClanItems]
    clan_poll: NotRequired[dict[str, Seat] | None]
    item_manager: NotRequired[Seat | None]
    chat_clan: NotRequired[str | None]  # site
    chat_clan_name: NotRequired[AndorraWords | None]  # site: the clan in words («мафия (красные)»)
    options: NotRequired[list[AndorraMoveOption]]  # site
    # site, A-MAIL-3: his own address for e-mail notices (None: none given); no one else's
    mail: NotRequired[str | None]


class AndorraHostPlayer(TypedDict):
    seat: Seat
    nick: str
    role: str
    role_name: AndorraWords  # the current role (A-REVEAL-2)
    faction: str
    status: AndorraStatus
    clan: str | None
    items: dict[str, int]
    clan_name: AndorraWords  # the clan in words («мафия (красные)», «копы»)
    item_names: AndorraItemNames  # «бронежилет ×1»


class AndorraItemNames(TypedDict):
    ru: list[str]
    en: list[str]


class AndorraPending(TypedDict, total=False):
    """A resolved night waiting for the host (REVIEW), or the prompts it waits on (RESOLVING)."""

    prompts: list[AndorraPrompt]
    post: dict[str, Any]
    post_text: str
    post_bbcode: str  # A-SEC-4: the post exactly as it will be pasted into the forum
    messages: list[dict[str, Any]]
    audit: AndorraAudit


class AndorraCountRow(TypedDict):
    seat: Seat
    voters: list[Seat]  # whose votes count for him, in the order they came
    votes: int  # their weight (a voter who lost his vote weighs 0, A-VOTE-21)
    penalties: int
    total: int


class AndorraCode(TypedDict):
    code: str
    ru: str


class AndorraEditChoices(TypedDict):
    roles: list[AndorraCode]
    items: list[AndorraCode]
    clans: list[AndorraCode]


class AndorraStartPm(TypedDict):
    seat: Seat
    nick: str
    text: str


class AndorraSmtp(TypedDict):
    host: str
    port: int
    security: str  # starttls, ssl or none
    user: str
    sender: str  # the From address
    password_set: bool  # the password itself is never sent (A-MAIL-2)


class AndorraMailDesk(TypedDict):
    smtp: AndorraSmtp | None
    subscribers: int
    last_error: str | None
    failed_at: int | None


class AndorraHost(TypedDict):
    players: list[AndorraHostPlayer]
    submissions: dict[str, AndorraMove]
    # A-MOVE-5: members' own moves set aside because the sheet names their move
    own_moves: dict[str, AndorraMove]
    # today's articles, for the host to publish or decline (H-07)
    articles: list[AndorraArticle]
    pending: AndorraPending | None
    messages: list[AndorraMessage]
    audits: list[AndorraAudit]
    warnings: list[str]
    prompts: list[AndorraPrompt]
    # H-04: living players who have not voted today
    inactive_today: list[Seat]
    # H-05: today's +1 for a missing avatar, per seat (the host may take it back)
    avatar_penalties: list[Seat]
    review: AndorraReview | None
    clan_names: dict[str, AndorraWords]  # every clan's id -> its words («мафия (красные)», «копы»)
    # site: every move the host may enter or correct now, per player (NIGHT, RESOLVING, REVIEW)
    options: NotRequired[list[AndorraMoveOption]]
    # site, H-03b: per sender's seat (NIGHT), the moves his PM may carry: those he could send himself
    pm_options: NotRequired[dict[str, list[AndorraMoveOption]]]
    # site, A-MAIL-1/2/5: the SMTP settings without the password, how many opted in, the last failure
    mail: NotRequired[AndorraMailDesk]
    # site, A-THREAD-5a: the thread import's confirmed forum names -> the player's nick
    aliases: NotRequired[dict[str, str]]
    # H-04a: today's count so far, highest first (the tally's start: weights and penalties)
    running_count: list[AndorraCountRow]
    # H-03: the host's corrections, PM entries, state edits and penalties in words, oldest first
    host_log: list[AndorraWords]  # H-03: in the desk's two languages
    edit_choices: AndorraEditChoices  # H-03c: what the state editor offers
    # issue 32 §2: every player's starting PM as forum BBCode (Day 1; the desk adds the links)
    start_pms: list[AndorraStartPm]


class AndorraView(TypedDict):
    game: Literal["andorra"]
    phase: AndorraPhase
    day: int
    deadline: int | None
    players: list[AndorraPublicPlayer]
    role_list: list[AndorraRoleListEntry]
    gift_list: list[str]
    vote_log: list[AndorraVoteLogEntry]
    # the thread's first post and the day header, as text and as BBCode for the forum
    first_post: str
    first_post_bbcode: str
    header: str
    header_bbcode: str
    posts: list[AndorraPost]
    result: AndorraResult | None
    me: NotRequired[AndorraMe]
    host: NotRequired[AndorraHost]
