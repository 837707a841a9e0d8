"""What real tables on this server did with each deck (issue 34 §3): games, wins per side
and days, per game and deck key (``GameSite.tally``). Read from the store's finished games
when the server starts and counted on as games end; nothing personal is kept.

On a cluster each node counts the games it saw end since it started, on top of what the
store held then: another node's games reach it at its next restart.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from nightfall.games.registry import Catalog, GameSite

from .protocol_types import RealTablesJson


@dataclass(slots=True)
class DeckRecord:
    games: int = 0
    sides: Counter[str] = field(default_factory=Counter)
    days: int = 0  # summed, for the mean

    def to_json(self) -> RealTablesJson:
        return {
            "games": self.games,
            "sides": dict(sorted(self.sides.items())),
            "mean_days": round(self.days / self.games, 1) if self.games else 0.0,
        }


class RealTables:
    def __init__(self) -> None:
        self._decks: dict[tuple[str, str], DeckRecord] = {}
        # Moves with every game counted: a room's cached lobby part is rebuilt after it.
        self.version = 0

    def add(self, site: GameSite, result: Mapping[str, Any]) -> None:
        """One finished game of ``site``'s game (a result the game cannot read is skipped)."""
        tally = site.tally(result)
        if tally is None:
            return
        record = self._decks.setdefault((site.name, tally.deck), DeckRecord())
        record.games += 1
        record.sides[tally.side] += 1
        record.days += tally.days
        self.version += 1

    def load(self, catalog: Catalog, finished: Iterable[tuple[str, Mapping[str, Any]]]) -> int:
        """The store's finished games, (game, result) each; returns how many were counted."""
        before = self.total()
        for game, result in finished:
            site = catalog.get(game)
            if site is not None:
                self.add(site, result)
        return self.total() - before

    def total(self) -> int:
        return sum(r.games for r in self._decks.values())

    def of(self, game: str, deck: str | None) -> RealTablesJson | None:
        """What tables did with ``deck``; None when no game of it has ended here."""
        record = self._decks.get((game, deck)) if deck is not None else None
        return record.to_json() if record is not None else None

    def decks(self, game: str) -> dict[str, DeckRecord]:
        """Every deck of ``game`` with its record (``nightfall stats``)."""
        return {deck: r for (g, deck), r in sorted(self._decks.items()) if g == game}
