"""``nightfall simulate --plot FILE``: the balance of a run as one figure (PNG or SVG by suffix).

Three panels: win rate per side and player count with 95 % Wilson intervals,
the distribution of game length in days, and the win reasons per count.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING

from nightfall.games.heks.tables import ROLE_COLUMNS, ROLE_TABLE, WINNER_OF

if TYPE_CHECKING:
    from nightfall.cli.simulate import CountStats

SIDE_COLOURS = {"village": "#2e7d32", "witch": "#6a1b9a", "solo": "#ef6c00"}
SIDE_LABELS = {"village": "village", "witch": "witches", "solo": "Jester"}


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate (sound near 0 % and 100 %, unlike p ± 1.96 σ)."""
    if games == 0:
        return 0.0, 0.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def plot_report(rows: list[CountStats], path: str, title: str, deck: dict[str, int] | None = None) -> None:
    """``deck``: the host's deck the games were dealt from (None: Table 2.1, H-DECK-9)."""
    suffix = Path(path).suffix.lower()
    if suffix not in (".png", ".svg"):
        raise SystemExit(f"--plot: the file must end in .png or .svg, got {path!r}")
    from nightfall.extras import MissingExtra, need

    try:
        matplotlib = need("matplotlib", "--plot")
    except MissingExtra as exc:
        raise SystemExit(str(exc)) from exc
    matplotlib.use("Agg")  # no display needed
    import matplotlib.pyplot as plt

    counts = [r.players for r in rows]
    fig, (ax_win, ax_days, ax_why) = plt.subplots(1, 3, figsize=(16, 6.5), constrained_layout=True)
    fig.suptitle(title)

    for k, side in enumerate(("village", "witch", "solo")):
        xs, ys, lo, hi = [], [], [], []
        for r in rows:
            jesters = (
                deck["JESTER"] if deck is not None else ROLE_TABLE[r.players][ROLE_COLUMNS.index("JESTER")]
            )
            if side == "solo" and not jesters:
                continue  # no Jester at this count
            a, b = wilson(r.winners[side], r.games)
            p = r.winners[side] / max(r.games, 1)
            xs.append(r.players + (k - 1) * 0.15)
            ys.append(p)
            lo.append(p - a)
            hi.append(b - p)
        ax_win.errorbar(
            xs, ys, yerr=[lo, hi], fmt="o-", capsize=3, color=SIDE_COLOURS[side], label=SIDE_LABELS[side]
        )
    ax_win.axhspan(0.4, 0.6, color="#2e7d32", alpha=0.08, label="village goal 40-60 %")
    ax_win.set(xlabel="players", ylabel="win rate (95 % CI)", ylim=(0, 1), xticks=counts, title="Who wins")
    ax_win.legend(loc="upper center", bbox_to_anchor=(0.5, -0.12), fontsize=8, ncol=2)

    max_day = max((d for r in rows for d in r.days_hist), default=1)
    days = list(range(1, max_day + 1))
    bottom = [0.0] * len(rows)
    cmap = plt.get_cmap("viridis", max(len(days), 2))
    for j, d in enumerate(days):
        share = [r.days_hist[d] / max(r.games, 1) for r in rows]
        ax_days.bar(counts, share, bottom=bottom, color=cmap(j), label=f"day {d}")
        bottom = [b + s for b, s in zip(bottom, share, strict=True)]
    ax_days.set(
        xlabel="players", ylabel="share of games", ylim=(0, 1), xticks=counts, title="Game ends on day"
    )
    ax_days.legend(loc="upper center", bbox_to_anchor=(0.5, -0.12), fontsize=8, ncol=6)

    reasons = list(WINNER_OF)
    bottom = [0.0] * len(rows)
    rcmap = plt.get_cmap("tab10")
    for j, reason in enumerate(reasons):
        share = [r.reasons[reason] / max(r.games, 1) for r in rows]
        ax_why.bar(counts, share, bottom=bottom, color=rcmap(j), label=f"{reason} ({WINNER_OF[reason]})")
        bottom = [b + s for b, s in zip(bottom, share, strict=True)]
    ax_why.set(xlabel="players", ylabel="share of games", ylim=(0, 1), xticks=counts, title="Win reasons")
    ax_why.legend(loc="upper center", bbox_to_anchor=(0.5, -0.12), fontsize=7, ncol=2)

    fig.savefig(path, format=suffix[1:], dpi=110)
    plt.close(fig)
