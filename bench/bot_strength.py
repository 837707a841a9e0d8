"""Are the strong bots stronger? Each side played by strong bots against heuristic opponents,
against heuristic-vs-heuristic, per player count, with 95 % confidence intervals.

    .venv/bin/python bench/bot_strength.py --games 1000 --seed 2026 [--jobs N] [--players 4-12]

The margin is (win rate of the side with strong bots) - (its win rate when heuristic);
its interval is the normal approximation for a difference of two independent proportions.
"""

from __future__ import annotations

import argparse
import math
import os
import sys

from nightfall.cli.simulate import parse_players, run

SIDES = (("village", "village"), ("witch", "witches"), ("solo", "Jester"))


def margin(a: int, n: int, b: int, m: int) -> tuple[float, float]:
    p, q = a / n, b / m
    se = math.sqrt(p * (1 - p) / n + q * (1 - q) / m)
    return p - q, 1.96 * se


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--players", default="4-12")
    ap.add_argument("--jobs", type=int, default=len(os.sched_getaffinity(0)))
    args = ap.parse_args()
    counts = parse_players(args.players)
    base = run(counts, args.games, args.seed, "heuristic", "timed", jobs=args.jobs)
    print(f"{args.games} games per count and configuration, seed {args.seed}")
    print("| side | players | heuristic vs heuristic | strong vs heuristic | margin (95 % CI) |")
    print("|---|---|---|---|---|")
    for side, label in SIDES:
        bots = {"village": "heuristic", "witch": "heuristic", "solo": "heuristic", side: "strong"}
        with_jester = [n for n, b in zip(counts, base, strict=True) if side != "solo" or b.winners["solo"]]
        if side == "solo":
            with_jester = [n for n in counts if n >= 9]
        if not with_jester:
            continue
        strong = run(with_jester, args.games, args.seed, bots, "timed", jobs=args.jobs)
        for st in strong:
            h = base[counts.index(st.players)]
            d, ci = margin(st.winners[side], st.games, h.winners[side], h.games)
            print(
                f"| {label} | {st.players} | {h.winners[side] / h.games:.1%} | "
                f"{st.winners[side] / st.games:.1%} | {d:+.1%} ± {ci:.1%} |"
            )
        sys.stdout.flush()


if __name__ == "__main__":
    main()
