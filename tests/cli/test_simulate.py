"""``nightfall simulate``: the same seeded report whatever the number of worker processes."""

from __future__ import annotations

import itertools
import threading
from pathlib import Path
from typing import Any

import pytest

from nightfall.cli.simulate import game_seed, parse_bots, run
from nightfall.cli.simulate_plot import plot_report, wilson


def _report(jobs: int, bots: str) -> list[dict[str, Any]]:
    return [r.to_json() for r in run([4, 9], 8, seed=5, bots=bots, mode="timed", jobs=jobs)]


@pytest.mark.parametrize("bots", ["strong", "heuristic"])
def test_results_do_not_depend_on_jobs(bots: str) -> None:
    one = _report(1, bots)
    assert sum(c["games"] for c in one) == 16
    assert _report(2, bots) == one
    assert _report(3, bots) == one


def test_a_process_with_threads_runs_its_workers_from_a_fork_server() -> None:
    """A process that already runs a thread (a test run's pools) must not fork its workers:
    one could wait forever on a lock that thread held. The report stays the same."""
    stop = threading.Event()
    busy = threading.Thread(target=stop.wait, daemon=True)
    busy.start()
    try:
        assert threading.active_count() > 1
        assert _report(2, "heuristic") == _report(1, "heuristic")
    finally:
        stop.set()
        busy.join()


def test_game_seeds_are_independent_of_each_other_and_of_the_bot_seeds() -> None:
    # Each game's seed is a function of (run seed, count, index) only (so --jobs cannot
    # change it), and no game's bot seed (driver: seed ^ 0x5EED) is another game's seed:
    # with the old arithmetic seeds 1,562 games of a 2,000-per-count study shared streams.
    assert game_seed(2026, 7, 3) == game_seed(2026, 7, 3)
    seeds = [game_seed(2026, n, i) for n in range(4, 13) for i in range(2000)]
    assert len(set(seeds)) == len(seeds)
    assert not {s ^ 0x5EED for s in seeds} & set(seeds)
    # consecutive indices do not give neighbouring seeds
    assert all(abs(a - b) > 1 << 20 for a, b in itertools.pairwise(seeds))


def test_bots_per_side() -> None:
    assert parse_bots("random") == {"village": "random", "witch": "random", "solo": "random"}
    assert parse_bots("witch=random") == {"village": "strong", "witch": "random", "solo": "strong"}
    with pytest.raises(SystemExit):
        parse_bots("village=genius")
    mixed = run(
        [5], 6, seed=2, bots={"village": "heuristic", "witch": "random", "solo": "random"}, mode="timed"
    )
    assert mixed[0].games == 6


def test_wilson_interval_brackets_the_rate() -> None:
    lo, hi = wilson(50, 100)
    assert 0.40 < lo < 0.5 < hi < 0.60
    assert wilson(0, 20)[0] == 0.0 and wilson(0, 20)[1] > 0.1


@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_plot_writes_the_figure(tmp_path: Path, suffix: str) -> None:
    rows = run([4, 9], 4, seed=1, bots="heuristic", mode="timed")
    out = tmp_path / f"balance{suffix}"
    plot_report(rows, str(out), "test")
    data = out.read_bytes()
    assert data.startswith(b"\x89PNG") if suffix == ".png" else b"<svg" in data[:2000]


def test_deck_flag_plays_the_deck_and_refuses_a_bad_one() -> None:
    """``--deck`` (H-DECK-1..6): roles not named count 0; a deck that breaks a rule at one of
    the counts is refused with the rule and its reason; the games are dealt from it."""
    from nightfall.cli.simulate import parse_deck

    deck = parse_deck("witch=2,CROW=1,SEER=1", [9, 12])
    assert deck == {
        "WITCH": 2,
        "CROW": 1,
        "JESTER": 0,
        "SEER": 1,
        "HERB_DOCTOR": 0,
        "PROTECTOR": 0,
        "PICKPOCKET": 0,
    }
    assert parse_deck(None, [4]) is None and parse_deck("standard", [4]) is None
    with pytest.raises(SystemExit, match=r"witch side \(4\).*6 players.*H-DECK-3"):
        parse_deck("WITCH=2,CROW=2", [6, 12])
    with pytest.raises(SystemExit, match="H-DECK-4"):
        parse_deck("WITCH=1,SEER=2", [12])
    with pytest.raises(SystemExit, match="ROLE=COUNT"):
        parse_deck("WITCH", [12])
    # no Jester in the deck: no game of it can end with the Jester exiled
    rows = run([9], 12, seed=3, bots="heuristic", mode="timed", deck={**deck, "JESTER": 0})
    assert rows[0].games == 12 and rows[0].reasons["JESTER_EXILED"] == 0
    with_jester = run([9], 12, seed=3, bots="heuristic", mode="timed", deck={**deck, "JESTER": 1})
    assert with_jester[0].to_json() != rows[0].to_json()  # the deck reaches the games
