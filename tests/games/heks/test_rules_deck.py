"""The host's own deck (issue 34 §1): rules H-DECK-1..9 and whole bot games with odd decks."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nightfall.engine import Rejected, Transcript, replay
from nightfall.games.heks import HeksGame
from nightfall.games.heks import deck as decks
from nightfall.games.heks.bots import BOTS, play_game
from nightfall.games.heks.site import HeksSite
from nightfall.games.heks.tables import (
    CURSE_MAX,
    HAND_LIMIT,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PARAMS,
    ROLE_COLUMNS,
    SIDE,
    WINNER_OF,
)

from .kit import NAMES

ODD = {"WITCH": 2, "CROW": 2, "JESTER": 0, "SEER": 0, "HERB_DOCTOR": 1, "PROTECTOR": 0, "PICKPOCKET": 1}


def deck(**counts: int) -> dict[str, int]:
    return {r: counts.get(r, 0) for r in decks.DECK_ROLES}


def refused(players: int, chosen: Any) -> Rejected:
    with pytest.raises(Rejected) as info:
        decks.full_deck(players, chosen)
    assert info.value.code == "bad_deck"
    assert isinstance(info.value.params["reason"], str) and info.value.params["reason"]
    return info.value


def test_none_is_table_2_1_and_standard() -> None:
    """deck=None deals Table 2.1's row (H-SET-4); is_standard knows it (H-DECK-9)."""
    for n in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        full = decks.full_deck(n, None)
        assert sum(full.values()) == n
        assert decks.is_standard(n, full)
        assert decks.is_standard(n, {r: full[r] for r in decks.DECK_ROLES})
        assert (
            decks.full_deck(n, {r: full[r] for r in decks.DECK_ROLES}) == full
        )  # standard passes every rule
    assert not decks.is_standard(12, decks.full_deck(12, ODD))


def test_h_deck_1_shape() -> None:
    """H-DECK-1: counts of the seven roles; missing ones are 0, Villagers fill the rest."""
    assert decks.full_deck(8, {"WITCH": 2, "CROW": 1}) == {**deck(WITCH=2, CROW=1), "VILLAGER": 5}
    for bad in (
        [1, 2],
        {"VILLAGER": 3, "WITCH": 1},
        {"WITCH": 1, "WEREWOLF": 1},
        {"WITCH": -1},
        {"WITCH": 1.0},
        {"WITCH": True},
    ):
        assert refused(8, bad).rule == "H-DECK-1", bad


def test_h_deck_2_at_least_one_witch() -> None:
    """H-DECK-2: a deck with no Witch is refused."""
    assert refused(8, deck(CROW=1, SEER=1)).rule == "H-DECK-2"


def test_h_deck_3_witch_side_at_most_half_witches_fewer_than_the_rest() -> None:
    """H-DECK-3: Witches + Crows at most half; Witches fewer than everyone else."""
    decks.full_deck(4, deck(WITCH=1, CROW=1))  # Table 2.1's 4-player row: exactly half
    decks.full_deck(12, deck(WITCH=4, CROW=2))
    assert refused(12, deck(WITCH=4, CROW=3)).rule == "H-DECK-3"
    assert refused(6, deck(WITCH=2, CROW=2)).rule == "H-DECK-3"
    assert refused(4, deck(WITCH=2)).rule == "H-DECK-3"  # 2 Witches of 4: a takeover at once (H-WIN-5)
    assert refused(5, deck(WITCH=2, CROW=1)).rule == "H-DECK-3"


def test_h_deck_4_one_holder_roles_at_most_one() -> None:
    """H-DECK-4: at most one Seer, Herb Doctor, Protector, Pickpocket; none is allowed."""
    for role in decks.ONE_HOLDER:
        assert refused(12, deck(WITCH=2, **{role: 2})).rule == "H-DECK-4", role
    decks.full_deck(6, deck(WITCH=1, CROW=1))  # no village role at all


def test_h_deck_5_one_jester_at_any_count() -> None:
    """H-DECK-5: at most one Jester, at every player count."""
    assert refused(12, deck(WITCH=2, JESTER=2)).rule == "H-DECK-5"
    assert decks.full_deck(4, deck(WITCH=1, JESTER=1))["JESTER"] == 1


def test_h_deck_6_roles_fit_the_seats() -> None:
    """H-DECK-6: the chosen roles fit the seats; Villagers take the rest."""
    seven = deck(WITCH=2, CROW=1, JESTER=1, SEER=1, HERB_DOCTOR=1, PROTECTOR=1, PICKPOCKET=1)
    assert refused(7, {**seven, "WITCH": 3, "CROW": 0}).rule == "H-DECK-6"
    assert decks.full_deck(8, seven)["VILLAGER"] == 0


def test_h_deck_8_table_2_2_follows_the_player_count() -> None:
    """H-DECK-8: S, K, R, places, A, E and Q are the player count's, whatever the deck."""
    game = HeksGame()
    for n in (6, 12):
        state = game.setup({"players": NAMES[:n], "deck": deck(WITCH=1)}, 3)
        assert state.params == PARAMS[n]


def test_h_deck_9_deal_follows_the_deck_and_roles_in_play_shows_it() -> None:
    """H-DECK-9 (and H-SET-4): the config's deck is dealt, and the public view's roles_in_play
    (H-TBL-7) is the deck, not Table 2.1's row."""
    game = HeksGame()
    state = game.setup({"players": NAMES[:12], "deck": ODD}, 11)
    full = decks.full_deck(12, ODD)
    assert Counter(p.role for p in state.players) == Counter({r: c for r, c in full.items() if c})
    assert game.view(state, "public")["roles_in_play"] == [full[r] for r in ROLE_COLUMNS]
    assert game.view(state, 1)["roles_in_play"] == [full[r] for r in ROLE_COLUMNS]
    # H-SET-4 stays a random permutation: different seeds, different seatings of the same deck
    seatings = {
        tuple(p.role for p in game.setup({"players": NAMES[:12], "deck": ODD}, s).players) for s in range(8)
    }
    assert len(seatings) > 1


def test_h_deck_9_a_deck_game_replays_from_its_transcript() -> None:
    """H-DECK-9 (and H-RNG-1): the transcript's config carries the deck, so the text alone
    rebuilds the same game."""
    rec = play_game({"players": NAMES[:9], "deck": ODD}, 5, lambda _seat, _role: BOTS["heuristic"]())
    text = rec.transcript.dumps()
    loaded = Transcript.loads(text)
    assert loaded.config["deck"] == ODD
    state = replay(HeksGame(), loaded)
    assert HeksGame().snapshot(state) == HeksGame().snapshot(rec.state)
    assert Counter(p.role for p in state.players) == Counter(p.role for p in rec.state.players)


def test_h_deck_7_lobby_accepts_a_deck_some_table_plays_and_start_checks_the_count() -> None:
    """H-DECK-7: ``settings`` takes null or a deck valid at 12 players; the config carries it
    (H-DECK-9); a deck that does not fit the seated count is refused at start."""
    site = HeksSite(timers={})
    current = site.default_settings()
    assert current["deck"] is None
    merged = site.merge_settings(current, {"deck": {"WITCH": 3, "CROW": 2}})
    assert merged["deck"] == deck(WITCH=3, CROW=2)
    with pytest.raises(Rejected) as info:
        site.merge_settings(current, {"deck": deck(WITCH=4, CROW=3)})
    assert (info.value.code, info.value.rule) == ("bad_deck", "H-DECK-3")
    with pytest.raises(Rejected) as info:
        site.merge_settings(current, {"deck": deck(SEER=1)})
    assert info.value.rule == "H-DECK-2"
    assert site.merge_settings(merged, {"deck": None})["deck"] is None
    config = site.build_config(NAMES[:6], 1, merged)
    assert config["deck"] == deck(WITCH=3, CROW=2)
    assert "deck" not in site.build_config(NAMES[:6], 1, current)  # standard: absent
    with pytest.raises(Rejected) as info:
        HeksGame().setup(config, 1)  # 5 of 6 on the witch side: refused at start
    assert (info.value.code, info.value.rule) == ("bad_deck", "H-DECK-3")
    assert decks.fewest_players(deck(WITCH=3, CROW=2)) == 10


def valid_decks() -> st.SearchStrategy[tuple[int, dict[str, int]]]:
    def pick(n: int) -> st.SearchStrategy[tuple[int, dict[str, int]]]:
        counts = st.fixed_dictionaries(
            {
                "WITCH": st.integers(1, (n - 1) // 2),
                "CROW": st.integers(0, n // 2),
                "JESTER": st.integers(0, 1),
                "SEER": st.integers(0, 1),
                "HERB_DOCTOR": st.integers(0, 1),
                "PROTECTOR": st.integers(0, 1),
                "PICKPOCKET": st.integers(0, 1),
            }
        )
        return counts.filter(lambda c: _valid(n, c)).map(lambda c: (n, c))

    return st.integers(MIN_PLAYERS, MAX_PLAYERS).flatmap(pick)


def _valid(n: int, counts: dict[str, int]) -> bool:
    try:
        decks.full_deck(n, counts)
    except Rejected:
        return False
    return True


@pytest.mark.parametrize("bots", ["strong", "heuristic", "random"])
@settings(
    max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.filter_too_much]
)
@given(table=valid_decks(), seed=st.integers(0, 2**32))
def test_h_deck_bot_games_with_odd_decks_end(bots: str, table: tuple[int, dict[str, int]], seed: int) -> None:
    """H-DECK-1..9: every valid deck plays to the end (§14.3) with every kind of bot: the
    dealt roles are the deck, the winner matches the reason, and the winning side is in play."""
    n, counts = table
    steps = 0

    def invariants(state: Any, _cmd: Any) -> None:
        """H-ING-2's hand limit, H-SET-8's counters, H-CUR-4, Table 2.2 (H-DECK-8)."""
        nonlocal steps
        steps += 1
        assert all(len(p.hand) <= HAND_LIMIT for p in state.players)
        assert 0 <= state.seals <= state.params.seals and state.curse <= CURSE_MAX
        assert state.params == PARAMS[n]

    rec = play_game(
        {"players": NAMES[:n], "deck": counts},
        seed,
        lambda _seat, _role: BOTS[bots](),
        record=False,
        on_command=invariants,
    )
    assert steps > 0
    state = rec.state
    full = decks.full_deck(n, counts)
    assert Counter(p.role for p in state.players) == Counter({r: c for r, c in full.items() if c})
    result = state.result
    assert result is not None, "every game ends (§14.3)"
    assert WINNER_OF[result["reason"]] == result["winner"]
    assert any(SIDE[p.role] == result["winner"] for p in state.players)
