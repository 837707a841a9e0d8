"""``nightfall stats``: what real tables on this server did, per deck (issue 34 §3).

Reads the store's finished games (the same record the lobby shows beside the simulated
odds) and prints, per game and deck, how many games ended and which side won them.
The store keeps names for replays; this table shows none.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from nightfall.games import registry
from nightfall.server.real_tables import DeckRecord, RealTables
from nightfall.store import open_store


def read(url: str) -> RealTables:
    """Every finished game in the store at ``url``, counted per deck."""
    store = open_store(url)
    try:
        tallies = RealTables()
        tallies.load(registry.default_catalog(), store.finished_results())
        return tallies
    finally:
        store.close()


def _deck_text(key: str) -> tuple[str, str]:
    """A deck key (``7:WITCH=2,CROW=1,...``) as its player count and ``WITCH 2, CROW 1, ...``."""
    players, _, roles = key.partition(":")
    return players, ", ".join(part.replace("=", " ") for part in roles.split(",") if part)


def render(game: str, decks: dict[str, DeckRecord]) -> str:
    sides = sorted({side for record in decks.values() for side in record.sides})
    head = ["players", "games", *sides, "days", "deck"]
    rows = []
    for key, record in sorted(decks.items(), key=lambda kv: (int(kv[0].partition(":")[0]), kv[0])):
        players, deck = _deck_text(key)
        share = [f"{record.sides[s]}" for s in sides]
        rows.append([players, str(record.games), *share, f"{record.days / record.games:.1f}", deck])
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head) - 1)]
    lines = [game]
    for row in [head, *rows]:
        cells = [c.rjust(w) for c, w in zip(row, widths, strict=False)]
        lines.append("  ".join([*cells, row[-1]]))
    return "\n".join(lines)


def main(args: argparse.Namespace) -> int:
    store: str = args.store
    if "://" not in store and not Path(store).exists():
        print(
            f"stats: no store at {store} (start a server with `make run` first, or pass --store)",
            file=sys.stderr,
        )
        return 2
    try:
        tallies = read(store)
    except Exception as exc:  # a store that cannot be read: one line, not a traceback
        print(f"stats: cannot read the store {store}: {exc}", file=sys.stderr)
        return 1
    games = [name for name in registry.default_catalog() if tallies.decks(name)]
    if args.json:
        out: dict[str, Any] = {
            game: {key: record.to_json() for key, record in tallies.decks(game).items()} for game in games
        }
        print(json.dumps(out, indent=2))
        return 0
    if not games:
        print(f"No finished games in {store} yet.")
        return 0
    print(f"What real tables did with each deck ({tallies.total()} finished games in {store}):\n")
    print("\n\n".join(render(game, tallies.decks(game)) for game in games))
    return 0
