"""The 4- to 6-player tables after issue 21 (balance changes B-13..B-16), on the real tables:
a quorum for exile before the knights' day at 5 and 6 players (H-EXC-8, Table 2.2 column Q), no
attacks before day 3 at 5 players and day 4 at 4 (H-WAT-9, Table 2.2 column A), the new 4- and
6-player rows of Tables 2.1 and 2.2; and the test-only config "quorum" that replaces Q
(Decision 11).

DEALS[4]: Anna Seer, Bram Witch, Cas Protector, Dewi Crow.
DEALS[5]: Anna Crow, Bram Witch, Cas Villager, Dewi Herb Doctor, Eva Protector.
DEALS[6]: Anna Seer, Bram Witch, Cas Crow, Dewi Pickpocket, Eva Protector, Fien Villager.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from nightfall.engine import Rejected
from nightfall.games.heks.setup import new_state
from nightfall.games.heks.tables import PARAMS, ROLE_TABLE

from .kit import DEALS, NAMES, PLURALITY, Scenario

FIVE = NAMES[:5]


def at_exile_vote(g: Scenario, attack: str | None = None) -> None:
    """From the role reveal or a vote result to the open exile vote of the day: every CAT gathers
    at the Forest, the Witch attacks ``attack`` (or nobody), the first CATs spoil the ritual."""
    if g.phase == "ROLE_REVEAL":
        g.all_ready()
    if g.phase == "VOTE_RESULT_SCENE":
        g.confirm_all()
    g.gather_at("Forest", attack=attack)
    g.confirm_all()
    g.end_discussion_all()
    g.to_exile_vote(g.cats()[: int(g.view()["recipe_size"])])
    assert g.phase == "EXILE_VOTE", g.phase


def vote(g: Scenario, ballots: Mapping[str, str | None], absent: tuple[str, ...] = ()) -> dict[str, Any]:
    """Cast ``ballots`` (None = Blank); the voters in ``absent`` are marked absent (H-EXV-3)."""
    g.exile_votes(ballots)
    for n in absent:
        g.mark_absent(n)
    return g.vote_result()


# ---- Table 2.2 column Q and the views (H-EXC-8, B-13) ------------------------------------------


def test_table_2_2_column_q() -> None:
    # H-EXC-8, B-13, B-15, Table 2.2: Q = 3/4 at 5 and 6 players, none at every other count.
    for n, p in PARAMS.items():
        assert p.quorum == ((3, 4) if n in (5, 6) else None), n


@pytest.mark.parametrize(
    ("n", "quorum", "needed"),
    [(4, None, None), (5, [3, 4], 4), (6, [3, 4], 5), (7, None, None), (9, None, None)],
)
def test_the_quorum_is_public_and_the_same_for_everyone(
    n: int, quorum: list[int] | None, needed: int | None
) -> None:
    # H-EXC-8 (B-13): exile_quorum is Table 2.2's Q, exile_needed today's ceil(Q x ballots)
    # with one ballot per CAT (5 of 5 -> 4 votes, 3/4 of 6 = 4.5 -> 5); null where there is no Q
    # (4 players, 7 and up). Public (H-VIS-1): every seat, the host and the audit view show the same.
    g = Scenario.standard(n)
    for viewer in ["public", "all", *g.names]:
        v = g.view(viewer)
        assert (v["exile_quorum"], v["exile_needed"]) == (quorum, needed), viewer


def test_exile_needed_follows_the_cats_and_a_frog_sees_it_too() -> None:
    # H-EXC-8 (every CAT voter has a ballot, H-EXC-1), B-14 (the first attack is on day 3),
    # H-VIS-3 (a frog sees all public information): with a frog, 3/4 of 4 ballots is 3 votes.
    g = Scenario.standard(5)
    g.all_ready()
    g.quiet_day()
    g.confirm_all()
    g.quiet_day()
    assert g.view()["exile_needed"] == 4
    g.confirm_all()
    assert g.day == 3
    g.gather_at("Forest", attack="Cas")
    assert g.frogs() == ["Cas"]
    for viewer in ("public", "Cas", "Bram", "Anna"):
        assert (g.view(viewer)["exile_quorum"], g.view(viewer)["exile_needed"]) == ([3, 4], 3), viewer
    g.confirm_all()
    g.end_discussion_all()
    g.to_exile_vote(g.cats()[:2])
    r = vote(g, {"Anna": "Dewi", "Bram": "Dewi", "Dewi": None, "Eva": "Dewi"})
    assert (r["outcome"], r["needed"], len(r["ballot"]), g.exiled()) == ("EXILED", 3, 4, "Dewi")


# ---- the count before the knights' day (H-EXC-8, H-EXC-2) -------------------------------------


def test_three_of_five_votes_are_no_quorum_and_nobody_is_exiled() -> None:
    # H-EXC-8 (B-13): at 5 players a single top candidate with 3 of 5 votes is not exiled:
    # NO_QUORUM, needed 4; nobody's status changes, the game goes on (H-EXC-6), and the result
    # shows the full ballot and tally as always (H-EXC-5).
    g = Scenario.standard(5)
    at_exile_vote(g)
    assert g.view()["exile_needed"] == 4
    r = vote(g, {"Anna": "Bram", "Bram": "Anna", "Cas": "Bram", "Dewi": "Bram", "Eva": "Cas"})
    assert (r["outcome"], r["needed"], r["exiled"], r["was_witch"]) == ("NO_QUORUM", 4, None, None)
    assert g.tally() == {"Anna": 1, "Bram": 3, "Cas": 1}
    assert set(g.statuses().values()) == {"CAT"}
    assert g.result() is None and (g.phase, g.day) == ("VOTE_RESULT_SCENE", 2)
    assert g.view("Eva")["vote_result"] == r  # public: the same for everyone


def test_four_of_five_votes_exile() -> None:
    # H-EXC-8 (B-13), H-EXC-2, H-EXC-4, H-EXC-5: exactly ceil(3/4 x 5) = 4 votes exile.
    g = Scenario.standard(5)
    at_exile_vote(g)
    r = vote(g, {"Anna": "Cas", "Bram": "Cas", "Cas": "Anna", "Dewi": "Cas", "Eva": "Cas"})
    assert (r["outcome"], r["needed"], g.exiled(), r["was_witch"]) == ("EXILED", 4, "Cas", False)
    assert g.status("Cas") == "EXILED"


def test_blank_ballots_count_in_the_total() -> None:
    # H-EXC-8 with H-EXC-1 and H-EXC-3: a blank ballot counts against nobody but is one of the
    # ballots Q is taken of, so 3 votes and 2 blanks are NO_QUORUM, where a plurality of one
    # (the test-only quorum null, Decision 11) would exile.
    ballots: dict[str, str | None] = {
        "Anna": "Bram",
        "Bram": None,
        "Cas": "Bram",
        "Dewi": "Bram",
        "Eva": None,
    }
    g = Scenario.standard(5)
    at_exile_vote(g)
    r = vote(g, ballots)
    assert (r["outcome"], r["needed"], r["exiled"], len(r["ballot"])) == ("NO_QUORUM", 4, None, 5)
    plain = Scenario.standard(5, extra=PLURALITY)
    at_exile_vote(plain)
    r = vote(plain, ballots)
    assert (r["outcome"], r["needed"], plain.exiled()) == ("EXILED", None, "Bram")


def test_absent_and_timed_out_ballots_count_in_the_total() -> None:
    # H-EXC-8 with H-EXC-1, H-EXV-3, H-EXV-5, H-EXC-5: a ballot marked absent or left to the
    # T_EXILE timer is Blank (marked auto) and still counts in the total: 3 of 5 is NO_QUORUM.
    g = Scenario.standard(5)
    at_exile_vote(g)
    timed_out = g.fork()
    r = vote(g, {"Anna": "Bram", "Cas": "Bram", "Dewi": "Bram"}, absent=("Bram", "Eva"))
    auto = {g.name(b["voter"]) for b in r["ballot"] if b["auto"]}
    assert (r["outcome"], r["needed"], r["exiled"], auto) == ("NO_QUORUM", 4, None, {"Bram", "Eva"})
    timed_out.exile_votes({"Anna": "Bram", "Cas": "Bram", "Dewi": "Bram"})
    timed_out.wait_deadline()
    r = timed_out.vote_result()
    auto = {timed_out.name(b["voter"]) for b in r["ballot"] if b["auto"]}
    assert (r["outcome"], r["needed"], r["exiled"], auto) == ("NO_QUORUM", 4, None, {"Bram", "Eva"})


def test_a_tie_stays_a_tie_and_all_blank_stays_all_blank() -> None:
    # H-EXC-2 before H-EXC-8: a shared top is TIE, no votes ALL_BLANK, whatever the quorum;
    # the result still carries needed (4 at 5 players).
    g = Scenario.standard(5)
    at_exile_vote(g)
    blank = g.fork()
    r = vote(g, {"Anna": "Bram", "Bram": "Cas", "Cas": "Bram", "Dewi": "Cas", "Eva": None})
    assert (r["outcome"], r["needed"], r["exiled"]) == ("TIE", 4, None)
    r = vote(blank, dict.fromkeys(FIVE))
    assert (r["outcome"], r["needed"], r["exiled"]) == ("ALL_BLANK", 4, None)


def test_six_players_need_five_of_six_votes() -> None:
    # H-EXC-8 (B-13, B-15): ceil(3/4 x 6) = 5, so 4 of 6 votes are NO_QUORUM and 5 exile.
    g = Scenario.standard(6)
    at_exile_vote(g)
    assert g.view()["exile_needed"] == 5
    five = g.fork()
    r = vote(g, {"Anna": "Bram", "Bram": "Anna", "Cas": "Bram", "Dewi": "Bram", "Eva": "Bram", "Fien": None})
    assert (r["outcome"], r["needed"], r["exiled"]) == ("NO_QUORUM", 5, None)
    r = vote(
        five, {"Anna": "Bram", "Bram": "Anna", "Cas": "Bram", "Dewi": "Bram", "Eva": "Bram", "Fien": "Bram"}
    )
    assert (r["outcome"], r["needed"], five.exiled(), r["was_witch"]) == ("EXILED", 5, "Bram", True)
    res = five.result()
    assert res is not None and res["reason"] == "ALL_WITCHES_EXILED"  # H-PRI-3 after the count


# ---- the knights' day (H-EXC-7, H-EXC-8) --------------------------------------------------------


def to_knights_day(g: Scenario) -> None:
    g.all_ready()
    for _ in range(g.view()["knights_day"] - 1):
        g.quiet_day()
        g.confirm_all()
    assert g.view()["is_knights_day"]


@pytest.mark.parametrize(
    ("target", "reason"), [("Bram", "KNIGHTS_VOTE_WITCH"), ("Cas", "KNIGHTS_VOTE_FAILED")]
)
def test_on_the_knights_day_a_plurality_of_one_exiles(target: str, reason: str) -> None:
    # H-EXC-8 (no quorum on day K), H-EXC-7, H-WIN-6: at 5 players on day 4 one vote against
    # four blanks exiles; the view's exile_needed and the result's needed are null, Q stays shown.
    g = Scenario.standard(5)
    to_knights_day(g)
    assert g.day == 4
    v = g.view()
    assert (v["exile_quorum"], v["exile_needed"]) == ([3, 4], None)
    g.gather_at("Forest")
    g.confirm_all()
    g.end_discussion_all()
    g.to_exile_vote(["Anna", "Bram"])
    r = vote(g, {n: target if n == "Anna" else None for n in FIVE})
    assert (r["outcome"], r["needed"], g.exiled()) == ("EXILED", None, target)
    res = g.result()
    assert res is not None and res["reason"] == reason


# ---- B-14, B-16: no attacks before day 3 at 5 players, before day 4 at 4 (H-WAT-9) -----------------


@pytest.mark.parametrize(("n", "first"), [(4, 4), (5, 3)])
def test_small_tables_attack_from_day_a(n: int, first: int) -> None:
    # H-WAT-9, Table 2.2 column A (B-16: 4 at 4 players, the knights' day; B-14: 3 at 5): before
    # day A the Witch's target step is closed ("No attack") and a target is rejected
    # no_attacks_yet; at 15 s no target is drawn (H-WAT-4); on day A the same attack hits.
    g = Scenario.standard(n)
    assert g.view()["attacks_from"] == first
    g.all_ready()
    for day in range(1, first):
        assert g.day == day
        for name in g.cats():
            if name != "Bram":
                g.depart(name, "Forest")
        idle = g.fork()
        g.send("Bram", "witch_place", place="P1")
        g.send("Bram", "witch_spell", spell=None)
        assert g.me("Bram")["witch"]["target_chosen"] is True
        err = g.reject("Bram", "witch_target", target=g.seat("Cas"))
        assert (err.code, err.rule, err.params["from_day"]) == ("no_attacks_yet", "H-WAT-9", first)
        idle.wait_witch_window()
        [auto] = idle.inbox("Bram", "WITCH_AUTO")
        assert auto["filled"] == ["place", "spell"] and auto["target"] is None
        assert idle.frogs() == []
        g.wait_witch_window()
        assert g.frogs() == []
        g.finish_day()
        g.confirm_all()
    assert g.day == first
    g.gather_at("Forest", attack="Cas")
    assert g.frogs() == ["Cas"]


def test_four_player_row_of_table_2_1() -> None:
    # Table 2.1 (B-16): at 4 players a Witch, a Crow, a Seer and a Protector; the old deal
    # (Witch, Herb Doctor, Pickpocket, Villager) is no longer a permutation of it (H-SET-4).
    assert ROLE_TABLE[4] == (1, 1, 0, 1, 0, 1, 0, 0)
    assert sorted(DEALS[4]) == sorted(["WITCH", "CROW", "SEER", "PROTECTOR"])
    with pytest.raises(Rejected) as err:
        new_state({"players": NAMES[:4], "roles": ["WITCH", "HERB_DOCTOR", "PICKPOCKET", "VILLAGER"]}, 7)
    assert (err.value.code, err.value.rule) == ("bad_config", "H-SET-4")


# ---- B-15: the 6-player rows of Tables 2.1 and 2.2 ------------------------------------------------


def test_six_player_rows_of_tables_2_1_and_2_2() -> None:
    # Table 2.1 (B-15): Witch, Crow, Seer, Protector, Pickpocket, Villager; Table 2.2 (B-13,
    # B-15): S 4, K 6, R 3, 4 places, A 1, E 2, Q 3/4. The old deal (2 Witches, Seer, Herb
    # Doctor, Protector, Villager) is no longer a permutation of Table 2.1 (H-SET-4).
    assert ROLE_TABLE[6] == (1, 1, 0, 1, 0, 1, 1, 1)
    g = Scenario.standard(6)
    v = g.view()
    assert (v["seals_needed"], v["knights_day"], v["recipe_size"], len(v["places"])) == (4, 6, 3, 4)
    assert (v["attacks_from"], v["seer_from"], v["exile_quorum"]) == (1, 2, [3, 4])
    assert g.view("Cas")["me"]["known_witches"] == [2]  # the Crow knows the Witch (H-CRW-1)
    old = ["WITCH", "WITCH", "SEER", "HERB_DOCTOR", "PROTECTOR", "VILLAGER"]
    with pytest.raises(Rejected) as err:
        new_state({"players": NAMES[:6], "roles": old}, 7)
    assert (err.value.code, err.value.rule) == ("bad_config", "H-SET-4")
    assert sorted(DEALS[6]) == sorted(["WITCH", "CROW", "SEER", "PROTECTOR", "PICKPOCKET", "VILLAGER"])


def test_six_players_attack_on_day_1_and_the_seer_checks_from_day_2() -> None:
    # H-WAT-9 (A = 1 at 6 players), H-SEE-4 (B-15: E = 2): the Witch's day-1 attack hits; the
    # Seer's check is rejected on day 1 and accepted on day 2 (H-SEE-3).
    g = Scenario.standard(6)
    g.all_ready()
    g.gather_at("Forest", attack="Fien")
    assert g.frogs() == ["Fien"]
    g.confirm_all()
    g.end_discussion_all()
    err = g.reject("Anna", "seer_check", target=g.seat("Bram"))
    assert (err.code, err.rule, err.params["from_day"]) == ("no_sight_yet", "H-SEE-4", 2)
    g.finish_day()
    g.confirm_all()
    g.gather_at("Forest")
    g.confirm_all()
    assert g.day == 2
    assert g.seer("Anna", "Bram") == "WITCH"


# ---- the test-only config "quorum" (Decision 11) ------------------------------------------------


@pytest.mark.parametrize(
    "bad",
    [[3], [0, 4], [5, 4], [3, 4, 1], "3/4", "table", [True, 4], [3.0, 4], {"n": 3, "d": 4}, 0.75, [-3, -4]],
)
def test_the_quorum_knob_rejects_bad_values(bad: object) -> None:
    # Decision 11, H-EXC-8: "quorum" is null or [numerator, denominator], 0 < n <= d.
    with pytest.raises(Rejected) as err:
        new_state({"players": FIVE, "quorum": bad}, 7)
    assert (err.value.code, err.value.params["field"]) == ("bad_config", "quorum")


@pytest.mark.parametrize(
    ("n", "quorum", "needed"),
    [(5, None, None), (5, [1, 2], 3), (5, [1, 1], 5), (7, [3, 4], 6), (6, (2, 3), 4)],
)
def test_the_quorum_knob_replaces_q(n: int, quorum: Any, needed: int | None) -> None:
    # Decision 11, H-EXC-8: a valid "quorum" replaces Table 2.2's Q at any count (null: a
    # plurality of one); the views show it and the votes it makes today.
    g = Scenario.standard(n, extra={"quorum": quorum})
    v = g.view()
    assert (v["exile_quorum"], v["exile_needed"]) == (None if quorum is None else list(quorum), needed)


def test_exile_needed_is_null_in_every_scene_of_the_knights_day_and_after() -> None:
    # H-EXC-8 (issue 31 §3): on day K nothing needs a quorum, from the morning through the
    # vote and its result to the end of the game, in every seat's view.
    g = Scenario.standard(5)
    g.all_ready()
    for _ in range(g.view()["knights_day"] - 1):
        g.quiet_day()
        if g.phase != "VOTE_RESULT_SCENE":
            g.confirm_all()
    seen: list[str] = []

    def check() -> None:
        for n in FIVE:
            v = g.view(n)
            assert v["exile_needed"] is None, (v["phase"], n, v["exile_needed"])
        seen.append(g.phase)

    # The vote-result scene of day 3 is the first scene of day 4 (H-SEQ-1, H-MORN-2).
    assert g.phase == "VOTE_RESULT_SCENE" and g.view()["is_knights_day"], g.phase
    check()
    g.confirm_all()
    assert g.day == 4
    check()
    g.gather_at("Forest")
    check()
    g.confirm_all()
    g.end_discussion_all()
    g.to_exile_vote(["Anna", "Bram"])
    check()
    vote(g, {n: "Cas" if n != "Cas" else "Anna" for n in FIVE})
    check()
    assert g.result() is not None and seen[-1] == "GAME_END"
