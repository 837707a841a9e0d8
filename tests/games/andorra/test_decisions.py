"""Decisions where the spec left a case open (docs/rules/andorra.md, "Decisions")."""

from __future__ import annotations

import pytest

from nightfall.engine import HOST, Rejected
from nightfall.games.andorra import AndorraGame

from .kit import deal, pv_night_in_two_clans, quiet_day

G = AndorraGame()


def test_clan_sheet_and_fallback() -> None:  # A-MOVE-5a, A-MOVE-5, A-MOVE-4, A-CLAN-4a
    s = deal("BOSS", "SOLDIER", "PV", "PV", "DOCTOR", "MANIAC")
    quiet_day(s)
    s.move("soldier", "SHOOT", "pv")  # the member's own submission (fallback)
    s.move("soldier", "POISON", "pv2", by="boss")  # the sender's sheet replaces it
    assert s.state.submissions[str(s.seat("soldier"))]["action"] == "POISON"
    with pytest.raises(Rejected) as e:
        s.move("boss", "SHOOT", "pv", by="soldier")  # only the sender sends for others
    assert e.value.code == "not_your_sheet"
    s.do(HOST, "move", player=s.seat("boss"), action="SHOOT", target=s.seat("maniac"))  # the host enters a PM


def test_journalist_watching_the_domovoi() -> None:  # A-ROLE-JOURNALIST-8a, A-ROLE-DOMOVOI-7
    s = deal("JOURNALIST", "DOMOVOI", "PV", "PV", "BOSS", "DOCTOR")
    quiet_day(s)
    s.move("journalist", "JOURNALIST_WATCH", "domovoi")
    s.move("domovoi", "DOMOVOI_BLOCK", "pv")
    s.move("doctor", "HEAL", "domovoi")
    s.resolve()
    assert s.inbox("journalist") == ["domovoi сидел(а) дома.", "doctor посетил(а) игрока domovoi."]


def test_reanimator_without_corpses() -> None:  # A-ROLE-REANIMATOR-4a
    s = deal("REANIMATOR", "BOSS", "PV", "PV", "DOCTOR", "MANIAC")
    quiet_day(s)
    s.move("reanimator", "REANIMATE")
    s.resolve()
    assert s.inbox("reanimator") == ["Результат хода: неудачно."]
    assert s.state.audits[-1]["prompts"] == []


def test_reflected_shot_no_depression() -> None:  # A-ROLE-SHERIFF-5a
    s = deal("SHERIFF", "INVESTIGATOR", "PRIEST", "PV", "PV", "BOSS")
    quiet_day(s)
    s.move("priest", "PRIEST_BLESS", "pv")
    s.move("investigator", "SHOOT", "pv", by="sheriff")
    s.resolve()
    inv = s.player("investigator")
    assert inv.status == "DEAD" and inv.depressed_night is None and not inv.sinful


def test_pv_takes_clan_roles() -> None:  # A-DAWN-1a, H-08
    s = deal(
        "BOSS",
        "SHERIFF",
        "PV",
        "PV",
        "DOCTOR",
        "MANIAC",
        "VAMPIRE",
        gifts={"pv": "DIPLOMA", "pv2": "DIPLOMA"},
    )
    s.player("doctor").take("SIREN")
    quiet_day(s)
    s.move("maniac", "MANIAC_QUICK", "doctor")
    s.move("pv", "PV_WATCH", "doctor")
    s.move("pv2", "PV_WATCH", "doctor")
    s.resolve({("PV_ROLE", "pv"): "RECRUITER", ("PV_ROLE", "pv2"): "INVESTIGATOR"})
    assert s.player("pv").clan == "mafia" and s.player("pv").faction == "MAFIA"
    assert s.player("pv2").clan == "cops" and s.player("pv2").count("SIREN") == 1
    assert s.channel("cops") == ["В клан вступил(а): pv2."]  # A-ROLE-PV-6: the other Cop is informed
    assert s.channel("mafia") == ["В клан вступил(а): pv."]


def test_jailer_lynch_actions_without_jailing() -> None:  # A-ROLE-JAILER-8a, A-ROLE-JAILER-8
    s = deal("JAILER", "BOSS", "PV", "PV", "DOCTOR", "MANIAC")
    quiet_day(s)
    s.move("jailer", "JAILER_RELEASE")
    s.resolve()
    assert s.inbox("jailer") == ["Результат хода: неудачно."]


def test_english_and_bbcode_post() -> None:  # A-REPORT-3a
    s = deal("BOSS", "PV", "PV", "DOCTOR", "MANIAC")
    s.day([("boss", "pv"), ("pv2", "pv"), ("pv", None), ("doctor", None), ("maniac", None)])
    s.resolve()
    v = G.view(s.state, "public")["posts"][-1]
    assert v["en"].splitlines()[:2] == [
        "Morning of day 2.",
        "Jailed: pv (Peaceful Villager) — 2 votes, coin: no",
    ]
    assert v["bbcode"].splitlines()[1] == "[b]Сел:[/b] pv (Мирный житель) — 2 голоса, монетка: нет"
    msgs = G.view(s.state, s.seat("boss"))["me"]["inbox"]
    assert all("en" in m for m in msgs)


def test_phase_machine() -> None:  # A-CYCLE-2a, A-CYCLE-2, A-DAWN-9
    s = deal("BOSS", "PV", "PV", "DOCTOR", "MANIAC")
    assert s.state.phase == "DAY"
    with pytest.raises(Rejected):
        s.move("boss", "SHOOT", "pv")  # no moves by day
    s.do(HOST, "end_day")
    with pytest.raises(Rejected):
        s.vote("boss", "pv")  # no votes by night
    s.do(HOST, "end_night")
    assert s.state.phase == "REVIEW" and s.state.posts == []
    s.do(HOST, "publish")
    assert s.state.phase == "DAY" and s.state.world.day == 2 and len(s.state.posts) == 1


def test_header_narrative_article_inactive() -> (
    None
):  # A-REPORT-6, A-GEN-3, A-REPORT-4, H-09, A-ROLE-JOURNALIST-7, H-04
    s = deal("JOURNALIST", "BOSS", "PV", "PV", "DOCTOR", "MANIAC")
    s.day([("boss", "pv"), ("doctor", "pv"), ("journalist", None), ("pv2", None), ("maniac", None)])
    s.move("journalist", "JOURNALIST_WATCH", "boss")
    s.resolve(publish=False)
    s.do(HOST, "narrative", text="Ночь была тихой.")
    s.do(HOST, "publish")
    assert s.post().endswith("\n\nНочь была тихой.")
    assert G.view(s.state, s.seat("journalist"))["me"]["can_publish_article"]
    assert not G.view(s.state, s.seat("boss"))["me"]["can_publish_article"]
    s.vote("boss", "maniac")
    header = G.view(s.state, "public")["header"].splitlines()
    assert header[0] == "День 2." and "pv — сел (Мирный житель)" in header
    assert header[-5:-3] == ["Лог голосования:", "boss: maniac"]  # pv's penalty is dropped: he is jailed
    assert header[-3:] == ["Подсчёт:", "maniac — 1 (boss)", "Не голосовали: journalist, pv2, doctor, maniac"]
    inactive = G.view(s.state, "host")["host"]["inactive_today"]
    assert s.seat("boss") not in inactive and s.seat("doctor") in inactive


def test_host_assigns_clan_in_two_clan_game() -> None:  # H-08, A-DAWN-1a
    s = pv_night_in_two_clans()
    s.resolve({("PV_ROLE", "pv"): "RECRUITER", ("CLAN_ASSIGN", "host"): "mafia:black"})
    assert s.player("pv").clan == "mafia:black" and s.player("pv").role == "RECRUITER"
    assert [p["kind"] for p in s.state.audits[-1]["prompts"]] == ["PV_ROLE", "CLAN_ASSIGN"]


def test_clan_item_manager_poll() -> None:  # A-CLAN-4, A-CLAN-4a, A-ITEM-GEN-1, A-ROLE-MAFIA-3
    s = deal("BOSS", "SOLDIER", "SOLDIER", "RECRUITER", "PV", "PV", "DOCTOR", "MANIAC", "VAMPIRE")
    s.day(
        [
            ("pv", "boss"),
            ("pv2", "boss"),
            ("doctor", "boss"),
            ("soldier", None),
            ("soldier2", None),
            ("recruiter", None),
            ("maniac", None),
            ("vampire", None),
            ("boss", None),
        ]
    )
    s.resolve()
    assert s.player("boss").status == "JAILED_LYNCH"
    assert "mafia" in s.state.world.clan_poll  # the head is jailed: a poll opens
    quiet_day(s)
    # until a majority exists the sender (earliest Soldier) manages the items
    s.move("soldier2", "POISON", "pv", by="soldier")
    s.do(s.seat("soldier2"), "clan_poll", candidate=s.seat("recruiter"))
    assert s.state.world.clan_manager == {}  # 1 of 3 is no majority
    s.do(s.seat("recruiter"), "clan_poll", candidate=s.seat("recruiter"))
    assert s.state.world.clan_manager == {"mafia": s.seat("recruiter")}  # 2 of 3: more than half
    with pytest.raises(Rejected) as e:
        s.move("soldier2", "POISON", "pv2", by="soldier")  # the sender no longer manages the bottle
    assert e.value.code == "not_item_manager" and e.value.rule == "A-CLAN-4"
    s.move("soldier2", "POISON", "pv2", by="recruiter")  # the manager does
    with pytest.raises(Rejected):
        s.do(s.seat("pv"), "clan_poll", candidate=s.seat("pv"))


def test_clan_cap_checked_on_joins_only() -> None:  # A-SETUP-3a, A-SETUP-3, A-ITEM-CARDBOSS-2
    s = deal(
        "BOSS",
        "SOLDIER",
        "SOLDIER",
        "SOLDIER",
        "RECRUITER",
        "JAILER",
        "PV",
        "PV",
        "DOCTOR",
        "MANIAC",
        gifts={"pv": "CARD_BOSS", "pv2": "DIPLOMA"},
    )
    s.day(
        [("pv", "boss"), ("pv2", "boss"), ("doctor", "boss")]
        + [(n, None) for n in ("soldier", "soldier2", "soldier3", "recruiter", "jailer", "maniac", "boss")]
    )
    s.move("pv", "USE_CARD_BOSS", "pv2")  # the Boss is jailed at 6a: 4 active → the card brings pv2 in
    s.move("jailer", "JAILER_RELEASE")  # the Boss comes back at D6: 6 active members
    s.resolve()
    assert s.player("pv2").clan == "mafia" and len(s.state.world.clan_members("mafia")) == 6
    quiet_day(s)
    with pytest.raises(Rejected):
        s.move("recruiter", "RECRUIT", "doctor", by="boss")  # but nobody else may join


def test_succession_after_jailer_jailing() -> None:  # A-ROLE-COPS-3a, A-ROLE-COPS-2
    s = deal(
        "JAILER",
        "SHERIFF",
        "INVESTIGATOR",
        "PV",
        "PV",
        "BOSS",
        "MANIAC",
        gifts={"pv": "DIPLOMA", "pv2": "DIPLOMA"},
    )
    quiet_day(s)
    s.move("sheriff", "SHOOT", "pv")  # a Peaceful dies: the Sheriff is sinful
    s.resolve()
    quiet_day(s)
    s.move("jailer", "JAILER_SIN", "sheriff")
    s.resolve()
    assert s.player("sheriff").status == "JAILED_JAILER" and s.player("investigator").role == "SHERIFF"
