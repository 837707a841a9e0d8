"""Instructions per complete 12-player heuristic game, as ``nightfall simulate`` plays it.

Counted by callgrind, so the figure does not move with the machine's load:

    for n in 10 30; do valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.$n \\
        .venv/bin/python bench/heks_instructions.py --games $n; done
    # instructions per game = (Ir of 30 games - Ir of 10 games) / 20   (Ir: the "summary:" line)

The difference cancels the interpreter's start-up and imports. Target (issue 21): <= 25 M.
Strong bots (``--bots strong``, issue 34 §2: <= 60 M per game): run both counts with
``OPENBLAS_NUM_THREADS=1`` (BLAS threads spin under valgrind), e.g. 4 and 12 games,
(Ir of 12 - Ir of 4) / 8. Under valgrind OpenBLAS picks another kernel than on this CPU,
so the digests differ from a plain run's; compare each only with its own kind.
Prints a digest of the outcomes, so a speed-up can be checked not to change any game.

The study's mix of tables (``--players 4-12``: ``--games`` games at each count, as
``nightfall simulate heks --players 4-12`` plays them) is the load-free proxy of the study's
CPU time (issue 33 §2's budget), e.g. 2 and 6 games a count, (Ir of 6 - Ir of 2) / 4 per
round of nine tables.
"""

from __future__ import annotations

import argparse
import hashlib

from nightfall.cli.simulate import parse_players, play_one


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--players", default="12", help="a count or a range, e.g. 4-12")
    ap.add_argument("--bots", default="heuristic")
    args = ap.parse_args()
    bots = (("solo", args.bots), ("village", args.bots), ("witch", args.bots))
    outcomes = [
        play_one((n, i, 2026, bots, "timed", None))
        for n in parse_players(args.players)
        for i in range(args.games)
    ]
    print(hashlib.sha256(repr(outcomes).encode()).hexdigest()[:16], outcomes[:3])


if __name__ == "__main__":
    main()
