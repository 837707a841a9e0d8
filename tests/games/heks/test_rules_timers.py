"""Timers, timeouts and absent defaults (§10.1-10.3), step by step as in the §10.2 table.

H-TIM-1: every step is checked in a Timed game and, where the two differ, in an Unlimited one.
"""

from __future__ import annotations

from typing import Any

from .kit import ATTACKS_DAY_ONE, DAY_ONE, PLURALITY, Scenario

FOUR = ["Anna", "Cas", "Dewi", "Eva"]  # the non-witches of the 5-player deal


def day1(mode: str = "timed", **kw: Any) -> Scenario:
    g = Scenario.standard(
        5, mode=mode, recipes=[["Mu", "SW"], ["Mo", "SW"], ["Mu", "Mo"], ["Mo", "SW"]], **kw
    )
    g.all_ready()
    return g


def to_discussion(g: Scenario) -> None:
    """Everyone gathers at the Forest; no attack."""
    for n in FOUR:
        g.depart(n, "Forest")
    g.witch("Bram", "Forest")
    g.wait_witch_window()
    g.confirm_all()


def to_ritual(g: Scenario, team: list[str]) -> None:
    to_discussion(g)
    g.end_discussion_all()
    g.propose("Anna", team)
    g.approve(For=g.cats())
    g.confirm_all()


def test_ready_waits_without_a_timer_and_absent_counts_as_ready() -> None:
    # H-START-1, §10.2 (role reveal), H-HST-1, H-HST-2, H-HST-6 (the host may mark himself).
    g = Scenario.standard(5)
    assert g.deadline() is None
    for n in ("Bram", "Cas", "Dewi"):
        g.send(n, "ready")
    assert g.phase == "ROLE_REVEAL"
    g.mark_absent("Eva")
    assert g.phase == "ROLE_REVEAL"
    g.mark_absent("Anna")  # the host himself
    assert g.phase == "DEPART_A"


def test_step_a_timeout_gives_random_open_places_and_protector_gathers() -> None:
    # H-DEP-5, H-TIM-2 (T_DEPART 60 s from the day screen), §10.2 step A (Protector → Gather,
    # HD → no turn-back), H-DEP-9 (no Guard → no step B), H-ING-3, H-ING-5.
    g = day1()
    assert g.view()["deadline"] == g.entered_at + 60_000
    g.depart("Anna", "Forest")
    g.advance(59.999)
    g.early_tick()
    assert g.phase == "DEPART_A"
    g.wait_deadline()
    assert g.phase == "WITCH_C"
    counts = g.witch_counts("Bram")
    assert sum(counts.values()) == 4 and counts["Forest"] >= 1
    g.witch("Bram", "Meadow")
    g.wait_witch_window()
    for n in FOUR:
        assert len(g.hand(n)) == 1, n  # everyone gathered, the Protector too
    assert g.hand("Anna") == ["Mu"]


def test_step_a_absent_in_unlimited_mode_gives_a_random_place() -> None:
    # H-DEP-8 (OQ-2), §10.2 step A (absent), H-HST-4 (a): marking someone who owes nothing does nothing.
    g = day1("unlimited")
    assert g.deadline() is None
    for n in ("Anna", "Cas", "Dewi"):
        g.depart(n, "Forest")
    before = {n: g.view(n) for n in g.names}
    g.mark_absent("Bram")  # a witch owes no departure input: silently nothing
    assert g.phase == "DEPART_A"
    assert {n: g.view(n) for n in g.names} == before
    g.mark_absent("Eva")
    assert g.phase == "WITCH_C"
    assert sum(g.witch_counts("Bram").values()) == 4


def test_host_sees_no_pending_names_in_the_secret_steps() -> None:
    # H-HST-3, H-HST-4: no names or counts of pending players in departure; names in public steps.
    g = day1()
    g.depart("Anna", "Forest")
    host = g.view("Anna")["host"]
    assert host["can_force_continue"] is True
    assert not host.get("pending") and not host.get("pending_names")
    assert g.view()["progress"] is None
    g2 = day1()
    to_discussion(g2)
    g2.end_discussion("Anna", "Bram")
    pending = g2.view("Anna")["host"]
    names = pending.get("pending", pending.get("pending_names"))
    assert sorted(names) == [3, 4, 5]
    assert g2.view()["progress"] == {"done": 2, "total": 5}
    assert g2.view("Bram").get("host") is None  # only the host's seat view has host extras


def test_force_continue_in_step_a_and_step_b() -> None:
    # H-HST-4 (b): Force continue gives every participant pending at that moment the absent default.
    g = day1()
    g.depart("Anna", "Forest")
    g.force_continue()
    assert g.phase == "WITCH_C"
    assert sum(g.witch_counts("Bram").values()) == 4
    g = day1()
    for n in ("Anna", "Cas", "Dewi"):
        g.depart(n, "Forest")
    g.depart("Eva", guard=True)
    assert g.phase == "GUARD_B"
    g.force_continue()
    assert g.phase == "WITCH_C"
    counts = g.witch_counts("Bram")
    assert sum(counts.values()) == 4  # Eva stands at the random guard place (H-PRO-3)


def test_force_continue_in_step_a_leaves_a_guard_his_step_b() -> None:
    # H-HST-4 (b), H-TIM-2 (issue 31): force fills only what is missing at that moment. A
    # Protector who tapped Guard in time keeps step B with its own 20 s, and nothing is chosen
    # for him: no random guard place, no "we chose for you".
    g = day1()
    g.depart("Anna", "Forest")
    g.depart("Eva", guard=True)
    g.advance(5)
    g.force_continue()
    assert g.phase == "GUARD_B", "H-HST-4: a force in step A must not skip step B"
    eva = g.view("Eva")
    assert eva["deadline"] == g.now + 20_000
    assert not eva["me"]["choice"].get("auto")
    assert g.view("Anna")["phase"] == "DEPART_A"  # H-DEP-13: step B stays unseen
    g.guard("Eva", "Spring")
    assert g.phase == "WITCH_C"
    assert not g.view("Eva")["me"]["choice"].get("auto")
    assert g.view("Cas")["me"]["choice"].get("auto") is True  # Cas had not chosen: a random place


def test_step_b_timeout_guards_a_random_open_place() -> None:
    # H-DEP-12, H-TIM-2 (T_GUARD 20 s from the start of step B), §10.2 step B.
    g = day1()
    for n in ("Anna", "Cas", "Dewi"):
        g.depart(n, "Forest")
    g.advance(10)
    g.depart("Eva", guard=True)
    assert g.phase == "GUARD_B"
    assert g.view("Eva")["deadline"] == g.now + 20_000
    g.wait_deadline()
    assert g.phase == "WITCH_C"
    assert sum(g.witch_counts("Bram").values()) == 4
    g.witch("Bram", "Forest")
    g.wait_witch_window()
    assert g.hand("Eva") == []  # guarding: no card (H-ING-3)


def test_witch_auto_choice_at_15_seconds_never_attacks() -> None:
    # H-GAT-2, H-WAT-4: place → random open place, spell → none, target → No attack (issue 31:
    # a timeout never attacks). On a day the witches may attack (A = 1, test-only from_days,
    # Decision 11; B-14 sets A = 3), nobody becomes a frog whatever the random place.
    for seed in (1, 2, 3, 4, 5, 6):
        g = Scenario.standard(5, from_days=ATTACKS_DAY_ONE, seed=seed)
        g.all_ready()
        for n in FOUR:
            g.depart(n, "Forest")
        g.wait_witch_window()
        assert len(g.hand("Bram")) == 1
        assert g.frogs() == [], seed


def test_witch_auto_target_after_a_chosen_place_is_no_attack() -> None:
    # H-WAT-4: only the missing choices are filled in, and a missing target is No attack;
    # the Witch who chose her target in time still attacks (H-WAT-5).
    g = Scenario.standard(7, from_days=DAY_ONE)
    g.all_ready()
    for n in ("Anna", "Cas", "Dewi", "Eva", "Guus"):
        g.depart(n, "Forest")
    g.send("Bram", "witch_place", place="P1")
    g.witch("Fien", "Meadow")
    g.wait_witch_window()
    assert g.frogs() == []
    [msg] = g.inbox("Bram", "WITCH_AUTO")
    assert msg["filled"] == ["spell", "target"] and msg["target"] is None
    g = Scenario.standard(7, from_days=DAY_ONE)
    g.all_ready()
    for n in ("Anna", "Cas", "Dewi", "Eva", "Guus"):
        g.depart(n, "Forest")
    g.witch("Bram", "Forest", None, "Cas")
    g.witch("Fien", "Meadow")
    g.wait_witch_window()
    assert g.frogs() == ["Cas"]


def test_host_cannot_act_while_the_witches_choose() -> None:
    # H-ERR-5, H-HST-5, §10.2 step C (n/a: host cannot mark).
    g = day1()
    for n in FOUR:
        g.depart(n, "Forest")
    exc = g.reject("Anna", "mark_absent", seat=2)
    assert (exc.code, exc.rule) == ("host_cannot_act", "H-ERR-5")


def test_discussion_timer_and_absent_end_discussion() -> None:
    # H-DIS-2, H-DIS-3, H-TIM-2 (T_DISCUSS host-set), §10.2 discussion (absent counts as tapped).
    g = Scenario.standard(5, discuss_seconds=90)
    g.all_ready()
    to_discussion(g)
    assert g.deadline() == g.entered_at + 90_000
    g.end_discussion("Anna", "Bram", "Cas", "Dewi")
    assert g.phase == "DISCUSSION"
    assert g.reject("Anna", "end_discussion").code == "already_done"  # the tap is final
    g.wait_deadline()
    assert g.phase == "PROPOSAL"
    g = day1("unlimited")
    to_discussion(g)
    assert g.deadline() is None
    g.end_discussion("Anna", "Bram", "Cas", "Dewi")
    g.mark_absent("Eva")
    assert g.phase == "PROPOSAL"


def test_proposal_timeout_makes_a_random_proposal() -> None:
    # H-CHF-4 (OQ-5), H-CHF-6 (random k'-subset of CAT players), H-TIM-2 (T_PROPOSE 60 s).
    g = day1()
    to_discussion(g)
    g.end_discussion_all()
    assert g.deadline() == g.entered_at + 60_000
    g.wait_deadline()
    assert g.phase == "APPROVAL_VOTE"
    team = g.view()["proposal"]
    assert len(team) == 2 and len(set(team)) == 2 and all(1 <= s <= 5 for s in team)


def test_absent_chief_makes_a_random_proposal_in_unlimited_mode() -> None:
    # H-CHF-4, §10.2 proposal (absent = random proposal).
    g = day1("unlimited")
    to_discussion(g)
    g.end_discussion_all()
    assert g.deadline() is None
    g.mark_absent("Anna")
    assert g.phase == "APPROVAL_VOTE" and len(g.view()["proposal"]) == 2


def test_approval_timeout_counts_as_for_auto() -> None:
    # H-APR-4, H-APR-5, H-APR-8, H-TIM-2 (T_APPROVE 30 s), H-HST-3 (auto votes shown publicly).
    g = day1()
    to_discussion(g)
    g.end_discussion_all()
    g.propose("Anna", ["Anna", "Bram"])
    assert g.deadline() == g.now + 30_000
    g.send("Bram", "approve", vote="against")
    g.send("Cas", "approve", vote="against")
    g.wait_deadline()
    r = g.approval()
    assert (r["for"], r["against"], r["auto"], r["accepted"]) == (
        ["Anna", "Dewi", "Eva"],
        ["Bram", "Cas"],
        ["Anna", "Dewi", "Eva"],
        True,
    )


def test_absent_approval_vote_counts_as_for() -> None:
    # H-APR-5 (absent counts as For), H-HST-2.
    g = day1("unlimited")
    to_discussion(g)
    g.end_discussion_all()
    g.propose("Anna", ["Anna", "Bram"])
    for n, vote in (("Anna", "for"), ("Bram", "against"), ("Cas", "against"), ("Dewi", "for")):
        g.send(n, "approve", vote=vote)
    assert g.view()["approval_result"] is None  # only a count while the vote is open (§11)
    assert g.view()["progress"] == {"done": 4, "total": 5}
    g.mark_absent("Eva")
    r = g.approval()
    assert r["auto"] == ["Eva"] and "Eva" in r["for"] and r["accepted"] is True


def test_ritual_waits_without_a_timer_in_unlimited_mode_and_absent_plays_the_oldest_card() -> None:
    # H-RIT-1, H-RIT-5 (OQ-10), H-TIM-2 (T_RITUAL none in Unlimited mode; Timed: H-TBL-3), H-ING-7.
    g = day1("unlimited")
    to_ritual(g, ["Anna", "Cas"])
    assert g.deadline() is None
    g.play("Anna", "Mu")
    g.mark_absent("Cas")  # holds [Mu]
    assert g.phase == "RITUAL_RESULT" and g.view()["last_ritual"] == "FAILURE"
    assert g.hand("Cas") == []


def test_absent_member_with_an_empty_hand_plays_empty_paw() -> None:
    # H-RIT-4, H-RIT-5: Empty paw is the only option with an empty hand; it fails the ritual (H-RIT-6).
    g = day1()
    for n in ("Anna", "Cas", "Dewi"):
        g.depart(n, "Forest")
    g.depart("Eva", guard=True)
    g.guard("Eva", "Meadow")
    g.witch("Bram", "Spring")
    g.wait_witch_window()
    g.confirm_all()
    g.end_discussion_all()
    g.propose("Anna", ["Bram", "Eva"])
    g.approve(For=g.cats())
    g.confirm_all()
    g.play("Bram", "SW")
    assert g.hand("Eva") == []
    g.mark_absent("Eva")
    assert g.view()["last_ritual"] == "FAILURE"
    assert g.view()["spoiled"] == 1  # an Empty paw ritual is performed (H-SET-8)


def test_quarrel_is_fixed_and_exile_timeout_counts_as_blank() -> None:
    # H-RIT-2, H-RIT-10 (T_QUARREL 4 s), H-EXV-3, H-EXV-5, H-EXC-1, H-TIM-2 (T_EXILE 90 s), H-EXC-5 (auto marked).
    # 2 of 5 ballots exile by a plurality of one: no Q (test-only quorum, Decision 11; H-EXC-8 is
    # tested in test_rules_quorum.py, where the same timeouts count against the quorum).
    g = day1(extra=PLURALITY)
    to_ritual(g, ["Anna", "Cas"])
    g.play("Anna", "Mu")
    g.play("Cas", "Mu")
    g.confirm_all()
    g.wait_quarrel()
    assert g.deadline() == g.now + 90_000
    g.exile_vote("Anna", "Bram")
    g.exile_vote("Cas", "Bram")
    g.wait_deadline()
    r = g.vote_result()
    assert g.exiled() == "Bram"
    ballot = {g.name(b["voter"]): (b["target"], b["auto"]) for b in r["ballot"]}
    assert ballot == {
        "Anna": (2, False),
        "Bram": (None, True),
        "Cas": (2, False),
        "Dewi": (None, True),
        "Eva": (None, True),
    }


def test_absent_exile_vote_is_blank_and_marking_a_voter_who_voted_does_nothing() -> None:
    # H-EXV-3 (absent = blank), H-ERR-5 / H-HST-2 (a mark on someone who owes nothing has no effect).
    g = day1("unlimited")
    to_ritual(g, ["Anna", "Cas"])
    g.play("Anna", "Mu")
    g.play("Cas", "Mu")
    g.confirm_all()
    g.wait_quarrel()
    assert g.deadline() is None
    g.exile_vote("Anna", "Bram")
    g.mark_absent("Anna")  # accepted, no effect: her vote stands
    g.exile_votes({"Bram": "Anna", "Cas": "Bram", "Dewi": "Bram"})
    g.mark_absent("Eva")
    assert g.tally() == {"Bram": 3, "Anna": 1}
    ballot = {g.name(b["voter"]): (b["target"], b["auto"]) for b in g.vote_result()["ballot"]}
    assert ballot["Anna"] == (2, False) and ballot["Eva"] == (None, True)


def test_confirm_scenes_wait_for_everyone_and_absent_counts_as_confirm() -> None:
    # H-EVE-2, H-FRG-5, OQ-11, §10.2 (acceptance, rejection, ritual result, vote result scenes).
    # A day-1 attack on the 5-player deal: A = 1 (test-only from_days, Decision 11; B-14 sets A = 3).
    g = day1(from_days=ATTACKS_DAY_ONE)
    for n in FOUR:
        g.depart(n, "Forest")
    g.witch("Bram", "Forest", None, "Cas")
    g.wait_witch_window()
    assert g.deadline() == g.now + 30_000  # T_CONFIRM in Timed mode (H-TBL-3), never reached here
    for n in ("Anna", "Bram", "Dewi", "Eva"):
        g.send(n, "confirm")
    assert g.phase == "EVENING_ANNOUNCE"  # the frog must confirm too
    g.mark_absent("Cas")
    assert g.phase == "DISCUSSION"


def test_same_time_defaults_are_drawn_in_seat_order() -> None:
    # H-TIM-4, H-RNG-1: defaults at one moment are drawn in seat order, so a timeout, Force
    # continue and absent marks made in seat order give the same places; same seed, same game.
    def base(seed: int) -> Scenario:
        g = Scenario.standard(7, from_days=DAY_ONE, seed=seed)
        g.all_ready()
        g.depart("Anna", "Forest")
        g.depart("Eva", "Forest")
        return g

    for seed in (11, 12, 13):
        outcomes = []
        for how in ("timeout", "force", "marks", "marks again"):
            g = base(seed)
            if how == "timeout":
                g.wait_deadline()
            elif how == "force":
                g.force_continue()
            else:
                for n in ("Cas", "Dewi", "Guus"):
                    g.mark_absent(n)
            assert g.phase == "WITCH_C"
            g.witch("Bram", "Forest")
            g.witch("Fien", "Forest")
            g.wait_witch_window()
            outcomes.append(g.hands("Cas", "Dewi", "Guus"))
        assert outcomes[0] == outcomes[1] == outcomes[2] == outcomes[3], seed


def test_step_a_timeout_after_a_guard_tap_opens_step_b_with_its_own_timer() -> None:
    # H-DEP-5, H-DEP-9 (step B follows a Guard), H-TIM-2 (T_GUARD starts when step B begins).
    g = day1()
    g.depart("Eva", guard=True)
    g.wait_deadline()
    assert g.phase == "GUARD_B"
    assert g.view("Eva")["deadline"] == g.now + 20_000
    g.guard("Eva", "Spring")
    assert g.phase == "WITCH_C"
    assert sum(g.witch_counts("Bram").values()) == 4


def test_ability_windows_open_with_the_discussion() -> None:
    # H-DIS-1, H-DIS-4, H-SEE-1, H-PP-1: the windows open when DISCUSSION starts, not earlier.
    g = Scenario.standard(7, from_days=DAY_ONE)
    g.all_ready()
    g.gather_at("Forest")
    assert g.phase == "EVENING_ANNOUNCE"
    assert g.reject("Anna", "seer_check", target=2).code == "window_closed"
    assert g.reject("Guus", "pickpocket_target", target=1).code == "window_closed"
    g.confirm_all()
    assert g.seer("Anna", "Bram") == "WITCH"
    assert g.steal("Guus", "Anna") == ["Mu"]


def test_absent_member_plays_the_oldest_of_several_cards() -> None:
    # H-RIT-5 (OQ-10): "the first card that can be played" is the oldest card in hand order.
    g = Scenario.standard(7, from_days=DAY_ONE, mode="unlimited")
    g.all_ready()
    g.quiet_day()  # Anna, Bram and Cas play; Dewi keeps [Mu]
    g.confirm_all()
    g.gather_at("Meadow")
    g.to_ritual(["Anna", "Cas", "Dewi"])
    assert g.hand("Dewi") == ["Mu", "Mo"]
    g.mark_absent("Dewi")
    g.play("Anna", "Mo")
    g.play("Cas", "Mo")
    assert g.hand("Dewi") == ["Mo"]
    assert [m["card"] for m in g.inbox("Dewi", "CARD_PLAYED")] == ["MUSHROOM"]  # H-RIT-9: her own card
