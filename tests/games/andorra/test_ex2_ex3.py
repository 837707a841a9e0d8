"""EX-2 and EX-3 — the worked example continued (spec §17)."""

from __future__ import annotations

import pytest

from .kit import Scenario
from .test_ex1 import play_ex1

DAY2 = [
    ("Dina", "Vera"),
    ("Gleb", "Vera"),
    ("Anna", "Dina"),
    ("Lev", "Vera"),
    ("Vera", "Dina"),
    ("Kira", "Dina"),
    ("Egor", "Vera"),
    ("Zhanna", "Vera"),
    ("Mila", "Nikita"),
    ("Polina", "Vera"),
    ("Nikita", "Zhanna"),
    ("Sasha", "Dina"),
    ("Ilya", "Nikita"),
    ("Oleg", "Zhanna"),
]

DAY3 = [
    ("Gleb", "Mila"),
    ("Dina", "Mila"),
    ("Polina", "Kira"),
    ("Lev", "Mila"),
    ("Kira", "Dina"),
    ("Vera", "Dina"),
    ("Egor", "Mila"),
    ("Sasha", "Kira"),
    ("Ilya", "Oleg"),
    ("Mila", "Oleg"),
    ("Nikita", "Dina"),
    ("Oleg", "Mila"),
]


def play_ex2() -> Scenario:
    s = play_ex1()
    s.day(DAY2)
    s.move("Anna", "SHOOT", "Ilya")
    s.move("Kira", "USE_DIPLOMA", by="Anna")
    s.move("Vera", "RECRUIT", "Sasha", by="Anna")
    s.move("Gleb", "DRINK_VODKA")
    s.move("Dina", "INTERROGATE", "Mila", by="Gleb")
    s.move("Egor", "HEAL", "Ilya")
    s.move("Zhanna", "PRIEST_CONFESS", "Nikita")
    s.move("Ilya", "PROTECT", "Gleb")
    s.move("Lev", "VH_SEARCH_UNDEAD", "Polina")
    s.move("Sasha", "PV_WATCH", "Anna")
    s.move("Mila", "EXPLODE", "Anna")
    s.move("Nikita", "BITE", "Polina")
    s.move(
        "Oleg",
        "SWINDLER_CHANGE",
        changes=[
            {"voter": s.seat("Polina"), "target": s.seat("Zhanna")},
            {"voter": s.seat("Ilya"), "target": s.seat("Zhanna")},
        ],
    )
    s.move("Polina", "JOURNALIST_WATCH", "Nikita")
    s.resolve({("PV_ROLE", "Sasha"): "MAYOR"})
    return s


def play_ex3() -> Scenario:
    s = play_ex2()
    s.day(DAY3)
    s.move("Kira", "POISON", "Lev")
    s.move("Vera", "STAKE", "Nikita", by="Kira")
    s.move("Gleb", "SHOOT", "Ilya")
    s.move("Dina", "INTERROGATE", "Kira", by="Gleb")
    s.move("Egor", "SLEEPING_PILL", "Nikita")
    s.move("Ilya", "STAKE", "Nikita")
    s.move("Lev", "VH_SHOOT", "Polina")
    s.move("Sasha", "STAKE", "Nikita")
    s.move("Mila", "EXPLODE", "Gleb")
    s.move("Nikita", "VAMPIRE_GHOUL_VOTE", "Polina", vote="Dina")
    s.move("Oleg", "SWINDLER_CHOOSE", "Dina")
    s.move("Polina", "JOURNALIST_WATCH", "Gleb")
    s.resolve()
    return s


@pytest.fixture(scope="module")
def ex2() -> Scenario:
    return play_ex2()


@pytest.fixture(scope="module")
def ex3() -> Scenario:
    return play_ex3()


def test_ex2_morning_post(
    ex2: Scenario,
) -> None:  # EX-2, A-TALLY-2, A-TALLY-6, A-TALLY-7, A-TALLY-9, A-CYCLE-3, A-ITEM-DIPLOMA-1, A-ITEM-DIPLOMA-2, A-MOVE-1
    assert ex2.post() == (
        "Утро дня 3.\nСел: Zhanna (Священник) — 6 голосов, монетка: нет\nУбит: Anna (Босс мафии)\nЗарезан: —"
    )
    tally = ex2.state.audits[-1]["tally"]
    assert tally["scores"] == {
        str(ex2.seat(n)): v for n, v in [("Vera", 4), ("Dina", 5), ("Zhanna", 6), ("Nikita", 1)]
    }


def test_ex2_messages(
    ex2: Scenario,
) -> None:  # EX-2 private messages, A-CLAN-2, A-ROLE-MAFIA-3, A-ROLE-INVESTIGATOR-3, A-ROLE-INVESTIGATOR-4, A-RES-4, A-RCHANGE-2
    s = ex2
    assert s.channel("mafia", about="Anna") == ["Результат хода: неудачно."]
    assert s.channel("mafia", about="Kira") == ["Результат хода: удачно."]
    assert s.channel("mafia", about="Vera") == ["Результат хода: неудачно."]
    assert s.channel("mafia")[-2:] == [
        "Ходы клана теперь отправляет: Kira.",
        "Глава клана выбыл. Выберите большинством голосов, кто распоряжается вещами клана; "
        "до тех пор ими распоряжается Kira.",
    ]  # A-CLAN-4
    assert s.channel("cops", about="Dina") == ["Mila совершал(а) враждебное действие этой ночью."]
    assert s.channel("cops", about="Gleb") == []
    assert s.inbox("Egor") == ["Результат хода: удачно."]
    assert s.inbox("Ilya") == ["Результат хода: неудачно.", "Ваша сирена сработала."]
    assert s.inbox("Lev") == ["Polina — нечисть."]
    assert s.inbox("Sasha")[1:] == ["Ваша новая роль: Мэр города.", "Вам поступило предложение о вербовке."]
    assert s.inbox("Sasha")[0].startswith("На игрока Anna совершено удачное враждебное действие.")
    assert "Ван Хельсинг" not in s.inbox("Sasha")[0]
    assert s.inbox("Mila") == ["Результат хода: удачно.", "Вас вызывали на допрос."]
    assert s.inbox("Nikita") == ["Результат хода: удачно.", "Polina стал(а) Упырём."]
    assert s.inbox("Oleg") == ["Результат хода: удачно."]
    assert s.inbox("Polina") == [
        "Вы стали Упырём. Ваша роль сохраняется; вы побеждаете вместе с Вампиром и/или другими Упырями.",
        "Nikita стрелял(а) в игрока Polina.",
    ]
    assert s.inbox("Zhanna") == []


def test_ex2_state(
    ex2: Scenario,
) -> (
    None
):  # EX-2 facts: A-ROLE-VAMPIRE-5, A-ROLE-VAMPIRE-6, A-ROLE-VH-4, A-RECRUIT-10, A-ITEM-VODKA-3, A-DEATH-4
    s = ex2
    assert s.player("Polina").ghoul and s.player("Polina").faction == "UNDEAD"
    assert s.player("Polina").role == "JOURNALIST" and s.player("Polina").poisonings == []
    assert s.seat("Polina") in s.player("Lev").mem["confirmed"]
    assert s.player("Sasha").role == "MAYOR" and s.player("Sasha").faction == "PEACEFUL"
    assert s.player("Sasha").count("SIREN") == 1 and s.player("Sasha").count("CARD_DOCTOR") == 1
    assert s.player("Mila").count("EXPLOSIVE") == 1 and s.player("Mila").sinful
    assert s.player("Kira").count("DIPLOMA") == 0
    raw = [e for e in s.state.audits[-1]["tally"]["entries"].values() if e["raw_target"] == s.seat("Vera")]
    assert len(raw) == 6  # the public raw log still shows Vera 6
    assert s.player("Gleb").count("VODKA") == 0
    assert s.state.world.has_vote_loss(3, s.seat("Gleb"))
    assert s.player("Ilya").count("SIREN") == 0
    assert s.state.world.penalties["3"] == []
    assert (
        s.state.world.clans["mafia"].poison == 1 and s.state.world.clans["mafia"].diploma == 1
    )  # clan items stay


def test_ex3_morning_post(ex3: Scenario) -> None:  # EX-3, A-VOTE-30/31, A-ERR-3
    assert ex3.post() == (
        "Утро дня 4.\n"
        "Сел: Mila (Псих) — 4 голоса, монетка: да\n"
        "Убит: Ilya (Телохранитель), Polina (Упырь), Oleg (Аферист)\n"
        "Зарезан: —"
    )


def test_ex3_messages(ex3: Scenario) -> None:  # EX-3 private messages
    s = ex3
    assert s.channel("mafia", about="Kira") == ["Результат хода: удачно.", "Вас вызывали на допрос."]
    assert s.channel("mafia", about="Vera") == ["Результат хода: неудачно."]
    assert s.channel("cops", about="Gleb") == [
        "Результат хода: удачно.",
        "Вы убили мирного жителя и впали в депрессию: следующей ночью вы не можете сделать ход, "
        "а ваш голос сегодня не учитывается.",
    ]
    assert s.channel("cops", about="Dina") == ["Kira совершал(а) враждебное действие этой ночью."]
    assert s.inbox("Egor") == ["Результат хода: удачно."]
    assert s.inbox("Lev") == ["Результат хода: удачно.", "отравлен"]
    assert s.inbox("Sasha") == ["Результат хода: неудачно."]
    assert s.inbox("Nikita") == ["Результат хода: неудачно."]
    for nick in ("Ilya", "Polina", "Oleg", "Mila"):
        assert s.inbox(nick) == []


def test_ex3_state(
    ex3: Scenario,
) -> None:  # EX-3 facts: A-ROLE-SHERIFF-4, A-ROLE-SHERIFF-5, A-STAKE-2, A-STAKE-3, A-SIN-2, A-ITEM-POISON-1
    s = ex3
    world = s.state.world
    tally = s.state.audits[-1]["tally"]
    assert tally["result"]["coin"] and tally["result"]["jailed"] == s.seat("Mila")
    assert tally["entries"][s.seat("Gleb")]["weight"] == 0  # vodka of Night 2
    assert tally["entries"][s.seat("Polina")]["target"] == s.seat("Dina")  # the Vampire's Ghoul vote
    assert s.player("Gleb").depressed_night == 4 and world.has_vote_loss(4, s.seat("Gleb"))
    assert s.player("Gleb").sinful
    assert not s.player("Lev").sinful
    assert s.player("Lev").poisonings[0]["kind"] == "POISON" and s.player("Lev").poisonings[0]["night"] == 3
    assert world.clans["mafia"].poison == 0
    oleg = s.player("Oleg")
    assert oleg.status == "DEAD" and oleg.death is not None and oleg.death["cause"] == "REVENGE"
    assert world.winner is None


def test_ex3_depressed_sheriff_rejected(ex3: Scenario) -> None:  # A-ROLE-SHERIFF-5, A-MOVE-6
    from nightfall.engine import Rejected

    s = ex3
    s.day([])
    with pytest.raises(Rejected) as err:
        s.move("Gleb", "SHOOT", "Kira")
    assert err.value.code == "depressed" and err.value.rule == "A-ROLE-SHERIFF-5"
    s.move("Dina", "INTERROGATE", "Kira", by="Gleb")  # he can still send Dina's move


@pytest.mark.parametrize("antidote", [True, False])
def test_ex3_looking_ahead(antidote: bool) -> None:  # EX-3 "Looking ahead", A-HEAL-5, A-ITEM-ANTIDOTE-2
    s = play_ex3()
    s.day([(p.nick, None) for p in s.state.world.players if p.alive])
    if antidote:
        s.move("Lev", "USE_ANTIDOTE", "Lev")
    s.resolve()
    assert s.player("Lev").alive is antidote
