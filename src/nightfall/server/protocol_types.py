"""Protocol v1 messages (docs/protocol.md §3-4), typed once: the server's builders
(``protocol``, ``outgoing``, the room's welcome, the pong) are checked against these by
mypy, and ``nightfall.typegen`` writes them to ``web/src/generated/protocol.ts``.

``view`` is each game's own type (``games/<game>/view_types.py``); the clients
choose theirs. ``Annotated[str, Literal[...]]``: a plain ``str`` on the server whose
values are the listed ones (the client gets the union).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, NewType, NotRequired, TypedDict

RequestId = str | int
PresenceState = Annotated[str, Literal["connected", "grace", "disconnected"]]
RoomStatus = Annotated[str, Literal["lobby", "playing", "ended"]]


# -- the HTTP API (docs/protocol.md §2) ---------------------------------------------


class SeatGrant(TypedDict):
    """``POST /api/rooms`` for a game whose host sits at the table (Heks): the host's seat.
    Built by ``GameSite.answer_created`` (games/interface.py), which answers with any JSON
    object since a game may answer differently (Andorra: ``AndorraCreated``): keep in step."""

    code: str
    pid: int
    token: str
    host: bool
    join_url: str | None
    board_url: str | None


class JoinAnswer(TypedDict):
    """``POST /api/rooms/{code}/join``: a seat, or a spectator's place once a game runs."""

    code: str
    pid: int | None
    token: str | None
    host: bool
    spectator: bool


class SummaryMember(TypedDict):
    pid: int
    name: str
    host: bool


class RoomSummary(TypedDict):
    """``GET /api/rooms/{code}``: enough for a join page, no secrets."""

    code: str
    game: str
    status: RoomStatus
    members: list[SummaryMember]
    min_players: int
    max_players: int


class RelinkAnswer(TypedDict):
    """``POST /api/rooms/{code}/relink``: a seat's new private link (the old one stops working);
    ``"desk"`` for the host's desk in a game whose host has no seat (Andorra, A-SEC-6)."""

    seat: int | Literal["desk"]
    token: str
    url: str
    qr: str  # the new link as an SVG QR code: a Heks host shows it for the new phone to scan


# -- what the server sends over the socket -----------------------------------------


class ErrorBody(TypedDict):
    """A rejection: clients localise by ``code``; ``message`` is English for developers."""

    code: str
    params: dict[str, Any]
    rule: NotRequired[str]
    message: str
    # the game's sentence in the players' languages ({"ru": …, "en": …}), when it gives one
    text: NotRequired[dict[str, str]]


class MemberJson(TypedDict):
    pid: int
    name: str
    seat: int | None
    host: bool
    # how the member looks on every screen, chosen in the lobby (``profile``, server/looks.py);
    # null in a room made before colours
    colour: str | None
    avatar: str | None
    # absent in a game whose players must not see who is connected (Andorra); the host
    # then finds everyone's in his ``you.presence``
    presence: NotRequired[PresenceState]
    # the member's seat in the room's current or last game (absent before the first): while
    # a finished game's results show, ``seat`` is already the next game's, which the host
    # may reorder; the results' badges follow this one
    game_seat: NotRequired[int | None]


class RoomLimits(TypedDict):
    min_players: int
    max_players: int
    # The roles a table of n players plays with, per n (as a string), in the game's own
    # form (Heks: Table 2.1's counts in its column order, H-TBL-7); None: the game says none.
    roles: dict[str, list[int]] | None


class EveningGame(TypedDict):
    """One finished game of the evening at this table (server/evening.py): the side that won,
    in the game's own word (Heks: ``village``, ``witch``, ``solo``), and its players."""

    game_no: int
    side: str
    winners: list[int]  # pids
    names: list[str]  # the winners' names when the game ended, in the order of ``winners``


# A room's lobby settings: each game's own, passed through by the server, which knows
# no game's. In TypeScript the union of every game's settings type
# (``GameSite.settings_type``, filled in by ``nightfall.typegen``).
GameSettings = NewType("GameSettings", dict[str, Any])


class RealTablesJson(TypedDict):
    """What real tables on this server did with the lobby's deck (issue 34 §3)."""

    games: int
    sides: dict[str, int]  # winning side (the game's own word) -> games
    mean_days: float


class RelinkNotice(TypedDict):
    seat: int  # the game seat
    at: int  # server time (ms) of the new link


class RoomJson(TypedDict):
    code: str
    game: str
    status: RoomStatus
    game_no: int
    members: list[MemberJson]
    spectators: int
    # The game's own lobby settings (Heks: HeksSettings).
    settings: GameSettings
    limits: RoomLimits
    # The games finished in this room tonight, oldest first: the score across "Play again".
    evening: list[EveningGame]
    # The seats the host gave a new private link during the running game (H-HST-8), oldest
    # first: the board says so, so a host cannot quietly take over another seat.
    relinks: list[RelinkNotice]
    # In the lobby (and after a game): what finished games on this server did with the deck
    # the next game would be dealt; null when none has ended here, or during play.
    real_tables: RealTablesJson | None
    # The join link (the QR code's target) and the TV board's address (null without a base URL).
    join_url: NotRequired[str | None]
    board_url: NotRequired[str | None]
    # The odds of the deck the lobby would deal, while in the lobby or after a game ends
    # (a game with odds and a server computing them; absent otherwise).
    odds: NotRequired[OddsJson]


class SideOdds(TypedDict):
    side: str  # the game's side: Heks "village", "witch", "solo" (the Jester)
    wins: int
    percent: float  # the share of the games this side won, 0..100, one decimal
    plus_minus: float  # half the width of its 95 % Wilson interval, in points, one decimal
    low: float  # the interval's ends in percent, one decimal (not symmetric near 0 and 100)
    high: float


class OddsJson(TypedDict):
    """The odds of the lobby's deck from simulated games so far (issue 34 §2)."""

    deck: list[int]  # the deck's counts in Table 2.1's column order (Villagers included)
    games: int  # simulated games so far (0: just asked)
    sides: list[SideOdds]  # the sides that can win with this deck
    days: float  # a game's mean length in days, one decimal
    done: bool  # the target precision is reached: this is final
    text: str  # the same in English, "Village 52 % ± 6 · Witches 40 % ± 6 · 240 games · 4.3 days on average"


class RoomLinks(TypedDict):
    join_url: str | None
    board_url: str | None


class YouJson(TypedDict):
    pid: int | None
    seat: int | None
    host: bool
    spectator: bool
    # the host of a game with private presence: every member's (pid -> state)
    presence: NotRequired[dict[str, PresenceState]]


class WelcomeLimits(TypedDict):
    max_message_bytes: int
    rate_per_second: float
    burst: int


class WelcomeMessage(TypedDict):
    type: Literal["welcome"]
    v: int
    server_time: int
    room: str
    you: YouJson
    limits: WelcomeLimits


class StateMessage(TypedDict):
    """The full state after every change; ``view`` is the game's (null in the lobby)."""

    type: Literal["state"]
    version: int
    server_time: int
    room: RoomJson
    you: YouJson
    view: dict[str, Any] | None


class PresenceChange(TypedDict):
    pid: int
    presence: PresenceState


class PresenceMessage(TypedDict):
    type: Literal["presence"]
    server_time: int
    members: list[PresenceChange]


class AckMessage(TypedDict):
    type: Literal["ack"]
    id: RequestId
    version: int
    server_time: int


class ErrorMessage(TypedDict):
    """The answer to a request (``id``), or news without one (then ``id`` is null)."""

    type: Literal["error"]
    id: RequestId | None
    server_time: int
    error: ErrorBody


class PongMessage(TypedDict):
    type: Literal["pong"]
    t: Any
    server_time: int


class FeedMessage(TypedDict):
    """A game's feed (Andorra's clan chat), apart from the views: the latest page on connect
    (``reset``: replace what you have), each new item once (no ``more``), or the older page
    asked for with ``id`` (``more``: there are older items still)."""

    type: Literal["feed"]
    server_time: int
    items: list[Any]  # the game's items (Andorra: AndorraChatMessage), oldest first, each with its ``n``
    more: NotRequired[bool]
    reset: NotRequired[bool]
    id: NotRequired[RequestId]


ServerMessage = (
    WelcomeMessage | StateMessage | PresenceMessage | AckMessage | ErrorMessage | PongMessage | FeedMessage
)


# -- what a client sends ----------------------------------------------------------


class HelloMessage(TypedDict):
    type: Literal["hello"]
    v: int
    token: NotRequired[str]


class CommandBody(TypedDict):
    type: str
    payload: NotRequired[dict[str, Any]]


class CommandMessage(TypedDict):
    type: Literal["command"]
    id: RequestId
    command: CommandBody


class LobbyMessage(TypedDict):
    type: Literal["lobby"]
    id: RequestId
    action: str
    payload: NotRequired[dict[str, Any]]


class PingMessage(TypedDict):
    type: Literal["ping"]
    t: NotRequired[int]


class FeedRequest(TypedDict):
    """The page of the game's feed before item ``before`` (an ``n``), answered ``feed``."""

    type: Literal["feed"]
    id: RequestId
    before: NotRequired[int]


ClientMessage = HelloMessage | CommandMessage | LobbyMessage | PingMessage | FeedRequest
