"""Everything the server needs to know about a game, in one interface.

A game package holds its pure rules (a ``nightfall.engine.Game``) and one
``GameSite``: what the server needs to host it in rooms. The server knows
games only through this interface and ``games/registry.py``; it holds no rule
data of any game.

What a site declares:

- **limits**: ``min_players``, ``max_players``;
- **settings**: their defaults, their schema for clients (``describe_settings``)
  and how a patch from the host is checked (``merge_settings``);
- **how a room opens** (``open_room``, from the creator's form) and how a table
  becomes the rules' config (``build_config``);
- **where the host sits**: ``host_seated`` (the host is one of the players and
  runs the game from a seat, Heks) or not (the host runs it from a desk and acts
  as ``"host"``, Andorra); for a seated host, where the rules keep the host's
  seat (``host_seat``), who takes over a host who is gone (``host_heir``), the
  command that passes the role (``hand_over``) and which commands only the server
  may send (``from_client``);
- **time**: the command that gives a timer back an outage (``resume``);
- **the score**: who won a finished game (``outcome``), read from the rules' result,
  for the evening's score across games in a room;
- **texts**: English texts of its own rejection codes (``error_texts``), a
  one-line result for the server log (``result_summary``), and what the creator
  is handed back (``answer_created``), and an older address of its API if it has
  one (``api_alias``);
- **odds**: what a lobby's deck gives each side, from simulated games (``odds_key``,
  ``odds_runner``, ``odds_tally``; issue 34 §2), computed by the server's pool;
- **pages**: which page of the web build serves its rooms, and the URL
  patterns of those pages (``Pages``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from nightfall.engine import Command, Game, Rejected


@dataclass(frozen=True, slots=True)
class Pages:
    """The web pages of a game. Patterns are paths without the leading slash,
    with ``{code}`` where the room code goes; a room's page is chosen from the
    room's game, so a pattern only decides the page when no such room exists."""

    entry: str = "index.html"  # the page of the web build (web/dist) that runs the game
    paths: tuple[str, ...] = ()  # the URL patterns of the game's pages
    seat: str = "r/{code}"  # a seat's private link: ``{base}/{seat}#t={token}``
    desk: str | None = None  # the host's desk link, for a game whose host has no seat

    def seat_url(self, base: str, code: str, token: str) -> str:
        return f"{base}/{self.seat.format(code=code)}#t={token}"

    def desk_url(self, base: str, code: str, token: str) -> str:
        return f"{base}/{(self.desk or self.seat).format(code=code)}#t={token}"


@dataclass(frozen=True, slots=True)
class Outbox:
    """Mail the server sends for a game (``GameSite.mail_due``): the host's SMTP settings and
    the letters, each ``(to, subject, body)``. The server sends it off the event loop."""

    host: str
    port: int
    security: str  # "starttls", "ssl" or "none"
    user: str
    password: str = field(repr=False)  # never in a log line
    sender: str = ""
    letters: tuple[tuple[str, str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Opening:
    """How a new room starts, read from its creator's form (``GameSite.open_room``).

    Names are checked by the server (the lobby's name rules, one for every game).
    """

    host_name: object = None  # the creator's name, for a game whose host is a seat
    players: list[object] = field(default_factory=list)  # a desk game's players, seated at once
    settings: dict[str, Any] = field(default_factory=dict)  # the lobby's settings (every viewer sees them)
    setup: dict[str, Any] = field(default_factory=dict)  # for ``build_config`` only (never shown)


@dataclass(frozen=True, slots=True)
class Created:
    """A room just made, for ``GameSite.answer_created``."""

    code: str
    game: str
    base_url: str  # where the creator reached the server ("" if unknown)
    host_token: str
    players: list[tuple[int, str, str]]  # (seat, name, token) of players seated at creation
    links: Mapping[str, object]  # the room's join and board links
    state: Any = None  # the game's state, if it started at creation


@dataclass(frozen=True, slots=True)
class Order:
    """A command the server sends because the game asked it to (``GameSite.hand_over``,
    ``GameSite.resume``): its type and payload; the server adds the actor and the time."""

    type: str
    payload: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Outcome:
    """Who won a finished game (``GameSite.outcome``): the winning side, in the game's own
    word (its client names it), and the seats that won with it."""

    side: str
    seats: tuple[int, ...]


class OddsTally(Protocol):
    """Simulated games of one deck, as the server's odds pool keeps them."""

    games: int

    def add(self, winner: str, days: int) -> None: ...

    def precision(self) -> float:
        """The widest side's 95 % ± in points (100 before any game)."""
        ...

    def to_json(self, done: bool = False) -> Any:
        """The lobby's ``odds`` (docs/protocol.md)."""
        ...


# Plays games ``start .. start+count-1`` of a deck: (winner, days) each. A module-level
# function, so a worker process can be sent it.
OddsRunner = Callable[[Any, int, int], Sequence[tuple[str, int]]]


@dataclass(frozen=True, slots=True)
class Tally:
    """What a finished game adds to the server's record of real tables (``GameSite.tally``):
    the deck it was dealt, as a key the lobby can name too, its winning side and its length.
    Nothing personal: no names, no seats."""

    deck: str
    side: str
    days: int


class GameSite(ABC):
    """A game as the server hosts it. Defaults suit a game played from a lobby whose
    host is one of the players (a subclass overrides what differs)."""

    name: ClassVar[str]  # the room's game: what rooms are stored under and clients see
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    host_seated: ClassVar[bool] = True
    # players are not told who is connected (only the host is): a forum game's night moves
    # must not be guessed from who was online
    private_presence: ClassVar[bool] = False
    # every answer is held like a refusal (50-60 ms after its request, server/room_writer.py),
    # an ack too: a game whose players send accepted commands while others' moves are hidden
    # (an Andorra night's chat and mail settings) would otherwise tell them, by an ack that
    # waited for another seat's commit, the moment that seat's move was stored
    held_answers: ClassVar[bool] = False
    # Ms of silence after which a seated player's socket in a running game counts as lost
    # (its member goes into the grace period, shown to the host at once): the game's phones
    # send something at least every second while they play (web/src/core/link.ts,
    # GAME_HEARTBEAT), so silence means a dead link long before the server's own ping would
    # tell (20 s). None: the game's pages keep only the slow keepalive (a forum game).
    quiet_lost_ms: ClassVar[int | None] = None

    def table_roles(self) -> dict[str, list[int]] | None:
        """The roles of a table per player count, for the lobby's board (None: not shown)."""
        return None

    error_texts: ClassVar[Mapping[str, str]] = {}
    # The TypedDict of the lobby's settings (what ``default_settings`` and ``merge_settings``
    # make), for the clients' types (``nightfall.typegen``); None: the game has none.
    settings_type: ClassVar[Any] = None
    pages: ClassVar[Pages] = Pages()
    max_form_bytes: ClassVar[int] = 4096  # the creation form's largest body
    # An older address of the game's API: ``POST /api/<alias>`` creates a room of this
    # game, ``POST /api/<alias>/{code}/relink`` relinks a seat (the same endpoints).
    api_alias: ClassVar[str | None] = None
    # The largest body of a host tool's request (``POST /api/rooms/{code}/host/{tool}``);
    # 0: the game has no host tools.
    host_tool_bytes: ClassVar[int] = 0

    @abstractmethod
    def make_game(self) -> Game[Any]:
        """The rules a room runs; their ``name`` is the name of the room's transcripts."""

    def default_settings(self) -> dict[str, Any]:
        return {}

    def describe_settings(self) -> dict[str, Any]:
        """The settings' schema for clients (``GET /api/games``)."""
        return {}

    def merge_settings(self, current: Mapping[str, Any], patch: Mapping[str, Any]) -> dict[str, Any]:
        """``current`` updated with ``patch``; raises ``Rejected("bad_settings", field=...)``."""
        if patch:
            raise Rejected("bad_settings", field=sorted(patch)[0])
        return dict(current)

    def open_room(self, form: Mapping[str, Any], now: int) -> Opening:
        """The creator's form read: by default a lobby with the creator as host."""
        return Opening(host_name=form.get("name"), settings=self.default_settings())

    @abstractmethod
    def build_config(
        self, names: list[str], host_seat: int | None, settings: Mapping[str, Any]
    ) -> dict[str, Any]:
        """The rules' config for these players (in seat order). ``host_seat`` is the
        host's seat, None when the host runs the game from a desk; ``settings`` are
        the lobby's, or a desk game's ``Opening.setup``."""

    def feed_length(self, state: Any) -> int:
        """How many items the game's feed holds (Andorra: its clan chat); 0 without a feed.
        The server sends a feed apart from the views (docs/protocol.md, ``feed``): the latest
        page on connect, each new item once, older pages on request, so a long chat costs a
        new message only itself."""
        return 0

    def feed(self, state: Any, viewer: Any, lo: int, hi: int, limit: int) -> tuple[list[Any], bool] | None:
        """The feed items ``viewer`` may read with index in ``[lo, hi)``, the latest ``limit`` of
        them, and whether ``viewer`` may read older ones than those; None: the game has no feed."""
        return None

    def feed_index(self, state: Any, viewer: Any, n: int) -> int:
        """The index of ``viewer``'s item numbered ``n`` (a page request's ``before``): a game
        may number each viewer's items apart, so that the numbers tell nothing of items the
        viewer may not read (Andorra: a seat's clan chat)."""
        return n

    def host_seat(self, state: Any) -> int | None:
        """The seat the rules give the host role, for games that keep one; the lobby's
        host follows it while a game runs."""
        return None

    def host_heir(self, order: Sequence[int], host: int, connected: Callable[[int], bool]) -> int | None:
        """Who takes over from a host who has had no socket for the server's ``host_away_ms``:
        a member of ``order`` (the members who may become host, in seat order); None: nobody
        (the default: the game's host is no player to replace). The server owns the clock and
        the sockets and asks again when someone connects."""
        return None

    def hand_over(self, state: Any, heir_seat: int, automatic: bool) -> Order | None:
        """The command, sent as the rules' host seat, that passes the host role to ``heir_seat``
        during a game; ``automatic``: the server does it for a host who is gone. None: the
        rules keep no host role (the lobby's host changes alone)."""
        return None

    def from_client(self, ctype: str, payload: Mapping[str, Any]) -> bool:
        """Whether a client may send this command; False for what only the server sends on
        the game's behalf (``hand_over``'s automatic form), so the transcript can tell."""
        return True

    def resume(self, paused_ms: int) -> Order | None:
        """The system command that gives a running timer back ``paused_ms`` the server was
        down; None: deadlines stay where they were."""
        return None

    def result_summary(self, result: Mapping[str, Any]) -> str:
        """One line for the server log when a game ends."""
        return ", ".join(
            f"{k}={v}" for k, v in result.items() if v is not None and not isinstance(v, dict | list)
        )

    def outcome(self, result: Mapping[str, Any]) -> Outcome | None:
        """Who won, from the rules' result (``Game.result``), for the evening's score in the
        room; None: the game keeps no score between games."""
        return None

    def tally(self, result: Mapping[str, Any]) -> Tally | None:
        """The deck and the winner of a finished game, from the rules' result, for what real
        tables did with a deck (issue 34 §3); None: the game keeps no such record."""
        return None

    def deck_key(self, seated: int, settings: Mapping[str, Any]) -> str | None:
        """The key ``tally`` would give a game dealt now from the lobby's ``settings`` to
        ``seated`` players; None when no game could be dealt (too few, a bad deck)."""
        return None

    def host_tool(self, tool: str, state: Any, request: Mapping[str, Any]) -> dict[str, Any]:
        """A read-only tool the host uses on the running game (Andorra: the thread import's
        preview, A-THREAD-1); ``request`` holds the server's fetched ``pages`` ({url, text}).
        Changes nothing: what the host then confirms is an ordinary command."""
        raise Rejected("not_found", tool=tool)

    def redact(self, command: Command) -> Command:
        """``command`` as it may leave the server in a transcript (``nightfall replay --room
        --save``, a bug report): a write-only secret in it (Andorra's SMTP password, A-MAIL-2)
        replaced by a stand-in that replays to the same views. Default: as it is."""
        return command

    def mail_marks(self, state: Any) -> Any:
        """What the players have been told of so far, to compare after each change (issue 32
        §3, Andorra's e-mail notices); None: the game sends no mail."""
        return None

    def mail_due(self, state: Any, seen: Any, now: Any, code: str, page: str) -> Outbox | None:
        """The mail a change made due between ``seen`` and ``now`` (``mail_marks`` before and
        after it), with the SMTP settings to send it through; ``page`` is the players' page
        without a token. None: nothing to send."""
        return None

    def odds_key(self, players: int, settings: Mapping[str, Any]) -> Hashable | None:
        """The deck ``players`` seated with these lobby settings would be dealt, as the key
        rooms share its odds under; None: no odds (the game has none, or no such deck)."""
        return None

    def odds_runner(self) -> OddsRunner:
        """What plays a deck's simulated games (in a worker process)."""
        raise NotImplementedError

    def odds_tally(self, key: Any) -> OddsTally:
        """An empty tally of the deck ``key``."""
        raise NotImplementedError

    def answer_created(self, created: Created) -> dict[str, Any]:
        """The creator's answer to ``POST /api/rooms`` (docs/protocol.md §2)."""
        return {"code": created.code, "pid": 1, "token": created.host_token, "host": True, **created.links}


def describe(site: GameSite) -> dict[str, Any]:
    """A game as ``GET /api/games`` lists it."""
    return {
        "name": site.name,
        "min_players": site.min_players,
        "max_players": site.max_players,
        "settings": site.describe_settings(),
        "defaults": site.default_settings(),
    }
