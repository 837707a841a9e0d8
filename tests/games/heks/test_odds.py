"""The odds of a deck (issue 34 §2): the tally, the 95 % Wilson interval, the lobby's
line, the deck keys, and the simulated games themselves (fixed seeds)."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nightfall.games.heks import odds
from nightfall.games.heks.tables import MAX_PLAYERS, MIN_PLAYERS, ROLE_TABLE


def test_wilson_matches_known_values() -> None:
    # 52 of 100: the textbook Wilson interval is 0.4231 .. 0.6153
    low, high = odds.wilson(52, 100)
    assert low == pytest.approx(0.4231, abs=5e-4)
    assert high == pytest.approx(0.6153, abs=5e-4)
    # no wins is not "0 % ± 0": the interval still reaches up (3/n rule of thumb)
    low, high = odds.wilson(0, 100)
    assert low == 0.0 and 0.03 < high < 0.04


@given(st.integers(1, 5000), st.data())
def test_wilson_contains_the_share_and_stays_in_bounds(n: int, data: st.DataObject) -> None:
    k = data.draw(st.integers(0, n))
    low, high = odds.wilson(k, n)
    assert 0.0 <= low <= k / n <= high <= 1.0


@given(st.integers(0, 40), st.integers(41, 400))
def test_more_games_narrow_the_interval(k: int, n: int) -> None:
    """The same share from four times the games: about half the ± (it narrows as games come in)."""
    assert odds.plus_minus(4 * k, 4 * n) < odds.plus_minus(k, n)
    if min(k, n - k) >= 10:  # away from 0 % and 100 % the ± goes as 1/sqrt(games); there as 1/games
        assert odds.plus_minus(4 * k, 4 * n) == pytest.approx(odds.plus_minus(k, n) / 2, rel=0.15)


def test_plus_minus_at_even_odds_is_the_normal_one_for_many_games() -> None:
    # ± 1.96 * sqrt(.25 / n): 96 games give ~ ± 10, 384 games ~ ± 5 (the lobby's targets)
    assert odds.plus_minus(48, 96) == pytest.approx(100 * 1.96 * math.sqrt(0.25 / 96), abs=0.2)
    assert 9.5 < odds.plus_minus(48, 96) < 10.1
    assert 4.8 < odds.plus_minus(192, 384) < 5.1


def test_tally_line_reads_like_the_issue() -> None:
    tally = odds.Tally(ROLE_TABLE[12])
    for _ in range(125):
        tally.add("village", 4)
    for _ in range(96):
        tally.add("witch", 5)
    for _ in range(19):
        tally.add("solo", 3)
    got = tally.to_json()
    assert got["games"] == 240
    assert [s["side"] for s in got["sides"]] == ["village", "witch", "solo"]
    assert got["sides"][0]["percent"] == 52.1
    assert got["days"] == pytest.approx((125 * 4 + 96 * 5 + 19 * 3) / 240, abs=0.05)
    assert (
        got["text"]
        == "Village 52 % ± 6 · Witches 40 % ± 6 · Jester 8 % ± 4 · 240 games · 4.3 days on average"
    )
    assert not got["done"] and tally.to_json(done=True)["done"]


def test_a_deck_without_a_jester_has_two_sides() -> None:
    tally = odds.Tally(ROLE_TABLE[8])  # Table 2.1: no Jester at 8
    tally.add("village", 3)
    assert [s["side"] for s in tally.to_json()["sides"]] == ["village", "witch"]
    assert odds.Tally(ROLE_TABLE[8]).to_json()["text"] == "Simulating…"


def test_precision_is_the_widest_side() -> None:
    tally = odds.Tally(ROLE_TABLE[12])
    assert tally.precision() == 100.0
    rng = random.Random(7)
    for _ in range(400):
        tally.add(rng.choice(["village", "village", "witch", "solo"]), 4)
    widest = max(odds.plus_minus(tally.wins[s], 400) for s in ("village", "witch", "solo"))
    assert tally.precision() == widest
    assert 4.0 < tally.precision() < 5.2


def test_deck_keys() -> None:
    for n in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        assert odds.deck_key(n, None) == ROLE_TABLE[n]
        assert sum(ROLE_TABLE[n]) == n
        assert odds.deck_setting(ROLE_TABLE[n]) is None  # the standard deck: no "deck" in the config
    assert odds.deck_key(3, None) is None and odds.deck_key(13, None) is None
    # a custom deck: Villagers fill the rest; the same deck written twice is the same key
    custom = {"WITCH": 2, "CROW": 1, "SEER": 1, "PROTECTOR": 1}
    key = odds.deck_key(8, custom)
    assert key == (2, 1, 0, 1, 0, 1, 0, 3)
    assert odds.deck_key(8, {**custom, "JESTER": 0}) == key
    assert odds.deck_setting(key) == {**custom, "JESTER": 0, "HERB_DOCTOR": 0, "PICKPOCKET": 0}
    assert odds.deck_key(4, custom) is None  # more roles than seats
    assert odds.deck_key(8, {"CROW": 1}) is None  # no Witch: no deck
    # the deck rules decide (H-DECK-4, H-DECK-3): a deck the game would refuse has no odds
    assert odds.deck_key(8, {**custom, "SEER": 2}) is None
    assert odds.deck_key(8, {"WITCH": 3, "CROW": 2}) is None


def test_game_seeds_depend_on_deck_and_index_only() -> None:
    a = odds.game_seed(ROLE_TABLE[12], 0)
    assert a == odds.game_seed(ROLE_TABLE[12], 0)
    assert len({a, odds.game_seed(ROLE_TABLE[12], 1), odds.game_seed(ROLE_TABLE[11], 0)}) == 3


def test_play_batch_is_reproducible_and_split_anyhow() -> None:
    """A deck's games are the same whether played in one batch or two (fixed seeds)."""
    key = ROLE_TABLE[5]
    whole = odds.play_batch(key, 0, 6)
    assert whole == odds.play_batch(key, 0, 2) + odds.play_batch(key, 2, 4)
    assert all(w in ("village", "witch") and d >= 1 for w, d in whole)


def test_a_share_near_0_or_100_reads_as_its_interval_not_a_symmetric_plus_minus() -> None:
    """A play-test read "Village 0 % ± 25 / Witches 100 % ± 25" after four games (an interval
    past 0 and 100) and "Jester 0 % ± 0" after 621 (which sounds certain). The Wilson interval
    is not symmetric there: the line shows its ends, "0–49 %", "0–1 %"; in the middle, "± 6"."""
    assert odds.shown(odds.side_odds("village", 0, 4)) == "0–49 %"
    assert odds.shown(odds.side_odds("witch", 4, 4)) == "51–100 %"
    assert odds.shown(odds.side_odds("solo", 0, 621)) == "0–1 %"
    assert odds.shown(odds.side_odds("village", 125, 240)) == "52 % ± 6"
    side = odds.side_odds("solo", 3, 100)
    assert side["low"] <= side["percent"] <= side["high"] and side["low"] > 0
    assert odds.text([odds.side_odds("village", 0, 4)], 4, 3.0).startswith("Village 0–49 % · 4 games")
