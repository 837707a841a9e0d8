"""``nightfall simulate heks``: many bot games, win rates per player count.

The JSON report is stable (documented in docs/simulate.md); the table is for
people. Progress goes to stderr so the JSON on stdout stays clean.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, TextIO

from nightfall.games.heks.bots import BOTS, play_game
from nightfall.games.heks.tables import MAX_PLAYERS, MIN_PLAYERS, WINNER_OF

REPORT_FORMAT = "nightfall-simulate/1"


@dataclass(slots=True)
class CountStats:
    players: int
    games: int = 0
    winners: Counter[str] = field(default_factory=Counter)
    reasons: Counter[str] = field(default_factory=Counter)
    days: int = 0
    score: int = 0

    def to_json(self) -> dict[str, Any]:
        g = max(self.games, 1)
        return {
            "players": self.players,
            "games": self.games,
            "win_rate": {side: round(self.winners[side] / g, 4) for side in ("village", "witch", "solo")},
            "reasons": {r: self.reasons[r] for r in WINNER_OF},
            "avg_days": round(self.days / g, 3),
            "avg_witch_score": round(self.score / g, 3),
        }


def parse_players(text: str) -> list[int]:
    try:
        if "-" in text:
            lo, hi = (int(x) for x in text.split("-", 1))
        else:
            lo = hi = int(text)
    except ValueError:
        raise SystemExit(f"--players: expected a count or a range like 4-12, got {text!r}") from None
    if not (MIN_PLAYERS <= lo <= hi <= MAX_PLAYERS):
        raise SystemExit(f"--players: Vang de Heks is for {MIN_PLAYERS}-{MAX_PLAYERS} players, got {text!r}")
    return list(range(lo, hi + 1))


class Progress:
    """A one-line progress bar on a terminal; a line per player count otherwise."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total = total
        self.done = 0
        self.stream = stream
        self.tty = stream.isatty()
        self.started = time.perf_counter()

    def step(self, label: str) -> None:
        self.done += 1
        if self.tty and (self.done % 10 == 0 or self.done == self.total):
            width = 30
            filled = width * self.done // self.total
            rate = self.done / max(time.perf_counter() - self.started, 1e-9)
            bar = "#" * filled + "." * (width - filled)
            self.stream.write(f"\r[{bar}] {self.done}/{self.total} games ({rate:.0f}/s) {label}   ")
            self.stream.flush()

    def section(self, label: str) -> None:
        if not self.tty:
            self.stream.write(f"{label}\n")
            self.stream.flush()

    def finish(self) -> None:
        elapsed = time.perf_counter() - self.started
        if self.tty:
            self.stream.write("\n")
        self.stream.write(f"{self.done} games in {elapsed:.1f} s\n")


def run(
    counts: list[int], games: int, seed: int, bots: str, mode: str, progress: Progress | None
) -> list[CountStats]:
    out = []
    for n in counts:
        stats = CountStats(n)
        if progress:
            progress.section(f"{n} players: {games} games")
        for i in range(games):
            names = [f"Bot{s}" for s in range(1, n + 1)]
            seat_bots = {s: BOTS[bots]() for s in range(1, n + 1)}
            rec = play_game(
                {"players": names, "mode": mode}, seed * 1_000_003 + n * 10_007 + i, seat_bots, record=False
            )
            result = rec.state.result
            assert result is not None, "every game ends (§14.3)"
            stats.games += 1
            stats.winners[result["winner"]] += 1
            stats.reasons[result["reason"]] += 1
            stats.days += rec.days
            stats.score += result["score"]
            if progress:
                progress.step(f"{n} players")
        out.append(stats)
    return out


def render_table(rows: list[CountStats]) -> str:
    reasons = list(WINNER_OF)
    short = {
        "SEALS_COMPLETE": "seals",
        "ALL_WITCHES_EXILED": "w-exiled",
        "ALL_WITCHES_FROGS": "w-frogs",
        "KNIGHTS_VOTE_WITCH": "knights+",
        "TAKEOVER": "takeover",
        "KNIGHTS_VOTE_FAILED": "knights-",
        "JESTER_EXILED": "jester-x",
    }
    head = ["players", "games", "village", "witch", "jester", *[short[r] for r in reasons], "days", "score"]
    lines = [head]
    for s in rows:
        j = s.to_json()
        lines.append(
            [
                str(s.players),
                str(s.games),
                f"{j['win_rate']['village']:.0%}",
                f"{j['win_rate']['witch']:.0%}",
                f"{j['win_rate']['solo']:.0%}",
                *[str(s.reasons[r]) for r in reasons],
                f"{j['avg_days']:.2f}",
                f"{j['avg_witch_score']:.2f}",
            ]
        )
    widths = [max(len(row[i]) for row in lines) for i in range(len(head))]
    text = ["  ".join(cell.rjust(w) for cell, w in zip(row, widths, strict=True)) for row in lines]
    text.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(text)


def main(args: argparse.Namespace) -> int:
    counts = parse_players(args.players)
    if args.games < 1:
        raise SystemExit("--games must be at least 1")
    progress = Progress(len(counts) * args.games, sys.stderr)
    rows = run(counts, args.games, args.seed, args.bots, args.mode, progress)
    progress.finish()
    if args.json:
        report = {
            "format": REPORT_FORMAT,
            "game": "heks",
            "bots": args.bots,
            "mode": args.mode,
            "seed": args.seed,
            "games_per_count": args.games,
            "counts": [r.to_json() for r in rows],
        }
        print(json.dumps(report, indent=2, sort_keys=True))
    else:
        print(f"Vang de Heks, {args.bots} bots, {args.mode} mode, seed {args.seed}")
        print(render_table(rows))
    return 0
