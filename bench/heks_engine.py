"""Benchmark: Vang de Heks engine speed on one core.

Measures
  1. complete 12-player heuristic-bot games per second (bots + engine + views the bots read);
  2. the median time of one ``apply`` plus the 12 ``view`` calls that follow it
     (replaying recorded 12-player games, so bot time is excluded).
A fixed pure-Python calibration workload runs in the same process, so results
can be compared across noisy shared machines as ratios.

Targets (issue 2): >= 200 games/s, apply + 12 views < 1 ms median.

    .venv/bin/python bench/heks_engine.py [--games 300] [--json]
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import time

from calibration import calibration
from nightfall.engine import Transcript, kernel
from nightfall.games.heks import HeksGame
from nightfall.games.heks.bots import BOTS, play_game

PLAYERS = [f"P{i}" for i in range(1, 13)]


def games_per_second(games: int, seed: int = 1) -> tuple[float, list[Transcript]]:
    transcripts = []
    t = time.perf_counter()
    for i in range(games):
        rec = play_game(
            {"players": PLAYERS, "mode": "timed"}, seed + i, {s: BOTS["heuristic"]() for s in range(1, 13)}
        )
        transcripts.append(rec.transcript)
    return games / (time.perf_counter() - t), transcripts


def apply_plus_views(transcripts: list[Transcript]) -> list[float]:
    game = HeksGame()
    samples = []
    clock = time.perf_counter_ns
    for tr in transcripts:
        state = game.setup(tr.config, tr.seed)
        for cmd in tr.commands:
            t = clock()
            kernel.apply(game, state, cmd)
            for seat in range(1, 13):
                game.view(state, seat)
            samples.append((clock() - t) / 1e6)
    return samples


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    gc.collect()
    calib = [calibration() for _ in range(5)]
    rates = []
    transcripts: list[Transcript] = []
    for rep in range(3):
        rate, trs = games_per_second(args.games // 3, seed=1 + rep * 10_000)
        rates.append(rate)
        transcripts.extend(trs)
    samples = apply_plus_views(transcripts)
    calib.extend(calibration() for _ in range(5))
    commands = sum(len(t.commands) for t in transcripts)
    median_rate = round(statistics.median(rates), 1)
    report = {
        "games": len(transcripts),
        "commands": commands,
        "games_per_second_median": median_rate,
        "games_per_second_runs": [round(r, 1) for r in rates],
        "apply_plus_12_views_ms_median": round(statistics.median(samples), 4),
        "apply_plus_12_views_ms_p90": round(statistics.quantiles(samples, n=10)[-1], 4),
        "calibration_ms_median": round(statistics.median(calib) * 1000, 3),
    }
    report["games_per_calibration_unit"] = round(median_rate * statistics.median(calib), 3)
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(
        f"12-player heuristic games: {report['games_per_second_median']} games/s (runs {report['games_per_second_runs']}; target >= 200)"
    )
    print(
        f"apply + 12 views: median {report['apply_plus_12_views_ms_median']} ms, p90 {report['apply_plus_12_views_ms_p90']} ms over {len(samples)} commands (target < 1 ms)"
    )
    print(
        f"calibration (500 x sort 2000 ints): {report['calibration_ms_median']} ms median; games per calibration unit {report['games_per_calibration_unit']}"
    )


if __name__ == "__main__":
    main()
