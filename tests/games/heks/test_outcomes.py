"""What a finished Heks game leaves in the record of real tables (issue 34 §3): its deck,
read from the roles the result shows (H-VIS-2), its winner and its length; no names."""

from __future__ import annotations

from collections import Counter

from nightfall.games.heks import outcomes, tables
from nightfall.games.heks.setup import new_state
from nightfall.games.heks.site import HeksSite
from nightfall.games.interface import Tally

NAMES = ["Anna", "Bram", "Cas", "Dewi", "Eva", "Fien", "Gijs"]


def test_a_finished_games_tally_names_its_deck_winner_and_days_and_no_player() -> None:
    state = new_state({"players": NAMES}, seed=3)
    result = {
        "winner": "witch",
        "day": 4,
        "roles": {str(p.seat): p.role for p in state.players},
        "winners": [1],
    }
    tally = outcomes.tally(result)
    assert tally == Tally(
        deck="7:WITCH=2,CROW=1,SEER=1,HERB_DOCTOR=1,PROTECTOR=1,PICKPOCKET=1", side="witch", days=4
    )
    assert not any(name in tally.deck for name in NAMES)


def test_the_lobby_names_table_2_1s_deck_as_the_tally_of_a_game_dealt_from_it() -> None:
    site = HeksSite(timers={})
    for n in range(tables.MIN_PLAYERS, tables.MAX_PLAYERS + 1):
        dealt = {str(seat): role for seat, role in enumerate(tables.role_multiset(n), start=1)}
        tally = site.tally({"winner": "village", "day": 2, "roles": dealt})
        assert tally is not None and site.deck_key(n, site.default_settings()) == tally.deck
        assert outcomes.parse_key(tally.deck) == (n, dict(Counter(tables.role_multiset(n))))
    assert site.deck_key(3, site.default_settings()) is None  # no game for three (H-SET-1)


def test_a_result_that_is_not_a_finished_heks_game_is_not_counted() -> None:
    assert outcomes.tally({}) is None
    assert outcomes.tally({"winner": "village", "day": 2, "roles": {"1": "WIZARD", "2": "WITCH"}}) is None
    assert outcomes.tally({"winner": "village", "day": "2", "roles": {"1": "WITCH"}}) is None
    three = {"1": "WITCH", "2": "SEER", "3": "VILLAGER"}
    assert outcomes.tally({"winner": "village", "day": 2, "roles": three}) is None
