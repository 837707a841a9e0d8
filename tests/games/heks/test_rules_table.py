"""At the table: who we wait for, what the engine chose, short timers, time lost to an outage
(§14 of docs/rules/heks.md, H-TBL-1..5)."""

from __future__ import annotations

import re
from pathlib import Path

from nightfall.games.heks.tables import ROLE_COLUMNS

from .kit import ATTACKS_DAY_ONE, Scenario

FOUR = ["Anna", "Cas", "Dewi", "Eva"]  # the non-witches of the 5-player deal (Bram is the Witch)


def day1(mode: str = "timed", from_days: dict[str, int] | None = None) -> Scenario:
    recipes = [["Mu", "SW"], ["Mo", "SW"], ["Mu", "Mo"], ["Mo", "SW"]]
    g = Scenario.standard(5, mode=mode, recipes=recipes, from_days=from_days)
    g.all_ready()
    return g


def to_discussion(g: Scenario) -> None:
    for n in FOUR:
        g.depart(n, "Forest")
    g.witch("Bram", "Forest")
    g.wait_witch_window()
    g.confirm_all()


def test_everyone_sees_by_name_whom_a_public_step_waits_for() -> None:
    # H-TBL-1: every viewer, not only the host, gets the pending seats of a public step (H-HST-3).
    g = Scenario.standard(5)
    g.send("Bram", "ready")
    g.send("Dewi", "ready")
    for viewer in ("public", "Cas", "Bram", "Anna"):
        assert g.view(viewer)["waiting"] == [1, 3, 5]
    assert g.view("Anna")["host"]["pending"] == [1, 3, 5]  # the host's list is the same list
    for n in ("Anna", "Cas", "Eva"):
        g.send(n, "ready")
    to_discussion(g)
    g.end_discussion_all()
    assert g.view("Eva")["waiting"] == [1]  # the chief, Anna
    g.propose("Anna", ["Anna", "Cas"])
    g.send("Cas", "approve", vote="for")
    assert g.view("Dewi")["waiting"] == [1, 2, 4, 5]


def test_who_owes_a_secret_step_stays_secret() -> None:
    # H-TBL-1 with H-HST-4 / H-DEP-13: in steps A, B and C nobody is named (that would show
    # who the Witches are, or that the Protector guards).
    g = day1()
    g.depart("Anna", "Forest")
    for viewer in ("public", "Anna", "Bram", "Cas"):
        assert g.view(viewer)["waiting"] is None
    g.depart("Cas", "Forest")
    g.depart("Dewi", "Forest")
    g.depart("Eva", guard=True)  # step B runs, unseen
    assert g.view("Anna")["waiting"] is None and g.view("Eva")["waiting"] is None
    g.guard("Eva", "Forest")
    assert g.phase == "WITCH_C"
    assert all(g.view(v)["waiting"] is None for v in ("public", "Bram", "Anna"))


def test_a_place_chosen_by_the_timer_is_labelled_on_that_phone_only() -> None:
    # H-TBL-2 (H-DEP-5): "No place chosen: you were sent to the Meadow".
    g = day1()
    g.depart("Anna", "Forest")
    g.depart("Cas", "Spring")
    g.wait_deadline()
    assert g.phase == "WITCH_C"
    assert g.me("Anna")["choice"]["auto"] is False
    dewi = g.me("Dewi")["choice"]
    assert dewi["auto"] is True and dewi["place"] in ("P1", "P2", "P3")
    assert g.me("Eva")["choice"]["auto"] is True  # an unchosen Protector gathers
    assert "auto" not in str(g.view("public")["players"])  # nobody else learns it


def test_a_guard_place_chosen_for_an_absent_protector_is_labelled() -> None:
    # H-TBL-2 (§10.2 step B: absent → random open place).
    g = day1("unlimited")
    for n in ("Anna", "Cas", "Dewi"):
        g.depart(n, "Forest")
    g.depart("Eva", guard=True)
    g.mark_absent("Eva")
    choice = g.me("Eva")["choice"]
    assert choice["guard"] is True and choice["auto"] is True and choice["guard_place"] is not None


def test_a_team_drawn_by_the_timer_is_labelled_for_everyone() -> None:
    # H-TBL-2 (H-CHF-4): "Time's up: a random team was chosen" on every phone.
    g = day1()
    to_discussion(g)
    g.end_discussion_all()
    assert g.view()["proposal_auto"] is False
    g.wait_deadline()
    assert g.phase == "APPROVAL_VOTE"
    assert all(g.view(v)["proposal_auto"] is True for v in ("public", "Anna", "Bram", "Eva"))
    g2 = day1()
    to_discussion(g2)
    g2.end_discussion_all()
    g2.propose("Anna", ["Anna", "Cas"])
    assert g2.view()["proposal_auto"] is False


def test_votes_filled_by_the_timer_are_marked_on_the_result() -> None:
    # H-TBL-2 with H-APR-8 and H-EXC-5: the result lists the auto votes.
    g = day1()
    to_discussion(g)
    g.end_discussion_all()
    g.propose("Anna", ["Anna", "Cas"])
    g.send("Bram", "approve", vote="against")
    g.wait_deadline()
    assert g.approval()["auto"] == ["Anna", "Cas", "Dewi", "Eva"]


def test_witch_auto_choices_are_told_to_that_witch_only() -> None:
    # H-TBL-2 (H-WAT-4): a Witch whose 15 s ran out learns what was chosen for her.
    # A day-1 attack on the 5-player deal: A = 1 (test-only from_days, Decision 11; B-14 sets A = 3).
    g = day1(from_days=ATTACKS_DAY_ONE)
    for n in FOUR:
        g.depart(n, "Forest")
    g.send("Bram", "witch_place", place="P2")
    g.wait_witch_window()
    [msg] = g.inbox("Bram", "WITCH_AUTO")
    assert msg["filled"] == ["spell", "target"] and msg["place"] == "P2" and msg["spell"] is None
    assert msg["target"] is None, "H-WAT-4: a timed-out Witch's target is No attack"
    assert all(not g.inbox(n, "WITCH_AUTO") for n in FOUR)


def test_a_witch_who_chose_everything_gets_no_auto_notice() -> None:
    # H-TBL-2: nothing filled, nothing told.
    # A day-1 attack on the 5-player deal: A = 1 (test-only from_days, Decision 11; B-14 sets A = 3).
    g = day1(from_days=ATTACKS_DAY_ONE)
    for n in FOUR:
        g.depart(n, "Forest")
    g.witch("Bram", "Forest", None, "Cas")
    g.wait_witch_window()
    assert g.inbox("Bram", "WITCH_AUTO") == []


def test_confirm_scenes_have_a_short_timer_in_timed_mode_and_confirm_at_zero() -> None:
    # H-TBL-3: T_CONFIRM 30 s for the confirm scenes in Timed mode; at 0 s a missing OK counts
    # as confirmed (the absent default, §10.2); H-EVE-2 still needs everyone before that.
    g = day1()
    for n in FOUR:
        g.depart(n, "Forest")
    g.witch("Bram", "Forest")
    g.wait_witch_window()
    assert g.phase == "EVENING_ANNOUNCE" and g.deadline() == g.entered_at + 30_000
    assert g.view()["deadline_total"] == 30_000
    g.send("Anna", "confirm")
    g.advance(29.999)
    g.early_tick()
    assert g.phase == "EVENING_ANNOUNCE"
    g.wait_deadline()
    assert g.phase == "DISCUSSION"


def test_the_ready_scene_keeps_no_timer() -> None:
    # H-TBL-3 / H-START-1: the role reveal waits for everyone (the table is still gathering).
    assert Scenario.standard(5).deadline() is None


def test_the_ritual_has_a_timer_in_timed_mode_and_plays_the_oldest_card_at_zero() -> None:
    # H-TBL-3: T_RITUAL 45 s; at 0 s a missing card is the absent default (H-RIT-5), told to
    # that member only (H-TBL-2, H-RIT-9).
    g = day1()
    to_discussion(g)
    g.end_discussion_all()
    g.propose("Anna", ["Anna", "Cas"])
    g.approve(For=g.cats())
    assert g.phase == "ACCEPT_SCENE" and g.deadline() == g.now + 30_000
    g.confirm_all()
    assert g.phase == "RITUAL" and g.deadline() == g.now + 45_000
    g.play("Anna", "Mu")
    g.wait_deadline()
    assert g.phase == "RITUAL_RESULT"
    [mine] = g.inbox("Cas", "CARD_PLAYED")
    assert mine["auto"] is True and mine["card"] == "MUSHROOM"
    assert g.inbox("Anna", "CARD_PLAYED")[0]["auto"] is False
    assert g.view()["last_ritual"] == "FAILURE"  # Mu + Mu is not Mu + SW


def test_unlimited_mode_has_no_confirm_or_ritual_timer() -> None:
    # H-TBL-3: only Timed mode gets the short timers.
    g = day1("unlimited")
    for n in FOUR:
        g.depart(n, "Forest")
    g.witch("Bram", "Forest")
    g.wait_witch_window()
    assert g.phase == "EVENING_ANNOUNCE" and g.deadline() is None


def test_an_outage_gives_the_running_timer_its_time_back() -> None:
    # H-TBL-4: the server's "resume" after a restart moves the deadline by the downtime,
    # also when the old deadline passed while the server was down.
    g = day1()
    to_discussion(g)
    g.end_discussion_all()
    g.propose("Anna", ["Anna", "Cas"])
    deadline = g.deadline()
    assert deadline is not None
    g.now = deadline - 10_000  # the server dies with 10 s left ...
    g.now += 25_000  # ... and is back 25 s later, past the old deadline
    g.send("system", "resume", paused_ms=25_000)
    assert g.deadline() == deadline + 25_000
    assert g.view("Anna")["deadline"] == g.now + 10_000  # the 10 s that were left
    g.send("Cas", "approve", vote="for")  # not too late: the vote is still open
    assert g.phase == "APPROVAL_VOTE"


def test_an_outage_during_step_b_moves_both_clocks() -> None:
    # H-TBL-4 with H-DEP-13: the guard's clock and the step-A clock the others see.
    g = day1()
    for n in ("Anna", "Cas", "Dewi"):
        g.depart(n, "Forest")
    g.depart("Eva", guard=True)
    shown, guard = g.view("Anna")["deadline"], g.view("Eva")["deadline"]
    g.send("system", "resume", paused_ms=5_000)
    assert (g.view("Anna")["deadline"], g.view("Eva")["deadline"]) == (shown + 5_000, guard + 5_000)


def test_only_the_server_resumes_and_only_a_running_timer() -> None:
    # H-TBL-4: a player cannot buy time; no timer, nothing to resume.
    g = day1("unlimited")
    assert g.reject("Anna", "resume", paused_ms=5_000).code == "not_your_step"
    assert g.reject("system", "resume", paused_ms=5_000).code == "not_due"
    g2 = day1()
    assert g2.reject("system", "resume", paused_ms=0).code == "bad_payload"


def test_a_player_marked_absent_is_told_so_and_nobody_learns_more() -> None:
    # H-TBL-5 (H-HST-2, H-HST-3, H-VIS-1): the seat the host marked absent in a public step
    # gets `me.absent` (her phone says so instead of "Ready! Waiting for the others…"); every
    # other view is exactly what it would be had she tapped herself.
    tapped, marked = Scenario.standard(5), Scenario.standard(5)
    for g in (tapped, marked):
        g.send("Bram", "ready")
    tapped.send("Cas", "ready")
    marked.mark_absent("Cas")
    assert marked.me("Cas")["absent"] is True and marked.me("Cas")["owes"] is False
    assert "absent" not in tapped.me("Cas")  # a tap of her own is no absent mark
    for viewer in ("public", "Anna", "Bram", "Dewi", "Eva"):
        assert marked.view(viewer) == tapped.view(viewer), viewer
    mine = marked.view("Cas")
    del mine["me"]["absent"]
    assert mine == tapped.view("Cas")  # only the one key, only in her own part
    # It applies to the current step only (H-HST-2): the next step forgets it.
    for n in ("Anna", "Dewi", "Eva"):
        marked.send(n, "ready")
    assert marked.phase == "DEPART_A" and "absent" not in marked.me("Cas")


def test_an_absent_mark_in_a_vote_is_told_to_that_voter() -> None:
    # H-TBL-5 with H-APR-4/5 (absent = For, already public in `approval_result.auto`).
    g = day1()
    to_discussion(g)
    g.end_discussion_all()
    g.propose("Anna", ["Anna", "Cas"])
    g.mark_absent("Dewi")
    assert g.me("Dewi")["absent"] is True and g.me("Dewi")["choice"] == {"vote": "for", "auto": True}
    assert all("absent" not in g.me(n) for n in ("Anna", "Bram", "Cas", "Eva"))
    g.send("Dewi", "approve", vote="against")  # switching is allowed (H-APR-1): she is back
    assert "absent" not in g.me("Dewi")


def test_an_absent_mark_in_a_secret_step_adds_nothing() -> None:
    # H-TBL-5 with H-HST-4 / H-TBL-2: in steps A and B the mark stays secret; the seat's
    # `me.choice.auto` ("you were sent to the Meadow") is all it is told.
    g = day1("unlimited")
    g.mark_absent("Dewi")
    assert g.me("Dewi")["choice"]["auto"] is True
    assert all("absent" not in g.me(n) for n in ("Anna", "Bram", "Cas", "Dewi", "Eva"))


def test_unlimited_departure_tells_the_table_when_it_stalls_without_names() -> None:
    # H-TBL-6 (issue 31 §2): in Unlimited mode step A has no timer; the public view says since
    # when the table waits and after how long (step A's Timed 60 s) that is a stall, the same
    # for every viewer whoever still owes a place, and nothing in Timed mode or after step A.
    g = day1("unlimited")
    started = g.now
    views = [g.view(n) for n in ("Anna", "Bram", "Cas", "Dewi", "Eva")] + [g.view()]
    assert all(v["deadline"] is None for v in views)
    assert all(v["stall"] == {"since": started, "after_ms": 60_000} for v in views)
    g.advance(30)
    g.depart("Anna", "Forest")
    g.depart("Eva", guard=True)  # step B is step A for the table (H-DEP-13)
    g.advance(45)
    for n in ("Cas", "Dewi"):
        g.depart(n, "Forest")
    assert g.phase == "GUARD_B"
    assert [g.view(n)["stall"] for n in ("Anna", "Bram", "Eva")] == [
        {"since": started, "after_ms": 60_000}
    ] * 3
    g.guard("Eva", "Spring")
    assert g.view()["stall"] is None
    assert day1("timed").view()["stall"] is None


def test_the_view_lists_the_roles_in_play_from_table_2_1() -> None:
    # H-TBL-7 (issue 31 §3): "Roles in this game" (Table 2.1 row, B-5/B-9), the same in every view.
    # Counts in Table 2.1's column order, which the client's ROLE_COLUMNS repeats.
    g = day1()
    want = [1, 1, 0, 0, 1, 1, 0, 1]  # Witch, Crow, -, -, Herb Doctor, Protector, -, Villager
    assert all(g.view(n)["roles_in_play"] == want for n in ("Anna", "Bram", "Cas"))
    assert g.view()["roles_in_play"] == want
    client = (Path(__file__).parents[3] / "web/src/heks/ui/roles.ts").read_text()
    assert re.findall(r'"([A-Z_]+)"', client.split("export const ROLE_COLUMNS")[1].split(";")[0]) == list(
        ROLE_COLUMNS
    )
