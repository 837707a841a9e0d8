"""Benchmark: how soon the lobby's odds are good enough (issue 34 §2).

The server's own odds pool (``server/odds_pool.py``), one worker process (niced, as
served), asked for one deck: the seconds until the widest side's 95 % interval is
within ± 10 points (the first estimate) and ± 5 points, counted from the moment the
lobby asks. Two starts:

  cold: a new pool, so the time includes starting the worker process and importing
        the bots (the first lobby to ask after ``nightfall serve`` started, without --odds-warm);
  warm: the worker already runs (it computed another deck first): any later edit.

Targets at 12 players on one core: ± 10 within 5 s, ± 5 within 20 s. A fixed
pure-Python calibration workload runs in the same process, so results compare as
ratios on a shared, noisy machine.

    .venv/bin/python bench/heks_odds.py [--players 12] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import time
from typing import Any

from calibration import calibration
from nightfall.games.heks import odds
from nightfall.games.heks.site import HeksSite
from nightfall.games.heks.tables import ROLE_TABLE
from nightfall.server.odds_pool import PRIORITIES, OddsPool


async def time_to(pool: OddsPool, site: HeksSite, key: tuple[int, ...], goals: list[float]) -> dict[str, Any]:
    """Seconds until the deck's widest ± is within each goal, and the games by then."""
    began = time.perf_counter()
    reached: dict[float, tuple[float, int]] = {}
    finished = asyncio.Event()

    def listener(odds: dict[str, Any]) -> None:
        widest = max(s["plus_minus"] for s in odds["sides"])
        for goal in goals:
            if goal not in reached and widest <= goal:
                reached[goal] = (time.perf_counter() - began, odds["games"])
        if len(reached) == len(goals):
            finished.set()

    sub, _ = pool.subscribe(site, key, listener)
    await asyncio.wait_for(finished.wait(), 600)
    sub.cancel()
    return {f"pm{goal:g}": {"seconds": round(s, 2), "games": g} for goal, (s, g) in sorted(reached.items())}


def cpu_per_game(key: tuple[int, ...], games: int) -> float:
    """CPU seconds of one game of ``key`` played here (the worker's cost on a free core)."""
    t = time.process_time()
    odds.play_batch(key, 10_000, games)  # other games than the pool's: same cost, no cache
    return (time.process_time() - t) / games


async def main_async(players: int, nice: int, priority: str) -> dict[str, Any]:
    site = HeksSite()
    key = ROLE_TABLE[players]
    goals = [10.0, 5.0]
    pool = OddsPool(workers=1, target=min(goals), nice=nice, priority=priority)
    try:
        cold = await time_to(pool, site, key, goals)
        # warm: the worker runs; a deck it never saw (the same counts read as another
        # game's key would be cached, so the next lobby edit is played here: 11 players)
        other = ROLE_TABLE[players - 1] if players > 4 else ROLE_TABLE[players + 1]
        warm = await time_to(pool, site, other, goals)
    finally:
        await pool.close()
    return {"players": players, "cold": cold, "warm_other_deck": {"players": sum(other), **warm}}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, default=12)
    ap.add_argument("--nice", type=int, default=10, help="the worker's niceness (the server's: 10)")
    ap.add_argument("--priority", choices=PRIORITIES, default="idle", help="the server's --odds-priority")
    ap.add_argument("--cpu-games", type=int, default=60, help="games timed in CPU seconds here")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    cal = calibration()
    load = os.getloadavg()[0]
    result = asyncio.run(main_async(args.players, args.nice, args.priority))
    per_game = cpu_per_game(ROLE_TABLE[args.players], args.cpu_games)
    result.update(
        {
            "calibration_s": round(cal, 4),
            "load_1min": round(load, 2),
            "worker_nice": args.nice,
            "worker_priority": args.priority,
            "cpu_ms_per_game": round(1000 * per_game, 2),
            "cpu_ms_per_game_per_calibration": round(per_game / cal, 3),
        }
    )
    if args.json:
        print(json.dumps(result))
        return
    print(f"calibration {cal:.3f} s, load {load:.2f} (1 min), worker nice {args.nice}, {args.priority}")
    print(
        f"one {args.players}-player strong game: {1000 * per_game:.1f} ms CPU "
        f"({per_game / cal:.3f} calibrations); on a free core ± 10 needs ~96 games = "
        f"{96 * per_game:.1f} s, ± 5 ~384 games = {384 * per_game:.1f} s"
    )
    for name in ("cold", "warm_other_deck"):
        got = result[name]
        n = got.get("players", args.players)
        print(
            f"{name:16} {n:2d} players: ± 10 in {got['pm10']['seconds']:5.2f} s ({got['pm10']['games']} games), "
            f"± 5 in {got['pm5']['seconds']:5.2f} s ({got['pm5']['games']} games)"
        )


if __name__ == "__main__":
    main()
