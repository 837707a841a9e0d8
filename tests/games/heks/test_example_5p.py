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
and ``quorum`` null (docs/rules/heks.md, "Balance changes"; setup ``_params``). The last test
plays a worked example of the same table under today's 5-player row (no knobs).
"""

from __future__ import annotations

from nightfall.engine import Transcript, replay
from nightfall.games.heks import HeksGame

from .kit import Scenario

# The spec's §14.1 is written for Table 2.2 before B-13/B-14; the knobs replay it under that row.
ROW_OF_THE_SPEC: dict[str, object] = {"from_days": {"attacks": 1}, "quorum": None}


def five_player_example() -> Scenario:
    """§14.1's table (Timed, T_DISCUSS 180 s, its deal under B-5 and its recipes), replayed
    under the 5-player row it was written for: attacks from day 1, no quorum (ROW_OF_THE_SPEC)."""
    return Scenario(
        [("Anna", "CROW"), ("Bram", "WITCH"), ("Cas", "VILLAGER"), ("Dewi", "HERB_DOCTOR"), ("Eva", "PROTECTOR")],
        mode="timed",
        discuss_seconds=180,
        recipes=[["Mu", "SW"], ["Mo", "SW"], ["Mu", "Mo"], ["Mo", "SW"]],
        extra=ROW_OF_THE_SPEC,
    )


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
