"""The strong bots' belief over role assignments, and that they play whole games legally."""

from __future__ import annotations

import pytest

from nightfall.games.heks.bots import BOTS, play_game
from nightfall.games.heks.bots.belief import PublicBelief, SeatBelief


def test_a_witch_reading_is_a_witch_and_the_witch_side_knows_the_jester() -> None:
    """H-SEE-3, H-JST-1 as changed by B-8 (no mask: only a Witch reads "Witch", from 9 players
    up too) and H-JST-3 from B-7 (the Witches and the Crow are shown the Jester)."""
    pub = PublicBelief.new(9)
    seer = SeatBelief(seat=1, role="SEER", known_witches=frozenset())
    seer.read(5, True)
    pw, pj = seer.marginals(pub)
    assert pw[5] == pytest.approx(1.0) and pj[5] == pytest.approx(0.0)
    crow = SeatBelief(seat=3, role="CROW", known_witches=frozenset({2, 6}), known_jester=8)
    pw, pj = crow.marginals(pub)
    assert pj[8] == pytest.approx(1.0) and pw[8] == pytest.approx(0.0)
    villager = SeatBelief(seat=4, role="VILLAGER", known_witches=frozenset())
    _, pj = villager.marginals(pub)
    assert 0.0 < pj[8] < 0.5  # the village does not know him


def test_below_9_players_a_witch_reading_is_a_witch() -> None:
    """Table 2.1: no Jester below 9 players, so "Witch" (H-SEE-3) is certain."""
    pub = PublicBelief.new(8)
    seer = SeatBelief(seat=1, role="SEER", known_witches=frozenset())
    seer.read(3, True)
    pw, _pj = seer.marginals(pub)
    assert pw[3] == pytest.approx(1.0)
    assert pw[1] == 0.0  # she knows her own role


def test_exile_reveal_is_certain_and_witches_know_each_other() -> None:
    """H-EXC-5 reveals "was / was not a witch"; H-START-2: witches see each other."""
    pub = PublicBelief.new(7)
    pub.exiled(4, was_witch=True)
    villager = SeatBelief(seat=2, role="VILLAGER", known_witches=frozenset())
    pw, _ = villager.marginals(pub)
    assert pw[4] == pytest.approx(1.0)
    assert sum(pw) == pytest.approx(2.0)  # two witches at 7 players
    witch = SeatBelief(seat=4, role="WITCH", known_witches=frozenset({6}))
    pw, _ = witch.marginals(pub)
    assert pw[6] == pytest.approx(1.0) and pw[2] == pytest.approx(0.0)


def test_failed_ritual_raises_suspicion_on_its_members() -> None:
    pub = PublicBelief.new(6)
    pub.ritual([1, 2, 3], failed=True, voters_for=[1, 2, 3, 4], voters_against=[5, 6])
    pw, _ = SeatBelief(seat=6, role="VILLAGER", known_witches=frozenset()).marginals(pub)
    assert min(pw[1], pw[2], pw[3]) > max(pw[4], pw[5])


@pytest.mark.parametrize("players", [4, 9, 12])
def test_strong_bots_play_whole_games(players: int) -> None:
    """§14.3: every game ends; the strong bots' commands are almost all legal."""
    for seed in range(3):
        rec = play_game(
            {"players": [f"P{i}" for i in range(1, players + 1)], "mode": "timed"},
            seed,
            lambda _seat, _role: BOTS["strong"](),
        )
        assert rec.state.result is not None
        assert rec.rejected <= rec.accepted // 20
