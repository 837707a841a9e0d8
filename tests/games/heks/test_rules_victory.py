"""Victory conditions, their check moments and priorities (§1.2-1.6), the night's loop (§3.7-3.10)."""

from __future__ import annotations

from nightfall.games.heks.site import HeksSite
from nightfall.games.interface import Outcome

from .kit import ATTACKS_DAY_ONE, DAY_ONE, Scenario


def night_of_day1_4p(g: Scenario) -> None:
    """4 players, Day 1 from the evening: Anna and Bram make a spoiled ritual; all vote blank."""
    g.to_exile_vote(["Anna", "Bram"])
    g.exile_votes(dict.fromkeys(g.cats()))


def test_takeover_at_the_end_of_the_day_shows_the_days_announcement() -> None:
    # H-WIN-5, H-PRI-2 ②, H-PRI-4, H-PRI-5, H-ERR-4, H-PRI-7, Table 2.1 (4 players: 2 frogs take over).
    # Attacks on days 1 and 2 on the 4-player deal: A = 1 (test-only from_days, Decision 11; B-16 sets A = 4).
    g = Scenario.standard(4, from_days=ATTACKS_DAY_ONE)
    g.all_ready()
    g.depart("Anna", "Forest")
    g.depart("Cas", "Forest")
    g.depart("Dewi", "Meadow")
    g.witch("Bram", "Forest", None, "Cas")
    g.wait_witch_window()
    # Wc = 1, Nc = 2: no take-over yet.
    assert g.phase == "EVENING_ANNOUNCE" and g.result() is None
    night_of_day1_4p(g)
    assert g.vote_outcome() == "ALL_BLANK" and g.result() is None
    g.confirm_all()
    g.depart("Anna", "Forest")
    g.depart("Dewi", "Meadow")
    g.witch("Bram", "Forest", None, "Anna")
    g.wait_witch_window()
    # Nc = 1 (Dewi) ≤ Wc = 1 → the witches win at the end of the day, with no evening scene.
    assert g.phase == "GAME_END"
    res = g.result()
    assert res is not None
    assert (res["winner"], res["reason"], res["score"]) == ("witch", "TAKEOVER", 2)
    ann = res["announcement"]
    assert (ann["day"], ann["new_frogs"], ann["turned_back"]) == (2, [1], [])
    assert g.view("Dewi")["result"] == res


def test_all_witches_frogs_at_the_end_of_the_day() -> None:
    # H-WIN-3, H-PRI-2 ①, H-PRI-8, H-WAT-6 (a frogged witch's attack still resolves), H-GEN-4,
    # H-WAT-7 (witches may attack each other), H-PRI-6 (frog witches count in the score).
    g = Scenario.standard(7, from_days=DAY_ONE)
    g.all_ready()
    for n in ("Anna", "Cas", "Dewi", "Eva", "Guus"):
        g.depart(n, "Forest")
    g.witch("Bram", "Forest", None, "Fien")
    g.witch("Fien", "Forest", None, "Bram")
    g.wait_witch_window()
    assert g.phase == "GAME_END"
    res = g.result()
    assert res is not None
    assert (res["winner"], res["reason"], res["score"]) == ("village", "ALL_WITCHES_FROGS", 2)
    assert res["announcement"]["new_frogs"] == [2, 6]


def test_all_witches_frogs_after_the_vote() -> None:
    # H-PRI-3 ③: an exile leaves only frog witches → village wins (not ALL_WITCHES_EXILED).
    g = Scenario.standard(7, from_days=DAY_ONE)
    g.all_ready()
    for n in ("Anna", "Cas", "Dewi", "Eva", "Guus"):
        g.depart(n, "Forest")
    g.witch("Bram", "Forest", None, "Fien")
    g.witch("Fien", "Forest", None, None)
    g.wait_witch_window()
    assert g.frogs() == ["Fien"] and g.result() is None
    g.to_exile_vote(["Anna", "Bram", "Cas"])
    g.exile_votes({n: ("Bram" if n != "Bram" else "Anna") for n in g.cats()})
    assert g.exiled() == "Bram"
    res = g.result()
    assert res is not None
    assert (res["winner"], res["reason"], res["score"]) == ("village", "ALL_WITCHES_FROGS", 1)


def test_all_witches_exiled_while_the_crow_is_still_in_the_game() -> None:
    # H-WIN-2, H-CRW-1, H-EXC-5 (an exiled witch shows "was a witch"), H-PRI-3 ③.
    g = Scenario.standard(9)
    g.all_ready()
    g.quiet_day(exile="Bram")
    assert g.vote_result()["was_witch"] is True and g.result() is None
    g.quiet_day(exile="Fien")
    assert g.status("Iris") == "CAT"  # the Crow
    res = g.result()
    assert res is not None
    assert (res["winner"], res["reason"], res["score"]) == ("village", "ALL_WITCHES_EXILED", 0)
    assert res["roles"]["9"] == "CROW"


def test_crow_exiled_shows_was_not_a_witch() -> None:
    # H-EXC-5: the exiled player's exact role is not revealed; a Crow "was not a witch".
    g = Scenario.standard(9)
    g.all_ready()
    g.quiet_day(exile="Iris")
    r = g.vote_result()
    assert r["was_witch"] is False
    assert "CROW" not in str(g.view("Anna"))


def test_knights_day_all_blank_means_the_witches_win() -> None:
    # H-WIN-6 (second case), H-EXC-2 (all blank), H-EXC-7, H-GEN-3 (the knights' day is the last day).
    g = Scenario.standard(4)
    g.all_ready()
    for _ in range(3):
        g.quiet_day()
        assert g.result() is None
    g.confirm_all()
    assert g.view()["is_knights_day"] is True and g.day == 4
    g.quiet_day()
    res = g.result()
    assert res is not None
    assert (res["winner"], res["reason"]) == ("witch", "KNIGHTS_VOTE_FAILED")


def test_knights_day_exiling_a_non_witch_means_the_witches_win() -> None:
    # H-WIN-6 (first case), H-PRI-3 ②.
    g = Scenario.standard(4)
    g.all_ready()
    for _ in range(3):
        g.quiet_day()
    g.quiet_day(exile="Cas")
    res = g.result()
    assert res is not None
    assert (res["winner"], res["reason"]) == ("witch", "KNIGHTS_VOTE_FAILED")


def test_jester_exiled_on_the_knights_day_wins_alone() -> None:
    # H-WIN-7 (also in the final vote), H-PRI-3 ① before ②, H-WIN-8, H-WIN-9.
    g = Scenario.standard(9)
    g.all_ready()
    for _ in range(4):
        g.quiet_day()
    assert g.view()["knights_day"] == 5
    g.quiet_day(exile="Hein")
    res = g.result()
    assert res is not None
    assert (res["winner"], res["reason"]) == ("solo", "JESTER_EXILED")


def test_a_frog_jester_cannot_be_voted_for() -> None:
    # H-WIN-7 (third bullet), H-FRG-3.
    g = Scenario.standard(9)
    g.all_ready()
    for n in ("Anna", "Cas", "Dewi", "Eva", "Guus", "Hein", "Iris"):
        g.depart(n, "Forest")
    g.witch("Bram", "Forest", None, "Hein")
    g.witch("Fien", "Forest", None, None)
    g.wait_witch_window()
    assert g.frogs() == ["Hein"]
    g.to_exile_vote(["Anna", "Bram", "Cas"])
    exc = g.reject("Anna", "exile_vote", target=g.seat("Hein"))
    assert (exc.code, exc.rule) == ("bad_target", "H-EXV-1")


def test_curse_meter_full_goes_straight_to_the_vote_and_unlocks_nothing() -> None:
    # H-CUR-1, H-CUR-2, H-CUR-3, H-CUR-4, H-SET-8, H-SPL-1 (OQ-1), H-APR-5, H-APR-7 (a tie is a rejection),
    # H-CHF-3, H-CHF-5 (the next chief at once; the next day continues after the last chief).
    g = Scenario.standard(4)
    g.all_ready()
    g.depart("Anna", "Forest")
    g.depart("Cas", "Forest")
    g.depart("Dewi", "Meadow")
    g.witch("Bram", "Forest")
    g.wait_witch_window()
    g.confirm_all()
    g.end_discussion_all()
    for chief, curse in (("Anna", 1), ("Bram", 2), ("Cas", 3)):
        assert g.chief() == chief
        g.propose(chief, ["Anna", "Cas"])
        r = g.approve(For=["Anna", "Cas"], Against=["Bram", "Dewi"])  # 2-2 tie
        assert r["accepted"] is False
        assert g.phase == "REJECT_SCENE" and g.view()["curse"] == curse
        g.confirm_all()
    assert g.phase == "EXILE_VOTE"  # no ritual, no result scene, no quarrel
    v = g.view()
    assert (v["last_ritual"], v["seals"], v["spoiled"], v["unlocked_spells"]) == ("CURSE_FAILED", 0, 0, [])
    g.exile_votes(dict.fromkeys(g.cats()))
    g.confirm_all()
    assert (g.view()["curse"], g.view()["spoiled"]) == (0, 0)
    g.depart("Anna", "Forest")
    g.depart("Cas", "Forest")
    g.depart("Dewi", "Meadow")
    g.witch("Bram", "Forest")
    assert g.witch_spells("Bram") == []
    g.wait_witch_window()
    g.confirm_all()
    g.end_discussion_all()
    assert g.chief() == "Dewi"


def test_blank_ballots_do_not_count_against_anyone() -> None:
    # H-EXC-1, H-EXC-2, H-EXC-3: 2 for A, 1 for B, the rest blank → A is exiled.
    g = Scenario.standard(7, from_days=DAY_ONE)
    g.all_ready()
    g.quiet_day()
    g.confirm_all()
    g.gather_at("Forest")
    g.to_exile_vote(["Anna", "Bram", "Cas"])
    g.exile_votes(
        {"Anna": "Cas", "Bram": "Cas", "Cas": "Dewi", "Dewi": None, "Eva": None, "Fien": None, "Guus": None}
    )
    assert g.tally() == {"Cas": 2, "Dewi": 1}
    assert g.exiled() == "Cas" and g.vote_result()["was_witch"] is False


def test_votes_can_be_switched_until_the_vote_closes_without_a_trace() -> None:
    # H-APR-3, H-APR-8, H-EXV-2, H-EXV-5, §11 ("vote changes: nobody, never").
    def run(switch: bool) -> Scenario:
        g = Scenario.standard(4)
        g.all_ready()
        g.depart("Anna", "Forest")
        g.depart("Cas", "Forest")
        g.depart("Dewi", "Meadow")
        g.witch("Bram", "Meadow")
        g.wait_witch_window()
        g.confirm_all()
        g.end_discussion_all()
        g.propose("Anna", ["Anna", "Cas"])
        if switch:
            g.send("Cas", "approve", vote="against")
        g.approve(For=["Anna", "Cas", "Dewi"], Against=["Bram"])
        assert g.reject("Cas", "approve", vote="against").code == "wrong_phase"  # closed
        g.confirm_all()
        g.play("Anna", "Mu")
        g.play("Cas", "Mu")
        g.confirm_all()
        g.wait_quarrel()
        if switch:
            g.exile_vote("Dewi", "Cas")
        g.exile_votes({"Dewi": None, "Anna": "Bram", "Bram": "Anna", "Cas": "Bram"})
        return g

    plain, switched = run(False), run(True)
    assert switched.approval()["for"] == ["Anna", "Cas", "Dewi"]
    assert switched.exiled() == "Bram"
    for who in ("public", "Anna", "Bram", "Cas", "Dewi"):
        a, b = plain.view(who), switched.view(who)
        a.pop("step"), b.pop("step")
        assert a == b, who


def test_results_screen_after_an_end_of_day_win_shows_no_stale_vote() -> None:
    # H-ERR-4: the results screen shows that day's announcement; H-EXC-5: a vote result is part
    # of the results screen only when the vote ended the game.
    # Attacks on days 1 and 2 on the 4-player deal: A = 1 (test-only from_days, Decision 11; B-16 sets A = 4).
    g = Scenario.standard(4, from_days=ATTACKS_DAY_ONE)
    g.all_ready()
    for n in ("Anna", "Cas", "Dewi"):
        g.depart(n, "Forest")
    g.witch("Bram", "Forest", None, "Cas")
    g.finish_day()
    g.confirm_all()
    g.depart("Anna", "Forest")
    g.depart("Dewi", "Meadow")
    g.witch("Bram", "Forest", None, "Anna")
    g.wait_witch_window()
    res = g.result()
    assert res is not None and res["reason"] == "TAKEOVER"
    stale = g.view()["vote_result"]
    assert stale is None or stale["day"] == res["day"]


def test_the_crow_counts_as_a_non_witch_for_the_takeover_and_wins_with_the_witches() -> None:
    # H-WIN-5 (the Crow counts as a cat that is not a witch), H-WIN-9, H-CRW-1, H-WIN-8,
    # Table 2.1 (8 players: 2 Witches and the Crow, 6 non-witches: 4 frogs for a take-over).
    g = Scenario(
        [
            ("Anna", "VILLAGER"),
            ("Bram", "WITCH"),
            ("Cas", "VILLAGER"),
            ("Dewi", "HERB_DOCTOR"),
            ("Eva", "PROTECTOR"),
            ("Fien", "WITCH"),
            ("Guus", "PICKPOCKET"),
            ("Iris", "CROW"),
        ]
    )
    g.all_ready()
    for bram, fien in (("Anna", "Cas"), ("Dewi", None), ("Eva", None)):
        if g.phase == "VOTE_RESULT_SCENE":
            g.confirm_all()
        for n in g.cats():
            if n not in ("Bram", "Fien"):
                g.depart(n, "Forest")
        g.witch("Bram", "Forest", None, bram)
        g.witch("Fien", "Forest", None, fien)
        g.finish_day()
        if bram == "Dewi":
            # Nc = 3 (Eva, Guus and the Crow) > Wc = 2: no take-over yet.
            assert g.result() is None and g.cats() == ["Bram", "Eva", "Fien", "Guus", "Iris"]
    res = g.result()
    assert res is not None
    assert (res["winner"], res["reason"], res["score"], res["day"]) == ("witch", "TAKEOVER", 4, 3)
    assert res["roles"]["8"] == "CROW"


def test_the_evening_score_names_the_winning_side_and_its_players() -> None:
    # H-WIN-8 (every player of the winning side wins, the exiled too; the Jester alone),
    # H-WIN-9 (the Crow wins with the witches), as the server's score reads them (HeksSite.outcome).
    site = HeksSite()
    g = Scenario.standard(9)
    g.all_ready()
    for _ in range(4):
        g.quiet_day()
    g.quiet_day(exile="Hein")
    res = g.result()
    assert res is not None and res["winner"] == "solo"
    assert site.outcome(res) == Outcome("solo", (g.seat("Hein"),))
    witches_won = {**res, "winner": "witch"}  # the same table, had the witches won
    witch_side = ("Bram", "Cas", "Fien", "Iris")  # Cas is the second Crow at 9 players (B-9)
    assert site.outcome(witches_won) == Outcome("witch", tuple(g.seat(n) for n in witch_side))
    village = {**res, "winner": "village"}
    expected = tuple(g.seat(n) for n in ("Anna", "Dewi", "Eva", "Guus"))
    assert site.outcome(village) == Outcome("village", expected)
