"""Rejected commands: each asserts the code, the rule ID and an unchanged snapshot.

``Scenario.reject`` sends the command, expects ``Rejected`` and compares
``game.snapshot(state)`` before and after (kernel contract: validate, then mutate).
Codes come from docs/heks-commands.md; rule IDs from the spec. Rejections that
the contract defines without a spec rule (unknown seat, malformed payload,
stale step, game over) are checked by code only.
"""

from __future__ import annotations

from typing import Any

import pytest

from .kit import ATTACKS_DAY_ONE, DAY_ONE, Scenario


def expect(
    g: Scenario, who: str | int, ctype: str, code: str, rule: str | None = None, **payload: Any
) -> None:
    exc = g.reject(who, ctype, **payload)
    assert exc.code == code, f"{ctype} {payload}: {exc.code} ({exc.rule}), expected {code}"
    if rule is not None:
        assert exc.rule == rule, f"{ctype} {payload}: rule {exc.rule}, expected {rule}"


# ---- positions from §14.1 Day 1 -------------------------------------------------------


def example() -> Scenario:
    """§14.1's table; its day-1 attack needs A = 1 (test-only from_days, Decision 11; B-14 sets A = 3)."""
    return Scenario.five_player_example(from_days=ATTACKS_DAY_ONE)


def at_depart() -> Scenario:
    g = example()
    g.all_ready()
    return g


def at_witch_turn() -> Scenario:
    g = at_depart()
    g.depart("Anna", "Forest")
    g.depart("Cas", "Spring")
    g.depart("Dewi", "Meadow")
    g.depart("Eva", "Spring")
    assert g.phase == "WITCH_C"
    return g


def at_discussion() -> Scenario:
    """Day 1 evening: Cas is a frog."""
    g = at_witch_turn()
    g.witch("Bram", "Spring", None, "Cas")
    g.wait_witch_window()
    g.confirm_all()
    assert g.phase == "DISCUSSION" and g.status("Cas") == "FROG"
    return g


def at_proposal() -> Scenario:
    g = at_discussion()
    g.end_discussion_all()
    return g


def at_approval() -> Scenario:
    g = at_proposal()
    g.propose("Anna", ["Anna", "Eva"])
    assert g.phase == "APPROVAL_VOTE"
    return g


def at_ritual() -> Scenario:
    g = at_approval()
    g.approve(For=["Anna", "Bram", "Dewi", "Eva"])
    g.confirm_all()
    assert g.phase == "RITUAL"
    return g


def seer_at_discussion() -> Scenario:
    """Day 1 evening at 7 players, where the Seer plays (Anna; at 5 players no Seer, B-5)."""
    g = Scenario.standard(7, from_days=DAY_ONE)
    g.all_ready()
    g.gather_at("Forest")
    g.confirm_all()
    assert g.phase == "DISCUSSION" and g.roles["Anna"] == "SEER"
    return g


def at_exile_vote() -> Scenario:
    g = at_ritual()
    g.play("Anna", "Mu")
    g.play("Eva", "SW")
    g.confirm_all()
    g.wait_quarrel()
    return g


def at_game_end() -> Scenario:
    g = at_exile_vote()
    g.exile_votes({"Anna": "Bram", "Bram": "Anna", "Dewi": "Bram", "Eva": "Bram"})
    assert g.phase == "GAME_END"
    return g


# ---- wrong phase ----------------------------------------------------------------------


def test_commands_in_the_wrong_phase() -> None:
    # H-SEQ-1: every command belongs to its phase.
    g = at_depart()
    expect(g, "Anna", "propose", "wrong_phase", members=[1, 2])
    expect(g, "Anna", "approve", "wrong_phase", vote="for")
    expect(g, "Anna", "exile_vote", "wrong_phase", target=2)
    expect(g, "Anna", "play_card", "wrong_phase", card="MUSHROOM")
    expect(g, "Anna", "confirm", "wrong_phase")
    expect(g, "Bram", "witch_place", "wrong_phase", place="P1")
    expect(g, "Anna", "end_discussion", "wrong_phase")
    g = at_exile_vote()
    expect(g, "Anna", "depart", "wrong_phase", place="P1")


def test_seer_window_closes_when_the_exile_vote_opens() -> None:
    # H-SEE-1: the Seer's window ends when the exile vote opens; it spans the quarrel.
    g = seer_at_discussion()
    g.to_exile_vote(["Anna", "Cas", "Dewi"])
    expect(g, "Anna", "seer_check", "window_closed", "H-SEE-1", target=2)


def test_ready_twice_and_confirm_twice() -> None:
    # H-START-1, H-EVE-2: one tap each.
    g = example()
    g.send("Anna", "ready")
    expect(g, "Anna", "ready", "already_done")
    g = at_witch_turn()
    g.witch("Bram", "Spring", None, "Cas")
    g.wait_witch_window()
    g.send("Cas", "confirm")
    expect(g, "Cas", "confirm", "already_done")


# ---- not your step ---------------------------------------------------------------------


def test_a_witch_cannot_depart_in_step_a() -> None:
    # H-DEP-1, H-DEP-9: witches choose in step C, not in step A.
    g = at_depart()
    exc = g.reject("Bram", "depart", place="P1")
    assert exc.code == "not_your_step" and exc.rule in ("H-DEP-1", "H-DEP-9")


def test_only_the_chief_proposes() -> None:
    # H-CHF-1: the chief proposes.
    g = at_proposal()
    expect(g, "Dewi", "propose", "not_your_step", "H-CHF-1", members=[1, 5])


def test_only_members_play_cards() -> None:
    # H-RIT-1: only proposed members put in an ingredient.
    g = at_ritual()
    expect(g, "Dewi", "play_card", "not_your_step", "H-RIT-1", card="MOONFLOWER")


def test_only_the_guarding_protector_guards() -> None:
    # H-DEP-9: only the Protector may submit Guard; H-DEP-12: step B is his.
    g = at_depart()
    expect(g, "Anna", "depart", "not_your_step", "H-DEP-9", guard=True)


def test_roles_without_the_ability() -> None:
    # H-SEE-1, H-JST-1, H-HD-1: abilities belong to their roles.
    g = at_discussion()
    expect(g, "Dewi", "seer_check", "not_your_step", "H-SEE-1", target=2)
    g = at_depart()
    expect(g, "Anna", "depart", "not_your_step", "H-JST-1", place="P1", mask=True)
    expect(g, "Anna", "depart", "not_your_step", "H-HD-1", place="P1", turn_back=3)


def test_only_the_system_ticks() -> None:
    # Contract: "tick" has actor "system".
    g = at_witch_turn()
    g.now += 15_000
    expect(g, "Anna", "tick", "not_your_step")


# ---- frogs and exiled players (H-FRG-3, H-FRG-4, H-ROL-1) -------------------------------------


def test_a_frog_cannot_vote_or_be_voted_for() -> None:
    # H-APR-1, H-EXV-1, H-FRG-3: frogs do not vote and cannot be voted for.
    g = at_approval()
    expect(g, "Cas", "approve", "not_a_cat", "H-APR-1", vote="for")
    g = at_exile_vote()
    expect(g, "Cas", "exile_vote", "not_a_cat", "H-EXV-1", target=2)
    expect(g, "Anna", "exile_vote", "bad_target", "H-EXV-1", target=3)


def test_a_frog_cannot_tap_end_discussion_or_be_proposed() -> None:
    # H-DIS-3: only CAT players tap End discussion; H-CHF-1, H-FRG-3: only cats are proposed.
    g = at_discussion()
    expect(g, "Cas", "end_discussion", "not_a_cat", "H-DIS-3")
    g = at_proposal()
    expect(g, "Anna", "propose", "bad_target", "H-CHF-1", members=[1, 3])


def test_a_witch_cannot_target_herself_or_a_frog() -> None:
    # H-WAT-2: the target is a CAT player other than herself; H-FRG-4: frogs cannot be attacked.
    g = at_discussion()
    # Day 2 with Cas a frog: reach step C.
    g.end_discussion_all()
    g.propose("Anna", ["Anna", "Eva"])
    g.approve(For=["Anna", "Bram", "Dewi", "Eva"])
    g.confirm_all()
    g.play("Anna", "Mu")
    g.play("Eva", "SW")
    g.confirm_all()
    g.wait_quarrel()
    g.exile_votes(dict.fromkeys(["Anna", "Bram", "Dewi", "Eva"]))
    g.confirm_all()
    g.depart("Anna", "Forest")
    g.depart("Dewi", "Forest")
    g.depart("Eva", "Forest")
    g.send("Bram", "witch_place", place="P1")
    g.send("Bram", "witch_spell", spell=None)
    expect(g, "Bram", "witch_target", "self_target", "H-WAT-2", target=2)
    expect(g, "Bram", "witch_target", "bad_target", "H-WAT-2", target=3)


# ---- final taps -----------------------------------------------------------------------


def test_a_witch_cannot_switch_place() -> None:
    # H-DEP-4, H-DEP-10, H-WAT-2: a Witch's taps are final.
    g = at_witch_turn()
    g.send("Bram", "witch_place", place="P3")
    expect(g, "Bram", "witch_place", "final", "H-WAT-2", place="P1")
    g.send("Bram", "witch_spell", spell=None)
    expect(g, "Bram", "witch_spell", "final", "H-WAT-2", spell=None)
    g.send("Bram", "witch_target", target=3)
    expect(g, "Bram", "witch_target", "final", "H-WAT-2", target=1)


def test_a_witch_chooses_place_then_spell_then_target() -> None:
    # H-WAT-2: the fixed order place → spell → target.
    g = at_witch_turn()
    expect(g, "Bram", "witch_target", "not_your_step", "H-WAT-2", target=3)
    expect(g, "Bram", "witch_spell", "not_your_step", "H-WAT-2", spell=None)


def test_guard_is_final_for_the_protector() -> None:
    # H-DEP-10 (OQ-3, H-ERR-2): once he tapped Guard the Protector cannot switch.
    g = at_depart()
    g.depart("Eva", guard=True)
    expect(g, "Eva", "depart", "final", "H-DEP-10", place="P1")


def test_a_proposal_is_final_and_a_card_is_final() -> None:
    # H-CHF-6: submission is final; H-RIT-4: the card choice is final.
    g = at_approval()
    expect(g, "Anna", "propose", "wrong_phase", members=[1, 2])
    g = at_ritual()
    g.play("Anna", "Mu")
    expect(g, "Anna", "play_card", "final", "H-RIT-4", card="MUSHROOM")


# ---- sizes, targets, cards --------------------------------------------------------------


@pytest.mark.parametrize("members", [[1], [1, 2, 4], [1, 1]])
def test_proposing_the_wrong_number_of_members(members: list[int]) -> None:
    # H-CHF-1, H-CHF-6: exactly k' distinct CAT players.
    g = at_proposal()
    expect(g, "Anna", "propose", "wrong_size", "H-CHF-6", members=members)


def test_voting_for_yourself() -> None:
    # H-EXV-1: you cannot vote for yourself.
    g = at_exile_vote()
    expect(g, "Bram", "exile_vote", "self_target", "H-EXV-1", target=2)


def test_cards_must_be_in_hand_and_empty_paw_only_with_an_empty_hand() -> None:
    # H-RIT-4: options are the types in hand; no voluntary Empty paw.
    g = at_ritual()
    expect(g, "Anna", "play_card", "not_in_hand", "H-RIT-4", card="SPRINGWATER")
    expect(g, "Anna", "play_card", "must_play_card", "H-RIT-4", card="EMPTY")


def test_turn_back_needs_a_frog() -> None:
    # H-HD-1: on Day 1 there are no frogs; only a current frog can be selected.
    g = at_depart()
    expect(g, "Dewi", "depart", "bad_target", "H-HD-1", place="P2", turn_back=3)


def test_spells_must_be_unlocked() -> None:
    # H-SPL-1, H-SPL-2: nothing is unlocked at F = 0.
    g = at_witch_turn()
    g.send("Bram", "witch_place", place="P3")
    exc = g.reject("Bram", "witch_spell", spell="DISGUISE")
    assert exc.code == "spell_unavailable" and exc.rule in ("H-SPL-1", "H-SPL-2")


def test_places_out_of_play_are_not_open() -> None:
    # H-SET-7, Table 2.2: a 5-player game has P1-P3 only.
    g = at_depart()
    expect(g, "Anna", "depart", "closed_place", "H-SET-7", place="P4")


# ---- unknown seats, malformed payloads ---------------------------------------------------


def test_unknown_seat() -> None:
    # Contract: seats are 1..N.
    g = at_depart()
    expect(g, 9, "depart", "unknown_seat", place="P1")
    expect(g, 0, "depart", "unknown_seat", place="P1")
    g = at_exile_vote()
    expect(g, "Anna", "exile_vote", "unknown_seat", target=42)


@pytest.mark.parametrize(
    ("who", "ctype", "payload"),
    [
        ("Anna", "depart", {}),
        ("Anna", "depart", {"place": 1}),
        ("Dewi", "depart", {"place": "P1", "turn_back": "Cas"}),
        ("Eva", "depart", {"guard": "yes"}),
        ("Eva", "depart", {"place": "P1", "guard": True}),
        ("Anna", "unknown_thing", {}),
    ],
)
def test_malformed_payloads_in_step_a(who: str, ctype: str, payload: dict[str, Any]) -> None:
    # Contract: bad_payload / unknown_command; H-DEP-9: a place or Guard, not both.
    g = at_depart()
    exc = g.reject(who, ctype, **payload)
    assert exc.code == ("unknown_command" if ctype == "unknown_thing" else "bad_payload")


def test_malformed_payloads_at_night() -> None:
    g = at_proposal()
    expect(g, "Anna", "propose", "bad_payload", members="1,5")
    expect(g, "Anna", "propose", "bad_payload")
    g = at_approval()
    expect(g, "Anna", "approve", "bad_payload", vote="maybe")
    g = at_ritual()
    expect(g, "Anna", "play_card", "bad_payload", card="GOLD")
    g = at_exile_vote()
    expect(g, "Anna", "exile_vote", "bad_payload", target="Bram")


# ---- abilities --------------------------------------------------------------------------


def test_seer_check_twice_in_a_day() -> None:
    # H-SEE-1: at most once per day.
    g = seer_at_discussion()
    g.seer("Anna", "Dewi")
    expect(g, "Anna", "seer_check", "ability_used", "H-SEE-1", target=2)


def test_seer_cannot_check_herself() -> None:
    # H-SEE-2: the target is any other non-exiled player.
    g = seer_at_discussion()
    expect(g, "Anna", "seer_check", "self_target", "H-SEE-2", target=1)


def test_pickpocket_after_his_window() -> None:
    # H-PP-1 (OQ-14): the window closes when the first approve/reject vote opens.
    g = Scenario.standard(7, from_days=DAY_ONE)
    g.all_ready()
    g.quiet_day()  # Day 1, so that everyone holds a card on Day 2
    g.confirm_all()
    g.gather_at("Forest")
    g.confirm_all()
    g.end_discussion_all()
    g.propose(str(g.chief()), g.cats()[:3])
    assert g.phase == "APPROVAL_VOTE"
    expect(g, "Guus", "pickpocket_target", "window_closed", "H-PP-1", target=1)


# ---- host controls ----------------------------------------------------------------------


def test_host_commands_from_a_non_host() -> None:
    # H-HST-1, H-SET-2: only the host marks absent or forces continue.
    g = at_depart()
    expect(g, "Bram", "mark_absent", "not_host", "H-HST-1", seat=3)
    expect(g, "Bram", "force_continue", "not_host")


def test_host_input_during_step_c_and_the_quarrel() -> None:
    # H-ERR-5, H-HST-5: no host input in step C or the quarrel.
    g = at_witch_turn()
    expect(g, "Anna", "mark_absent", "host_cannot_act", "H-ERR-5", seat=2)
    expect(g, "Anna", "force_continue", "host_cannot_act", "H-ERR-5")
    g = at_ritual()
    g.play("Anna", "Mu")
    g.play("Eva", "SW")
    g.confirm_all()
    assert g.phase == "QUARREL"
    expect(g, "Anna", "mark_absent", "host_cannot_act", "H-ERR-5", seat=2)


def test_force_continue_only_in_departure() -> None:
    # H-HST-4: Force continue exists in steps A and B only.
    g = at_approval()
    exc = g.reject("Anna", "force_continue")
    assert exc.code in ("wrong_phase", "host_cannot_act")


# ---- stale steps, time, game over ----------------------------------------------------------


def test_stale_step() -> None:
    # Contract: a late tap from an earlier scene is rejected.
    g = at_discussion()
    old = g.view("Anna")["step"]
    g.end_discussion_all()
    assert g.view("Anna")["step"] != old
    expect(g, "Anna", "propose", "stale_step", members=[1, 5], step=old)
    g.send("Anna", "propose", members=[1, 5], step=g.view("Anna")["step"])  # the current step is fine
    assert g.phase == "APPROVAL_VOTE"


def test_taps_after_the_deadline_and_time_going_backwards() -> None:
    # Contract: the clock advances only through commands; the server ticks at deadlines.
    g = at_depart()
    g.now -= 1
    exc = g.reject("Anna", "depart", place="P1")
    assert exc.code == "bad_payload"
    g.now += 1 + 60_000  # T_DEPART is over: the server must apply the tick first
    expect(g, "Anna", "depart", "too_late", place="P1")
    g.now -= 1
    expect(g, "system", "tick", "not_due")


def test_commands_after_the_game_ended() -> None:
    # H-PRI-5, H-SEQ-1: GAME_END takes no input.
    g = at_game_end()
    assert g.result() is not None
    cases: list[tuple[str, str, dict[str, Any]]] = [
        ("Anna", "confirm", {}),
        ("Anna", "exile_vote", {"target": 2}),
        ("Anna", "mark_absent", {"seat": 2}),
        ("Dewi", "depart", {"place": "P1"}),
    ]
    for who, ctype, payload in cases:
        expect(g, who, ctype, "game_over", **payload)


def test_step_only_moves_when_the_scene_changes() -> None:
    # Contract (stale_step): another player's tap in the same scene does not make mine stale;
    # H-DEP-13: the step does not move from step A to step B.
    g = at_proposal()
    g.propose("Anna", ["Anna", "Eva"])
    step = g.view("Dewi")["step"]
    g.send("Bram", "approve", vote="against")
    g.send("Dewi", "approve", vote="for", step=step)
    g = at_depart()
    step = g.view("Cas")["step"]
    for n in ("Anna", "Cas", "Dewi"):
        g.depart(n, "Forest")
    g.depart("Eva", guard=True)
    assert g.phase == "GUARD_B"
    g.send("Cas", "depart", place="P2", step=step)


def test_pickpocket_must_take_a_type_from_the_hand_he_saw() -> None:
    # H-PP-3: exactly one card type from the target's hand; H-ERR-7: target first.
    g = Scenario.standard(7, from_days=DAY_ONE)
    g.all_ready()
    g.gather_at("Forest")
    g.confirm_all()
    expect(g, "Guus", "pickpocket_take", "not_your_step", "H-ERR-7", ingredient="MUSHROOM")
    assert g.steal("Guus", "Anna") == ["Mu"]
    expect(g, "Guus", "pickpocket_take", "not_in_hand", "H-PP-3", ingredient="MOONFLOWER")
    expect(g, "Anna", "pickpocket_target", "not_your_step", "H-PP-1", target=7)
