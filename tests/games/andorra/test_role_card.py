"""The role card in words, from the engine's tables (A-SETUP-6, A-MOVE-1, A-MOVE-2, A-STAKE-1)."""

from __future__ import annotations

import re

from .kit import GAME, mk


def test_the_card_lists_the_roles_moves_and_items_in_words() -> None:
    """A-MOVE-1: the role's moves, the item uses, the stake and «сижу дома»; A-MOVE-2: the
    passive items say what they do; A-ROLE-UNDEAD-1: the Undead do not join stake hunts."""
    s = mk("BOSS", "SOLDIER", "PV", "DOCTOR", "VAMPIRE", gifts={"pv": "CARD_SHERIFF"})
    pv = GAME.view(s.state, s.seat("pv"))["me"]["card"]
    assert [m["ru"] for m in pv["moves"]] == [
        "следить",
        "поход с колом",
        "выпить водку",
        "применить визитку шерифа",
        "сижу дома",
    ]
    assert pv["side"] == {"ru": "Мирные", "en": "Peaceful"}
    boss = GAME.view(s.state, s.seat("boss"))["me"]
    assert {"ru": "бронежилет — спасает от выстрела", "en": "vest — stops a shot", "count": 1} in boss[
        "card"
    ]["items"]
    assert boss["knows"][0]["clan_ru"] == "мафия"
    # the role's name in both languages: the English page said «Your role: Босс мафии»
    assert boss["role_words"] == {"ru": "Босс мафии", "en": "Mafia Boss"}
    vampire = [m["ru"] for m in GAME.view(s.state, s.seat("vampire"))["me"]["card"]["moves"]]
    assert "поход с колом" not in vampire and "укус" in vampire
    for seat in range(1, 6):
        card = GAME.view(s.state, seat)["me"]["card"]
        words = " ".join([m["ru"] for m in card["moves"]] + [i["ru"] for i in card["items"]])
        assert not re.findall(r"\b[A-Z_]{4,}\b", words)


def test_every_catalogue_role_has_the_seeds_description_in_both_languages() -> None:
    """Issue 20 point 8: every role of the catalogue (A-SETUP-2) carries a description, so a new
    role cannot be added without one; the Russian text has no raw codes."""
    from nightfall.games.andorra.roles.catalogue import ROLES
    from nightfall.games.andorra.roles.descriptions import DESCRIPTIONS, description

    assert set(DESCRIPTIONS) == set(ROLES)
    for code in ROLES:
        words = description(code)
        assert words["ru"].strip() and words["en"].strip(), code
        assert words["ru"] != words["en"], code
        assert not re.findall(r"\b[A-Z_]{4,}\b", words["ru"]), code
        assert re.search("[а-яё]", words["ru"]) and not re.search("[а-яё]", words["en"].replace("«", "")), (
            code
        )


def test_the_card_in_the_view_carries_the_roles_description() -> None:
    """Issue 20 point 8: the player's view brings the seed's description of his own role
    (A-ROLE-DOCTOR-1's healing, A-SETUP-6's starting siren) to the page in ru and en."""
    s = mk("BOSS", "SOLDIER", "PV", "DOCTOR", "VAMPIRE")
    doctor = GAME.view(s.state, s.seat("doctor"))["me"]["card"]["description"]
    assert doctor["ru"].startswith("Изначально имеет сирену.") and "лечит игрока" in doctor["ru"]
    assert doctor["en"].startswith("Starts with a siren.") and "heals a player" in doctor["en"]
    vampire = GAME.view(s.state, s.seat("vampire"))["me"]["card"]["description"]
    assert "укус игрока" in vampire["ru"] and "bites a player" in vampire["en"]
