"""The server-wide limits against floods from the LAN (docs/security.md §2 and §5,
docs/protocol.md §4.4), in one place so ``nightfall serve`` flags, tests and the
load benchmark can set them.

The defaults are generous for a party: one laptop, 4-12 phones, a TV board and a
few rooms never come near them, while one misbehaving device cannot make the
server create rooms, open sockets or look up room codes without end. ``0`` means
unlimited for every limit. This module imports nothing heavy: the ``nightfall``
command reads its flags before it knows whether it will start the web server.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from dataclasses import dataclass

MAX_ROOMS = 2000
SOCKETS_PER_ADDRESS = 32
HTTP_BURST = 60
HTTP_RATE_PER_SECOND = 5.0
TRACKED_ADDRESSES = 4096
IDLE_ROOM_MINUTES = 30
IDLE_GAME_MINUTES = 6 * 60
IDLE_CHECK_SECONDS = 60.0
REQUEST_SECONDS = 10.0
SLOW_REQUEST_SECONDS = 1.0


@dataclass(frozen=True, slots=True)
class IdleRooms:
    """When a room nobody uses leaves memory (docs/protocol.md §6, docs/security.md §5).

    A room is idle while no socket is attached and no request names it. Idle for
    ``room_ms`` in the lobby or after a game, or ``game_ms`` while a game runs, it is
    unloaded; every change is already in the store, so the next request for its code
    loads it back. A running game gets far longer because phones sleep during a timed
    game and an Andorra day. Time is the rooms' clock (``RoomOptions.clock``, ms), so a
    test moves one fake clock for deadlines and idleness alike. ``0`` never unloads.
    """

    room_ms: int = IDLE_ROOM_MINUTES * 60_000
    game_ms: int = IDLE_GAME_MINUTES * 60_000
    # How often the rooms are checked (real seconds): a room stays at most this much
    # longer than its idle time. Tests call ``Rooms.unload_idle`` themselves.
    check_seconds: float = IDLE_CHECK_SECONDS

    def limit_ms(self, playing: bool) -> int:
        """How long a room may be idle before it is unloaded (0: forever)."""
        return self.game_ms if playing else self.room_ms

    @classmethod
    def never(cls) -> IdleRooms:
        return cls(room_ms=0, game_ms=0)


@dataclass(frozen=True, slots=True)
class ServerLimits:
    # Rooms in memory (rooms idle for long are unloaded, see ``idle``); past it, creating
    # a room answers 503 ``too_many_rooms``. 2,000 rooms are far more than any party and
    # still a few hundred MB at most.
    max_rooms: int = MAX_ROOMS
    # Open WebSockets per client address, counted from the upgrade (so sockets that
    # never say hello count too). A laptop with a host tab, a board and a few test
    # phones stays far below 32; over it the socket is closed with 4429.
    sockets_per_address: int = SOCKETS_PER_ADDRESS
    # One token bucket per client address for the room endpoints of the HTTP API and
    # for WebSocket upgrades: a phone makes a handful of calls per game, a table of 12
    # on one NAT would still fit the burst. Over it: 429 ``rate_limited``.
    http_burst: int = HTTP_BURST
    http_rate_per_second: float = HTTP_RATE_PER_SECOND
    # How many addresses' buckets are kept (least recently used dropped first), so
    # that many addresses cannot grow the server's memory without bound.
    tracked_addresses: int = TRACKED_ADDRESSES
    # The buckets' clock (seconds, monotonic): tests pass a fake one instead of sleeping.
    clock: Callable[[], float] = time.monotonic
    # When rooms nobody uses leave memory, so that ``max_rooms`` counts live rooms.
    idle: IdleRooms = IdleRooms()
    # An HTTP request (headers and body) must arrive within this many seconds, or it is
    # answered 408 and its connection closed; one still incomplete after
    # ``slow_request_seconds`` takes one of its address's ``sockets_per_address`` places
    # for slow requests until it is in (server/slow_clients.py). 0: no deadline.
    request_seconds: float = REQUEST_SECONDS
    slow_request_seconds: float = SLOW_REQUEST_SECONDS

    @property
    def http_limited(self) -> bool:
        """Is there an HTTP rate limit at all (``0`` for either number turns it off)?"""
        return self.http_burst > 0 and self.http_rate_per_second > 0

    @classmethod
    def unlimited(cls) -> ServerLimits:
        """No limit at all: the load benchmark (10,000 sockets from 127.0.0.1)."""
        return cls(max_rooms=0, sockets_per_address=0, http_burst=0, http_rate_per_second=0)


def _count(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError("must be 0 (unlimited) or more")
    return value


def _rate(text: str) -> float:
    value = float(text)
    if not value >= 0:  # also refuses NaN
        raise argparse.ArgumentTypeError("must be 0 (unlimited) or more")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The ``nightfall serve`` flags for these limits."""
    group = parser.add_argument_group("limits (0 = unlimited)")
    group.add_argument(
        "--max-rooms", type=_count, default=MAX_ROOMS, help=f"rooms in memory (default {MAX_ROOMS})"
    )
    group.add_argument(
        "--max-sockets-per-address",
        type=_count,
        default=SOCKETS_PER_ADDRESS,
        help=f"open WebSockets per client address (default {SOCKETS_PER_ADDRESS})",
    )
    group.add_argument(
        "--http-rate",
        type=_rate,
        default=HTTP_RATE_PER_SECOND,
        help=f"room API calls and WebSocket upgrades per second per address (default {HTTP_RATE_PER_SECOND:g})",
    )
    group.add_argument(
        "--http-burst",
        type=_count,
        default=HTTP_BURST,
        help=f"... and how many of them at once (default {HTTP_BURST})",
    )
    group.add_argument(
        "--idle-room-minutes",
        type=_count,
        default=IDLE_ROOM_MINUTES,
        help="unload a lobby or ended room with no socket after this long; it loads back on "
        f"demand (default {IDLE_ROOM_MINUTES}; 0 = never)",
    )
    group.add_argument(
        "--idle-game-minutes",
        type=_count,
        default=IDLE_GAME_MINUTES,
        help=f"... a room in a running game (default {IDLE_GAME_MINUTES}; 0 = never)",
    )


def from_arguments(args: argparse.Namespace) -> ServerLimits:
    return ServerLimits(
        max_rooms=args.max_rooms,
        sockets_per_address=args.max_sockets_per_address,
        http_burst=args.http_burst,
        http_rate_per_second=args.http_rate,
        idle=IdleRooms(room_ms=args.idle_room_minutes * 60_000, game_ms=args.idle_game_minutes * 60_000),
    )
