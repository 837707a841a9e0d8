"""Role abilities (§6), attacks (§5.1) and hands (§4) that the worked examples do not cover.

Deals (kit.DEALS): 5: Anna Crow, Bram Witch, Cas Villager, Dewi Herb Doctor, Eva Protector;
7: Anna Seer, Bram Witch, Cas Crow, Dewi Herb Doctor, Eva Protector, Fien Witch, Guus
Pickpocket; 9: as at 7, plus Hein Jester and Iris Crow (balance changes B-5, B-6, B-9).
"""

from __future__ import annotations

from .kit import ATTACKS_DAY_ONE, DAY_ONE, Scenario


def gather_all(g: Scenario, where: str, *, skip: tuple[str, ...] = ()) -> None:
    for n in g.cats():
        if g.roles[n] != "WITCH" and n not in skip:
            g.depart(n, where)


def to_evening(g: Scenario, attacks: dict[str, tuple[str, str | None]]) -> None:
    """Step C with the given witch (place, target) choices, then the day resolves."""
    for w, (place, target) in attacks.items():
        g.witch(w, place, None, target)
    g.wait_witch_window()


# ---- Jester (H-JST-1 as changed by B-8, H-JST-2, H-JST-3 from B-7) -------------------------


def test_nobody_has_a_mask_and_the_seer_reads_the_jester_as_not_a_witch() -> None:
    # H-JST-1 (balance change B-8: the mask is gone, for the Jester as for everyone), H-SEE-3,
    # H-JST-2 (otherwise a normal cat).
    g = Scenario.standard(9)
    g.all_ready()
    for who in ("Hein", "Anna"):
        exc = g.reject(who, "depart", place="P1", mask=True)
        assert (exc.code, exc.rule) == ("not_your_step", "H-JST-1")
    assert "mask_used" not in g.me("Hein")
    gather_all(g, "Forest")
    assert "mask" not in (g.me("Hein")["choice"] or {})
    to_evening(g, {"Bram": ("Forest", None), "Fien": ("Forest", None)})
    assert g.hand("Hein") == ["Mu"]
    g.confirm_all()
    assert g.seer("Anna", "Hein") == "NOT_WITCH"


def test_the_witches_and_the_crows_are_shown_the_jester() -> None:
    # H-JST-3 (balance change B-7), H-START-2, H-CRW-2, H-VIS-1: from the role reveal on, every
    # Witch and Crow sees the Jester's seat; the Jester, the village and the public view do not.
    g = Scenario.standard(9)
    for n in g.names:
        expected = g.seat("Hein") if g.roles[n] in ("WITCH", "CROW") else None
        assert g.me(n).get("known_jester") == expected, n
    assert sorted(g.me("Cas")["known_witches"]) == sorted(g.me("Iris")["known_witches"]) == [2, 6]
    g.all_ready()
    gather_all(g, "Forest")
    to_evening(g, {"Bram": ("Forest", "Hein"), "Fien": ("Forest", None)})
    assert g.frogs() == ["Hein"]
    assert g.me("Fien")["known_jester"] == g.seat("Hein")  # still shown after he is a frog


def test_extras_are_closed_once_step_c_begins() -> None:
    # H-DEP-11, H-ERR-6: extras may be changed only until step C begins.
    g = Scenario.standard(9)
    g.all_ready()
    gather_all(g, "Forest")
    assert g.phase == "WITCH_C"
    assert g.reject("Dewi", "depart", turn_back=None).code == "wrong_phase"


def test_the_crow_is_seen_as_not_a_witch() -> None:
    # H-SEE-3, H-CRW-3.
    g = Scenario.standard(9)
    g.all_ready()
    gather_all(g, "Forest")
    to_evening(g, {"Bram": ("Forest", None), "Fien": ("Forest", None)})
    g.confirm_all()
    assert g.seer("Anna", "Iris") == "NOT_WITCH"


# ---- Herb Doctor (H-HD-1, H-HD-2, H-HD-3, H-HD-4) --------------------------------------------------------------


def test_a_frogged_herb_doctor_turns_nobody_back() -> None:
    # H-HD-2 (OQ-15), H-END-1 (① before ②), H-EVE-3, H-DEP-6 (the target comes with the place).
    # An attack before day 3 on the 5-player deal: A = 1 (test-only from_days, Decision 11; B-14 sets A = 3).
    g = Scenario.standard(5, from_days=ATTACKS_DAY_ONE)
    g.all_ready()
    gather_all(g, "Forest")
    g.witch("Bram", "Forest", None, "Cas")
    g.finish_day()
    g.confirm_all()
    g.depart("Dewi", "Forest", turn_back="Cas")
    g.depart("Anna", "Meadow")
    g.depart("Eva", "Meadow")
    to_evening(g, {"Bram": ("Forest", "Dewi")})
    assert g.frogs() == ["Cas", "Dewi"]
    assert g.announcement() == {"new_frogs": ["Dewi"], "turned_back": []}


def test_a_turned_back_cat_keeps_its_frozen_hand_and_gathers_nothing() -> None:
    # H-HD-3, H-ING-6 (a frog's hand is frozen), H-ING-3 (turned back today: no card),
    # H-FRG-4 (frogs gather nothing), H-FRG-7.
    # An attack before day 3 on the 5-player deal: A = 1 (test-only from_days, Decision 11; B-14 sets A = 3).
    g = Scenario.standard(5, from_days=ATTACKS_DAY_ONE)
    g.all_ready()
    g.quiet_day()  # Anna and Bram play; Cas keeps [Mu]
    g.confirm_all()
    gather_all(g, "Meadow")
    g.witch("Bram", "Meadow", None, "Cas")
    g.finish_day()
    assert g.hand("Cas") == ["Mu"]
    g.confirm_all()
    g.depart("Dewi", "Spring", turn_back="Cas")
    g.depart("Anna", "Spring")
    g.depart("Eva", "Spring")
    to_evening(g, {"Bram": ("Spring", None)})
    assert g.status("Cas") == "CAT" and g.hand("Cas") == ["Mu"]
    assert g.announcement() == {"new_frogs": [], "turned_back": ["Cas"]}
    g.confirm_all()
    g.end_discussion_all()
    g.propose(str(g.chief()), ["Cas", "Anna"])  # a turned-back cat can be proposed
    assert sorted(g.view()["proposal"]) == [1, 3]


def test_turn_back_choice_can_be_changed_until_step_c() -> None:
    # H-DEP-11, H-HD-1 (optional; "none" allowed; exiled players cannot be selected).
    g = Scenario.standard(7, from_days=DAY_ONE)
    g.all_ready()
    gather_all(g, "Forest")
    g.witch("Bram", "Forest", None, "Cas")
    g.witch("Fien", "Forest")
    g.finish_day(exile="Guus")
    g.confirm_all()
    exc = g.reject("Dewi", "depart", place="P1", turn_back=g.seat("Guus"))
    assert (exc.code, exc.rule) == ("bad_target", "H-HD-1")
    g.depart("Dewi", "Forest", turn_back="Cas")
    g.depart("Dewi", turn_back=None)
    gather_all(g, "Forest", skip=("Dewi",))
    to_evening(g, {"Bram": ("Meadow", None), "Fien": ("Meadow", None)})
    assert g.status("Cas") == "FROG"
    assert g.announcement() == {"new_frogs": [], "turned_back": []}


# ---- Pickpocket (H-PP-1, H-PP-2, H-PP-3, H-PP-4, H-PP-5, H-ERR-7) -----------------------------------------------------


def test_empty_pouch_still_uses_the_ability() -> None:
    # H-PP-3 ("Empty pouch"), H-PP-1 (once per day), H-ING-3 (the guarding Protector gathers nothing).
    g = Scenario.standard(7, from_days=DAY_ONE)
    g.all_ready()
    gather_all(g, "Forest", skip=("Eva",))
    g.depart("Eva", guard=True)
    g.guard("Eva", "Meadow")
    to_evening(g, {"Bram": ("Forest", None), "Fien": ("Forest", None)})
    g.confirm_all()
    assert g.steal("Guus", "Eva") == []
    assert g.reject("Guus", "pickpocket_take", ingredient="MUSHROOM").code in ("not_in_hand", "ability_used")
    exc = g.reject("Guus", "pickpocket_target", target=g.seat("Anna"))
    assert (exc.code, exc.rule) == ("ability_used", "H-PP-1")
    assert g.hand("Guus") == ["Mu"] and g.hand("Eva") == []


def test_theft_completes_automatically_when_the_window_closes() -> None:
    # H-ERR-7 (the oldest card of the hand he saw), H-PP-1 (OQ-14), H-PP-4, H-PP-5, H-ING-7.
    g = Scenario.standard(7, from_days=DAY_ONE)
    g.all_ready()
    g.quiet_day()  # Anna, Bram, Cas play their Mushroom; Dewi and Guus keep [Mu]
    g.confirm_all()
    gather_all(g, "Meadow")
    to_evening(g, {"Bram": ("Meadow", None), "Fien": ("Meadow", None)})
    g.confirm_all()
    assert g.steal("Guus", "Dewi") == ["Mu", "Mo"]
    g.end_discussion_all()
    assert g.me("Guus")["pickpocket"]["window_open"] is True  # still open in the first proposal
    g.propose(str(g.chief()), ["Anna", "Bram", "Cas"])
    assert g.phase == "APPROVAL_VOTE"
    assert g.hand("Guus") == ["Mu", "Mo", "Mu"] and g.hand("Dewi") == ["Mo"]
    assert [m["ingredient"] for m in g.inbox("Dewi", "ROBBED")] == ["MUSHROOM"]
    exc = g.reject("Guus", "pickpocket_take", ingredient="MOONFLOWER")
    assert exc.code in ("window_closed", "ability_used")


def test_pickpocket_window_spans_the_first_proposal_only() -> None:
    # H-DIS-4, H-PP-1 (OQ-14): usable during the first proposal step, closed by the first approval vote,
    # and still closed in a later proposal of the same night; H-PP-2 (only CAT targets).
    g = Scenario.standard(7, from_days=DAY_ONE)
    g.all_ready()
    gather_all(g, "Forest")
    to_evening(g, {"Bram": ("Forest", "Cas"), "Fien": ("Forest", None)})
    g.confirm_all()
    exc = g.reject("Guus", "pickpocket_target", target=g.seat("Cas"))
    assert (exc.code, exc.rule) == ("bad_target", "H-PP-2")
    exc = g.reject("Guus", "pickpocket_target", target=g.seat("Guus"))
    assert (exc.code, exc.rule) == ("self_target", "H-PP-2")
    g.end_discussion_all()
    in_proposal = g.fork()
    assert in_proposal.steal("Guus", "Anna") == ["Mu"]
    in_proposal.take("Guus", "Mu")
    assert in_proposal.hand("Guus") == ["Mu", "Mu"]
    g.propose("Anna", ["Anna", "Bram", "Dewi"])
    g.approve(Against=g.cats())
    g.confirm_all()
    assert g.phase == "PROPOSAL"
    exc = g.reject("Guus", "pickpocket_target", target=g.seat("Anna"))
    assert (exc.code, exc.rule) == ("window_closed", "H-PP-1")


# ---- Seer (H-SEE-2) ------------------------------------------------------------------------


def test_seer_may_check_a_frog_but_not_an_exiled_player() -> None:
    # H-SEE-2, H-FRG-6, H-EXC-4. 7 players: the Seer does not play at 4-5 (B-4, B-5).
    g = Scenario.standard(7, from_days=DAY_ONE)
    g.all_ready()
    gather_all(g, "Forest")
    to_evening(g, {"Bram": ("Forest", "Guus"), "Fien": ("Forest", None)})
    g.confirm_all()
    frog = g.fork()
    assert frog.seer("Anna", "Guus") == "NOT_WITCH"
    g.finish_day(exile="Dewi")
    g.confirm_all()
    gather_all(g, "Forest")
    to_evening(g, {"Bram": ("Meadow", None), "Fien": ("Meadow", None)})
    g.confirm_all()
    exc = g.reject("Anna", "seer_check", target=g.seat("Dewi"))
    assert (exc.code, exc.rule) == ("bad_target", "H-SEE-2")


# ---- attacks and the guard (H-WAT-5, H-WAT-6, H-ERR-1, H-PRO-5) ------------------------------------


def test_several_hits_on_one_target_make_one_frog() -> None:
    # H-WAT-6 (third bullet), H-EVE-3.
    g = Scenario.standard(7, from_days=DAY_ONE)
    g.all_ready()
    gather_all(g, "Forest")
    to_evening(g, {"Bram": ("Forest", "Anna"), "Fien": ("Forest", "Anna")})
    assert g.frogs() == ["Anna"]
    assert g.announcement() == {"new_frogs": ["Anna"], "turned_back": []}


def test_the_guarding_protector_is_safe_and_only_a_blocked_attack_is_reported() -> None:
    # H-ERR-1, H-WAT-5 (blocked vs missed), H-PRO-5, H-WAT-8 (witches get no report).
    # An attack before day 3 on the 5-player deal: A = 1 (test-only from_days, Decision 11; B-14 sets A = 3).
    g = Scenario.standard(5, from_days=ATTACKS_DAY_ONE)
    g.all_ready()
    gather_all(g, "Forest", skip=("Eva", "Cas"))
    g.depart("Cas", "Spring")
    g.depart("Eva", guard=True)
    g.guard("Eva", "Spring")
    blocked, missed = g.fork(), g.fork()
    to_evening(blocked, {"Bram": ("Spring", "Cas")})
    assert blocked.frogs() == []
    assert [(r["day"], r["place"]) for r in blocked.inbox("Eva", "REPELLED")] == [(1, "P3")]
    assert blocked.inbox("Bram") == []
    to_evening(missed, {"Bram": ("Meadow", "Eva")})
    assert missed.frogs() == [] and missed.inbox("Eva", "REPELLED") == []
    a, b = blocked.view("Bram"), missed.view("Bram")
    assert a["announcement"] == b["announcement"] and a["me"]["inbox"] == b["me"]["inbox"]


def test_a_witch_who_attacks_the_guard_at_his_place_is_caught() -> None:
    """H-PRO-6 (balance change): the attack on the guarding Protector is blocked (H-ERR-1) and
    the Witch who stood at the guarded place becomes a frog; with no Witch left in cat form the
    village wins at the end of the day (H-PRI-2, ALL_WITCHES_FROGS)."""
    # An attack before day 3 on the 5-player deal: A = 1 (test-only from_days, Decision 11; B-14 sets A = 3).
    g = Scenario.standard(5, from_days=ATTACKS_DAY_ONE)
    g.all_ready()
    gather_all(g, "Forest", skip=("Eva",))
    g.depart("Eva", guard=True)
    g.guard("Eva", "Spring")
    caught, from_afar = g.fork(), g.fork()
    to_evening(caught, {"Bram": ("Spring", "Eva")})
    assert caught.frogs() == ["Bram"]
    assert [(r["day"], r["place"]) for r in caught.inbox("Eva", "REPELLED")] == [(1, "P3")]
    res = caught.result()
    assert res is not None and (res["winner"], res["reason"]) == ("village", "ALL_WITCHES_FROGS")
    # Not caught when she attacks someone else at the guarded place, or the guard from elsewhere.
    to_evening(from_afar, {"Bram": ("Meadow", "Eva")})
    assert from_afar.frogs() == [] and from_afar.result() is None


def test_switching_during_step_b_updates_the_protectors_live_counts() -> None:
    # H-DEP-10 (switch until step C, including during step B), H-DEP-12 (live counts),
    # H-ERR-2 (only the Protector is locked), H-WAT-3.
    g = Scenario.standard(5)
    g.all_ready()
    g.depart("Anna", "Forest")
    g.depart("Cas", "Forest")
    g.depart("Dewi", "Meadow")
    g.depart("Eva", guard=True)
    assert g.guard_counts("Eva") == {"Forest": 2, "Meadow": 1, "Spring": 0}
    g.depart("Cas", "Spring")
    assert g.guard_counts("Eva") == {"Forest": 1, "Meadow": 1, "Spring": 1}
    g.guard("Eva", "Spring")
    assert g.witch_counts("Bram") == {"Forest": 1, "Meadow": 1, "Spring": 2}
    exc = g.reject("Cas", "depart", place="P1")
    assert exc.code == "wrong_phase"
    exc = g.reject("Eva", "guard_place", place="P1")
    assert exc.code in ("wrong_phase", "final")


# ---- hands (H-ING-2) --------------------------------------------------------------------------


def test_gathering_into_a_full_hand_drops_the_oldest_card() -> None:
    # H-ING-2, H-ING-1, H-ING-5 (unlimited supply).
    g = Scenario.standard(7, from_days=DAY_ONE)
    g.all_ready()
    expected = [["Mu"], ["Mu", "Mo"], ["Mu", "Mo", "SW"], ["Mo", "SW", "OF"]]
    for where, hand in zip(["Forest", "Meadow", "Spring", "Tower"], expected, strict=True):
        g.quiet_day(where)
        assert g.hand("Dewi") == hand  # never a member: the team is Anna, Bram, Cas
        g.confirm_all()


def test_a_frogs_frozen_hand_comes_back_with_it() -> None:
    # H-FRG-1 (role, side, seat and hand unchanged), H-ING-6, H-FRG-7, H-HD-4 (no private
    # feedback for the Herb Doctor; at most one frog a day).
    # An attack before day 3 on the 5-player deal: A = 1 (test-only from_days, Decision 11; B-14 sets A = 3).
    g = Scenario.standard(5, from_days=ATTACKS_DAY_ONE)
    g.all_ready()
    g.quiet_day()  # Cas keeps [Mu]
    g.confirm_all()
    gather_all(g, "Meadow")
    g.witch("Bram", "Meadow", None, "Cas")
    g.wait_witch_window()
    me = g.me("Cas")
    assert (me["status"], me["role"], me["side"], me["seat"], g.hand("Cas")) == (
        "FROG",
        "VILLAGER",
        "village",
        3,
        ["Mu"],
    )
    g.finish_day()
    g.confirm_all()
    g.depart("Dewi", turn_back="Cas")
    gather_all(g, "Spring")
    to_evening(g, {"Bram": ("Forest", None)})
    assert g.status("Cas") == "CAT" and g.hand("Cas") == ["Mu"]
    assert g.inbox("Dewi") == []


def test_a_villager_has_no_ability() -> None:
    # H-VIL-1, H-ROL-1.
    g = Scenario.standard(7, from_days=DAY_ONE)
    g.all_ready()
    for extra in ({"mask": True}, {"turn_back": None}, {"guard": True}):
        assert g.reject("Cas", "depart", place="P1", **extra).code in ("not_your_step", "bad_payload")
    gather_all(g, "Forest")
    to_evening(g, {"Bram": ("Forest", None), "Fien": ("Forest", None)})
    g.confirm_all()
    assert g.reject("Cas", "seer_check", target=2).code == "not_your_step"
    assert g.reject("Cas", "pickpocket_target", target=2).code == "not_your_step"


def test_a_turned_back_seer_checks_again_and_a_cat_can_be_frogged_again() -> None:
    # H-HD-3 (from the evening on a normal CAT player: abilities, chief), H-FRG-7.
    # 7 players: the Seer does not play at 4-5 (B-4, B-5).
    g = Scenario.standard(7, from_days=DAY_ONE)
    g.all_ready()
    gather_all(g, "Forest")
    to_evening(g, {"Bram": ("Forest", "Anna"), "Fien": ("Forest", None)})
    g.finish_day()
    g.confirm_all()
    g.depart("Dewi", "Forest", turn_back="Anna")
    gather_all(g, "Forest", skip=("Dewi",))
    to_evening(g, {"Bram": ("Meadow", None), "Fien": ("Meadow", None)})
    assert g.status("Anna") == "CAT"
    g.confirm_all()
    assert g.seer("Anna", "Bram") == "WITCH"
    g.finish_day()
    g.confirm_all()
    gather_all(g, "Spring")
    to_evening(g, {"Bram": ("Spring", "Anna"), "Fien": ("Spring", None)})
    assert g.frogs() == ["Anna"]


def test_an_exiled_players_hand_leaves_play() -> None:
    # H-ING-6, H-EXC-4.
    g = Scenario.standard(7, from_days=DAY_ONE)
    g.all_ready()
    g.quiet_day(exile="Dewi")  # Dewi was no member: she held [Mu]
    assert g.status("Dewi") == "EXILED" and g.hand("Dewi") == []
