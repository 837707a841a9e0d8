"""Setup (A-SETUP), knowledge at start, the first post."""

from __future__ import annotations

import pytest

from nightfall.engine import Rejected
from nightfall.games.andorra import AndorraGame
from nightfall.games.andorra.state import AndorraState

from .kit import deal

G = AndorraGame()


def _setup(roles: list[str], **kw: object) -> AndorraState:
    return G.setup({"players": [f"p{i}" for i in range(len(roles))], "roles": roles, **kw}, 1)


def test_role_list_validation() -> None:  # A-SETUP-1, A-SETUP-2, A-SETUP-3, A-ROLE-MAFIA-1
    _setup(["BOSS", "SOLDIER", "SOLDIER", "PV", "PV", "DOCTOR"])
    with pytest.raises(Rejected) as e:
        _setup(["BOSS", "BOSS", "PV"])
    assert e.value.code == "duplicate_role" and e.value.rule == "A-SETUP-2"
    with pytest.raises(Rejected) as e:
        _setup(["JOURNALIST_SOLDIER", "PV", "PV"])
    assert e.value.rule == "A-SETUP-2"
    with pytest.raises(Rejected) as e:
        _setup(["BOSS", "SOLDIER", "SOLDIER", "SOLDIER", "SOLDIER", "RECRUITER", "PV"])
    assert e.value.code == "clan_too_big" and e.value.rule == "A-SETUP-3"
    with pytest.raises(Rejected) as e:
        _setup(["INVESTIGATOR", "PV", "PV"])
    assert e.value.rule == "A-SETUP-2a"
    with pytest.raises(Rejected):
        _setup(["BOSS", "PV"])  # one role per player, at least 3 players


def test_warning_clan_without_boss() -> None:  # A-SETUP-2, A-ERR-1
    s = _setup(["SOLDIER", "PV", "PV"])
    assert s.config["warnings"] == ["clan_without_boss:mafia"]


def test_two_clans() -> None:  # A-SETUP-4, A-ERR-1, A-REVEAL-2, A-CLAN-1, A-ROLE-MAFIA-7, H-02
    s = deal(
        "BOSS:red", "SOLDIER:red", "BOSS:black", "RECRUITER:black", "GODFATHER", "PV", "PV", two_clans=True
    )
    world = s.state.world
    assert set(world.clans) == {"mafia:red", "mafia:black"}
    assert s.player("godfather").clan is None
    assert world.clans["mafia:red"].diploma == 1 and world.clans["mafia:black"].poison == 1
    from nightfall.games.andorra.state import display_role

    assert display_role(world, s.player("boss")) == "Босс мафии (красные)"
    assert "Босс мафии (чёрные)" in G.view(s.state, "public")["first_post"]
    with pytest.raises(Rejected) as e:
        _setup(["BOSS:red", "SOLDIER:red", "PV"], two_clans=True)
    assert e.value.rule == "A-SETUP-4"
    with pytest.raises(Rejected):
        _setup(["BOSS", "SOLDIER:red", "BOSS:black", "PV"], two_clans=True)


def test_starting_items() -> None:  # A-SETUP-6, A-SETUP-7, A-SETUP-8, A-SETUP-10, A-ROLE-PEACEFUL-1
    s = deal(
        "BOSS", "RECRUITER", "SHERIFF", "FAIRY", "SHMARA", "PSYCHO", "REBEL", "SWINDLER", "DOCTOR", "VAMPIRE"
    )
    assert s.player("boss").items == {"VEST": [0]}
    assert s.player("recruiter").items == {"SIREN": [0]}
    assert s.player("sheriff").items == {"VEST": [0], "VODKA": [0]}
    assert s.player("fairy").items == {"VEST": [0], "SIREN": [0]}
    assert s.player("shmara").count("CLONIDINE") == 2
    assert s.player("psycho").count("EXPLOSIVE") == 1
    assert s.player("rebel").count("VEST") == 1 and s.player("swindler").count("SIREN") == 1
    assert s.player("doctor").count("VODKA") == 1 and s.player("vampire").items == {}
    assert s.state.world.clans["mafia"].diploma == 1 and s.state.world.clans["mafia"].poison == 1


def test_pv_gift_and_first_post() -> (
    None
):  # A-SETUP-9, A-SETUP-17, A-ITEM-GIFTLIST-1, A-CYCLE-1, A-GEN-7, A-GEN-3, H-01
    s = deal("BOSS", "PV", "PV", "PV", "DOCTOR")
    from nightfall.games.andorra.items import GIFT_LIST

    for nick in ("pv", "pv2", "pv3"):
        gifts = [i for i in s.player(nick).items if i in GIFT_LIST]
        assert len(gifts) == 1 and s.player(nick).count("VODKA") == 1
    post = G.view(s.state, "public")["first_post"]
    assert post.startswith("День 1.")
    assert "Роли: Босс мафии, Доктор, Мирный житель, Мирный житель, Мирный житель" in post  # A-SETUP-17a
    assert "Участники: boss, pv, pv2, pv3, doctor" in post
    assert "Лог голосования: —" in post
    assert s.state.world.fairy_stock == list(GIFT_LIST)  # PV gifts do not touch the stock (A-ITEM-GIFTLIST-3)


def test_knowledge_at_start() -> (
    None
):  # A-SETUP-11, A-SETUP-12, A-SETUP-13, A-SETUP-14, A-SETUP-16, A-SETUP-5
    # A-ROLE-GODFATHER-4
    s = deal("BOSS", "SOLDIER", "GODFATHER", "SHERIFF", "INVESTIGATOR", "VAMPIRE", "DOMOVOI", "MANIAC")

    def knows(nick: str) -> set[str]:
        return {k["nick"] for k in G.view(s.state, s.seat(nick))["me"]["knows"]}

    assert knows("boss") == {"soldier"} and knows("soldier") == {"boss"}
    assert knows("godfather") == set()
    assert knows("sheriff") == {"investigator"} and knows("investigator") == {"sheriff"}
    assert knows("vampire") == set() and knows("domovoi") == set()
    assert knows("maniac") == set()


def test_shuffle_deals_the_list() -> None:  # A-SETUP-1
    roles = ["BOSS", "SOLDIER", "DOCTOR", "PV", "PV", "MANIAC", "VAMPIRE", "SHERIFF"]
    s = G.setup({"players": [f"p{i}" for i in range(8)], "roles": roles, "shuffle": True}, 3)
    assert sorted(p.role for p in s.world.players) == sorted(roles)


@pytest.mark.parametrize("nick", ["Va[b]sya", "[url=http://x]Kolya", "Petya[/color]", "[SPOILER]Olya"])
def test_a_nick_with_a_bbcode_tag_is_refused(nick: str) -> None:  # A-SETUP-1b
    with pytest.raises(Rejected) as e:
        G.setup({"players": [nick, "p1", "p2"], "roles": ["PV", "PV", "DOCTOR"]}, 1)
    assert e.value.code == "nick_bbcode" and e.value.rule == "A-SETUP-1b"
    assert e.value.params["nick"] == nick


@pytest.mark.parametrize("nick", ["[TF]Vasya", "Kolya [2]", "a[b", "Оля]"])
def test_brackets_that_form_no_tag_are_kept(nick: str) -> None:  # A-SETUP-1b
    s = G.setup({"players": [nick, "p1", "p2"], "roles": ["PV", "PV", "DOCTOR"]}, 1)
    assert s.world.player(1).nick == nick
