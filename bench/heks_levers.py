"""Try a variant of Vang de Heks' [DESIGNED] tables before changing them (issue 21 §2).

Patches Table 2.1 and 2.2 in this process, then plays the games of ``nightfall simulate``
(same seeds, strong bots; the worker processes are forked, so they see the patch):

    .venv/bin/python bench/heks_levers.py --players 4 --roles 4:1,0,0,0,1,1,1,0 \\
        --param 4:quorum=3/4 --param 4:attacks_from=3 --games 400 --seed 2026

--roles N:w,c,j,s,hd,pr,pp,v sets row N of Table 2.1 (the columns of ``tables.ROLE_COLUMNS``);
--param N:field=value sets a field of row N of Table 2.2 (``tables.Params``: seals,
knights_day, recipe, places, attacks_from, seer_from; quorum as 3/4 or none). One line per
player count: days, the village's rate with its 95 % interval, the win reasons that never
occurred, and the count of every reason.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import os
from typing import Any

from nightfall.cli.simulate import parse_players, run
from nightfall.games.heks import tables


def _value(text: str) -> int | tuple[int, int] | None:
    if text == "none":
        return None
    if "/" in text:
        num, den = text.split("/")
        return int(num), int(den)
    return int(text)


def patch(roles: list[str], params: list[str]) -> None:
    for item in roles:
        n, cols = item.split(":")
        row = tuple(int(x) for x in cols.split(","))
        if len(row) != len(tables.ROLE_COLUMNS) or sum(row) != int(n):
            raise SystemExit(f"--roles {item}: expected {len(tables.ROLE_COLUMNS)} counts adding up to {n}")
        tables.ROLE_TABLE[int(n)] = row
    for item in params:
        n, assignment = item.split(":")
        field, value = assignment.split("=")
        changes: dict[str, Any] = {field: _value(value)}
        tables.PARAMS[int(n)] = dataclasses.replace(tables.PARAMS[int(n)], **changes)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", default="4-6")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--jobs", type=int, default=len(os.sched_getaffinity(0)))
    ap.add_argument("--roles", action="append", default=[], metavar="N:COUNTS")
    ap.add_argument("--param", action="append", default=[], metavar="N:FIELD=VALUE")
    args = ap.parse_args()
    patch(args.roles, args.param)
    for row in run(parse_players(args.players), args.games, args.seed, "strong", "timed", jobs=args.jobs):
        report = row.to_json()
        games, village = report["games"], report["win_rate"]["village"]
        half = 196 * math.sqrt(village * (1 - village) / games)
        never = [r for r, c in report["reasons"].items() if c == 0 and r != tables.JESTER_EXILED]
        print(
            f"{report['players']:>2} players: days {report['avg_days']:.2f}, village {100 * village:.1f}% ± {half:.1f},"
            f" never {never or 'none'}, {report['reasons']}"
        )


if __name__ == "__main__":
    main()
