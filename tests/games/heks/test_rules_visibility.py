"""Visibility (§11, H-VIS-1, H-VIS-2, H-VIS-3, H-VIS-4): who sees what, checked through ``view`` only.

Most tests are non-interference checks: two branches differ only in one player's
secret input, and every viewer who may not know it must get identical views (the
``step`` counter aside). Each also checks that a viewer who may know it does see
a difference, so the comparison can fail.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from nightfall.engine import Event, Viewer, visible

from .kit import ATTACKS_DAY_ONE, DAY_ONE, DEALS, Scenario

DEAL9 = DEALS[9]

ROLE_TOKENS = [
    '"SEER"',
    '"WITCH"',
    '"VILLAGER"',
    '"HERB_DOCTOR"',
    '"PROTECTOR"',
    '"PICKPOCKET"',
    '"CROW"',
    '"JESTER"',
]


def bare(view: dict[str, Any]) -> dict[str, Any]:
    out = dict(view)
    out.pop("step", None)
    return out


def same_for(a: Scenario, b: Scenario, viewers: Iterable[str]) -> list[str]:
    """The viewers whose views differ between the two branches."""
    return [v for v in viewers if bare(a.view(v)) != bare(b.view(v))]


def test_each_player_sees_only_their_own_role_and_their_team() -> None:
    # H-GEN-2, H-START-2, H-CRW-2, H-VIS-1, OQ-8.
    g = Scenario.standard(9)
    for n in g.names:
        text = json.dumps(g.view(n))
        me = g.me(n)
        assert me["role"] == g.roles[n]
        others = [t for t in ROLE_TOKENS if t != f'"{g.roles[n]}"']
        assert not any(t in text for t in others), n
    assert not any(t in json.dumps(g.view("public")) for t in ROLE_TOKENS)
    assert sorted(g.me("Bram")["known_witches"]) == [6]
    assert sorted(g.me("Iris")["known_witches"]) == [2, 6]  # the Crow sees the witches
    assert 9 not in g.me("Bram")["known_witches"]  # the witches do not see the Crow
    assert g.me("Iris")["side"] == "witch" and g.me("Hein")["side"] == "solo"


def test_place_choices_are_seen_only_by_their_owner() -> None:
    # H-DEP-2, H-DEP-13, H-HST-4, §11 ("anyone else's place choice: nobody, never").
    g = Scenario.standard(5)
    g.all_ready()
    g.depart("Anna", "Forest")
    forest, spring = g.fork(), g.fork()
    forest.depart("Cas", "Forest")
    spring.depart("Cas", "Spring")
    assert same_for(forest, spring, ["public", "Anna", "Bram", "Dewi", "Eva"]) == []
    assert same_for(forest, spring, ["Cas"]) == ["Cas"]


def test_step_b_looks_like_step_a_to_everyone_but_the_protector() -> None:
    # H-DEP-13, H-VIS-4, H-HST-4: nobody can see step B itself, not even the host.
    g = Scenario.standard(5, mode="unlimited")
    g.all_ready()
    for n in ("Anna", "Cas", "Dewi"):
        g.depart(n, "Forest")
    pending = g.fork()
    g.depart("Eva", guard=True)
    assert g.phase == "GUARD_B"
    assert g.view()["phase"] == "DEPART_A"
    assert same_for(g, pending, ["public", "Anna", "Bram", "Cas", "Dewi"]) == []
    assert g.view("Eva")["phase"] == "GUARD_B"


def test_count_windows_belong_to_their_step() -> None:
    # H-WAT-3 (CAT Witches in step C), H-DEP-12 (the guarding Protector in step B),
    # H-GAT-3, §11 (counts without names).
    g = Scenario.standard(5)
    g.all_ready()
    for n in ("Anna", "Cas", "Dewi"):
        g.depart(n, "Forest")
    g.depart("Eva", guard=True)
    assert not g.me("Bram").get("witch")
    assert all(not g.me(n).get("guard") for n in ("Anna", "Bram", "Cas", "Dewi"))
    assert set(g.me("Eva")["guard"]) == {"counts", "table_deadline"}  # H-DEP-13: the table's clock
    g.guard("Eva", "Forest")
    assert not g.me("Eva").get("guard")
    assert all(not g.me(n).get("witch") for n in ("Anna", "Cas", "Dewi", "Eva"))
    assert g.witch_counts("Bram") == {"Forest": 4, "Meadow": 0, "Spring": 0}
    assert "Anna" not in json.dumps(g.me("Bram")["witch"])


def test_votes_show_only_a_count_until_they_close() -> None:
    # §11 (approve/reject and exile votes: a count during the vote), H-APR-2, H-EXC-5, H-HST-3.
    g = Scenario.standard(5)
    g.all_ready()
    g.gather_at("Forest")
    g.confirm_all()
    g.end_discussion_all()
    g.propose("Anna", ["Anna", "Cas"])
    yes, no = g.fork(), g.fork()
    yes.send("Bram", "approve", vote="for")
    no.send("Bram", "approve", vote="against")
    assert same_for(yes, no, ["public", "Anna", "Cas", "Dewi", "Eva"]) == []
    assert same_for(yes, no, ["Bram"]) == ["Bram"]
    assert yes.view()["progress"] == {"done": 1, "total": 5}
    g.approve(For=["Anna", "Bram", "Cas", "Dewi", "Eva"])
    g.confirm_all()
    g.play("Anna", "Mu")
    g.play("Cas", "Mu")
    g.confirm_all()
    g.wait_quarrel()
    blank, vote = g.fork(), g.fork()
    blank.exile_vote("Dewi", None)
    vote.exile_vote("Dewi", "Bram")
    assert same_for(blank, vote, ["public", "Anna", "Bram", "Cas", "Eva"]) == []
    assert blank.view()["vote_result"] is None


def test_ritual_plays_are_secret_even_from_the_other_members() -> None:
    # H-RIT-9, H-RIT-11, §11 ("who played what: nobody, never"), H-VIS-2.
    g = Scenario.standard(7, from_days=DAY_ONE, recipes=[["Mu", "Mo", "SW"], ["Mu", "Mo", "SW"]])
    g.all_ready()
    g.quiet_day()  # Anna, Bram, Cas play; Dewi and Guus keep [Mu]
    g.confirm_all()
    g.gather_at("Meadow")
    g.to_ritual(["Anna", "Dewi", "Guus"])
    g.play("Anna", "Mo")
    g.play("Guus", "Mo")
    assert g.view()["progress"] == {"done": 2, "total": 3}
    mu, mo = g.fork(), g.fork()
    mu.play("Dewi", "Mu")
    mo.play("Dewi", "Mo")
    for s in (mu, mo):
        assert s.view()["last_ritual"] == "FAILURE"
    assert same_for(mu, mo, ["public", "Anna", "Bram", "Cas", "Eva", "Fien", "Guus"]) == []
    assert same_for(mu, mo, ["Dewi"]) == ["Dewi"]
    for s in (mu, mo):
        s.confirm_all()
        s.wait_quarrel()
    assert same_for(mu, mo, ["public", "Anna", "Guus"]) == []


def test_seer_results_and_thefts_are_private() -> None:
    # H-SEE-3 (privately), H-PP-3, H-PP-5 (the thief is never named), H-ING-8, §11.
    g = Scenario.standard(7, from_days=DAY_ONE)
    g.all_ready()
    g.gather_at("Forest")
    g.confirm_all()
    checked, idle = g.fork(), g.fork()
    checked.seer("Anna", "Bram")
    assert same_for(checked, idle, ["public", "Bram", "Cas", "Dewi", "Eva", "Fien", "Guus"]) == []
    assert same_for(checked, idle, ["Anna"]) == ["Anna"]
    robbed, idle = g.fork(), g.fork()
    robbed.steal("Guus", "Dewi")
    robbed.take("Guus", "Mu")
    assert same_for(robbed, idle, ["public", "Anna", "Bram", "Cas", "Eva", "Fien"]) == []
    assert same_for(robbed, idle, ["Dewi", "Guus"]) == ["Dewi", "Guus"]
    notice = robbed.inbox("Dewi", "ROBBED")
    assert (
        len(notice) == 1
        and str(g.seat("Guus")) not in json.dumps(notice)
        and "Guus" not in json.dumps(notice)
    )


def test_frogs_and_exiled_players_see_all_public_information() -> None:
    # H-VIS-3, H-FRG-6, H-EXC-4.
    # A day-1 attack on the 5-player deal: A = 1 (test-only from_days, Decision 11; B-14 sets A = 3).
    g = Scenario.standard(5, from_days=ATTACKS_DAY_ONE)
    g.all_ready()
    g.gather_at("Forest", attack="Cas")
    public = g.view("public")
    frog = g.view("Cas")
    for key, value in public.items():
        assert frog[key] == value, key
    assert frog["me"]["status"] == "FROG" and frog["me"]["role"] == "VILLAGER"


def test_the_results_screen_reveals_roles_winner_reason_and_score_and_the_recap() -> None:
    # H-VIS-2, H-PRI-4, H-PRI-7, H-EXC-5 (the final vote is part of the results screen);
    # the day-by-day recap (H-VIS-5) is the only place where places, targets and cards appear.
    # A day-1 attack on the 4-player deal: A = 1 (test-only from_days, Decision 11; B-16 sets A = 4).
    g = Scenario.standard(4, from_days=ATTACKS_DAY_ONE)
    g.all_ready()
    for n in ("Anna", "Cas", "Dewi"):
        g.depart(n, "Forest")
    g.witch("Bram", "Forest", None, "Cas")
    g.finish_day(exile="Bram")
    res = g.result()
    assert res is not None
    assert {"winner", "reason", "score", "roles", "recap"} <= set(res)
    assert "hand" not in json.dumps(res["recap"])  # H-VIS-5: what happened, never the hands
    text = json.dumps({k: v for k, v in res.items() if k != "recap"})
    for secret in ("hand", "card", "MUSHROOM", "place", "target", "SEER_RESULT"):
        assert secret not in text, secret
    assert res["roles"] == {"1": "SEER", "2": "WITCH", "3": "PROTECTOR", "4": "CROW"}
    assert g.view("public")["result"] == res
    assert g.view("public")["vote_result"]["exiled"] == 2


def test_step_b_is_hidden_in_timed_mode_too() -> None:
    # H-DEP-13, H-VIS-4, H-TIM-3: the step B timer is shown only to the guarding Protector.
    g = Scenario.standard(5)
    g.all_ready()
    g.advance(5)
    for n in ("Anna", "Cas", "Dewi"):
        g.depart(n, "Forest")
    pending = g.fork()
    g.depart("Eva", guard=True)
    assert g.phase == "GUARD_B"
    assert same_for(g, pending, ["public", "Anna", "Bram", "Cas", "Dewi"]) == []
    assert g.view("Eva")["deadline"] == g.now + 20_000


def test_the_guard_is_told_the_tables_clock_in_step_b() -> None:
    # H-DEP-13, H-VIS-6: the guarding Protector's page shows step A's countdown, as everyone
    # else's does; his own view carries it, so a phone that loads during step B shows it too.
    g = Scenario.standard(5)
    g.all_ready()
    g.advance(5)
    for n in ("Anna", "Cas", "Dewi"):
        g.depart(n, "Forest")
    g.depart("Eva", guard=True)
    assert g.phase == "GUARD_B"
    table = g.view("Anna")["deadline"]
    assert table is not None and table != g.view("Eva")["deadline"]
    assert g.view("Eva")["me"]["guard"]["table_deadline"] == table
    g.send("system", "resume", paused_ms=5_000)  # H-TBL-4: both clocks move
    assert g.view("Eva")["me"]["guard"]["table_deadline"] == table + 5_000


def test_step_c_does_not_reveal_how_far_the_witches_are() -> None:
    # H-GAT-4 (always 15 s), H-GAT-3 (every screen shows the same meter), H-WAT-2, §11.
    g = Scenario.standard(7, from_days=DAY_ONE)
    g.all_ready()
    for n in ("Anna", "Cas", "Dewi", "Eva", "Guus"):
        g.depart(n, "Forest")
    done, idle = g.fork(), g.fork()
    done.witch("Bram", "Meadow", None, "Anna")
    assert same_for(done, idle, ["public", "Anna", "Cas", "Dewi", "Eva", "Guus"]) == []
    assert same_for(done, idle, ["Bram"]) == ["Bram"]
    assert done.phase == "WITCH_C"


def seen(events: list[Event], viewers: Iterable[Viewer]) -> dict[Viewer, list[dict[str, Any]]]:
    return {v: [e.to_json() for e in visible(events, v)] for v in viewers}


def test_event_logs_hide_secret_inputs() -> None:
    # Design §2 (events carry an audience; a viewer's log is filtered like the view),
    # H-DEP-13 (a Guard tap looks like a place tap), H-HST-4 (absent marks in departure are
    # secret), H-WAT-8 (witches get no private report on their attacks).
    # A day-1 attack on the 5-player deal: A = 1 (test-only from_days, Decision 11; B-14 sets A = 3).
    g = Scenario.standard(5, from_days=ATTACKS_DAY_ONE)
    g.all_ready()
    g.depart("Anna", "Forest")
    guard, gather = g.fork(), g.fork()
    e1 = guard.depart("Eva", guard=True)
    e2 = gather.depart("Eva", "Forest")
    others: list[Viewer] = ["public", 1, 2, 3, 4]
    assert seen(e1, others) == seen(e2, others)
    assert seen(e1, [5]) != seen(e2, [5])
    owing, done = g.fork(), g.fork()
    e1 = owing.mark_absent("Cas")  # Cas owes a place
    e2 = done.mark_absent("Anna")  # Anna already chose
    assert seen(e1, ["public", 2, 4, 5]) == seen(e2, ["public", 2, 4, 5])
    for n in ("Cas", "Dewi", "Eva"):
        g.depart(n, "Forest")
    g.send("Bram", "witch_place", place="P1")
    g.send("Bram", "witch_spell", spell=None)
    g.send("Bram", "witch_target", target=g.seat("Cas"))
    g.now = g.entered_at + 15_000
    events = g.tick()
    assert g.frogs() == ["Cas"]
    for e in visible(events, 2):
        assert "attack" not in e.type and "outcome" not in e.data, e


def test_rejections_do_not_reveal_step_b() -> None:
    # H-DEP-13, H-VIS-1, H-VIS-4: nobody but the Protector can tell that step B is running;
    # a rejection is sent to the player who made the command, so it must not tell either.
    g = Scenario.standard(5, mode="unlimited")
    g.all_ready()
    for n in ("Anna", "Cas", "Dewi"):
        g.depart(n, "Forest")
    pending, guarding = g.fork(), g.fork()
    guarding.depart("Eva", guard=True)
    assert guarding.phase == "GUARD_B"
    cases: list[tuple[str, str, dict[str, Any]]] = [
        ("Anna", "confirm", {}),
        ("Bram", "witch_place", {"place": "P1"}),
        ("Anna", "seer_check", {"target": 2}),
        ("Cas", "propose", {"members": [1, 3]}),
    ]
    for who, ctype, payload in cases:
        a = pending.reject(who, ctype, **payload).to_json()
        b = guarding.reject(who, ctype, **payload).to_json()
        assert a == b, (ctype, a, b)


def test_where_a_frog_was_made_is_never_revealed() -> None:
    # H-FRG-2, H-EVE-1, H-WAT-8, §11 ("where or by whom a frog was made: nobody, never").
    # A day-1 attack on the 5-player deal: A = 1 (test-only from_days, Decision 11; B-14 sets A = 3).
    g = Scenario.standard(5, from_days=ATTACKS_DAY_ONE)
    g.all_ready()
    for n in ("Anna", "Dewi", "Eva"):
        g.depart(n, "Meadow")
    forest, spring = g.fork(), g.fork()
    forest.depart("Cas", "Forest")
    forest.witch("Bram", "Forest", None, "Cas")
    spring.depart("Cas", "Spring")
    spring.witch("Bram", "Spring", None, "Cas")
    for s in (forest, spring):
        s.wait_witch_window()
        assert s.frogs() == ["Cas"]
        assert set(s.view()["announcement"]) == {"day", "new_frogs", "turned_back"}
    assert same_for(forest, spring, ["public", "Anna", "Dewi", "Eva"]) == []


def test_every_screen_changes_to_the_gathering_scene() -> None:
    # H-GAT-1, H-GAT-3 (each gatherer sees their place and its ingredient; frogs the pond).
    g = Scenario.standard(5)
    g.all_ready()
    g.depart("Anna", "Forest")
    g.depart("Cas", "Meadow")
    g.depart("Dewi", "Spring")
    g.depart("Eva", "Spring")
    for n in g.names:
        assert g.view(n)["phase"] == "WITCH_C"
    for n, place, ingredient in [
        ("Anna", "P1", "MUSHROOM"),
        ("Cas", "P2", "MOONFLOWER"),
        ("Dewi", "P3", "SPRINGWATER"),
    ]:
        choice = g.me(n)["choice"]
        assert (choice["place"], choice["ingredient"]) == (place, ingredient)


def test_after_step_a_countdown_step_b_still_looks_like_a_closed_step_a() -> None:
    # H-DEP-13, H-VIS-4 (over H-DEP-10's switching window): once step A's countdown has run out,
    # a late switch during step B is refused exactly as it would be without step B.
    g = Scenario.standard(5)
    g.all_ready()
    for n in ("Anna", "Cas", "Dewi"):
        g.depart(n, "Forest")
    g.advance(50)
    pending = g.fork()
    g.depart("Eva", guard=True)
    for s in (g, pending):
        s.advance(15)  # 65 s: past T_DEPART, inside T_GUARD
    for who, ctype, payload in [
        ("Anna", "depart", {"place": "P2"}),
        ("Bram", "witch_place", {"place": "P1"}),
    ]:
        assert g.reject(who, ctype, **payload).to_json() == pending.reject(who, ctype, **payload).to_json()
    g.guard("Eva", "Meadow")  # the Protector's own timer still runs
    assert g.phase == "WITCH_C"


def test_the_turn_back_choice_is_seen_only_by_its_owner() -> None:
    # §11 ("Herb Doctor's turn-back choice: the Herb Doctor"), H-DEP-11, H-HD-1. (The Jester's
    # mask, the other extra, is gone: balance change B-8.)
    g = Scenario.standard(9)
    g.all_ready()
    for n in ("Anna", "Cas", "Dewi", "Eva", "Guus", "Hein", "Iris"):
        g.depart(n, "Forest")
    g.witch("Bram", "Forest", None, "Cas")
    g.witch("Fien", "Forest")
    g.finish_day()
    g.confirm_all()
    g.depart("Anna", "Forest")
    plain, extras = g.fork(), g.fork()
    plain.depart("Dewi", "Forest")
    extras.depart("Dewi", "Forest", turn_back="Cas")
    others = ["public", "Anna", "Bram", "Eva", "Fien", "Guus", "Hein", "Iris"]
    assert same_for(plain, extras, others) == []
    assert same_for(plain, extras, ["Dewi"]) == ["Dewi"]


def test_nobody_can_tell_which_seat_holds_a_hidden_role() -> None:
    # H-GEN-2, H-START-2 (the Witches are not told who the Crow is), H-CRW-2, H-VIS-1:
    # swapping two hidden roles between two seats changes nothing in any third player's view.
    def game(guus: str, iris: str) -> Scenario:
        roles = dict(
            zip(["Anna", "Bram", "Cas", "Dewi", "Eva", "Fien", "Guus", "Hein", "Iris"], DEAL9, strict=True)
        )
        roles["Guus"], roles["Iris"] = guus, iris
        g = Scenario(list(roles.items()))
        g.all_ready()
        for n in ("Anna", "Cas", "Dewi", "Eva", "Guus", "Hein", "Iris"):
            g.depart(n, "Forest")
        return g

    a, b = game("PICKPOCKET", "CROW"), game("CROW", "PICKPOCKET")
    third = ["public", "Anna", "Bram", "Cas", "Dewi", "Eva", "Fien", "Hein"]
    assert same_for(a, b, third) == []
    assert same_for(a, b, ["Guus", "Iris"]) == ["Guus", "Iris"]
