"""Setup, tables and the morning draw (§2, §3.2, §12)."""

from __future__ import annotations

from collections import Counter

import pytest

from nightfall.engine import Command, Rejected, kernel, tick
from nightfall.games.heks import HeksGame, HeksState

from .kit import NAMES, Scenario

# Table 2.1 and Table 2.2, written out again from the spec.
ROLE_TABLE = {
    4: {"WITCH": 1, "CROW": 1, "SEER": 1, "PROTECTOR": 1},  # balance change B-16
    5: {"WITCH": 1, "CROW": 1, "HERB_DOCTOR": 1, "PROTECTOR": 1, "VILLAGER": 1},  # B-5
    6: {"WITCH": 1, "CROW": 1, "SEER": 1, "PROTECTOR": 1, "PICKPOCKET": 1, "VILLAGER": 1},  # B-15
    7: {"WITCH": 2, "CROW": 1, "SEER": 1, "HERB_DOCTOR": 1, "PROTECTOR": 1, "PICKPOCKET": 1},  # B-6
    8: {"WITCH": 2, "CROW": 1, "HERB_DOCTOR": 1, "PROTECTOR": 1, "PICKPOCKET": 1, "VILLAGER": 2},  # balance
    # B-9: a second Crow at 9, 11 and 12 players, a third Witch at 10, each for a Villager
    9: {"WITCH": 2, "CROW": 2, "JESTER": 1, "SEER": 1, "HERB_DOCTOR": 1, "PROTECTOR": 1, "PICKPOCKET": 1},
    10: {
        "WITCH": 3,
        "CROW": 1,
        "JESTER": 1,
        "SEER": 1,
        "HERB_DOCTOR": 1,
        "PROTECTOR": 1,
        "PICKPOCKET": 1,
        "VILLAGER": 1,
    },
    11: {
        "WITCH": 3,
        "CROW": 2,
        "JESTER": 1,
        "SEER": 1,
        "HERB_DOCTOR": 1,
        "PROTECTOR": 1,
        "PICKPOCKET": 1,
        "VILLAGER": 1,
    },
    12: {
        "WITCH": 3,
        "CROW": 2,
        "JESTER": 1,
        "SEER": 1,
        "HERB_DOCTOR": 1,
        "PROTECTOR": 1,
        "PICKPOCKET": 1,
        "VILLAGER": 2,
    },
}
# players: (S, K, R, places, A, E, Q); A, E and Q are balance changes B-11..B-16 (H-WAT-9,
# H-SEE-4, H-EXC-8), public in every view as attacks_from, seer_from and exile_quorum.
PARAMS = {
    4: (2, 4, 2, 3, 4, 1, None),  # B-16
    5: (2, 4, 2, 3, 3, 1, [3, 4]),  # B-13, B-14
    6: (4, 6, 3, 4, 1, 2, [3, 4]),  # B-13, B-15
    7: (3, 5, 3, 4, 3, 2, None),  # B-11, B-12
    8: (3, 5, 3, 4, 1, 1, None),
    9: (3, 5, 3, 5, 1, 1, None),
    10: (3, 5, 4, 5, 1, 1, None),
    11: (3, 5, 4, 6, 1, 1, None),  # balance change B-10
    12: (4, 6, 4, 6, 1, 1, None),
}
PLACE_ORDER = ["MUSHROOM", "MOONFLOWER", "SPRINGWATER", "OWL_FEATHER", "CRYSTAL", "COBWEB"]


def config(n: int, **extra: object) -> dict[str, object]:
    names = NAMES[:n] + [f"P{i}" for i in range(len(NAMES), n)]
    return {"players": names, "host": 1, "mode": "timed", "discuss_seconds": 180, **extra}


@pytest.mark.parametrize("n", range(4, 13))
def test_random_deal_follows_table_2_1_and_parameters_follow_table_2_2(n: int) -> None:
    # H-SET-4, Table 2.1, Table 2.2, H-SET-5, H-GEN-2 (each player sees only their own role).
    game = HeksGame()
    deals = set()
    for seed in range(5):
        state = game.setup(config(n), seed)
        roles = [game.view(state, seat)["me"]["role"] for seat in range(1, n + 1)]
        assert Counter(roles) == Counter(ROLE_TABLE[n])
        deals.add(tuple(roles))
        v = game.view(state, "public")
        s, k, r, places, a, e, q = PARAMS[n]
        assert (v["seals_needed"], v["knights_day"], v["recipe_size"], len(v["places"])) == (s, k, r, places)
        assert (v["attacks_from"], v["seer_from"], v["exile_quorum"]) == (a, e, q)
        # Table 2.3, H-ING-1: each place in play yields its one ingredient.
        assert [(p["id"], p["ingredient"]) for p in v["places"]] == list(
            zip(["P1", "P2", "P3", "P4", "P5", "P6"], PLACE_ORDER, strict=False)
        )[:places]
        assert (v["seals"], v["spoiled"], v["curse"], v["phase"]) == (0, 0, 0, "ROLE_REVEAL")
        assert all(p["status"] == "CAT" for p in v["players"])
        assert all(game.view(state, seat)["me"]["hand"] == [] for seat in range(1, n + 1))
    assert len(deals) > 1  # the deal is random


@pytest.mark.parametrize("n", [3, 13])
def test_player_count_out_of_range_is_refused(n: int) -> None:
    # H-SET-1, H-GEN-1: 4 to 12 players.
    with pytest.raises(Rejected) as exc:
        HeksGame().setup(config(n), 1)
    assert exc.value.rule == "H-SET-1"


@pytest.mark.parametrize(
    ("extra", "rule"),
    [
        ({"roles": ["SEER", "WITCH", "WITCH", "VILLAGER"]}, "H-SET-4"),
        ({"mode": "blitz"}, "H-SET-6"),
        ({"discuss_seconds": 45}, "H-TIM-2"),
        ({"discuss_seconds": 630}, "H-TIM-2"),
        ({"discuss_seconds": 100}, "H-TIM-2"),
    ],
)
def test_bad_configs_are_refused(extra: dict[str, object], rule: str) -> None:
    # H-SET-4 (a fixed deal must be a permutation of Table 2.1), H-SET-6, H-TIM-2 (60-600 s in 30 s steps).
    with pytest.raises(Rejected) as exc:
        HeksGame().setup(config(4, **extra), 1)
    assert (exc.value.code, exc.value.rule) == ("bad_config", rule)


def test_discussion_time_bounds_are_accepted() -> None:
    """H-TIM-2: 60, 90 and 600 s are valid, and the game keeps the time it was given."""
    for secs in (60, 90, 600):
        state = HeksGame().setup(config(4, discuss_seconds=secs), 1)
        assert state.timers_ms["discuss"] == secs * 1000, f"H-TIM-2: asked for {secs} s"


def ready_all(game: HeksGame, state: HeksState, n: int) -> None:
    for seat in range(1, n + 1):
        kernel.apply(game, state, Command(actor=seat, type="ready", payload={}, now=1000))


@pytest.mark.parametrize("n", [4, 6, 7, 10, 12])
def test_random_recipe_is_distinct_in_place_order_from_open_places(n: int) -> None:
    # H-MORN-1, H-MORN-3 (k = min(R, #CAT) distinct ingredients, place-table order), H-ING-1, OQ-18.
    _, _, r, places, *_ = PARAMS[n]
    seen = set()
    for seed in range(8):
        game = HeksGame()
        state = game.setup(config(n), seed)
        ready_all(game, state, n)
        recipe = game.view(state, "public")["recipe"]
        assert len(recipe) == r == len(set(recipe))
        assert recipe == sorted(recipe, key=PLACE_ORDER.index)
        assert all(PLACE_ORDER.index(i) < places for i in recipe)
        seen.add(tuple(recipe))
    assert len(seen) > 1


def test_same_seed_and_commands_give_the_same_game() -> None:
    # H-RNG-1, H-RNG-2, H-TIM-4: deal, recipe, step A defaults and witch auto-choices all come
    # from the seeded RNG, so a timed game driven only by ticks replays identically.
    def play(seed: int) -> object:
        game = HeksGame()
        state = game.setup(config(7), seed)
        ready_all(game, state, 7)
        now = 1000
        while game.view(state, "all")["phase"] not in ("EVENING_ANNOUNCE", "GAME_END"):
            deadline = game.next_deadline(state)
            assert deadline is not None
            now = max(now, deadline)
            kernel.apply(game, state, tick(now))
        return game.snapshot(state)

    assert play(5) == play(5)
    assert play(5) != play(6)


def test_seat_order_and_host_are_public_and_fixed() -> None:
    # H-SET-2, H-SET-3: the seat order is the config's order, public, with the host marked.
    g = Scenario.standard(5, host=3)
    for who in ("public", "Anna", "Eva"):
        players = g.view(who)["players"]
        assert [(p["seat"], p["name"], p["host"]) for p in players] == [
            (1, "Anna", False),
            (2, "Bram", False),
            (3, "Cas", True),
            (4, "Dewi", False),
            (5, "Eva", False),
        ]
    assert g.view("Cas").get("host") is not None and g.view("Anna").get("host") is None
    g.all_ready()
    g.quiet_day()
    assert [p["name"] for p in g.view()["players"]] == ["Anna", "Bram", "Cas", "Dewi", "Eva"]
