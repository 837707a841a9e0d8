"""§14.2: the twelve-player worked example (Unlimited), fact by fact.

Where the example gives only vote counts (e.g. "3 For, 7 Against"), the test
picks voters consistent with the example and checks the counts it states.
"""

from __future__ import annotations

from .kit import Scenario

ALL = ["Ada", "Bo", "Cor", "Daan", "Els", "Fem", "Gijs", "Hugo", "Ilse", "Joep", "Kim", "Lot"]


def others(*excluded: str, among: list[str]) -> list[str]:
    return [n for n in among if n not in excluded]


def setup_and_reveal() -> Scenario:
    g = Scenario.twelve_player_example()
    # Table 2.2 for 12 players: S = 4, K = 6, R = 4, six places.
    v = g.view()
    assert (v["seals_needed"], v["knights_day"], v["mode"]) == (4, 6, "unlimited")
    # H-START-2, H-WCH-1, H-CRW-2: witches see each other; the Crow sees the witches; nobody sees
    # the Crow.
    assert sorted(g.me("Bo")["known_witches"]) == [6, 11]
    assert sorted(g.me("Fem")["known_witches"]) == [2, 11]
    assert sorted(g.me("Kim")["known_witches"]) == [2, 6]
    assert sorted(g.me("Daan")["known_witches"]) == [2, 6, 11]
    assert sorted(g.me("Lot")["known_witches"]) == [2, 6, 11]  # B-9: the second Crow
    for n in ("Ada", "Cor", "Els", "Gijs", "Hugo", "Ilse", "Joep"):
        assert not g.me(n).get("known_witches"), n
    # H-JST-3 (B-7): the Witches and both Crows are shown the Jester; nobody else is.
    for n in ALL:
        assert g.me(n).get("known_jester") == (8 if n in ("Bo", "Fem", "Kim", "Daan", "Lot") else None), n
    assert g.me("Daan")["side"] == "witch" and g.me("Hugo")["side"] == "solo"
    g.all_ready()
    assert g.deadline() is None  # Unlimited: step A has no timer (H-DEP-8, H-TIM-2)
    return g


def day1(g: Scenario) -> None:
    assert (g.phase, g.day) == ("DEPART_A", 1)
    assert g.recipe() == ["Mu", "SW", "OF", "Cr"]
    assert g.open_places() == ["Forest", "Meadow", "Spring", "Tower", "Cave", "Churchyard"]
    for who, where in [
        ("Ada", "Forest"),
        ("Cor", "Spring"),
        ("Daan", "Churchyard"),
        ("Els", "Tower"),
        ("Gijs", "Cave"),
        ("Hugo", "Forest"),
        ("Joep", "Tower"),
        ("Lot", "Spring"),
    ]:
        g.depart(who, where)
    g.depart("Ilse", guard=True)
    assert g.phase == "GUARD_B"
    counts = {"Forest": 2, "Meadow": 0, "Spring": 2, "Tower": 2, "Cave": 1, "Churchyard": 1}
    assert g.guard_counts("Ilse") == counts
    g.guard("Ilse", "Spring")
    assert g.phase == "WITCH_C"
    # H-WAT-3: the witches see the same counts plus Ilse at Spring.
    for w in ("Bo", "Fem", "Kim"):
        assert g.witch_counts(w) == {**counts, "Spring": 3}
        assert g.witch_spells(w) == []  # F = 0
    g.witch("Bo", "Tower", None, "Joep")
    g.witch("Fem", "Spring", None, "Cor")
    g.witch("Kim", "Meadow", None, "Lot")
    g.wait_witch_window()
    # ① Joep frogged; Fem blocked by the guard; Kim missed (H-WAT-5).
    assert g.frogs() == ["Joep"]
    assert g.hands() == {
        "Ada": ["Mu"],
        "Bo": ["OF"],
        "Cor": ["SW"],
        "Daan": ["Cw"],
        "Els": ["OF"],
        "Fem": ["SW"],
        "Gijs": ["Cr"],
        "Hugo": ["Mu"],
        "Ilse": [],
        "Joep": [],
        "Kim": ["Mo"],
        "Lot": ["SW"],
    }
    assert g.announcement() == {"new_frogs": ["Joep"], "turned_back": []}
    assert [(r["day"], r["place"]) for r in g.inbox("Ilse", "REPELLED")] == [(1, "P3")]  # H-PRO-5
    g.confirm_all()
    assert g.phase == "DISCUSSION" and g.deadline() is None  # Unlimited: no countdown
    assert g.seer("Cor", "Fem") == "WITCH"
    # H-PP-3, H-PP-4, H-PP-5: Els sees Hugo's hand and takes the Mushroom.
    assert g.steal("Els", "Hugo") == ["Mu"]
    g.take("Els", "Mu")
    assert g.hand("Els") == ["OF", "Mu"] and g.hand("Hugo") == []
    notices = g.inbox("Hugo", "ROBBED")
    assert [n["ingredient"] for n in notices] == ["MUSHROOM"]
    assert "thief" not in notices[0] and "by" not in notices[0]
    g.end_discussion_all()  # all 11 CAT players
    assert g.chief() == "Ada"
    g.propose("Ada", ["Ada", "Cor", "Els", "Daan"])
    cats = g.cats()
    assert len(cats) == 11
    r = g.approve(For=others("Gijs", "Lot", among=cats), Against=["Gijs", "Lot"])
    assert (len(r["for"]), sorted(r["against"]), r["accepted"]) == (9, ["Gijs", "Lot"], True)
    g.confirm_all()
    g.play("Ada", "Mu")
    g.play("Cor", "SW")
    g.play("Els", "OF")
    g.play("Daan", "Cw")
    v = g.view()
    assert (v["last_ritual"], v["seals"], v["spoiled"]) == ("FAILURE", 0, 1)
    assert sorted(g.unlocked()) == ["DISGUISE", "MIST"]
    assert g.hands("Ada", "Cor", "Els", "Daan") == {"Ada": [], "Cor": [], "Els": ["Mu"], "Daan": []}
    g.confirm_all()
    g.wait_quarrel()  # 4 s in Unlimited mode too (H-TIM-2)
    fem_voters = ["Ada", "Cor", "Els", "Gijs", "Hugo", "Ilse", "Lot"]
    g.exile_votes({**dict.fromkeys(fem_voters, "Fem"), **dict.fromkeys(["Bo", "Daan", "Fem", "Kim"], "Cor")})
    assert g.tally() == {"Fem": 7, "Cor": 4}
    assert g.exiled() == "Fem" and g.vote_result()["was_witch"] is True
    assert g.result() is None


def day2(g: Scenario) -> None:
    g.confirm_all()
    assert (g.phase, g.day) == ("DEPART_A", 2)
    assert g.recipe() == ["Mo", "SW", "Cr", "Cw"]
    for who, where in [
        ("Ada", "Meadow"),
        ("Cor", "Spring"),
        ("Daan", "Forest"),
        ("Els", "Cave"),
        ("Hugo", "Meadow"),
        ("Lot", "Cave"),
    ]:
        g.depart(who, where)
    g.depart("Gijs", "Churchyard", turn_back="Joep")
    g.depart("Ilse", guard=True)
    assert g.phase == "GUARD_B"
    counts = {"Forest": 1, "Meadow": 2, "Spring": 1, "Tower": 0, "Cave": 2, "Churchyard": 1}
    assert g.guard_counts("Ilse") == counts
    g.guard("Ilse", "Meadow")
    for w in ("Bo", "Kim"):
        assert g.witch_counts(w) == {**counts, "Meadow": 3}  # derived (H-WAT-3)
        assert sorted(g.witch_spells(w)) == ["DISGUISE", "MIST"]
    assert not g.me("Fem").get("witch")  # exiled: no step C (H-EXC-4)
    g.witch("Bo", "Spring", None, "Cor")
    g.witch("Kim", "Tower", None, "Gijs")
    g.wait_witch_window()
    assert sorted(g.frogs()) == ["Cor"]
    assert g.status("Joep") == "CAT"  # H-HD-2
    assert g.hands(*others("Fem", among=ALL)) == {
        "Ada": ["Mo"],
        "Bo": ["OF", "SW"],
        "Cor": [],
        "Daan": ["Mu"],
        "Els": ["Mu", "Cr"],
        "Gijs": ["Cr", "Cw"],
        "Hugo": ["Mo"],
        "Ilse": [],
        "Joep": [],
        "Kim": ["Mo", "OF"],
        "Lot": ["SW", "Cr"],
    }
    assert g.announcement() == {"new_frogs": ["Cor"], "turned_back": ["Joep"]}
    # H-PRO-5: nothing was blocked today (Kim missed, Bo hit), so no new notice.
    assert [r["day"] for r in g.inbox("Ilse", "REPELLED")] == [1]
    g.confirm_all()
    assert g.steal("Els", "Daan") == ["Mu"]
    g.take("Els", "Mu")
    assert g.hand("Els") == ["Mu", "Cr", "Mu"] and g.hand("Daan") == []
    g.end_discussion_all()
    cats = g.cats()
    assert len(cats) == 10
    # Proposal 1: 5-5 tie → rejected (H-APR-5, H-APR-7).
    assert g.chief() == "Bo"
    g.propose("Bo", ["Bo", "Kim", "Ada", "Lot"])
    # H-PP-1: the Pickpocket's window closed when this first approval vote opened.
    assert g.me("Els")["pickpocket"]["window_open"] is False
    assert g.reject("Els", "pickpocket_target", target=g.seat("Ada")).code in (
        "window_closed",
        "ability_used",
    )
    yes = ["Ada", "Bo", "Daan", "Kim", "Lot"]
    r = g.approve(For=yes, Against=others(*yes, among=cats))
    assert (sorted(r["for"]), len(r["against"]), r["accepted"]) == (yes, 5, False)
    assert g.view()["curse"] == 1
    g.confirm_all()
    # Proposal 2: seat 3 Cor is a frog and skipped (H-CHF-2).
    assert g.chief() == "Daan"
    g.propose("Daan", ["Daan", "Bo", "Kim", "Ada"])
    yes = ["Bo", "Daan", "Kim"]
    r = g.approve(For=yes, Against=others(*yes, among=cats))
    assert (len(r["for"]), len(r["against"]), r["accepted"]) == (3, 7, False)
    assert g.view()["curse"] == 2
    g.confirm_all()
    assert g.chief() == "Els"
    g.propose("Els", ["Els", "Ada", "Gijs", "Lot"])
    no = ["Bo", "Daan", "Kim"]
    r = g.approve(For=others(*no, among=cats), Against=no)
    assert (len(r["for"]), sorted(r["against"]), r["accepted"]) == (7, no, True)
    g.confirm_all()
    g.play("Els", "Cr")
    g.play("Ada", "Mo")
    g.play("Gijs", "Cw")
    g.play("Lot", "SW")
    v = g.view()
    assert (v["last_ritual"], v["seals"], v["spoiled"]) == ("SUCCESS", 1, 1)
    assert g.hands("Els", "Ada", "Gijs", "Lot") == {
        "Els": ["Mu", "Mu"],
        "Ada": [],
        "Gijs": ["Cr"],
        "Lot": ["Cr"],
    }
    g.confirm_all()
    g.wait_quarrel()
    g.exile_votes(
        {
            "Ada": "Kim",
            "Els": "Kim",
            "Hugo": "Kim",
            "Gijs": "Daan",
            "Ilse": "Daan",
            "Joep": "Daan",
            "Bo": "Hugo",
            "Kim": "Hugo",
            "Daan": "Hugo",
            "Lot": None,
        }
    )
    assert g.tally() == {"Kim": 3, "Daan": 3, "Hugo": 3}
    assert g.vote_outcome() == "TIE"


def day3(g: Scenario) -> None:
    g.confirm_all()
    assert (g.phase, g.day) == ("DEPART_A", 3)
    assert g.recipe() == ["Mu", "OF", "Cr", "Cw"]
    for who, where in [
        ("Ada", "Forest"),
        ("Daan", "Meadow"),
        ("Els", "Tower"),
        ("Hugo", "Cave"),
        ("Joep", "Forest"),
        ("Lot", "Tower"),
    ]:
        g.depart(who, where)
    g.depart("Gijs", "Churchyard", turn_back="Cor")
    g.depart("Ilse", guard=True)
    g.guard("Ilse", "Churchyard")
    counts = {"Forest": 2, "Meadow": 1, "Spring": 0, "Tower": 2, "Cave": 1, "Churchyard": 2}
    assert g.witch_counts("Bo") == counts and g.witch_counts("Kim") == counts
    # H-SPL-3: Bo reserves Disguise first; Kim sees it as unavailable at once.
    g.send("Bo", "witch_place", place="P4")
    g.send("Bo", "witch_spell", spell="DISGUISE")
    assert g.witch_spells("Kim") == ["MIST"]
    g.send("Bo", "witch_target", target=g.seat("Lot"))
    g.witch("Kim", "Forest", "Mist", "Hugo", mist="Cave")
    g.wait_witch_window()
    # ① Lot frogged; Kim missed Hugo; ② Cor turned back.
    assert sorted(g.frogs()) == ["Lot"]
    assert g.status("Cor") == "CAT"
    assert g.hands(*others("Fem", among=ALL)) == {
        "Ada": ["Mu"],
        "Bo": ["OF", "SW", "OF"],
        "Cor": [],
        "Daan": ["Mo"],
        "Els": ["Mu", "Mu", "OF"],
        "Gijs": ["Cr", "Cw"],
        "Hugo": ["Mo", "Cr"],
        "Ilse": [],
        "Joep": ["Mu"],
        "Kim": ["Mo", "OF", "Mu"],
        "Lot": ["Cr"],
    }
    assert g.announcement() == {"new_frogs": ["Lot"], "turned_back": ["Cor"]}
    # H-SPL-4: the closure is public only from the morning of Day 4.
    assert g.open_places() == ["Forest", "Meadow", "Spring", "Tower", "Cave", "Churchyard"]
    g.confirm_all()
    assert g.seer("Cor", "Bo") == "NOT_WITCH"  # Disguise (H-SPL-5)
    assert g.steal("Els", "Bo") == ["OF", "SW", "OF"]
    g.take("Els", "SW")
    # H-PP-4 + H-ING-2: Els was full, her oldest card (Mu) is discarded.
    assert g.hand("Els") == ["Mu", "OF", "SW"] and g.hand("Bo") == ["OF", "OF"]
    assert [n["ingredient"] for n in g.inbox("Bo", "ROBBED")] == ["SPRINGWATER"]
    g.end_discussion_all()
    assert g.chief() == "Gijs"  # past Els; Fem (seat 6) exiled and skipped
    g.propose("Gijs", ["Gijs", "Hugo", "Ada", "Bo"])
    r = g.approve(For=g.cats())
    assert (len(r["for"]), r["against"], r["accepted"]) == (10, [], True)
    g.confirm_all()
    # H-RIT-4: Bo holds only Owl feathers and must play one.
    assert g.reject("Bo", "play_card", card="EMPTY").code == "must_play_card"
    assert g.reject("Bo", "play_card", card="MOONFLOWER").code == "not_in_hand"
    g.play("Gijs", "Cw")
    g.play("Hugo", "Cr")
    g.play("Ada", "Mu")
    g.play("Bo", "OF")
    v = g.view()
    assert (v["last_ritual"], v["seals"], v["spoiled"]) == ("SUCCESS", 2, 1)
    assert "CREEPING_CURSE" not in g.unlocked()
    g.confirm_all()
    g.wait_quarrel()
    g.exile_votes(
        {
            "Ada": "Kim",
            "Cor": "Kim",
            "Bo": "Ilse",
            "Kim": "Ilse",
            "Daan": "Joep",
            "Hugo": "Joep",
            "Els": "Daan",
            "Gijs": "Daan",
            "Ilse": None,
            "Joep": None,
        }
    )
    assert g.tally() == {"Daan": 2, "Kim": 2, "Ilse": 2, "Joep": 2}
    assert g.vote_outcome() == "TIE"


def day4(g: Scenario) -> None:
    g.confirm_all()
    assert (g.phase, g.day) == ("DEPART_A", 4)
    # H-SPL-4: Mist lies over the Cave for the whole of Day 4; H-MORN-3 draws from open places.
    assert g.open_places() == ["Forest", "Meadow", "Spring", "Tower", "Churchyard"]
    assert g.recipe() == ["Mu", "Mo", "SW", "Cw"]
    for who, where in [
        ("Ada", "Forest"),
        ("Cor", "Spring"),
        ("Daan", "Meadow"),
        ("Els", "Churchyard"),
        ("Hugo", "Meadow"),
        ("Joep", "Spring"),
    ]:
        g.depart(who, where)
    g.depart("Gijs", "Forest", turn_back="Lot")
    g.depart("Ilse", guard=True)
    counts = {"Forest": 2, "Meadow": 2, "Spring": 2, "Tower": 0, "Churchyard": 1}
    assert g.guard_counts("Ilse") == counts
    g.guard("Ilse", "Spring")
    for w in ("Bo", "Kim"):
        assert g.witch_counts(w) == {**counts, "Spring": 3}
        assert g.witch_spells(w) == []  # Mist and Disguise used, F = 1
    g.witch("Bo", "Forest", None, "Gijs")
    g.witch("Kim", "Meadow", None, "Daan")
    g.wait_witch_window()
    # ① Gijs and Daan frogged (H-WAT-7: Kim frogs her own Crow); ② no turn-back (H-HD-2).
    assert sorted(g.frogs()) == ["Daan", "Gijs", "Lot"]
    assert g.hands(*others("Fem", among=ALL)) == {
        "Ada": ["Mu"],
        "Bo": ["OF", "Mu"],
        "Cor": ["SW"],
        "Daan": ["Mo"],
        "Els": ["OF", "SW", "Cw"],
        "Gijs": ["Cr"],
        "Hugo": ["Mo", "Mo"],
        "Ilse": [],
        "Joep": ["Mu", "SW"],
        "Kim": ["OF", "Mu", "Mo"],
        "Lot": ["Cr"],
    }
    assert g.announcement() == {"new_frogs": ["Daan", "Gijs"], "turned_back": []}  # seat order (H-EVE-3)
    assert [r["day"] for r in g.inbox("Ilse", "REPELLED")] == [1]
    g.confirm_all()
    assert g.seer("Cor", "Kim") == "WITCH"
    g.end_discussion_all()
    assert g.chief() == "Hugo"
    g.propose("Hugo", ["Hugo", "Ada", "Cor", "Els"])
    r = g.approve(For=others("Bo", "Kim", among=g.cats()), Against=["Bo", "Kim"])
    assert (len(r["for"]), sorted(r["against"]), r["accepted"]) == (6, ["Bo", "Kim"], True)
    g.confirm_all()
    g.play("Hugo", "Mo")
    g.play("Ada", "Mu")
    g.play("Cor", "SW")
    g.play("Els", "Cw")
    v = g.view()
    assert (v["last_ritual"], v["seals"], v["spoiled"]) == ("SUCCESS", 3, 1)
    g.confirm_all()
    g.wait_quarrel()
    g.exile_votes(
        {
            **dict.fromkeys(["Ada", "Cor", "Els", "Hugo", "Ilse", "Joep"], "Kim"),
            "Bo": "Cor",
            "Kim": "Cor",
        }
    )
    assert g.tally() == {"Kim": 6, "Cor": 2}
    assert g.exiled() == "Kim" and g.vote_result()["was_witch"] is True
    assert g.result() is None  # H-PRI-3 ③④: W = {Bo}, Nc = 6 > 1


def day5_to_vote(g: Scenario, team: list[str], plays: dict[str, str]) -> None:
    g.confirm_all()
    assert (g.phase, g.day) == ("DEPART_A", 5)
    assert g.open_places() == ["Forest", "Meadow", "Spring", "Tower", "Cave", "Churchyard"]
    assert g.recipe() == ["Mo", "SW", "OF", "Cr"]
    for who, where in [("Ada", "Meadow"), ("Cor", "Spring"), ("Els", "Tower"), ("Joep", "Spring")]:
        g.depart(who, where)
    # The spec's Hugo puts on his mask here; B-8 took it away (H-JST-1).
    assert g.reject("Hugo", "depart", place="P5", mask=True).code == "not_your_step"
    g.depart("Hugo", "Cave")
    # The Herb Doctor is a frog: no turn-back for anyone (H-FRG-4).
    assert g.reject("Gijs", "depart", place="P1", turn_back=g.seat("Lot")).code == "not_a_cat"
    g.depart("Ilse", guard=True)
    g.guard("Ilse", "Spring")
    assert g.witch_counts("Bo") == {
        "Forest": 0,
        "Meadow": 1,
        "Spring": 3,
        "Tower": 1,
        "Cave": 1,
        "Churchyard": 0,
    }
    assert g.witch_spells("Bo") == []
    g.witch("Bo", "Spring", None, "Cor")
    g.wait_witch_window()
    assert g.status("Cor") == "CAT"  # blocked
    assert g.hands("Ada", "Cor", "Els", "Hugo", "Joep", "Bo", "Ilse") == {
        "Ada": ["Mo"],
        "Cor": ["SW"],
        "Els": ["OF", "SW", "OF"],
        "Hugo": ["Mo", "Cr"],
        "Joep": ["Mu", "SW", "SW"],
        "Bo": ["OF", "Mu", "SW"],
        "Ilse": [],
    }
    assert g.announcement() == {"new_frogs": [], "turned_back": []}
    assert [(r["day"], r["place"]) for r in g.inbox("Ilse", "REPELLED")] == [(1, "P3"), (5, "P3")]
    g.confirm_all()
    assert g.seer("Cor", "Hugo") == "NOT_WITCH"  # no mask since B-8 (H-JST-1, H-SEE-3)
    g.end_discussion_all()
    assert g.chief() == "Ilse"
    g.propose("Ilse", team)
    cats = g.cats()
    assert len(cats) == 7
    against = [n for n in ["Hugo"] if n not in team]
    r = g.approve(For=others(*against, among=cats), Against=against)
    assert r["accepted"] is True
    g.confirm_all()
    for who, card in plays.items():
        g.play(who, card)


def play_to_day5_ritual(team: list[str], plays: dict[str, str]) -> Scenario:
    g = setup_and_reveal()
    day1(g)
    day2(g)
    day3(g)
    day4(g)
    day5_to_vote(g, team, plays)
    return g


EXAMPLE_TEAM = ["Ada", "Cor", "Els", "Joep"]
EXAMPLE_PLAYS = {"Ada": "Mo", "Cor": "SW", "Els": "OF", "Joep": "SW"}


def test_twelve_player_example_ends_with_jester_exiled() -> None:
    g = play_to_day5_ritual(EXAMPLE_TEAM, EXAMPLE_PLAYS)
    r = g.approval()
    assert (len(r["for"]), r["against"]) == (6, ["Hugo"])
    v = g.view()
    assert (v["last_ritual"], v["seals"], v["spoiled"]) == ("FAILURE", 3, 2)
    assert "CREEPING_CURSE" in g.unlocked()  # castable from Day 6 (H-SPL-1)
    assert g.hand("Els") == ["SW", "OF"]  # the oldest OF left her hand (H-ING-7)
    g.confirm_all()
    g.wait_quarrel()
    g.exile_votes({**dict.fromkeys(["Ada", "Bo", "Cor", "Els", "Ilse", "Joep"], "Hugo"), "Hugo": "Bo"})
    assert g.tally() == {"Hugo": 6, "Bo": 1}
    assert g.exiled() == "Hugo"
    # H-PRI-3 ①, H-WIN-7, H-PRI-4, H-PRI-6: score 3 (Daan, Gijs, Lot).
    assert g.phase == "GAME_END"
    res = g.result()
    assert res is not None
    assert (res["winner"], res["reason"], res["score"]) == ("solo", "JESTER_EXILED", 3)
    assert res["roles"]["8"] == "JESTER" and res["roles"]["4"] == "CROW"


def test_counterfactual_hugo_plays_crystal_seals_complete() -> None:
    g = play_to_day5_ritual(
        ["Ada", "Cor", "Els", "Hugo"], {"Ada": "Mo", "Cor": "SW", "Els": "OF", "Hugo": "Cr"}
    )
    v = g.view()
    assert (v["phase"], v["last_ritual"], v["seals"]) == ("RITUAL_RESULT", "SUCCESS", 4)
    g.confirm_all()
    res = g.result()
    assert res is not None
    assert (res["winner"], res["reason"], res["score"]) == ("village", "SEALS_COMPLETE", 3)


def test_counterfactual_exiling_bo_all_witches_exiled() -> None:
    g = play_to_day5_ritual(EXAMPLE_TEAM, EXAMPLE_PLAYS)
    g.confirm_all()
    g.wait_quarrel()
    g.exile_votes({**dict.fromkeys(["Ada", "Cor", "Els", "Hugo", "Ilse", "Joep"], "Bo"), "Bo": "Hugo"})
    assert g.exiled() == "Bo"
    res = g.result()
    assert res is not None
    # H-PRI-3 ③, H-WIN-2, H-PRI-7: W is empty → ALL_WITCHES_EXILED.
    assert (res["winner"], res["reason"], res["score"]) == ("village", "ALL_WITCHES_EXILED", 3)
