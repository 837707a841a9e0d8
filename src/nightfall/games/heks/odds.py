"""The odds of a deck: who wins how often, from simulated games (issue 34 §2).

Pure: a ``Tally`` of finished games (winner, days) and what the lobby shows of it.
The interval per side is Wilson's 95 % score interval: unlike the normal
approximation it stays inside 0..100 % and is honest with few games or a side that
rarely wins (the Jester), which is exactly the lobby's first seconds. The lobby shows
the observed share and "± h", h being half the interval's width (the interval is a
little asymmetric; its half-width is the honest size of the doubt).

The games themselves (``play_batch``) run in a worker process: the same deck and
game index always give the same game (the seed is a hash of both), so a cached
tally can be extended later by anyone and stays reproducible.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, TypedDict

from nightfall.engine import Rejected

from . import deck as decks
from .tables import MAX_PLAYERS, MIN_PLAYERS, ROLE_COLUMNS, ROLE_TABLE, VILLAGER

SIDES = ("village", "witch", "solo")
SIDE_NAMES = {"village": "Village", "witch": "Witches", "solo": "Jester"}
Z95 = 1.959964  # the normal quantile of a two-sided 95 % interval
# The simulator's default mode (docs/simulate.md): the bots play the same either way.
ODDS_MODE = "timed"

# A deck: Table 2.1's columns (ROLE_COLUMNS order, Villagers included); its sum is the
# player count. The key that makes two rooms "the same deck".
DeckKey = tuple[int, ...]


class SideOdds(TypedDict):
    side: str  # village | witch | solo
    wins: int
    percent: float  # the observed share, 0..100, one decimal
    plus_minus: float  # half the width of the 95 % Wilson interval, in points, one decimal
    low: float  # the interval's ends, in percent, one decimal: it is not symmetric near 0 and 100
    high: float


class OddsJson(TypedDict):
    """The odds of the lobby's deck so far (docs/protocol.md, ``room.odds``)."""

    deck: list[int]  # the deck's counts in Table 2.1's column order (Villagers included)
    games: int
    sides: list[SideOdds]  # village, witch, then solo only when the deck has a Jester
    days: float  # the mean length of a game in days, one decimal
    done: bool  # the target precision is reached: no more games will come
    text: str  # "Village 52 % ± 6 · Witches 40 % ± 6 · 240 games · 4.3 days on average"


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval (low, high) for k successes in n trials, as fractions."""
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # mathematically p is inside; the clamps keep rounding (k = 0 or n) from saying otherwise
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def plus_minus(k: int, n: int) -> float:
    """Half the width of the 95 % interval, in percentage points."""
    low, high = wilson(k, n)
    return 100 * (high - low) / 2


@dataclass(slots=True)
class Tally:
    """Finished games of one deck: wins per side and days played."""

    deck: DeckKey
    games: int = 0
    wins: dict[str, int] = field(default_factory=lambda: dict.fromkeys(SIDES, 0))
    days: int = 0

    def add(self, winner: str, days: int) -> None:
        self.games += 1
        self.wins[winner] = self.wins.get(winner, 0) + 1
        self.days += days

    @property
    def sides(self) -> tuple[str, ...]:
        """The sides that can win with this deck: the Jester only when dealt."""
        has_jester = self.deck[ROLE_COLUMNS.index("JESTER")] > 0
        return SIDES if has_jester else SIDES[:2]

    def precision(self) -> float:
        """The widest side's ± in points (100 before any game)."""
        if self.games == 0:
            return 100.0
        return max(plus_minus(self.wins[s], self.games) for s in self.sides)

    def to_json(self, done: bool = False) -> OddsJson:
        n = self.games
        sides: list[SideOdds] = [side_odds(s, self.wins[s], n) for s in self.sides]
        days = round(self.days / n, 1) if n else 0.0
        return {
            "deck": list(self.deck),
            "games": n,
            "sides": sides,
            "days": days,
            "done": done,
            "text": text(sides, n, days),
        }


def side_odds(side: str, wins: int, games: int) -> SideOdds:
    low, high = wilson(wins, games)
    return {
        "side": side,
        "wins": wins,
        "percent": round(100 * wins / games, 1) if games else 0.0,
        "plus_minus": round(plus_minus(wins, games), 1),
        "low": round(100 * low, 1),
        "high": round(100 * high, 1),
    }


def shown(s: SideOdds) -> str:
    """One side's share as a room reads it: "52 % ± 6" while that stays inside 0..100 and says
    something; else the interval itself, "0–1 %", "96–100 %" (a play-test read "0 % ± 25"
    after four games, and "0 % ± 0", which sounds certain, after 621)."""
    pm = round(s["plus_minus"])
    share = round(s["percent"])
    if pm >= 1 and share - pm >= 0 and share + pm <= 100:
        return f"{share} % ± {pm}"
    return f"{math.floor(s['low'])}–{math.ceil(s['high'])} %"


def text(sides: list[SideOdds], games: int, days: float) -> str:
    """The line the lobby shows (English; the clients draw their own from the fields)."""
    if games == 0:
        return "Simulating…"
    parts = [f"{SIDE_NAMES[s['side']]} {shown(s)}" for s in sides]
    return " · ".join([*parts, f"{games} games", f"{days:.1f} days on average"])


def standard_deck(players: int) -> DeckKey:
    return ROLE_TABLE[players]


def deck_key(players: int, deck: Mapping[str, int] | None) -> DeckKey | None:
    """The key of the deck ``players`` would be dealt, or None when there is none.

    ``deck`` is the lobby's setting: None for Table 2.1, else the host's own counts
    (H-DECK-1; Villagers fill the seats left). A deck the rules refuse for ``players``
    (``decks.full_deck``, H-DECK-2..8) has no odds: the lobby shows why instead.
    """
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        return None
    try:
        counts = decks.full_deck(players, deck)
    except Rejected:
        return None
    return tuple(counts[role] for role in ROLE_COLUMNS)


def deck_setting(key: DeckKey) -> dict[str, int] | None:
    """The config's ``deck`` for a key: None for Table 2.1 (the config then has no ``deck``)."""
    players = sum(key)
    if key == ROLE_TABLE.get(players):
        return None
    return {role: n for role, n in zip(ROLE_COLUMNS, key, strict=True) if role != VILLAGER}


def game_seed(key: DeckKey, index: int) -> int:
    """Game ``index`` of deck ``key``: a hash, so every process plays the same game."""
    data = f"nightfall-odds:{','.join(map(str, key))}:{index}".encode()
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "big")


def play_batch(key: DeckKey, start: int, count: int) -> list[tuple[str, int]]:
    """Games ``start .. start+count-1`` of deck ``key`` by the strongest bots:
    (winner, days) each. Runs in a worker process."""
    from .bots import BOTS, play_game  # the bots are only imported where games are played

    players = sum(key)
    config: dict[str, Any] = {"players": [f"Bot{s}" for s in range(1, players + 1)], "mode": ODDS_MODE}
    setting = deck_setting(key)
    if setting is not None:
        config["deck"] = setting
    strong = BOTS["strong"]
    out = []
    for index in range(start, start + count):
        rec = play_game(config, game_seed(key, index), lambda _seat, _role: strong(), record=False)
        result = rec.state.result
        assert result is not None, "every game ends (§14.3)"
        out.append((str(result["winner"]), rec.days))
    return out
