"""Table 2.2's A and E at 7 players: the witches attack from day 3 (H-WAT-9, balance change
B-11) and the Seer checks from day 2 (H-SEE-4, B-12), on the real 7-player table."""

from __future__ import annotations

import pytest

from nightfall.engine import Rejected
from nightfall.games.heks.setup import new_state
from nightfall.games.heks.tables import PARAMS

from .kit import Scenario

# DEALS[7]: Anna Seer, Bram Witch, Cas Crow, Dewi Herb Doctor, Eva Protector, Fien Witch, Guus Pickpocket.


def at_witch_turn(g: Scenario, where: str = "Forest") -> None:
    if g.phase == "ROLE_REVEAL":
        g.all_ready()
    if g.phase == "VOTE_RESULT_SCENE":
        g.confirm_all()
    for n in g.cats():
        if g.roles[n] != "WITCH":
            g.depart(n, where)
    assert g.phase == "WITCH_C", g.phase


def test_table_2_2_columns_a_and_e() -> None:
    # H-WAT-9, H-SEE-4 (B-11, B-12, B-14, B-15, B-16): A = 4 at 4 players, 3 at 5 and 7, E = 2
    # at 6 and 7 players, 1 at every other count; public.
    expected = {4: (4, 1), 5: (3, 1), 6: (1, 2), 7: (3, 2)}
    for n, p in PARAMS.items():
        assert (p.attacks_from, p.seer_from) == expected.get(n, (1, 1)), n
    g = Scenario.standard(7)
    assert (g.view()["attacks_from"], g.view()["seer_from"]) == (3, 2)
    assert (Scenario.standard(5).view()["attacks_from"], Scenario.standard(5).view()["seer_from"]) == (3, 1)
    assert (Scenario.standard(6).view()["attacks_from"], Scenario.standard(6).view()["seer_from"]) == (1, 2)
    assert (Scenario.standard(4).view()["attacks_from"], Scenario.standard(4).view()["seer_from"]) == (4, 1)
    assert (Scenario.standard(9).view()["attacks_from"], Scenario.standard(9).view()["seer_from"]) == (1, 1)


def test_no_attack_before_day_a_and_the_spell_closes_the_target_step() -> None:
    # H-WAT-9 (B-11), H-WAT-2: on days 1 and 2 a Witch chooses a place and a spell; the
    # target step is closed with "No attack"; a target is rejected. From day 3 she attacks.
    g = Scenario.standard(7)
    for day in (1, 2):
        at_witch_turn(g)
        assert g.day == day
        g.send("Bram", "witch_place", place="P1")
        g.send("Bram", "witch_spell", spell=None)
        w = g.me("Bram")["witch"]
        assert (w["target_chosen"], w["target"], w["second_chosen"]) == (True, None, True)
        err = g.reject("Bram", "witch_target", target=g.seat("Anna"))
        assert (err.code, err.rule, err.params["from_day"]) == ("no_attacks_yet", "H-WAT-9", 3)
        g.reject("Fien", "witch_place", place="P9")  # her own choices are still open: a bad place
        g.send("Fien", "witch_place", place="P1")
        g.send("Fien", "witch_spell", spell=None)
        g.wait_witch_window()
        assert g.announcement()["new_frogs"] == [], "nobody is frogged before day 3"
        g.finish_day()
    at_witch_turn(g)
    assert g.day == 3
    g.send("Bram", "witch_place", place="P1")
    g.send("Bram", "witch_spell", spell=None)
    assert g.me("Bram")["witch"]["target_chosen"] is False
    g.send("Bram", "witch_target", target=g.seat("Anna"))
    g.witch("Fien", "Forest")
    g.wait_witch_window()
    assert g.announcement()["new_frogs"] == ["Anna"], "from day 3 the same attack hits"


def test_the_auto_choice_draws_no_target_before_day_a() -> None:
    # H-WAT-4 with H-WAT-9: a Witch who taps nothing on day 1 gets a place and no spell, and
    # no target is drawn (her notice lists only what was filled); nobody becomes a frog.
    g = Scenario.standard(7)
    at_witch_turn(g)
    g.wait_witch_window()
    auto = g.inbox("Bram", "WITCH_AUTO")
    assert len(auto) == 1 and auto[0]["filled"] == ["place", "spell"] and auto[0]["target"] is None
    assert g.announcement()["new_frogs"] == []


def test_the_seer_checks_from_day_e() -> None:
    # H-SEE-4 (B-12), H-SEE-1: at 7 players the Seer's check is rejected on day 1, inside her
    # window, and accepted from day 2.
    g = Scenario.standard(7)
    at_witch_turn(g)
    g.witch("Bram", "Forest")
    g.witch("Fien", "Forest")
    g.wait_witch_window()
    g.confirm_all()
    g.end_discussion_all()
    assert g.day == 1
    err = g.reject("Anna", "seer_check", target=g.seat("Bram"))
    assert (err.code, err.rule, err.params["from_day"]) == ("no_sight_yet", "H-SEE-4", 2)
    assert g.me("Anna")["seer"]["used"] is False


def test_the_seer_checks_on_day_2() -> None:
    # H-SEE-4 (B-12): from day E she checks as before (H-SEE-3).
    g = Scenario.standard(7)
    g.all_ready()
    g.quiet_day()
    at_witch_turn(g)
    g.witch("Bram", "Forest")
    g.witch("Fien", "Forest")
    g.wait_witch_window()
    g.confirm_all()
    assert g.day == 2
    assert g.seer("Anna", "Bram") == "WITCH"


@pytest.mark.parametrize("bad", [{"attacks": 0}, {"seer": "2"}, {"knights": 3}, [1]])
def test_from_days_is_checked(bad: object) -> None:
    # Decision 11: the test-only "from_days" moves only A and E, to day numbers >= 1.
    names = ["Anna", "Bram", "Cas", "Dewi", "Eva", "Fien", "Guus"]
    with pytest.raises(Rejected) as err:
        new_state({"players": names, "from_days": bad}, 7)
    assert err.value.code == "bad_config"
