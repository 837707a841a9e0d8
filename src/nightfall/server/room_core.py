"""What every part of a room reads: its code, game, store, lobby, game in play,
revision and sockets. One object, shared by the parts ``Room`` is made of (the
writer, the committer, the views, the host keeper and the lobby desk), each of
which owns one job and reaches the others only through their small methods.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from nightfall.cluster.ownership import Held
from nightfall.engine import Rejected
from nightfall.games.registry import GameSite

from .clock import now_ms
from .connection import Connection
from .lobby import Lobby
from .odds_pool import OddsPool
from .play import Play
from .presence import Presence
from .ratelimit import BURST, RATE_PER_SECOND
from .real_tables import RealTables
from .storage import AsyncStore

MAX_SOCKETS_PER_MEMBER = 4


@dataclass(frozen=True, slots=True)
class RoomOptions:
    grace_ms: int = 15_000
    clock: Callable[[], int] = now_ms
    burst: int = BURST  # per-seat message budget (docs/protocol.md §4.4)
    rate_per_second: float = RATE_PER_SECOND
    host_away_ms: int = 60_000  # no host socket this long: the role moves on (H-HST-7b)
    odds: OddsPool | None = None  # the lobbies' odds (server/odds_pool.py); None: no odds shown
    # What real tables did with each deck, shared by the server's rooms (issue 34 §3).
    tallies: RealTables = field(default_factory=RealTables)


@dataclass(eq=False, slots=True)
class RoomCore:
    code: str
    site: GameSite  # the game this room hosts
    store: AsyncStore
    lobby: Lobby
    revision: int
    play: Play | None
    options: RoomOptions
    presence: Presence
    base_url: str | None = None  # where phones reach this server (for the join link)
    # The lowest version a viewer's next state may have (``RoomViews``).
    version_floor: int = 0
    conns: list[Connection] = field(default_factory=list)
    # When the room was last used: a socket came or went, or a request named it.
    # ``Rooms`` unloads a room that has had no socket for long after this.
    touched: int = 0
    # On a cluster node: the room's lease, checked before each change, and its
    # fencing token, sent with each write (cluster/ownership.py). None: one server.
    lease: Held | None = None

    # The room's clock (server ms): ``options.clock``, held here so the hot path calls it directly.
    clock: Callable[[], int] = field(init=False)

    def __post_init__(self) -> None:
        self.clock = self.options.clock

    def name(self, pid: int) -> str:
        member = self.lobby.member(pid)
        return member.name if member else str(pid)

    def fence(self) -> int | None:
        return None if self.lease is None else self.lease.fence

    async def check_owner(self) -> None:
        """Refuse a change once this node's lease may have run out and cannot be
        renewed: another node may own the room by now (the phone reconnects through
        the proxy to it)."""
        if self.lease is not None and not await self.lease.confirm():
            raise Rejected("not_owner")

    def connected(self, pid: int) -> bool:
        return any(c.pid == pid for c in self.conns)

    def linked(self, pid: int) -> bool:
        """Some socket of ``pid`` is open and not silent (``room_quiet``)."""
        return any(c.pid == pid and not c.quiet for c in self.conns)
