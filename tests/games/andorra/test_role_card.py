"""The role card in words, from the engine's tables (A-SETUP-6, A-MOVE-1, A-MOVE-2, A-STAKE-1)."""

from __future__ import annotations

import re

from nightfall.engine import HOST

from .kit import GAME, deal, quiet_day


def test_the_card_lists_the_roles_moves_and_items_in_words() -> None:
    """A-MOVE-1: the role's moves, the item uses, the stake and «сижу дома»; A-MOVE-2: the
    passive items say what they do; A-ROLE-UNDEAD-1: the Undead do not join stake hunts."""
    s = deal("BOSS", "SOLDIER", "PV", "DOCTOR", "VAMPIRE", gifts={"pv": "CARD_SHERIFF"})
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
    assert boss["knows"][0]["clan_name"] == {"ru": "мафия", "en": "the mafia"}
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
    s = deal("BOSS", "SOLDIER", "PV", "DOCTOR", "VAMPIRE")
    doctor = GAME.view(s.state, s.seat("doctor"))["me"]["card"]["description"]
    assert doctor["ru"].startswith("Изначально имеет сирену.") and "лечит игрока" in doctor["ru"]
    assert doctor["en"].startswith("Starts with a siren.") and "heals a player" in doctor["en"]
    vampire = GAME.view(s.state, s.seat("vampire"))["me"]["card"]["description"]
    assert "укус игрока" in vampire["ru"] and "bites a player" in vampire["en"]


def test_the_card_lists_only_the_moves_the_rules_and_the_state_allow_now() -> None:
    """A-MOVE-1, A-MOVE-6: the card shows the moves this player can make, not his role's whole
    catalogue: A-ROLE-BOSS-3 and A-ROLE-RECRUITER-2 (the Boss poisons only without a Soldier or a
    Recruiter, the Recruiter shoots only without a Soldier),
    A-ROLE-VH-3 (a shot only at a confirmed target), A-ROLE-VAMPIRE-7 (a Ghoul's vote needs a
    Ghoul), A-ROLE-PRIEST-5 (the blessing once a game); a player out of the game has none."""
    s = deal("BOSS", "SOLDIER", "RECRUITER", "PV", "VH", "PRIEST", "VAMPIRE", "DOCTOR")

    def moves(nick: str) -> list[str]:
        return [m["code"] for m in GAME.view(s.state, s.seat(nick))["me"]["card"]["moves"]]

    assert "SHOOT" in moves("boss") and "POISON" not in moves("boss")
    assert not {"SHOOT", "POISON"} & set(moves("recruiter")) and "RECRUIT" in moves("recruiter")
    assert "VH_SHOOT" not in moves("vh") and "VH_SEARCH_VAMPIRE" in moves("vh")
    assert moves("vampire") == ["BITE", "STAY_HOME"]
    assert "PRIEST_BLESS" in moves("priest")
    quiet_day(s)
    s.move("vh", "VH_SEARCH_UNDEAD", "vampire")
    s.move("priest", "PRIEST_BLESS", "doctor")
    s.resolve()
    assert "VH_SHOOT" in moves("vh")  # the Vampire is found Undead (A-ROLE-VH-4)
    assert "PRIEST_BLESS" not in moves("priest") and "PRIEST_CONFESS" in moves("priest")
    s.do(HOST, "host_edit", op="kill", seat=s.seat("soldier"))
    assert "SHOOT" in moves("recruiter") and "POISON" not in moves("boss")  # the Recruiter lives
    assert moves("soldier") == []
    s.do(HOST, "host_edit", op="kill", seat=s.seat("recruiter"))
    assert "POISON" in moves("boss")
