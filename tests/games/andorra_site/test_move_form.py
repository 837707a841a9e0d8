"""The move form is the engine's: every move and every field of the engine's tables reaches
the form data, with the seed's words and only the values the engine accepts now
(A-MOVE-1, A-MOVE-6, issue 20 §6)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from nightfall.engine import Command, kernel
from nightfall.games.andorra.items import GIFT_LIST, ITEM_NAMES
from nightfall.games.andorra.roles.actions import ACTIONS
from nightfall.games.andorra.roles.move_names import MOVE_NAMES
from nightfall.games.andorra.roles.move_params import FIELDS, LONER_ROLES, MOVE_PARAMS, params_of
from nightfall.games.andorra.site import AndorraSiteGame
from nightfall.games.andorra.site.form import MOVE_CODES

ENGINE = Path(__file__).resolve().parents[3] / "src" / "nightfall" / "games" / "andorra"
# Every role that has a move with fields, a mafia clan with its sender, and ordinary players.
CAST = [
    ("Faya", "FAIRY"),
    ("Boss", "BOSS"),
    ("Sol", "SOLDIER"),
    ("Pros", "PROSECUTOR"),
    ("Shma", "SHMARA"),
    ("Rean", "REANIMATOR"),
    ("Reb", "REBEL"),
    ("Tele", "TELEPATH"),
    ("Vamp", "VAMPIRE"),
    ("Swin", "SWINDLER"),
    ("Pavel", "PV"),
    ("Petr", "PV"),
    ("Doc", "DOCTOR"),
    ("Sher", "SHERIFF"),
]
SEAT = {name: i + 1 for i, (name, _) in enumerate(CAST)}


def night_one() -> tuple[AndorraSiteGame, Any]:
    """Night 1 after a day on which four players voted (the others' votes are unused), with a
    voucher in Petr's hands and a Ghoul for the Vampire."""
    game = AndorraSiteGame()
    config = {"players": [n for n, _ in CAST], "roles": [r for _, r in CAST], "schedule": {"start": 0}}
    state = game.setup(config, 3)
    for i, (voter, target) in enumerate(
        [("Doc", "Sher"), ("Sher", "Doc"), ("Pavel", "Doc"), ("Petr", "Sher")]
    ):
        kernel.apply(game, state, Command(SEAT[voter], "vote", {"target": SEAT[target]}, 10 + i))
    world = state.game.world
    world.player(SEAT["Petr"]).items = {"VOUCHER": [0]}
    world.player(SEAT["Pavel"]).ghoul = True
    kernel.apply(game, state, Command("host", "end_day", {}, 30))
    return game, state


def option(options: list[Any], player: str, action: str) -> dict[str, Any]:
    found = [o for o in options if o["player"] == SEAT[player] and o["action"] == action]
    assert found, f"{action} for {player} is not offered"
    return dict(found[0])


def field(opt: dict[str, Any], name: str) -> dict[str, Any]:
    return dict(next(f for f in opt["fields"] if f["name"] == name))


def values(f: dict[str, Any]) -> list[Any]:
    return [c["value"] for c in f["choices"]]


def test_every_engine_move_and_field_is_in_the_form_tables() -> None:
    """A new move in Appendix C's table, or a new field the engine reads from a move's params,
    fails here until the form knows it (A-MOVE-1)."""
    assert list(ACTIONS) == MOVE_CODES
    assert set(MOVE_NAMES) == set(ACTIONS)  # every move has the seed's name for the form
    assert set(MOVE_PARAMS) <= set(ACTIONS)
    # the fields the engine reads: at submission (moves.py) and in the night's steps (a.params)
    read = set(
        re.findall(r"\bparams(?:\.get\(|\[)\"(\w+)\"", (ENGINE / "moves.py").read_text(encoding="utf-8"))
    )
    for path in ENGINE.rglob("*.py"):
        if "site" not in path.parts:
            read |= set(re.findall(r"\ba\.params(?:\.get\(|\[)\"(\w+)\"", path.read_text(encoding="utf-8")))
    read = {name for name in read if not name.startswith("_")}  # the night's own markers
    assert read, "the scan found no field: the engine's way of reading params changed"
    assert read <= set(FIELDS), read - set(FIELDS)


def test_every_field_of_the_table_reaches_the_form_data() -> None:
    """A-ROLE-FAIRY-4, A-ITEM-DIPLOMA-2, A-ITEM-VOUCHER-1, A-ROLE-PROSECUTOR-3, A-ROLE-SHMARA-5,
    A-ROLE-REANIMATOR-4, A-ROLE-REBEL-9, A-ROLE-TELEPATH-2, A-ROLE-VAMPIRE-7, A-TALLY-7: every
    move with fields is offered with all of them, in words."""
    game, state = night_one()
    offered = [o for seat in SEAT.values() for o in game.options(state, seat)]
    offered += game.host_options(state)
    by_action: dict[str, set[str]] = {}
    for o in offered:
        by_action.setdefault(o["action"], set()).update(f["name"] for f in o["fields"])
        assert o["ru"] == MOVE_NAMES[o["action"]][0] and o["en"] == MOVE_NAMES[o["action"]][1]
        for f in o["fields"]:
            param = next(p for p in params_of(o["action"]) if p.name == f["name"])
            assert (f["ru"], f["en"]) == (param.ru, param.en) and f["choices"], o
            assert all(c["ru"] and not re.fullmatch(r"[A-Z_]{4,}", c["ru"]) for c in f["choices"]), f
    for action, params in MOVE_PARAMS.items():
        assert {p.name for p in params} <= by_action.get(action, set()), action


def test_the_fairy_offers_all_ten_gifts_in_words() -> None:
    """A-ITEM-GIFTLIST-1, A-ROLE-FAIRY-4: the four business cards included, no vodka."""
    game, state = night_one()
    gift = field(option(game.options(state, SEAT["Faya"]), "Faya", "FAIRY_GIFT"), "gift")
    assert values(gift) == list(GIFT_LIST) and len(GIFT_LIST) == 10 and "VODKA" not in values(gift)
    words = [c["ru"] for c in gift["choices"]]
    assert {"визитка босса мафии", "визитка доктора", "визитка шерифа", "визитка журналиста"} <= set(words)
    assert words == [ITEM_NAMES[g][0] for g in GIFT_LIST]
    targets = option(game.options(state, SEAT["Faya"]), "Faya", "FAIRY_GIFT")["targets"]
    assert SEAT["Faya"] not in targets  # A-ROLE-FAIRY-2: not to herself


def test_the_boss_sheet_offers_the_clan_diploma_for_a_member() -> None:
    """A-ITEM-DIPLOMA-2, A-CLAN-4: the clan diploma is used by the item manager (the Boss) as a
    member's move; the member himself has no diploma of his own to use."""
    game, state = night_one()
    boss = game.options(state, SEAT["Boss"])
    diploma = field(option(boss, "Sol", "USE_DIPLOMA"), "clan")
    assert diploma["choices"] == [{"value": True, "ru": "диплом клана", "en": "the clan's diploma"}]
    assert not [o for o in game.options(state, SEAT["Sol"]) if o["action"] == "USE_DIPLOMA"]


def test_voucher_prosecutor_and_preference_lists_in_words() -> None:
    """A-ITEM-VOUCHER-1, A-ROLE-PROSECUTOR-3, A-ROLE-SHMARA-5, A-ROLE-REANIMATOR-4, A-ROLE-REANIMATOR-4b."""
    game, state = night_one()
    kind = field(option(game.options(state, SEAT["Petr"]), "Petr", "USE_VOUCHER"), "kind")
    assert [(c["value"], c["ru"]) for c in kind["choices"]] == [("tour", "тур"), ("excursion", "экскурсия")]
    role = field(option(game.options(state, SEAT["Pros"]), "Pros", "PROSECUTOR_SEARCH"), "role")
    assert values(role) == list(LONER_ROLES) and "Шмара-клофелинщица" in [c["ru"] for c in role["choices"]]
    take = field(option(game.options(state, SEAT["Shma"]), "Shma", "SHMARA_CLONIDINE"), "take")
    assert take["kind"] == "ranked" and take["max"] == 3 and "PISTOL" not in values(take)
    prefer = field(option(game.options(state, SEAT["Rean"]), "Rean", "REANIMATE"), "prefer")
    assert prefer["kind"] == "ranked" and SEAT["Rean"] not in values(prefer)


def test_the_rebel_maps_only_unused_votes_to_living_candidates() -> None:
    """A-ROLE-REBEL-9b / Q-21: the voters are the living players without a valid vote today."""
    game, state = night_one()
    rebel = option(game.options(state, SEAT["Reb"]), "Reb", "REBEL_VOTES")
    mapping = field(rebel, "mapping")
    assert mapping["kind"] == "per_voter" and not mapping["required"]
    voted = {SEAT[n] for n in ("Doc", "Sher", "Pavel", "Petr")}
    assert [v["value"] for v in mapping["voters"]] == [s for s in SEAT.values() if s not in voted]
    assert [c["ru"] for c in mapping["choices"]] == [n for n, _ in CAST]


def test_the_host_gets_each_players_own_moves_only() -> None:
    """H-03: the correction form lists the moves of that player's role and items only."""
    game, state = night_one()
    host = game.host_options(state)
    doctor = {o["action"] for o in host if o["player"] == SEAT["Doc"]}
    assert doctor == {"STAY_HOME", "STAKE", "HEAL", "SLEEPING_PILL", "DRINK_VODKA"}  # and his vodka
    petr = {o["action"] for o in host if o["player"] == SEAT["Petr"]}
    assert petr == {"STAY_HOME", "STAKE", "PV_WATCH", "USE_VOUCHER"}
    assert "options" in game.view(state, "host")["host"]
