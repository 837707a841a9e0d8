"""Witch spells (§5.2, Table 2.4) with the 7-player deal:
Anna Seer, Bram Witch, Cas Crow, Dewi Herb Doctor, Eva Protector, Fien Witch, Guus Pickpocket.
"""

from __future__ import annotations

from .kit import DAY_ONE, Scenario

NON_WITCHES = ["Anna", "Cas", "Dewi", "Eva", "Guus"]


def after_spoiled(n: int, seed: int = 7) -> Scenario:
    """The morning after n quiet days, each with a spoiled ritual: F = n (H-SET-8)."""
    g = Scenario.standard(7, from_days=DAY_ONE, seed=seed)
    g.all_ready()
    for _ in range(n):
        g.quiet_day()
    g.confirm_all()
    assert g.phase == "DEPART_A" and g.view()["spoiled"] == n
    return g


def all_gather(g: Scenario, where: str = "Forest") -> None:
    for n in NON_WITCHES:
        if g.status(n) == "CAT":
            g.depart(n, where)


def test_spell_tiers_unlock_by_spoiled_rituals() -> None:
    # H-SPL-1, Table 2.4, H-SET-8, §11 (unlocked spells are public), TIER_UNLOCK 1/2/3.
    expected = {
        0: [],
        1: ["DISGUISE", "MIST"],
        2: ["CREEPING_CURSE", "DISGUISE", "MIST"],
        3: ["CREEPING_CURSE", "DISGUISE", "MIST", "TWIN_HEX"],
    }
    g = Scenario.standard(7, from_days=DAY_ONE)
    g.all_ready()
    for f in range(4):
        assert sorted(g.unlocked()) == expected[f]
        all_gather(g)
        g.send("Bram", "witch_place", place="P1")
        # A tier is castable from step C of the day after the spoiled ritual.
        assert sorted(g.witch_spells("Bram")) == expected[f]
        if f == 3:
            break
        g.send("Bram", "witch_spell", spell=None)
        g.send("Bram", "witch_target", target=None)
        g.witch("Fien", "Forest")
        g.finish_day()
        g.confirm_all()
    assert g.day == 4


def test_mist_closes_a_place_for_the_whole_next_day_only() -> None:
    # H-SPL-4, H-SET-7, H-MORN-3 (recipe from open places, in place-table order), H-END-2,
    # H-PRO-4 (no guarding a closed place), H-WAT-3 (no count for it), H-SPL-2 (once per game).
    g = after_spoiled(1)  # no recipes in the config: the draws are random
    all_gather(g)
    g.witch("Bram", "Forest", "Mist", None, mist="Meadow")
    g.witch("Fien", "Forest")
    g.wait_witch_window()
    # The closure is public only from the morning of Day 3.
    assert g.open_places() == ["Forest", "Meadow", "Spring", "Tower"]
    g.to_exile_vote(["Anna", "Bram", "Cas"])
    g.exile_votes(dict.fromkeys(g.cats()))
    g.confirm_all()
    assert g.day == 3
    assert g.open_places() == ["Forest", "Spring", "Tower"]
    assert g.view()["places"][1] == {"id": "P2", "open": False, "ingredient": "MOONFLOWER"}
    # 3 open places and R = 3: the recipe must be exactly their ingredients.
    assert g.recipe() == ["Mu", "SW", "OF"]
    assert (g.reject("Anna", "depart", place="P2").code, g.reject("Anna", "depart", place="P2").rule) == (
        "closed_place",
        "H-SET-7",
    )
    for n in ("Anna", "Cas", "Dewi", "Guus"):
        g.depart(n, "Forest")
    g.depart("Eva", guard=True)
    exc = g.reject("Eva", "guard_place", place="P2")
    assert exc.code == "closed_place"
    g.guard("Eva", "Spring")
    assert set(g.witch_counts("Bram")) == {"Forest", "Spring", "Tower"}
    assert g.reject("Bram", "witch_place", place="P2").code == "closed_place"
    g.send("Bram", "witch_place", place="P1")
    assert "MIST" not in g.witch_spells("Bram")  # cast once per game
    g.send("Bram", "witch_spell", spell=None)
    g.send("Bram", "witch_target", target=None)
    g.witch("Fien", "Forest")
    g.finish_day()
    g.confirm_all()
    assert g.open_places() == ["Forest", "Meadow", "Spring", "Tower"]  # Day 4: open again


def test_mist_without_a_place_closes_a_random_open_place() -> None:
    # H-WAT-4 (Mist chosen but no place → random open place), H-SPL-4, H-MORN-3.
    for seed in (3, 4):
        g = after_spoiled(1, seed=seed)
        all_gather(g)
        g.send("Bram", "witch_place", place="P1")
        g.send("Bram", "witch_spell", spell="MIST")
        g.witch("Fien", "Forest")
        g.finish_day()
        g.confirm_all()
        closed = [p["id"] for p in g.view()["places"] if not p["open"]]
        assert len(closed) == 1
        assert (
            len(g.recipe()) == 3
            and {"P1": "Mu", "P2": "Mo", "P3": "SW", "P4": "OF"}[closed[0]] not in g.recipe()
        )


def test_disguise_hides_the_caster_until_the_exile_vote_that_day_only() -> None:
    # H-SPL-5, H-SEE-1 (window spans the ritual), H-SEE-3.
    g = after_spoiled(1)
    all_gather(g)
    g.witch("Bram", "Forest", "Disguise")
    g.witch("Fien", "Forest")
    g.wait_witch_window()
    g.confirm_all()
    other = g.fork()
    assert other.seer("Anna", "Fien") == "WITCH"  # Disguise covers the caster only
    g.to_ritual(["Anna", "Bram", "Cas"])
    assert g.seer("Anna", "Bram") == "NOT_WITCH"
    for n in ("Anna", "Bram", "Cas"):
        g.play(n, "Mu")
    g.confirm_all()
    g.wait_quarrel()
    g.exile_votes(dict.fromkeys(g.cats()))
    g.confirm_all()
    all_gather(g)
    g.witch("Bram", "Forest")
    g.witch("Fien", "Forest")
    g.wait_witch_window()
    g.confirm_all()
    assert g.seer("Anna", "Bram") == "WITCH"  # the next day he is seen again


def test_creeping_curse_ignores_the_place_but_not_the_guard() -> None:
    # H-SPL-6, H-WAT-5 (a)/(b), H-ERR-1 (the guarding Protector stands at the guarded place),
    # H-PRO-5 (blocked → "You repelled an attack").
    g = after_spoiled(1)
    all_gather(g)
    g.send("Bram", "witch_place", place="P1")
    exc = g.reject("Bram", "witch_spell", spell="CREEPING_CURSE")
    assert exc.code == "spell_unavailable"  # F = 1: tier 2 is locked

    g = after_spoiled(2)
    for n in ("Anna", "Dewi", "Guus"):
        g.depart(n, "Forest")
    g.depart("Cas", "Meadow")
    g.depart("Eva", guard=True)
    g.guard("Eva", "Spring")
    hit, blocked = g.fork(), g.fork()
    hit.witch("Bram", "Forest", "Creeping Curse", "Cas")
    hit.witch("Fien", "Forest")
    hit.wait_witch_window()
    assert hit.frogs() == ["Cas"]
    assert [r["day"] for r in hit.inbox("Eva", "REPELLED")] == []
    blocked.witch("Bram", "Forest", "Creeping Curse", "Eva")
    blocked.witch("Fien", "Forest")
    blocked.wait_witch_window()
    assert blocked.frogs() == []
    assert [(r["day"], r["place"]) for r in blocked.inbox("Eva", "REPELLED")] == [(3, "P3")]


def test_twin_hex_second_target_resolves_independently() -> None:
    # H-SPL-7, H-WAT-2 (second target only after a player as first target), H-WAT-5.
    g = after_spoiled(3)
    for n in ("Anna", "Cas", "Eva"):
        g.depart(n, "Forest")
    for n in ("Dewi", "Guus"):
        g.depart(n, "Meadow")
    g.witch("Fien", "Meadow")
    exc = g.reject("Fien", "witch_second", target=g.seat("Dewi"))
    assert exc.code in ("not_your_step", "final")  # Fien did not cast Twin Hex
    g.send("Bram", "witch_place", place="P1")
    g.send("Bram", "witch_spell", spell="TWIN_HEX")
    no_first = g.fork()
    no_first.send("Bram", "witch_target", target=None)
    assert no_first.reject("Bram", "witch_second", target=g.seat("Cas")).code in (
        "not_your_step",
        "bad_target",
    )
    g.send("Bram", "witch_target", target=g.seat("Anna"))
    exc = g.reject("Bram", "witch_second", target=g.seat("Anna"))
    assert (exc.code, exc.rule) == ("bad_target", "H-SPL-7")
    two_hits, one_miss = g.fork(), g.fork()
    two_hits.send("Bram", "witch_second", target=g.seat("Cas"))
    two_hits.wait_witch_window()
    assert two_hits.frogs() == ["Anna", "Cas"]
    assert two_hits.announcement()["new_frogs"] == ["Anna", "Cas"]
    one_miss.send("Bram", "witch_second", target=g.seat("Dewi"))  # Dewi is at the Meadow
    one_miss.wait_witch_window()
    assert one_miss.frogs() == ["Anna"]


def test_reservation_makes_a_spell_unavailable_to_the_other_witch() -> None:
    # H-SPL-2, H-SPL-3, H-RNG-3, §11 (witches see reservations live).
    g = after_spoiled(1)
    all_gather(g)
    g.send("Bram", "witch_place", place="P1")
    g.send("Fien", "witch_place", place="P1")
    assert sorted(g.witch_spells("Fien")) == ["DISGUISE", "MIST"]
    g.send("Bram", "witch_spell", spell="DISGUISE")
    assert g.witch_spells("Fien") == ["MIST"]
    exc = g.reject("Fien", "witch_spell", spell="DISGUISE")
    assert exc.code == "spell_unavailable"
    g.send("Fien", "witch_spell", spell="MIST", mist_place="P4")
    g.send("Bram", "witch_target", target=None)
    g.send("Fien", "witch_target", target=None)
    g.finish_day()
    g.confirm_all()
    all_gather(g, "Spring")
    g.send("Bram", "witch_place", place="P3")
    assert g.witch_spells("Bram") == ["CREEPING_CURSE"]  # F = 2; Mist and Disguise are spent


def test_a_reserved_spell_counts_as_cast_even_if_the_caster_is_frogged() -> None:
    # H-SPL-3 (last sentence), H-WAT-6 (a frogged witch's attack still resolves), H-WAT-7,
    # H-SPL-5 (a Seer check on the frog caster that day still says "Not a witch").
    g = after_spoiled(1)
    all_gather(g)
    g.witch("Bram", "Forest", "Disguise", "Cas")
    g.witch("Fien", "Forest", None, "Bram")
    g.wait_witch_window()
    assert g.frogs() == ["Bram", "Cas"]
    g.confirm_all()
    assert g.seer("Anna", "Bram") == "NOT_WITCH"
    g.to_exile_vote(["Anna", "Dewi", "Eva"])
    g.exile_votes(dict.fromkeys(g.cats()))
    g.confirm_all()
    for n in ("Anna", "Dewi", "Eva", "Guus"):
        g.depart(n, "Forest")
    g.send("Fien", "witch_place", place="P1")
    assert sorted(g.witch_spells("Fien")) == ["CREEPING_CURSE", "MIST"]
    assert not g.me("Bram").get("witch")  # a frog has no step C (H-FRG-4)


def test_cast_spells_are_invisible_to_non_witches() -> None:
    # H-VIS-1, §11 ("which spells have been cast or reserved: the Witches"; others see only
    # visible effects), H-SPL-4 (the closure is public only from the next morning).
    g = after_spoiled(1)
    all_gather(g)
    mist, plain = g.fork(), g.fork()
    mist.witch("Bram", "Forest", "Mist", None, mist="Tower")
    plain.witch("Bram", "Forest", None, None)
    for s in (mist, plain):
        s.witch("Fien", "Forest")
        s.wait_witch_window()

    def same(who: str) -> bool:
        a, b = mist.view(who), plain.view(who)
        a.pop("step"), b.pop("step")
        return a == b

    for who in ["public", *NON_WITCHES]:
        assert same(who), who
    assert not same("Fien")  # the other Witch does see the cast
    for s in (mist, plain):
        s.confirm_all()
    for who in ["public", *NON_WITCHES]:
        assert same(who), who


def test_mist_place_may_follow_as_its_own_tap() -> None:
    # H-WAT-2 (Mist's sub-choice), H-SPL-4, contract `witch_mist`.
    g = after_spoiled(1)
    all_gather(g)
    g.send("Fien", "witch_place", place="P1")
    g.send("Fien", "witch_spell", spell=None)
    exc = g.reject("Fien", "witch_mist", place="P2")
    assert (exc.code, exc.rule) == ("not_your_step", "H-SPL-4")  # she did not cast Mist
    g.send("Bram", "witch_place", place="P1")
    exc = g.reject("Bram", "witch_spell", spell="DISGUISE", mist_place="P2")
    assert (exc.code, exc.rule) == ("bad_payload", "H-SPL-4")
    g.send("Bram", "witch_spell", spell="MIST")
    g.send("Bram", "witch_mist", place="P4")
    exc = g.reject("Bram", "witch_mist", place="P2")
    assert exc.code == "not_your_step"  # the sub-choice is final too
    g.send("Bram", "witch_target", target=None)
    g.send("Fien", "witch_target", target=None)
    g.finish_day()
    g.confirm_all()
    assert g.open_places() == ["Forest", "Meadow", "Spring"]
