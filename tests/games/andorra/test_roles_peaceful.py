"""Peaceful roles (A-ROLE-*) outside the worked example, and their limits."""

from __future__ import annotations

import pytest

from nightfall.engine import Rejected

from .kit import deal, quiet_day


def test_mayor_and_godfather() -> None:
    """A-ROLE-MAYOR-1, A-ROLE-MAYOR-2, A-ROLE-MAYOR-3, A-ROLE-MAYOR-4, A-ROLE-GODFATHER-1, A-ROLE-GODFATHER-2, A-ROLE-GODFATHER-3, A-ROLE-GODFATHER-5, A-BLOCK-1, A-BLOCK-2, A-ORDER-2."""
    s = deal("MAYOR", "GODFATHER", "DOCTOR", "PV", "PV", "BOSS")
    quiet_day(s)
    s.move("godfather", "GF_BLOCK", "mayor")  # step 9 cancels the Mayor's step-10 move
    s.move("mayor", "MAYOR_BLOCK", "doctor")
    s.move("doctor", "HEAL", "pv")
    s.resolve()
    assert s.inbox("mayor") == ["Результат хода: неудачно."]
    assert s.inbox("doctor") == ["Результат хода: удачно."]
    assert s.player("doctor").count("SIREN") == 1  # A-CLASS-6: visits never consume protections
    quiet_day(s)
    with pytest.raises(Rejected) as e:
        s.move("godfather", "GF_MUTE", "mayor")  # not the same player two nights in a row
    assert e.value.code == "same_target_twice" and e.value.rule == "A-ROLE-GODFATHER-3"
    s.move("mayor", "MAYOR_BLOCK", "godfather")  # Mayor after GF: the GF "does not remember"
    s.move("godfather", "GF_MUTE", "doctor")
    s.resolve()
    assert s.inbox("godfather") == ["Результат хода: неудачно."]
    assert s.state.world.has_vote_loss(3, s.seat("doctor"))
    quiet_day(s)
    s.move("mayor", "MAYOR_MUTE", "pv")
    s.resolve()
    quiet_day(s)
    s.resolve()
    quiet_day(s)
    with pytest.raises(Rejected) as e:
        s.move("godfather", "GF_BLOCK", "mayor")  # each influence once per player per game
    assert e.value.code == "once_per_target"


def test_doctor_limits_and_sleeping_pill() -> (
    None
):  # A-ROLE-DOCTOR-1, A-ROLE-DOCTOR-2, A-ROLE-DOCTOR-3, A-ROLE-DOCTOR-4, A-ROLE-DOCTOR-5, A-HEAL-1, A-HEAL-2, A-HEAL-6, Q-15
    # A-ORDER-8
    s = deal("DOCTOR", "BOSS", "PV", "PV", "MANIAC", "VAMPIRE")
    quiet_day(s)
    s.move("doctor", "HEAL", "pv")
    s.move("boss", "SHOOT", "pv")
    s.resolve()
    assert s.player("pv").alive and s.inbox("pv") == []  # cured players are not told
    assert s.channel("mafia", about="boss") == ["Результат хода: удачно."]  # A-OUTCOME-24
    quiet_day(s)
    with pytest.raises(Rejected) as e:
        s.move("doctor", "HEAL", "pv")
    assert e.value.rule == "A-ROLE-DOCTOR-3"
    s.move("doctor", "HEAL", "doctor")
    s.resolve()
    quiet_day(s)
    with pytest.raises(Rejected):
        s.move("doctor", "HEAL", "doctor")
    s.move("doctor", "HEAL", "vampire")
    s.resolve()
    assert s.inbox("doctor") == ["Результат хода: неудачно."]  # does not heal the Undead
    quiet_day(s)
    s.move("doctor", "SLEEPING_PILL", "maniac")
    s.move("maniac", "MANIAC_QUICK", "pv2")
    s.resolve()
    assert s.player("pv2").alive and s.inbox("maniac") == ["Результат хода: неудачно."]


def test_doctor_does_not_heal_explosion_or_axe() -> None:
    """A-HEAL-1, A-HAR-EFFECT."""
    s = deal("DOCTOR", "PSYCHO", "PV", "PV", "BOSS", "MANIAC")
    quiet_day(s)
    s.move("doctor", "HEAL", "pv")
    s.move("psycho", "EXPLODE", "pv")
    s.resolve()
    assert not s.player("pv").alive


def test_nurse() -> None:
    """A-ROLE-NURSE-1, A-ROLE-NURSE-2, A-ROLE-NURSE-3, A-ROLE-NURSE-4, A-HEAL-3, A-ROLE-UNDEAD-5, A-ROLE-VAMPIRE-3."""
    s = deal("NURSE", "VAMPIRE", "PV", "PV", "VH", "BOSS", "DOCTOR")
    quiet_day(s)
    s.move("vampire", "BITE", "pv")
    s.move("nurse", "NURSE_TEST", "vampire")
    s.resolve()
    assert s.inbox("nurse") == ["vampire — нечисть."]
    quiet_day(s)
    s.move("nurse", "NURSE_PUMP", "pv")  # cures the bite: no death, chain reset
    s.resolve()
    assert s.player("pv").alive and s.player("pv").bitten_night is None
    quiet_day(s)
    s.move("nurse", "NURSE_REPORT_VH", "vampire")
    s.resolve()
    assert s.inbox("vh") == ["Анализ крови: vampire — нечисть."]
    assert s.seat("vampire") in s.player("vh").mem["confirmed"]  # enables the silver bullet
    quiet_day(s)
    s.move("nurse", "NURSE_QUARANTINE", "boss")
    s.move("vh", "VH_SHOOT", "vampire")
    s.resolve()
    assert s.state.world.has_vote_loss(5, s.seat("boss"))
    assert not s.player("vampire").alive and not s.player("vh").sinful  # A-SIN-2
    quiet_day(s)
    with pytest.raises(Rejected):
        s.move("nurse", "NURSE_PUMP", "pv")  # once per player per game


def test_bite_chain_death_and_psycho() -> None:
    """A-ROLE-VAMPIRE-6, A-HEAL-5, A-ROLE-GHOUL-1, A-ROLE-VAMPIRE-1, A-ROLE-VAMPIRE-2."""
    s = deal("VAMPIRE", "PSYCHO", "PV", "PV", "BOSS", "DOCTOR", "MANIAC")
    quiet_day(s)
    s.move("vampire", "BITE", "psycho")
    s.resolve()
    quiet_day(s)
    s.resolve()  # no second bite: at 39a the Psycho dies and takes the Vampire with him
    assert not s.player("psycho").alive and not s.player("vampire").alive
    assert s.post().splitlines()[2] == "Убит: psycho (Псих), vampire (Вампир)"


def test_priest_confession_of_undead_and_sin() -> None:
    """A-ROLE-PRIEST-1, A-ROLE-PRIEST-2, A-ROLE-PRIEST-3, A-ROLE-PRIEST-4, A-ROLE-PRIEST-8, A-ITEM-CROSS-2, A-SIN-1, A-SIN-3, A-SIN-4, A-HAR-EFFECT."""
    s = deal("PRIEST", "VAMPIRE", "BOSS", "PV", "PV", "DOCTOR", "MANIAC")
    quiet_day(s)
    s.move("priest", "PRIEST_CONFESS", "vampire")
    s.resolve()
    assert s.inbox("vampire") == ["Вас исповедали. Вы получили крестик.", "отравлен"]
    assert s.inbox("priest") == ["vampire не грешен(на)."]
    quiet_day(s)
    s.move("boss", "SHOOT", "pv")
    s.resolve()
    assert not s.player("vampire").alive  # the cross poison kills at 39a of the next night
    assert s.player("boss").sinful and not s.player("priest").sinful
    quiet_day(s)
    s.move("priest", "PRIEST_CONFESS", "boss")
    s.resolve()
    assert s.inbox("priest") == ["boss грешен(на)."]
    quiet_day(s)
    with pytest.raises(Rejected):
        s.move("priest", "PRIEST_CONFESS", "boss")  # once per participant
    with pytest.raises(Rejected) as e:
        s.move("priest", "PRIEST_CONFESS", "priest")
    assert e.value.code == "self_target"


def test_priest_heart_failure() -> None:
    """A-ROLE-PRIEST-6, A-ROLE-PRIEST-8, A-DEATH-3."""
    s = deal("PRIEST", "MANIAC", "PV", "PV", "BOSS", "DOCTOR")
    quiet_day(s)
    s.move("priest", "PRIEST_CONFESS", "maniac")
    s.move("maniac", "MANIAC_BLOODY", "pv")
    s.resolve()
    assert s.post().splitlines()[2:4] == ["Убит: priest (Священник)", "Зарезан: pv (Мирный житель)"]
    assert s.player("maniac").sinful


def test_bodyguard_becomes_maniac() -> None:
    """A-ROLE-BODYGUARD-1, A-ROLE-BODYGUARD-2, A-ROLE-BODYGUARD-3, A-ROLE-BODYGUARD-4, A-ROLE-BODYGUARD-6, A-ROLE-BODYGUARD-7, A-RCHANGE-1, A-FACT-2, A-ITEM-SIREN-3."""
    s = deal("BODYGUARD", "SHERIFF", "INVESTIGATOR", "PV", "PV", "BOSS")
    quiet_day(s)
    s.move("bodyguard", "PROTECT", "pv")
    s.move("investigator", "SHOOT", "pv", by="sheriff")
    s.resolve()
    assert not s.player("investigator").alive and s.player("pv").alive
    assert s.player("bodyguard").role == "MANIAC" and s.player("bodyguard").faction == "LONERS"
    assert s.inbox("bodyguard") == [
        "Ваш подопечный подвергся нападению. Вы выстрелили в: investigator.",
        "Ваша новая роль: Маньяк.",
    ]
    quiet_day(s)
    with pytest.raises(Rejected):
        s.move("bodyguard", "PROTECT", "pv2")  # no longer a Bodyguard


def test_bodyguard_limits() -> None:
    """A-ROLE-BODYGUARD-5, A-MOVE-6."""
    s = deal("BODYGUARD", "BOSS", "PV", "PV", "DOCTOR")
    quiet_day(s)
    with pytest.raises(Rejected):
        s.move("bodyguard", "PROTECT", "bodyguard")
    s.move("bodyguard", "PROTECT", "pv")
    s.resolve()
    quiet_day(s)
    with pytest.raises(Rejected) as e:
        s.move("bodyguard", "PROTECT", "pv")
    assert e.value.rule == "A-ROLE-BODYGUARD-5"


def test_executioner() -> None:
    """A-ROLE-EXECUTIONER-1, A-ROLE-EXECUTIONER-2, A-ROLE-EXECUTIONER-3, A-CLASS-3."""
    s = deal("EXECUTIONER", "BOSS", "PV", "PV", "DOCTOR", "SHERIFF", "MANIAC")
    quiet_day(s)
    s.move("executioner", "EXECUTIONER_WATCH", "boss")
    s.move("boss", "SHOOT", "pv")
    s.move("doctor", "HEAL", "boss")  # the axe ignores heals
    s.resolve()
    assert not s.player("boss").alive and not s.player("pv").alive
    assert s.inbox("executioner") == ["boss совершил(а) удачное враждебное действие. Казнь: удачно."]
    assert s.player("executioner").role == "EXECUTIONER"
    quiet_day(s)
    s.move("executioner", "EXECUTIONER_WATCH", "doctor")
    s.resolve()
    assert s.inbox("executioner") == ["Ничего не увидел."]


def test_executioner_becomes_psycho() -> None:
    """A-ROLE-EXECUTIONER-2, A-ITEM-EXPLOSIVE-1, A-ITEM-GEN-2."""
    s = deal("EXECUTIONER", "SHERIFF", "PV", "PV", "BOSS", "MANIAC")
    quiet_day(s)
    s.move("executioner", "EXECUTIONER_WATCH", "sheriff")
    s.move("sheriff", "SHOOT", "pv")
    s.resolve()
    assert s.player("executioner").role == "PSYCHO" and s.player("executioner").count("EXPLOSIVE") == 1


def test_jailer() -> None:
    """A-ROLE-JAILER-1, A-ROLE-JAILER-2, A-ROLE-JAILER-4, A-ROLE-JAILER-8, A-GEN-6, A-ACCESS-4."""
    s = deal("JAILER", "BOSS", "PV", "PV", "DOCTOR", "MANIAC")
    quiet_day(s)
    s.move("boss", "SHOOT", "pv")
    s.resolve()
    quiet_day(s)
    s.move("jailer", "JAILER_SIN", "boss")
    s.resolve()
    assert s.player("boss").status == "JAILED_JAILER"
    assert s.inbox("jailer") == ["boss грешен(на) и отправлен(а) в тюрьму."]
    assert "Посажен Тюремщиком: boss" in s.post()
    s.day([("doctor", "pv2"), ("maniac", "pv2"), ("jailer", "pv2")])
    s.move("jailer", "JAILER_RELEASE")
    s.resolve()
    assert s.player("pv2").status == "ALIVE" and "Выпущен из тюрьмы: pv2" in s.post()
    assert s.inbox("pv2") == ["Вы вышли из тюрьмы."]


def test_jailer_killed_opens_jail() -> None:
    """A-ROLE-JAILER-6, A-ROLE-JAILER-7, A-DAWN-6, A-ERR-2."""
    s = deal("JAILER", "BOSS", "PV", "PV", "DOCTOR", "MANIAC", "SOLDIER")
    s.day(
        [
            ("boss", "pv"),
            ("doctor", "pv"),
            ("maniac", "pv"),
            ("jailer", None),
            ("pv2", None),
            ("soldier", None),
        ]
    )
    s.resolve()
    assert s.player("pv").status == "JAILED_LYNCH"
    quiet_day(s)
    s.move("maniac", "MANIAC_QUICK", "jailer")  # the siren stops the knife (step 30)…
    s.move("boss", "SHOOT", "jailer")  # …and the shot (step 32) kills
    s.resolve()
    assert s.player("pv").status == "ALIVE"
    lines = s.post().splitlines()
    assert lines.index("Вышли из тюрьмы: pv") < lines.index("Убит: jailer (Тюремщик)")


def test_journalist_kinds() -> None:
    """A-ROLE-JOURNALIST-1, A-ROLE-JOURNALIST-2, A-ROLE-JOURNALIST-3, A-ROLE-JOURNALIST-5, A-ROLE-JOURNALIST-8,
    A-ROLE-JOURNALIST-8b (the nick beside a declined «игрок»), A-ACCESS-3, A-CLASS-5."""
    s = deal("JOURNALIST", "DOCTOR", "PV", "PV", "BOSS", "DOMOVOI", "PRIEST")
    quiet_day(s)
    s.move("journalist", "JOURNALIST_WATCH", "doctor")
    s.move("doctor", "DRINK_VODKA")
    s.move("domovoi", "DOMOVOI_BLOCK", "doctor")
    s.resolve()
    assert s.inbox("journalist") == ["doctor сидел(а) дома."]  # the Domovoi is never seen
    quiet_day(s)
    s.move("journalist", "JOURNALIST_WATCH", "pv")
    s.move("priest", "PRIEST_CONFESS", "pv")
    s.move("pv", "PV_WATCH", "boss")
    s.resolve()
    assert s.inbox("journalist") == ["pv исповедан(а).", "pv следил(а) за игроком boss."]
    with pytest.raises(Rejected):
        quiet_day(s)
        s.move("journalist", "JOURNALIST_WATCH", "journalist")


def test_prosecutor_search_and_report() -> None:
    """A-ROLE-PROSECUTOR-1, A-ROLE-PROSECUTOR-2, A-ROLE-PROSECUTOR-3."""
    s = deal("PROSECUTOR", "TELEPATH", "SHERIFF", "PV", "PV", "BOSS")
    quiet_day(s)
    s.move("prosecutor", "PROSECUTOR_SEARCH", "telepath", role="TELEPATH")
    s.resolve()
    assert s.inbox("prosecutor") == ["telepath — Телепат: да."]
    quiet_day(s)
    s.move("prosecutor", "PROSECUTOR_REPORT", "telepath")
    s.resolve()
    assert s.channel("cops", about="sheriff") == ["Сообщение от Прокурора: telepath — Телепат: да."]
    quiet_day(s)
    with pytest.raises(Rejected) as e:
        s.move("prosecutor", "PROSECUTOR_SEARCH", "pv", role="DOCTOR")
    assert e.value.code == "not_a_loner_role"


def test_prosecutor_accuses_twice_only() -> None:
    """A-ROLE-PROSECUTOR-2."""
    s = deal("PROSECUTOR", "PV", "PV", "BOSS", "DOCTOR", "MANIAC", "VAMPIRE")
    for target in ("maniac", "boss"):
        quiet_day(s)
        s.move("prosecutor", "PROSECUTOR_ACCUSE", target)
        s.resolve()
        assert s.player(target).status == "JAILED_LYNCH"  # his doubled vote alone decides
    quiet_day(s)
    with pytest.raises(Rejected):
        s.move("prosecutor", "PROSECUTOR_ACCUSE", "boss")


def test_reanimator() -> None:
    """A-ROLE-REANIMATOR-1, A-ROLE-REANIMATOR-2, A-ROLE-REANIMATOR-3, A-ROLE-REANIMATOR-4, A-CYCLE-6."""
    s = deal("REANIMATOR", "BOSS", "PV", "PV", "DOCTOR", "MANIAC")
    quiet_day(s)
    s.move("boss", "SHOOT", "pv")
    s.move("reanimator", "REANIMATE")
    s.resolve({("REANIMATE", "reanimator"): s.seat("pv")})
    assert s.player("pv").alive and s.post().splitlines()[2] == "Убит: —"
    assert s.inbox("pv") == ["Вас реанимировали."]
    assert s.inbox("reanimator") == ["Результат хода: удачно."]


def test_van_helsing_searches() -> None:
    """A-ROLE-VH-1, A-ROLE-VH-2, A-ROLE-VH-3, A-ROLE-VH-4, A-OUTCOME-6."""
    s = deal("VH", "VAMPIRE", "HORSEMAN", "PV", "PV", "BOSS")
    quiet_day(s)
    with pytest.raises(Rejected) as e:
        s.move("vh", "VH_SHOOT", "vampire")
    assert e.value.rule == "A-ROLE-VH-3"
    s.move("vh", "VH_SEARCH_VAMPIRE", "vampire")
    s.resolve()
    assert s.inbox("vh") == ["vampire — Вампир. Выстрел: удачно."]
    assert not s.player("vampire").alive


def test_nurse_reports_only_a_player_she_tested() -> None:
    """A-ROLE-NURSE-4a, A-ROLE-NURSE-4: «Сообщить Ван Хельсингу» names a result she has: the form offers only the players she
    tested, and the engine refuses any other (it used to say «удачно» and reach nobody)."""
    from nightfall.games.andorra.site.form import player_options

    s = deal("NURSE", "VAMPIRE", "PV", "PV", "VH", "BOSS", "DOCTOR")
    quiet_day(s)
    s.move("nurse", "NURSE_TEST", "vampire")
    s.resolve()
    quiet_day(s)
    report = [
        o
        for o in player_options(s.state, s.seat("nurse"), s.seat("nurse"))
        if o["action"] == "NURSE_REPORT_VH"
    ]
    assert report and report[0]["targets"] == [s.seat("vampire")]
    with pytest.raises(Rejected) as refused:
        s.move("nurse", "NURSE_REPORT_VH", "pv")
    assert refused.value.code == "not_tested"
