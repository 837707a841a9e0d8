"""``nightfall simulate heks``: many bot games, win rates per player count.

The JSON report is stable (documented in docs/simulate.md); the table is for
people. Progress goes to stderr so the JSON on stdout stays clean.

Every game's seed derives from (run seed, player count, game index) only, so
the games can be spread over a process pool (``--jobs``) and merged in index
order: the report is the same whatever the number of jobs.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import os
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, TextIO

from nightfall.engine import Rejected
from nightfall.games.heks import deck as decks
from nightfall.games.heks.bots import BOTS, play_game
from nightfall.games.heks.tables import MAX_PLAYERS, MIN_PLAYERS, SIDE, WINNER_OF
from nightfall.processes import exit_with, start_method

REPORT_FORMAT = "nightfall-simulate/1"
SIDES = ("village", "witch", "solo")
DEFAULT_BOTS = "strong"

# One finished game: (winner, reason, days, witches' score).
Outcome = tuple[str, str, int, int]


@dataclass(slots=True)
class CountStats:
    players: int
    games: int = 0
    winners: Counter[str] = field(default_factory=Counter)
    reasons: Counter[str] = field(default_factory=Counter)
    days_hist: Counter[int] = field(default_factory=Counter)
    days: int = 0
    score: int = 0

    def add(self, outcome: Outcome) -> None:
        winner, reason, days, score = outcome
        self.games += 1
        self.winners[winner] += 1
        self.reasons[reason] += 1
        self.days_hist[days] += 1
        self.days += days
        self.score += score

    def to_json(self) -> dict[str, Any]:
        g = max(self.games, 1)
        return {
            "players": self.players,
            "games": self.games,
            "win_rate": {side: round(self.winners[side] / g, 4) for side in SIDES},
            "reasons": {r: self.reasons[r] for r in WINNER_OF},
            "avg_days": round(self.days / g, 3),
            "avg_witch_score": round(self.score / g, 3),
            "days_hist": {str(d): self.days_hist[d] for d in sorted(self.days_hist)},
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


def parse_bots(text: str) -> dict[str, str]:
    """``strong`` (every seat), or per side: ``village=strong,witch=heuristic`` (others: the default)."""
    if "=" not in text:
        if text not in BOTS:
            raise SystemExit(f"--bots: expected one of {', '.join(sorted(BOTS))}, got {text!r}")
        return dict.fromkeys(SIDES, text)
    out = dict.fromkeys(SIDES, DEFAULT_BOTS)
    for part in text.split(","):
        side, _, name = part.partition("=")
        if side not in SIDES or name not in BOTS:
            raise SystemExit(
                f"--bots: expected SIDE=BOT with SIDE in {', '.join(SIDES)} and BOT in "
                f"{', '.join(sorted(BOTS))}, got {part!r}"
            )
        out[side] = name
    return out


def parse_deck(text: str | None, counts: list[int]) -> dict[str, int] | None:
    """``--deck WITCH=2,CROW=1,SEER=0,...`` (roles not named count 0, Villagers fill the
    rest; H-DECK-1) or ``standard``; refused with the deck rule's reason at any count of
    ``counts`` it breaks (H-DECK-2..6)."""
    if text is None or text == "standard":
        return None
    raw: dict[str, object] = {}
    for part in text.split(","):
        role, eq, number = part.strip().partition("=")
        role = role.strip().upper()
        if not eq or not number.strip().isdigit():
            raise SystemExit(f"--deck: expected ROLE=COUNT,... (e.g. WITCH=2,CROW=1,JESTER=0), got {part!r}")
        raw[role] = int(number)
    try:
        deck = decks.parse(raw)
        for n in counts:
            decks.full_deck(n, deck)
    except Rejected as exc:
        raise SystemExit(f"--deck: {exc.params.get('reason')} ({exc.rule})") from None
    return deck


def game_seed(seed: int, players: int, index: int) -> int:
    """A 64-bit hash of (run seed, player count, game index).

    A hash rather than arithmetic: seeds made by arithmetic on the three numbers are
    close integers, so the driver's bot seed (``seed ^ 0x5EED``) of one game can be the
    deal seed of another game of the same run, and the two games then share their
    random numbers. Hashed seeds are unrelated to each other and to the XOR.
    """
    data = f"nightfall-simulate:{seed}:{players}:{index}".encode()
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "big")


# players, index, run seed, bots by side, mode, the deck's counts (None: the standard deck)
Task = tuple[int, int, int, tuple[tuple[str, str], ...], str, tuple[tuple[str, int], ...] | None]


def play_one(task: Task) -> Outcome:
    """One game, from nothing but its task: the unit a worker process runs."""
    n, i, seed, bots_by_side, mode, deck = task
    by_side = dict(bots_by_side)
    names = [f"Bot{s}" for s in range(1, n + 1)]
    config: dict[str, Any] = {"players": names, "mode": mode}
    if deck is not None:
        config["deck"] = dict(deck)  # H-DECK-9: as a room's config carries it
    rec = play_game(
        config,
        game_seed(seed, n, i),
        lambda _seat, role: BOTS[by_side[SIDE[role]]](),
        record=False,
    )
    result = rec.state.result
    assert result is not None, "every game ends (§14.3)"
    return result["winner"], result["reason"], rec.days, result["score"]


def _outcomes(tasks: list[Task], jobs: int) -> Iterator[Outcome]:
    """Outcomes in task order, computed by ``jobs`` processes."""
    if jobs <= 1 or len(tasks) < 2:
        yield from map(play_one, tasks)
        return
    method = start_method()  # a fork server imports the bots once and forks the workers from there
    context = multiprocessing.get_context(method)
    if method == "forkserver":
        context.set_forkserver_preload([__name__])
    chunk = max(1, min(25, len(tasks) // (jobs * 8)))
    with context.Pool(jobs, initializer=exit_with, initargs=(os.getpid(),)) as pool:
        yield from pool.imap(play_one, tasks, chunksize=chunk)  # imap keeps the input order


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
    counts: list[int],
    games: int,
    seed: int,
    bots: dict[str, str] | str,
    mode: str,
    progress: Progress | None = None,
    jobs: int = 1,
    deck: dict[str, int] | None = None,
) -> list[CountStats]:
    by_side = parse_bots(bots) if isinstance(bots, str) else bots
    frozen = tuple(sorted(by_side.items()))
    frozen_deck = None if deck is None else tuple(sorted(deck.items()))
    tasks: list[Task] = [(n, i, seed, frozen, mode, frozen_deck) for n in counts for i in range(games)]
    stats = {n: CountStats(n) for n in counts}
    for (n, i, *_), outcome in zip(tasks, _outcomes(tasks, jobs), strict=True):
        if progress and i == 0:
            progress.section(f"{n} players: {games} games")
        stats[n].add(outcome)
        if progress:
            progress.step(f"{n} players")
    return [stats[n] for n in counts]


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


def bots_label(by_side: dict[str, str]) -> str:
    names = set(by_side.values())
    return names.pop() if len(names) == 1 else ",".join(f"{s}={by_side[s]}" for s in SIDES)


def default_jobs() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def main(args: argparse.Namespace) -> int:
    counts = parse_players(args.players)
    if args.games < 1:
        raise SystemExit("--games must be at least 1")
    jobs = args.jobs if args.jobs is not None else default_jobs()
    if jobs < 1:
        raise SystemExit("--jobs must be at least 1")
    by_side = parse_bots(args.bots)
    deck = parse_deck(getattr(args, "deck", None), counts)
    label = bots_label(by_side)
    progress = Progress(len(counts) * args.games, sys.stderr)
    rows = run(counts, args.games, args.seed, by_side, args.mode, progress, jobs, deck)
    progress.finish()
    if args.plot:
        from nightfall.cli.simulate_plot import plot_report

        deck_label = "" if deck is None else ", own deck"
        plot_report(
            rows, args.plot, f"Vang de Heks, {label} bots, {args.mode}, seed {args.seed}{deck_label}", deck
        )
        sys.stderr.write(f"plot written to {args.plot}\n")
    if args.json:
        report = {
            "format": REPORT_FORMAT,
            "game": "heks",
            "bots": label,
            "bots_by_side": by_side,
            "mode": args.mode,
            "seed": args.seed,
            "games_per_count": args.games,
            "deck": deck,  # null: Table 2.1's row per count (H-DECK-9)
            "counts": [r.to_json() for r in rows],
        }
        print(json.dumps(report, indent=2, sort_keys=True))
    else:
        print(f"Vang de Heks, {label} bots, {args.mode} mode, seed {args.seed}")
        if deck is not None:
            print(
                "deck: " + ", ".join(f"{role}={n}" for role, n in deck.items()) + ", Villagers fill the rest"
            )
        print(render_table(rows))
    return 0
