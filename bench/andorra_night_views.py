"""The 31 views a 30-player Andorra room builds when the night begins (the desk and every
seat, each player's move form and the desk's forms built cold), in one process: the part of
a desk action's time that is the room's own work (bench/desk_actions.py measures it through
the server). CPU time, best of ``--rounds``, with the calibration timed in the same process.

    PYTHONPATH=src .venv/bin/python bench/andorra_night_views.py
    PYTHONPATH=/tmp/base/src .venv/bin/python bench/andorra_night_views.py   # a baseline tree
"""

from __future__ import annotations

import argparse
import time

from calibration import calibration
from desk_actions import NICKS, ROLES
from nightfall.engine import HOST, Command, kernel
from nightfall.games.andorra.site import AndorraSiteGame


def night_views_ms(rounds: int) -> float:
    game = AndorraSiteGame()
    state = game.setup({"players": NICKS, "roles": ROLES, "schedule": {"start": 0}}, 3)
    for seat in range(1, len(NICKS) + 1):
        kernel.apply(game, state, Command(seat, "vote", {"target": None}, 10 + seat))
    kernel.apply(game, state, Command(HOST, "end_day", {}, 100))
    best = float("inf")
    for _ in range(rounds):
        state.options_cache.clear()
        state.host_options_cache.clear()
        state.cards = {}
        state.public = None
        start = time.process_time()
        for viewer in ["host", *range(1, len(NICKS) + 1)]:
            game.view(state, viewer)
        best = min(best, time.process_time() - start)
    return best * 1000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    cal = calibration() * 1000
    ms = night_views_ms(args.rounds)
    print(f"31 night views, cold: {ms:.1f} ms CPU (calibration {cal:.1f} ms, ratio {ms / cal:.2f})")


if __name__ == "__main__":
    main()
