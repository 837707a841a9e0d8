"""§14.1: the five-player worked example (Timed, T_DISCUSS = 180 s), fact by fact.

Each ``dayN`` helper plays that day of the example and asserts every fact the
example states on the way; the counterfactuals branch from the same position.

The deal follows balance change B-5 (docs/rules/heks.md, "Balance changes"): at 5
players a Crow plays instead of the Seer, so Anna, the spec's Seer, is the Crow here.
She knows Bram is the Witch, Bram does not know her (H-CRW-2), and she plays the same
moves as the spec's Anna, which a Crow may: he acts like any non-witch cat (H-CRW-3).
Where the spec's Anna checks someone, nobody can: there is no Seer at 5 players.

The spec's §14.1 is written for Table 2.2 before B-13/B-14 (attacks from day 1, an exile by
a plurality of one); the test-only knobs replay it under that row: ``from_days`` {"attacks": 1}
and ``quorum`` null (docs/rules/heks.md, "Balance changes"; setup ``_params``). The tests
``test_today_5p_row_*`` play a worked example of the same table under today's 5-player row,
no knobs: no attack before day 3 (B-14, H-WAT-9), an exile before the knights' day only with
3/4 of the ballots (B-13, H-EXC-8), the knights' day as before (H-EXC-7).
"""

from __future__ import annotations

from nightfall.engine import Transcript, replay
from nightfall.games.heks import HeksGame

from .kit import Scenario

# The spec's §14.1 is written for Table 2.2 before B-13/B-14; the knobs replay it under that row.
ROW_OF_THE_SPEC: dict[str, object] = {"from_days": {"attacks": 1}, "quorum": None}


def _example_table(knobs: dict[str, object]) -> Scenario:
    """``Scenario.five_player_example()`` (Timed, T_DISCUSS 180 s, §14.1's deal under B-5 and
    its recipes) with test-only config knobs."""
    return Scenario.five_player_example(extra=knobs)


def five_player_example() -> Scenario:
    """§14.1's table replayed under the 5-player row it was written for: attacks from day 1,
    no quorum (ROW_OF_THE_SPEC)."""
    return _example_table(ROW_OF_THE_SPEC)


def setup_and_reveal() -> Scenario:
    g = five_player_example()
    assert g.config["from_days"] == {"attacks": 1} and g.config["quorum"] is None
    v = g.view()
    assert (v["attacks_from"], v["exile_quorum"], v["exile_needed"]) == (1, None, None)
    # H-START-1: the game waits for Ready; H-START-2: a lone Witch sees no other witch
    # (nobody sees the Crow); H-CRW-2: the Crow sees the Witch.
    assert g.phase == "ROLE_REVEAL"
    assert g.me("Bram")["role"] == "WITCH"
    assert not g.me("Bram")["known_witches"]
    assert g.me("Anna")["role"] == "CROW"
    assert g.me("Anna")["known_witches"] == [g.seat("Bram")]
    assert all(not g.me(n).get("known_witches") for n in ("Cas", "Dewi", "Eva"))  # H-START-2
    # H-VIS-1: the public board carries no roles.
    assert all("role" not in p for p in g.view("public")["players"])
    g.all_ready()
    return g


def day1(g: Scenario) -> None:
    # Morning (H-MORN-1, H-MORN-3, H-MORN-4, H-SET-5, Table 2.2: S = 2, K = 4, R = 2).
    assert (g.phase, g.day) == ("DEPART_A", 1)
    v = g.view()
    assert g.recipe() == ["Mu", "SW"]
    assert (v["seals"], v["seals_needed"], v["spoiled"], v["curse"], v["curse_max"]) == (0, 2, 0, 0, 3)
    assert (v["knights_day"], v["is_knights_day"], v["recipe_size"]) == (4, False, 2)
    assert g.open_places() == ["Forest", "Meadow", "Spring"]
    assert g.unlocked() == []
    # Step A (H-DEP-9, H-DEP-10: Cas switches; H-HD-1: no frogs, no turn-back).
    g.depart("Anna", "Forest")
    g.depart("Cas", "Forest")
    g.depart("Cas", "Spring")
    g.depart("Dewi", "Meadow")
    g.advance(41)
    g.depart("Eva", "Spring")  # Gather
    # H-DEP-9: everyone has chosen → nobody guards → no step B.
    assert g.phase == "WITCH_C"
    # Step C: H-WAT-1 (witches last, counts without names), H-WAT-3, H-SPL-1 (nothing at F = 0).
    assert g.witch_counts("Bram") == {"Forest": 1, "Meadow": 1, "Spring": 2}
    assert g.witch_spells("Bram") == []
    g.witch("Bram", "Spring", None, "Cas")
    g.wait_witch_window()
    # Resolution ①③ (H-WAT-5, H-ING-3, H-ING-4).
    assert g.status("Cas") == "FROG"
    assert g.hands() == {"Anna": ["Mu"], "Bram": ["SW"], "Cas": [], "Dewi": ["Mo"], "Eva": ["SW"]}
    # Evening (H-EVE-1, H-EVE-3).
    assert g.phase == "EVENING_ANNOUNCE"
    assert g.announcement() == {"new_frogs": ["Cas"], "turned_back": []}
    g.confirm_all()  # all 5, frog Cas included (H-EVE-2, H-FRG-5)
    # Discussion (H-DIS-1: it begins once everyone has confirmed; H-DIS-2: so does the countdown).
    assert g.phase == "DISCUSSION"
    assert g.deadline() == g.now + 180_000
    # B-5: no Seer at 5 players, so nobody can check (H-SEE-1: the ability is the Seer's).
    assert g.reject("Anna", "seer_check", target=g.seat("Dewi")).code == "not_your_step"
    g.wait_deadline()
    # Proposal (H-CHF-2, H-CHF-5: Day 1's first chief is seat 1).
    assert g.chief() == "Anna"
    g.propose("Anna", ["Anna", "Eva"])
    assert g.view()["proposal"] == [1, 5]
    # Approval (H-APR-1, H-APR-5, H-APR-7): 4 CAT voters, 3 > 1.
    assert g.approve(For=["Anna", "Dewi", "Eva"], Against=["Bram"]) == {
        "for": ["Anna", "Dewi", "Eva"],
        "against": ["Bram"],
        "auto": [],
        "accepted": True,
    }
    # H-APR-6: the ritual begins when everyone, frog Cas included, has confirmed the acceptance.
    assert g.phase == "ACCEPT_SCENE"
    for n in ("Anna", "Bram", "Dewi", "Eva"):
        g.send(n, "confirm")
    assert g.phase == "ACCEPT_SCENE"
    g.send("Cas", "confirm")
    assert g.phase == "RITUAL"
    # Ritual (H-RIT-6, H-RIT-7, H-RIT-8).
    g.play("Anna", "Mu")
    g.play("Eva", "SW")
    v = g.view()
    assert (v["phase"], v["last_ritual"], v["seals"], v["spoiled"]) == ("RITUAL_RESULT", "SUCCESS", 1, 0)
    assert g.unlocked() == []  # a success unlocks nothing (H-SPL-1)
    assert g.hand("Anna") == [] and g.hand("Eva") == []
    g.confirm_all()
    g.wait_quarrel()
    # Exile vote (H-EXC-2: 1-1 tie).
    g.exile_votes({"Anna": None, "Bram": "Dewi", "Dewi": "Bram", "Eva": None})
    assert g.tally() == {"Bram": 1, "Dewi": 1}
    assert g.vote_outcome() == "TIE" and g.exiled() is None
    # H-PRI-3 ⑤ → Day 2; H-EXC-6: the result scene is the next day's VOTE_RESULT_SCENE;
    # H-GEN-5: proposal → approval → ritual → exile vote.
    assert g.result() is None
    assert g.phase == "VOTE_RESULT_SCENE"
    assert g.day == 2  # H-SEQ-1: the scene opens Day 2 (contract: the view shows the new day)


def day2(g: Scenario) -> None:
    g.confirm_all()  # H-MORN-2, H-MORN-5, H-EXV-4: everyone confirmed → the next morning
    assert (g.phase, g.day) == ("DEPART_A", 2)
    assert g.recipe() == ["Mo", "SW"]
    g.depart("Anna", "Meadow")
    g.depart("Dewi", "Spring", turn_back="Cas")
    g.depart("Eva", guard=True)
    # Step B (H-DEP-7, H-PRO-1, H-DEP-12): Eva guards, choosing last from counts that leave
    # herself out (OQ-17).
    assert g.phase == "GUARD_B"
    assert g.guard_counts("Eva") == {"Forest": 0, "Meadow": 1, "Spring": 1}
    g.guard("Eva", "Meadow")
    assert g.phase == "WITCH_C"
    # Step C: the guarding Protector is counted at the guarded place (H-WAT-3, H-PRO-2, H-PRO-3).
    assert g.witch_counts("Bram") == {"Forest": 0, "Meadow": 2, "Spring": 1}
    assert g.witch_spells("Bram") == []  # F still 0
    g.witch("Bram", "Meadow", None, "Anna")
    g.wait_witch_window()
    # ① blocked (H-WAT-5 b); ② Cas turned back (H-HD-2); ③ H-ING-3.
    assert g.statuses() == {"Anna": "CAT", "Bram": "CAT", "Cas": "CAT", "Dewi": "CAT", "Eva": "CAT"}
    assert g.hands() == {
        "Anna": ["Mo"],
        "Bram": ["SW", "Mo"],
        "Cas": [],
        "Dewi": ["Mo", "SW"],
        "Eva": [],
    }
    assert g.announcement() == {"new_frogs": [], "turned_back": ["Cas"]}
    # H-PRO-5: only Eva sees that she repelled an attack, at Meadow.
    repelled = g.inbox("Eva", "REPELLED")
    assert [(r["day"], r["place"]) for r in repelled] == [(2, "P2")]
    assert all(not g.inbox(n, "REPELLED") for n in ("Anna", "Bram", "Cas", "Dewi"))
    # Dewi does not confirm; the host (Anna) marks her absent (H-EVE-2, H-HST-1, H-HST-2).
    g.confirm_all(absent=["Dewi"])
    assert g.phase == "DISCUSSION"
    # H-DIS-2: all 5 CAT players tap End discussion before 180 s → move on at once.
    g.advance(30)
    g.end_discussion_all()
    assert g.chief() == "Bram"  # H-CHF-5: the pointer moved past Anna
    g.propose("Bram", ["Bram", "Anna"])
    r = g.approve(For=["Anna", "Bram", "Cas", "Eva"], Against=["Dewi"])
    assert (sorted(r["for"]), r["against"], r["accepted"]) == (["Anna", "Bram", "Cas", "Eva"], ["Dewi"], True)
    g.confirm_all()
    # Anna, the Crow, plays the Moonflower Bram also plays: the recipe lacks its
    # Springwater and the ritual fails (H-RIT-6: a duplicate spoils it).
    g.play("Anna", "Mo")
    g.play("Bram", "Mo")
    v = g.view()
    assert (v["last_ritual"], v["seals"], v["spoiled"]) == ("FAILURE", 1, 1)
    # H-SPL-1: tier 1 unlocked by the first spoiled ritual.
    assert sorted(g.unlocked()) == ["DISGUISE", "MIST"]
    assert g.hand("Anna") == [] and g.hand("Bram") == ["SW"]
    g.confirm_all()
    g.wait_quarrel()
    g.exile_votes({"Anna": "Dewi", "Bram": "Dewi", "Cas": "Bram", "Dewi": "Bram", "Eva": None})
    assert g.tally() == {"Bram": 2, "Dewi": 2}
    assert g.vote_outcome() == "TIE"
    assert g.result() is None


def day3(g: Scenario) -> None:
    g.confirm_all()
    assert (g.phase, g.day) == ("DEPART_A", 3)
    assert g.recipe() == ["Mu", "Mo"]
    g.depart("Anna", "Forest")
    g.depart("Cas", "Forest")
    g.depart("Dewi", "Meadow")
    g.depart("Eva", "Meadow")
    assert g.phase == "WITCH_C"
    assert g.witch_counts("Bram") == {"Forest": 2, "Meadow": 2, "Spring": 0}
    assert sorted(g.witch_spells("Bram")) == ["DISGUISE", "MIST"]
    g.witch("Bram", "Spring", "Disguise", "Eva")
    g.wait_witch_window()
    # ① Eva is not at Spring → missed (H-WAT-5 a).
    assert g.frogs() == []
    assert g.hands() == {
        "Anna": ["Mu"],
        "Bram": ["SW", "SW"],
        "Cas": ["Mu"],
        "Dewi": ["Mo", "SW", "Mo"],
        "Eva": ["Mo"],
    }
    assert g.announcement() == {"new_frogs": [], "turned_back": []}
    assert not g.inbox("Eva", "REPELLED")[1:]  # still only Day 2's notice
    g.confirm_all()
    # H-SPL-2, H-SPL-3: Bram's Disguise counts as cast though no Seer plays (B-5).
    g.wait_deadline()
    # Three proposals, each with its own 60 s T_PROPOSE (H-TIM-2, OQ-5); H-CUR-1, H-CUR-4.
    for chief, team, yes, no, curse in [
        ("Cas", ["Cas", "Dewi"], ["Cas", "Dewi"], ["Anna", "Bram", "Eva"], 1),
        ("Dewi", ["Dewi", "Eva"], ["Dewi", "Eva"], ["Anna", "Bram", "Cas"], 2),
        ("Eva", ["Eva", "Anna"], ["Eva", "Anna"], ["Bram", "Cas", "Dewi"], 3),
    ]:
        assert g.phase == "PROPOSAL"
        assert g.deadline() == g.entered_at + 60_000
        g.advance(20)
        g.propose(chief, team)
        r = g.approve(For=yes, Against=no)
        assert (sorted(r["for"]), sorted(r["against"]), r["accepted"]) == (sorted(yes), sorted(no), False)
        assert g.phase == "REJECT_SCENE"
        assert g.view()["curse"] == curse
        g.confirm_all()
    # H-CUR-2, H-CUR-4: full meter → straight to the exile vote; no ritual, no seal, F unchanged.
    assert g.phase == "EXILE_VOTE"
    v = g.view()
    assert (v["seals"], v["spoiled"], v["curse"]) == (1, 1, 3)
    g.exile_votes({"Anna": "Dewi", "Bram": "Dewi", "Cas": "Bram", "Dewi": "Bram", "Eva": "Dewi"})
    assert g.tally() == {"Dewi": 3, "Bram": 2}
    assert g.vote_outcome() == "EXILED" and g.exiled() == "Dewi"
    assert g.vote_result()["was_witch"] is False  # H-EXC-5
    assert g.status("Dewi") == "EXILED"  # H-EXC-4
    assert g.result() is None


def day4_to_ritual(g: Scenario) -> None:
    """Day 4 up to the moment the ritual members are about to play."""
    # H-EXV-4, H-EXC-4: the vote-result scene waits for exiled Dewi too.
    for n in ("Anna", "Bram", "Cas", "Eva"):
        g.send(n, "confirm")
    assert g.phase == "VOTE_RESULT_SCENE"
    g.send("Dewi", "confirm")
    v = g.view()
    assert (v["phase"], v["day"], v["is_knights_day"], v["curse"]) == ("DEPART_A", 4, True, 0)  # H-CUR-3
    assert g.open_places() == ["Forest", "Meadow", "Spring"]  # no Mist was cast
    assert g.recipe() == ["Mo", "SW"]
    g.depart("Anna", "Meadow")
    g.depart("Cas", "Spring")
    g.depart("Eva", guard=True)
    assert g.phase == "GUARD_B"
    assert g.guard_counts("Eva") == {"Forest": 0, "Meadow": 1, "Spring": 1}
    g.guard("Eva", "Spring")
    assert g.witch_counts("Bram") == {"Forest": 0, "Meadow": 1, "Spring": 2}
    # Disguise is used (H-SPL-2); Mist is still available; Creeping Curse needs F ≥ 2.
    assert g.witch_spells("Bram") == ["MIST"]
    g.witch("Bram", "Meadow", None, "Anna")
    g.wait_witch_window()
    assert g.status("Anna") == "FROG"
    assert g.hands("Anna", "Bram", "Cas", "Eva") == {
        "Anna": ["Mu"],  # frozen (H-ING-6)
        "Bram": ["SW", "SW", "Mo"],
        "Cas": ["Mu", "SW"],
        "Eva": ["Mo"],
    }
    assert g.announcement() == {"new_frogs": ["Anna"], "turned_back": []}
    g.confirm_all()  # frog Anna and exiled Dewi too
    # H-WAT-7: Bram frogged the Crow he does not know. A frog does not end the discussion
    # (H-DIS-3, H-FRG-4).
    assert g.reject("Anna", "end_discussion").code == "not_a_cat"
    g.end_discussion_all()
    assert g.chief() == "Bram"  # seat 1 Anna is a frog and is skipped (H-CHF-2)
    g.propose("Bram", ["Bram", "Cas"])
    r = g.approve(For=["Bram", "Cas"], Against=["Eva"])
    assert r["accepted"] is True
    g.confirm_all()
    assert g.phase == "RITUAL"


def play_to_day4_ritual() -> Scenario:
    g = setup_and_reveal()
    day1(g)
    day2(g)
    day3(g)
    day4_to_ritual(g)
    return g


def test_five_player_example_ends_with_knights_vote_witch() -> None:
    g = play_to_day4_ritual()
    g.play("Cas", "SW")
    g.play("Bram", "SW")
    v = g.view()
    assert (v["last_ritual"], v["seals"], v["spoiled"]) == ("FAILURE", 1, 2)
    assert g.result() is None  # H-PRI-1: seals not complete
    g.confirm_all()
    g.wait_quarrel()
    g.exile_votes({"Cas": "Bram", "Eva": "Bram", "Bram": "Eva"})
    assert g.tally() == {"Bram": 2, "Eva": 1}
    # H-PRI-3 ②, H-WIN-4, H-PRI-4, H-PRI-6, H-VIS-2.
    assert g.phase == "GAME_END"
    res = g.result()
    assert res is not None
    assert (res["winner"], res["reason"], res["score"]) == ("village", "KNIGHTS_VOTE_WITCH", 1)
    assert res["roles"] == {"1": "CROW", "2": "WITCH", "3": "VILLAGER", "4": "HERB_DOCTOR", "5": "PROTECTOR"}
    assert g.view("public")["result"]["reason"] == "KNIGHTS_VOTE_WITCH"


def test_counterfactual_eva_votes_blank_knights_vote_failed() -> None:
    g = play_to_day4_ritual()
    g.play("Cas", "SW")
    g.play("Bram", "SW")
    g.confirm_all()
    g.wait_quarrel()
    g.exile_votes({"Cas": "Bram", "Eva": None, "Bram": "Eva"})
    # Bram 1, Eva 1 → tie → nobody exiled on the knights' day (H-WIN-6, H-EXC-7).
    assert g.vote_outcome() == "TIE"
    res = g.result()
    assert res is not None
    assert (res["winner"], res["reason"], res["score"]) == ("witch", "KNIGHTS_VOTE_FAILED", 1)


def test_counterfactual_bram_plays_moonflower_seals_complete() -> None:
    g = play_to_day4_ritual()
    g.play("Cas", "SW")
    g.play("Bram", "Mo")
    # H-RIT-8, H-PRI-1, H-WIN-1 (OQ-6): the result scene first, then the results screen.
    v = g.view()
    assert (v["phase"], v["last_ritual"], v["seals"]) == ("RITUAL_RESULT", "SUCCESS", 2)
    g.confirm_all()
    assert g.phase == "GAME_END"  # no quarrel, no vote (H-SEQ-1)
    res = g.result()
    assert res is not None
    assert (res["winner"], res["reason"], res["score"]) == ("village", "SEALS_COMPLETE", 1)


def test_the_example_replays_from_its_transcript() -> None:
    # H-RNG-1, design §2 ("a game is (config, seed, commands)"): the accepted commands of the
    # whole §14.1 game, through the transcript text format, rebuild the same final state.
    g = play_to_day4_ritual()
    g.play("Cas", "SW")
    g.play("Bram", "SW")
    g.confirm_all()
    g.wait_quarrel()
    g.exile_votes({"Cas": "Bram", "Eva": "Bram", "Bram": "Eva"})
    text = Transcript(game="heks", config=g.config, seed=g.seed, commands=g.log).dumps()
    state = replay(HeksGame(), Transcript.loads(text))
    assert HeksGame().snapshot(state) == g.snapshot()
    assert HeksGame().result(state) == g.result()


# ---------------------------------------------------------------------------------------------
# The same table under today's 5-player row of Table 2.2 (no knobs): the witches attack from
# day 3 (B-14, A = 3, H-WAT-9) and, before the knights' day (K = 4), a single top candidate is
# exiled only with at least Q = 3/4 of the ballots (B-13, H-EXC-8): ceil(3/4 × 5) = 4 of 5,
# ceil(3/4 × 3) = 3 of 3. Every CAT voter has a ballot; a blank, absent or timed-out one
# counts in the total (H-EXC-1). The knights' day counts as before (H-EXC-7).


def today_setup(**knobs: object) -> Scenario:
    """The §14.1 table and recipes under today's rules (``knobs`` only for a counterfactual)."""
    g = Scenario.five_player_example() if not knobs else _example_table(knobs)
    if not knobs:
        assert "from_days" not in g.config and "quorum" not in g.config
        v = g.view()
        # Table 2.2, 5 players: A = 3, Q = 3/4 (public, H-WAT-9, H-EXC-8).
        assert (v["attacks_from"], v["knights_day"]) == (3, 4)
        assert (v["exile_quorum"], v["exile_needed"]) == ([3, 4], 4)
    g.all_ready()
    return g


def today_day1_to_vote(g: Scenario) -> None:
    assert (g.phase, g.day) == ("DEPART_A", 1)
    assert g.recipe() == ["Mu", "SW"]
    g.depart("Anna", "Forest")
    g.depart("Cas", "Forest")
    g.depart("Dewi", "Meadow")
    g.depart("Eva", "Spring")
    assert g.phase == "WITCH_C"
    # H-WAT-9 (B-14): day 1 < A = 3. Bram chooses a place and a spell (H-WAT-2); the spell
    # closes his target step as "No attack", and a target is rejected.
    g.send("Bram", "witch_place", place="P3")
    g.send("Bram", "witch_spell", spell=None)
    w = g.me("Bram")["witch"]
    assert (w["target_chosen"], w["target"], w["second_chosen"]) == (True, None, True)
    err = g.reject("Bram", "witch_target", target=g.seat("Cas"))
    assert (err.code, err.rule, err.params["from_day"]) == ("no_attacks_yet", "H-WAT-9", 3)
    g.wait_witch_window()
    assert g.announcement() == {"new_frogs": [], "turned_back": []}  # §14.1 frogged Cas here
    assert g.hands() == {"Anna": ["Mu"], "Bram": ["SW"], "Cas": ["Mu"], "Dewi": ["Mo"], "Eva": ["SW"]}
    g.confirm_all()
    g.end_discussion_all()
    # Anna, the Crow and chief (H-CHF-5), takes Cas: two Mushrooms, a duplicate (H-RIT-6).
    g.propose("Anna", ["Anna", "Cas"])
    assert g.approve(For=["Anna", "Bram", "Cas", "Dewi", "Eva"])["accepted"] is True
    g.confirm_all()
    g.play("Anna", "Mu")
    g.play("Cas", "Mu")
    v = g.view()
    assert (v["last_ritual"], v["seals"], v["spoiled"]) == ("FAILURE", 0, 1)
    g.confirm_all()
    g.wait_quarrel()


def today_day1(g: Scenario) -> None:
    today_day1_to_vote(g)
    # H-EXC-8 (B-13): 5 CAT voters, so an exile needs ceil(3/4 × 5) = 4 votes.
    assert g.view()["exile_needed"] == 4
    g.exile_votes({"Anna": "Dewi", "Bram": "Dewi", "Cas": "Bram", "Dewi": "Bram", "Eva": "Bram"})
    # Bram is the single top candidate (H-EXC-2) with 3 of 5: not 4, so nobody is exiled.
    assert g.tally() == {"Bram": 3, "Dewi": 2}
    assert g.vote_outcome() == "NO_QUORUM" and g.exiled() is None
    r = g.vote_result()
    assert (r["day"], r["needed"], r["was_witch"]) == (1, 4, None)
    assert g.statuses() == {"Anna": "CAT", "Bram": "CAT", "Cas": "CAT", "Dewi": "CAT", "Eva": "CAT"}
    # H-EXC-6: the game goes on; the result is day 2's VOTE_RESULT_SCENE, public.
    assert (g.phase, g.day, g.result()) == ("VOTE_RESULT_SCENE", 2, None)
    assert g.view("public")["vote_result"]["outcome"] == "NO_QUORUM"


def today_day2(g: Scenario) -> None:
    g.confirm_all()
    assert (g.phase, g.day, g.recipe()) == ("DEPART_A", 2, ["Mo", "SW"])
    g.depart("Anna", "Meadow")
    g.depart("Cas", "Meadow")
    g.depart("Dewi", "Spring")
    g.depart("Eva", "Forest")
    # Bram taps nothing: at 15 s H-WAT-4 fills his place and spell, and no target (H-WAT-9).
    g.wait_witch_window()
    auto = g.inbox("Bram", "WITCH_AUTO")
    assert len(auto) == 1 and auto[0]["filled"] == ["place", "spell"] and auto[0]["target"] is None
    assert auto[0]["place"] == "P1"  # the engine's draw (H-RNG-1): Forest
    assert g.announcement() == {"new_frogs": [], "turned_back": []}
    assert g.hands() == {
        "Anna": ["Mo"],
        "Bram": ["SW", "Mu"],
        "Cas": ["Mo"],
        "Dewi": ["Mo", "SW"],
        "Eva": ["SW", "Mu"],
    }
    g.confirm_all()
    g.end_discussion_all()
    assert g.chief() == "Bram"
    g.propose("Bram", ["Bram", "Cas"])
    assert g.approve(For=["Anna", "Bram", "Cas", "Dewi", "Eva"])["accepted"] is True
    g.confirm_all()
    g.play("Bram", "Mu")  # the Witch spoils the Moonflower-Springwater recipe
    g.play("Cas", "Mo")
    v = g.view()
    assert (v["last_ritual"], v["seals"], v["spoiled"]) == ("FAILURE", 0, 2)
    g.confirm_all()
    g.wait_quarrel()
    assert g.view()["exile_needed"] == 4
    # The cards are hidden (H-RIT-9): Bram blames Cas and the village follows him. Four of
    # five votes reach Q (H-EXC-8): Cas is exiled, the first exile of the game.
    g.exile_votes({"Anna": "Cas", "Bram": "Cas", "Cas": "Bram", "Dewi": "Cas", "Eva": "Cas"})
    assert g.tally() == {"Cas": 4, "Bram": 1}
    assert g.vote_outcome() == "EXILED" and g.exiled() == "Cas"
    r = g.vote_result()
    assert (r["needed"], r["was_witch"]) == (4, False)  # H-EXC-5
    assert g.status("Cas") == "EXILED"  # H-EXC-4
    assert (g.phase, g.day, g.result()) == ("VOTE_RESULT_SCENE", 3, None)


def today_day3(g: Scenario) -> None:
    g.confirm_all()  # exiled Cas confirms too (H-EXC-4)
    assert (g.phase, g.day, g.recipe()) == ("DEPART_A", 3, ["Mu", "Mo"])
    g.depart("Anna", "Forest")
    g.depart("Dewi", "Meadow")
    g.depart("Eva", "Meadow")
    assert g.witch_counts("Bram") == {"Forest": 1, "Meadow": 2, "Spring": 0}
    # Day 3 = A (H-WAT-9, B-14): the target step is open. Bram frogs Anna, the Crow he does
    # not know (H-CRW-2, H-WAT-7).
    g.send("Bram", "witch_place", place="P1")
    g.send("Bram", "witch_spell", spell=None)
    assert g.me("Bram")["witch"]["target_chosen"] is False
    g.send("Bram", "witch_target", target=g.seat("Anna"))
    g.wait_witch_window()
    assert g.announcement() == {"new_frogs": ["Anna"], "turned_back": []}
    assert g.statuses() == {"Anna": "FROG", "Bram": "CAT", "Cas": "EXILED", "Dewi": "CAT", "Eva": "CAT"}
    # Three CAT voters now: ceil(3/4 × 3) = 3, every ballot (H-EXC-8).
    assert g.view()["exile_needed"] == 3
    g.confirm_all()
    g.end_discussion_all()
    assert g.chief() == "Dewi"  # exiled Cas is skipped (H-CHF-2)
    # Dewi takes Bram along to see what he plays.
    g.propose("Dewi", ["Dewi", "Bram"])
    assert g.approve(For=["Bram", "Dewi", "Eva"])["accepted"] is True
    g.confirm_all()
    g.play("Dewi", "Mo")
    g.play("Bram", "SW")
    v = g.view()
    assert (v["last_ritual"], v["seals"], v["spoiled"]) == ("FAILURE", 0, 3)
    g.confirm_all()
    g.wait_quarrel()
    # Dewi and Eva vote Bram; Bram does not vote and times out (H-EXV-3): a blank ballot that
    # still counts in the total. 2 of 3 ballots is less than 3.
    g.exile_votes({"Dewi": "Bram", "Eva": "Bram"})
    assert g.phase == "EXILE_VOTE"
    g.wait_deadline()
    r = g.vote_result()
    ballot = [(g.name(b["voter"]), b["target"] and g.name(b["target"]), b["auto"]) for b in r["ballot"]]
    assert ballot == [("Bram", None, True), ("Dewi", "Bram", False), ("Eva", "Bram", False)]
    assert g.tally() == {"Bram": 2}
    assert (r["outcome"], r["needed"], r["exiled"]) == ("NO_QUORUM", 3, None)
    assert (g.phase, g.day, g.result()) == ("VOTE_RESULT_SCENE", 4, None)


def today_day4_to_vote(g: Scenario) -> None:
    """The knights' day (K = 4) up to the open exile vote."""
    g.confirm_all()
    v = g.view()
    assert (v["phase"], v["day"], v["is_knights_day"]) == ("DEPART_A", 4, True)
    # H-EXC-8: no quorum on the knights' day; it counts as H-EXC-7 says.
    assert (v["exile_quorum"], v["exile_needed"]) == ([3, 4], None)
    assert g.recipe() == ["Mo", "SW"]
    g.depart("Dewi", "Meadow")
    g.depart("Eva", guard=True)
    g.guard("Eva", "Meadow")
    g.witch("Bram", "Meadow", None, "Dewi")
    g.wait_witch_window()
    # H-WAT-5 b, H-PRO-2: the attack on Dewi at the guarded Meadow is blocked; Bram attacked
    # Dewi, not the Protector, so he is not caught (H-PRO-6). No new frog, so no take-over
    # (H-WIN-5: 2 non-witch cats > 1 Witch).
    assert g.announcement() == {"new_frogs": [], "turned_back": []}
    assert [(r["day"], r["place"]) for r in g.inbox("Eva", "REPELLED")] == [(4, "P2")]
    g.confirm_all()
    g.end_discussion_all()
    assert g.chief() == "Eva"
    g.propose("Eva", ["Eva", "Dewi"])
    assert g.approve(For=["Dewi", "Eva"], Against=["Bram"])["accepted"] is True
    g.confirm_all()
    g.play("Eva", "SW")
    g.play("Dewi", "Mo")
    v = g.view()
    assert (v["last_ritual"], v["seals"], v["seals_needed"]) == ("SUCCESS", 1, 2)  # not yet S (H-WIN-1)
    g.confirm_all()
    g.wait_quarrel()


def test_today_5p_row_no_quorum_exile_by_four_and_knights_plurality() -> None:
    g = today_setup()
    today_day1(g)
    today_day2(g)
    today_day3(g)
    today_day4_to_vote(g)
    # H-EXC-7: the knights' day counts as before: Bram's 2 of 3 ballots exile him, although
    # the quorum of day 3 would have asked for 3.
    g.exile_votes({"Dewi": "Bram", "Eva": "Bram", "Bram": "Eva"})
    assert g.tally() == {"Bram": 2, "Eva": 1}
    r = g.vote_result()
    assert (r["outcome"], r["needed"], r["was_witch"]) == ("EXILED", None, True)
    # H-PRI-3 ②, H-WIN-4; H-PRI-4: the witches' score is Anna, the one frog.
    res = g.result()
    assert res is not None
    assert (res["winner"], res["reason"], res["score"]) == ("village", "KNIGHTS_VOTE_WITCH", 1)


def test_today_5p_row_counterfactual_the_crow_joins_the_day1_vote() -> None:
    # Day 1 as above, but Anna, the Crow, votes Bram with the village: 4 of 5 reach Q
    # (H-EXC-8), Bram is exiled and the village wins at once (H-PRI-3 ③, H-WIN-2).
    g = today_setup()
    today_day1_to_vote(g)
    g.exile_votes({"Anna": "Bram", "Bram": "Dewi", "Cas": "Bram", "Dewi": "Bram", "Eva": "Bram"})
    assert g.tally() == {"Bram": 4, "Dewi": 1}
    r = g.vote_result()
    assert (r["outcome"], r["needed"], r["was_witch"]) == ("EXILED", 4, True)
    res = g.result()
    assert res is not None
    assert (res["winner"], res["reason"], res["score"]) == ("village", "ALL_WITCHES_EXILED", 0)


def test_today_5p_row_counterfactual_without_b13_three_votes_exile() -> None:
    # The day-1 ballots of the worked example under the row before B-13 (the test-only
    # "quorum": null): a single top candidate with 3 of 5 is exiled (H-EXC-2), so Bram goes.
    g = today_setup(quorum=None)
    today_day1_to_vote(g)
    assert g.view()["exile_needed"] is None
    g.exile_votes({"Anna": "Dewi", "Bram": "Dewi", "Cas": "Bram", "Dewi": "Bram", "Eva": "Bram"})
    r = g.vote_result()
    assert (r["outcome"], r["needed"], g.exiled(), r["was_witch"]) == ("EXILED", None, "Bram", True)
