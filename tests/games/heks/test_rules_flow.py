"""The course of a day and a night (§3): chief pointer, proposal size, step A details, host marks.

Deals (kit.DEALS): 4: Anna Seer, Bram Witch, Cas Protector, Dewi Crow (B-16); 5: Anna Crow,
Bram Witch, Cas Villager, Dewi Herb Doctor, Eva Protector; 7: Anna Seer, Bram Witch, Cas Crow,
Dewi Herb Doctor, Eva Protector, Fien Witch, Guus Pickpocket; 9: as at 7, plus Hein Jester and
Iris Crow; TEN: Table 2.1 at 10 players (B-9), a third Witch (Jan).
"""

from __future__ import annotations

from .kit import ATTACKS_DAY_ONE, DAY_ONE, Scenario

TEN = [
    ("Anna", "SEER"),
    ("Bram", "WITCH"),
    ("Cas", "VILLAGER"),
    ("Dewi", "HERB_DOCTOR"),
    ("Eva", "PROTECTOR"),
    ("Fien", "WITCH"),
    ("Guus", "PICKPOCKET"),
    ("Hein", "JESTER"),
    ("Iris", "CROW"),
    ("Jan", "WITCH"),
]


def test_day_one_chief_search_starts_at_seat_one_and_skips_frogs() -> None:
    # H-CHF-2, H-CHF-5 (on Day 1 the search starts at seat 1 itself), H-FRG-3.
    # An attack before day 3 on the 5-player deal: A = 1 (test-only from_days, Decision 11; B-14 sets A = 3).
    g = Scenario.standard(5, from_days=ATTACKS_DAY_ONE)
    g.all_ready()
    g.gather_at("Forest", attack="Anna")
    g.confirm_all()
    g.end_discussion_all()
    assert g.chief() == "Bram"


def test_truncated_recipe_when_fewer_cats_than_ingredients() -> None:
    # H-CHF-6, H-RIT-3 (k' = min(|recipe|, #CAT); first k' ingredients; everyone is told),
    # H-MORN-3 (k = min(R, #CAT) at the morning), H-RIT-6, H-WIN-5 (Nc = 2 > Wc = 1 continues).
    g = Scenario(TEN, recipes=[["Mu", "Mo", "SW", "OF"]] * 3)
    g.all_ready()
    # Day 1: two frogs, Jan exiled.
    for n in g.cats():
        if g.roles[n] != "WITCH":
            g.depart(n, "Forest")
    g.witch("Bram", "Forest", None, "Dewi")
    g.witch("Fien", "Forest", None, "Eva")
    g.witch("Jan", "Forest")
    g.finish_day(exile="Jan")
    # Day 2: two more frogs, Fien exiled.
    g.confirm_all()
    for n in g.cats():
        if g.roles[n] != "WITCH":
            g.depart(n, "Forest")
    g.witch("Bram", "Forest", None, "Hein")
    g.witch("Fien", "Forest", None, "Iris")
    g.finish_day(exile="Fien")
    assert g.result() is None
    # Day 3: four cats in the morning (Anna, Bram, Cas, Guus) → a 4-ingredient recipe.
    g.confirm_all()
    assert g.cats() == ["Anna", "Bram", "Cas", "Guus"]
    assert g.recipe() == ["Mu", "Mo", "SW", "OF"]
    g.depart("Anna", "Forest")
    g.depart("Cas", "Meadow")
    g.depart("Guus", "Spring")
    g.witch("Bram", "Spring", None, "Guus")
    g.wait_witch_window()
    assert g.result() is None and g.cats() == ["Anna", "Bram", "Cas"]
    g.confirm_all()
    g.end_discussion_all()
    assert g.recipe() == ["Mu", "Mo", "SW"]  # truncated, and shown to everyone
    chief = str(g.chief())
    exc = g.reject(chief, "propose", members=[1, 2, 3, 10])
    assert exc.code in ("wrong_size", "bad_target")
    g.propose(chief, ["Anna", "Bram", "Cas"])
    g.approve(For=g.cats())
    g.confirm_all()
    g.play("Anna", "Mu")
    g.play("Cas", "Mo")
    g.play("Bram", "SW")
    assert (g.view()["last_ritual"], g.view()["seals"]) == ("SUCCESS", 1)


def test_seer_may_check_during_the_quarrel() -> None:
    # H-SEE-1 (the window spans the ritual, the result and the quarrel). 7 players: the
    # smallest fixed deal with a Seer (none at 4-5 players, B-4, B-5).
    g = Scenario.standard(7, from_days=DAY_ONE)
    g.all_ready()
    g.gather_at("Forest")
    g.to_ritual(["Anna", "Cas", "Dewi"])
    for n in ("Anna", "Cas", "Dewi"):
        g.play(n, "Mu")
    g.confirm_all()
    assert g.phase == "QUARREL"
    assert g.seer("Anna", "Bram") == "WITCH"


def test_an_absent_mark_expires_with_its_step() -> None:
    # H-HST-2 (OQ-12): absent applies only to the current step.
    g = Scenario.standard(5, mode="unlimited")
    g.all_ready()
    g.gather_at("Forest")
    for n in ("Anna", "Bram", "Cas", "Dewi"):
        g.send(n, "confirm")
    g.mark_absent("Eva")
    assert g.phase == "DISCUSSION"
    g.end_discussion("Anna", "Bram", "Cas", "Dewi")
    assert g.phase == "DISCUSSION"  # Eva's mark did not carry over
    g.send("Eva", "end_discussion")
    assert g.phase == "PROPOSAL"


def test_marking_a_player_who_already_departed_keeps_their_choice() -> None:
    # H-HST-4 (a), H-HST-2, H-ERR-5: a mark on someone who owes nothing has no effect;
    # Force continue fills only pending participants.
    g = Scenario.standard(5)
    g.all_ready()
    g.depart("Anna", "Forest")
    g.depart("Cas", "Meadow")
    g.mark_absent("Anna")
    assert g.phase == "DEPART_A"
    g.force_continue()
    g.witch("Bram", "Spring")
    g.wait_witch_window()
    assert g.hand("Anna") == ["Mu"] and g.hand("Cas") == ["Mo"]


def test_protector_may_switch_from_gather_to_guard_while_step_a_is_open() -> None:
    # H-DEP-10 (the Protector may tap Guard after a place), H-DEP-9 (step B follows a Guard).
    g = Scenario.standard(5)
    g.all_ready()
    g.depart("Eva", "Forest")
    g.depart("Eva", guard=True)
    for n in ("Anna", "Cas", "Dewi"):
        g.depart(n, "Forest")
    assert g.phase == "GUARD_B"
    g.guard("Eva", "Meadow")
    assert g.witch_counts("Bram") == {"Forest": 3, "Meadow": 1, "Spring": 0}


def test_extras_may_change_during_step_b() -> None:
    # H-DEP-11 (extras until step C begins, which includes step B), H-HD-1, H-HD-2, H-EVE-3.
    g = Scenario.standard(9)
    g.all_ready()
    g.gather_at("Forest", attack="Guus")
    g.finish_day()
    g.confirm_all()
    assert g.frogs() == ["Guus"]
    for n in ("Anna", "Cas", "Dewi", "Hein", "Iris"):
        g.depart(n, "Forest")
    g.depart("Eva", guard=True)
    assert g.phase == "GUARD_B"
    g.depart("Dewi", turn_back="Guus")  # set during step B, still on time
    g.guard("Eva", "Meadow")
    g.witch("Bram", "Forest")
    g.witch("Fien", "Forest")
    g.wait_witch_window()
    assert g.announcement() == {"new_frogs": [], "turned_back": ["Guus"]}


def test_random_defaults_respect_cats_and_open_places() -> None:
    # H-CHF-6 (a random proposal is a k'-subset of CAT players), H-DEP-5 + H-SET-7 (random places
    # are open places), H-SPL-4 (a closed place cannot be chosen by anyone).
    for seed in range(6):
        # An attack before day 3 on the 5-player deal: A = 1 (test-only from_days, Decision 11; B-14 sets A = 3).
        g = Scenario.standard(5, from_days=ATTACKS_DAY_ONE, seed=seed)
        g.all_ready()
        g.gather_at("Forest", attack="Cas")
        g.confirm_all()
        g.end_discussion_all()
        g.wait_deadline()
        assert 3 not in g.view()["proposal"], seed
    for seed in range(4):
        g = Scenario.standard(7, from_days=DAY_ONE, seed=seed)
        g.all_ready()
        g.quiet_day()
        g.confirm_all()
        for n in ("Anna", "Cas", "Dewi", "Eva", "Guus"):
            g.depart(n, "Forest")
        g.witch("Bram", "Forest", "Mist", None, mist="Meadow")
        g.witch("Fien", "Forest")
        g.finish_day()
        g.confirm_all()
        assert "Meadow" not in g.open_places()
        g.wait_deadline()  # everyone's place is a random default
        assert "Meadow" not in g.witch_counts("Bram")
        g.witch("Bram", "Forest")
        g.witch("Fien", "Forest")
        g.wait_witch_window()
        assert all("Mo" not in g.hand(n)[-1:] for n in ("Anna", "Cas", "Dewi", "Eva", "Guus")), seed


def test_takeover_after_the_vote() -> None:
    # H-PRI-3 ④, H-WIN-5 (checked at the end of the vote).
    # A day-1 attack on the 4-player deal: A = 1 (test-only from_days, Decision 11; B-16 sets A = 4).
    g = Scenario.standard(4, from_days=ATTACKS_DAY_ONE)
    g.all_ready()
    for n in ("Anna", "Cas", "Dewi"):
        g.depart(n, "Forest")
    g.witch("Bram", "Forest", None, "Cas")
    g.finish_day(exile="Dewi")
    res = g.result()
    assert res is not None
    assert (res["winner"], res["reason"], res["score"]) == ("witch", "TAKEOVER", 1)


def test_a_turn_back_in_step_two_prevents_a_takeover() -> None:
    # H-END-1 (① attack, ② turn-back, ④ checks), H-PRI-2 ("after attacks and turn-backs").
    # The 5-player deal has the Herb Doctor (Dewi; none at 4 players since B-16); its attacks on
    # days 1 and 2 need A = 1 (test-only from_days, Decision 11; B-14 sets A = 3).
    g = Scenario.standard(5, from_days=ATTACKS_DAY_ONE)
    g.all_ready()
    for n in ("Anna", "Cas", "Dewi", "Eva"):
        g.depart(n, "Forest")
    g.witch("Bram", "Forest", None, "Cas")
    g.finish_day(exile="Eva")  # 3 of the 4 ballots: the quorum of H-EXC-8 is met
    assert g.result() is None  # Nc = 2 (Anna, Dewi) > Wc = 1
    g.confirm_all()
    g.depart("Anna", "Forest")
    no_cure = g.fork()
    g.depart("Dewi", "Meadow", turn_back="Cas")
    g.witch("Bram", "Forest", None, "Anna")
    g.wait_witch_window()
    # Anna frogged, Cas back: Nc = 2 (Cas, Dewi) > Wc = 1.
    assert g.result() is None and g.phase == "EVENING_ANNOUNCE"
    assert g.announcement() == {"new_frogs": ["Anna"], "turned_back": ["Cas"]}
    # Without the turn-back, Nc = 1 (Dewi) <= Wc = 1: the witches take over at the end of the day.
    no_cure.depart("Dewi", "Meadow")
    no_cure.witch("Bram", "Forest", None, "Anna")
    no_cure.wait_witch_window()
    res = no_cure.result()
    assert res is not None and res["reason"] == "TAKEOVER"


def test_nobody_can_vote_for_an_exiled_player() -> None:
    # H-EXV-1, H-EXC-4.
    g = Scenario.standard(7, from_days=DAY_ONE)
    g.all_ready()
    g.quiet_day(exile="Cas")
    g.confirm_all()
    g.gather_at("Forest")
    g.to_exile_vote(["Anna", "Bram", "Dewi"])
    exc = g.reject("Anna", "exile_vote", target=g.seat("Cas"))
    assert (exc.code, exc.rule) == ("bad_target", "H-EXV-1")
    exc = g.reject("Cas", "exile_vote", target=g.seat("Anna"))
    assert exc.code == "not_a_cat"


def test_a_frog_host_keeps_the_host_controls() -> None:
    # H-SET-2 (the host is a normal player with extra controls), H-HST-1, H-ERR-5
    # (a mark on a player who owes no input in this step is accepted and does nothing).
    # An attack before day 3 on the 5-player deal: A = 1 (test-only from_days, Decision 11; B-14 sets A = 3).
    g = Scenario.standard(5, from_days=ATTACKS_DAY_ONE)
    g.all_ready()
    g.gather_at("Forest", attack="Anna")
    assert g.status("Anna") == "FROG"
    for n in ("Anna", "Bram", "Cas", "Eva"):
        g.send(n, "confirm")
    g.mark_absent("Dewi")
    assert g.phase == "DISCUSSION"
    g.finish_day()
    g.confirm_all()
    g.mark_absent("Anna")  # a frog owes no departure input
    assert g.phase == "DEPART_A"
    g.depart("Cas", "Forest")
    g.depart("Dewi", "Forest")
    g.mark_absent("Eva")  # the last participant: a random place
    assert g.phase == "WITCH_C"


def test_absent_protector_in_step_b_guards_a_random_place() -> None:
    # §10.2 step B (absent → random open place), H-DEP-12, H-PRO-3.
    g = Scenario.standard(5, mode="unlimited")
    g.all_ready()
    for n in ("Anna", "Cas", "Dewi"):
        g.depart(n, "Forest")
    g.depart("Eva", guard=True)
    assert g.deadline() is None
    g.mark_absent("Eva")
    assert g.phase == "WITCH_C"
    assert sum(g.witch_counts("Bram").values()) == 4


def test_a_success_on_the_knights_day_that_leaves_seals_incomplete_goes_to_the_vote() -> None:
    # H-WIN-1 (OQ-6), H-RIT-10 (quarrel after a success), Table 2.4 (at 4-5 players Twin Hex
    # is castable only on the knights' day), H-SPL-1.
    g = Scenario.standard(4, recipes=[["Mu", "Mo"]] * 4)
    g.all_ready()
    for _ in range(3):
        g.quiet_day()
    g.confirm_all()
    assert g.day == 4 and g.view()["spoiled"] == 3
    g.depart("Anna", "Forest")
    g.depart("Cas", "Meadow")
    g.depart("Dewi", "Forest")
    g.send("Bram", "witch_place", place="P1")
    assert "TWIN_HEX" in g.witch_spells("Bram")
    g.send("Bram", "witch_spell", spell=None)
    g.send("Bram", "witch_target", target=None)
    g.wait_witch_window()
    g.confirm_all()
    g.end_discussion_all()
    g.propose(str(g.chief()), ["Anna", "Cas"])
    g.approve(For=g.cats())
    g.confirm_all()
    g.play("Anna", "Mu")
    g.play("Cas", "Mo")
    assert (g.view()["last_ritual"], g.view()["seals"]) == ("SUCCESS", 1)
    g.confirm_all()
    assert g.phase == "QUARREL" and g.result() is None
    g.wait_quarrel()
    g.exile_votes({"Anna": "Bram", "Bram": "Anna", "Cas": "Bram", "Dewi": "Bram"})
    res = g.result()
    assert res is not None and res["reason"] == "KNIGHTS_VOTE_WITCH"


def test_table_talk_is_outside_the_engine() -> None:
    # H-DEP-3, H-FRG-8: the engine neither carries nor restricts speech (there is no command
    # for it), so nothing a cat or a frog says can bind or be blocked by the rules.
    # An attack before day 3 on the 5-player deal: A = 1 (test-only from_days, Decision 11; B-14 sets A = 3).
    g = Scenario.standard(5, from_days=ATTACKS_DAY_ONE)
    g.all_ready()
    g.gather_at("Forest", attack="Cas")
    for who in ("Anna", "Cas"):
        for ctype in ("say", "chat", "claim"):
            assert g.reject(who, ctype, text="I went to the Forest").code == "unknown_command"


def test_an_absent_vote_does_not_carry_over_to_the_next_proposal() -> None:
    # H-HST-2 (per step), H-APR-5 (absent = For), H-CUR-1 (a new proposal, a new vote).
    g = Scenario.standard(5, mode="unlimited")
    g.all_ready()
    g.gather_at("Forest")
    g.confirm_all()
    g.end_discussion_all()
    g.propose("Anna", ["Anna", "Cas"])
    g.mark_absent("Eva")
    r = g.approve(Against=["Anna", "Bram", "Cas", "Dewi"])
    assert (r["auto"], r["accepted"]) == (["Eva"], False)
    g.confirm_all()
    g.propose("Bram", ["Bram", "Cas"])
    for n in ("Anna", "Bram", "Cas", "Dewi"):
        g.send(n, "approve", vote="against")
    assert g.phase == "APPROVAL_VOTE"  # Eva owes a new vote
    g.send("Eva", "approve", vote="for")
    assert g.approval()["auto"] == []
