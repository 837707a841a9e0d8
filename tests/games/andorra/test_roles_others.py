"""Loners, Undead, recruitment and items (A-ROLE-*, A-RECRUIT, A-ITEM)."""

from __future__ import annotations

import pytest

from nightfall.engine import Rejected

from .kit import Scenario, deal, quiet_day


def test_fairy_gift_usable_next_night() -> None:
    """A-ROLE-FAIRY-1, A-ROLE-FAIRY-2, A-ROLE-FAIRY-3, A-ROLE-FAIRY-4, A-ITEM-GEN-3, A-ITEM-GIFTLIST-2, A-ITEM-GIFTLIST-3."""
    s = deal("FAIRY", "PV", "PV", "BOSS", "DOCTOR", "MANIAC")
    quiet_day(s)
    s.move("fairy", "FAIRY_GIFT", "doctor", gift="DIPLOMA")
    with pytest.raises(Rejected):
        s.move("fairy", "FAIRY_GIFT", "fairy", gift="VEST")
    s.resolve()
    assert s.inbox("doctor") == ["Вам подарили: диплом."]
    assert "DIPLOMA" not in s.state.world.fairy_stock
    quiet_day(s)
    with pytest.raises(Rejected) as e:
        s.move("fairy", "FAIRY_GIFT", "pv", gift="DIPLOMA")
    assert e.value.code == "gift_not_in_stock"
    s.move("doctor", "USE_DIPLOMA")
    s.resolve()


def test_item_not_usable_same_night() -> None:
    """A-ITEM-GEN-3, A-ITEM-GEN-4, A-MOVE-2."""
    s = deal("SHMARA", "PV", "PV", "BOSS", "DOCTOR", "MANIAC")
    quiet_day(s)
    s.move("shmara", "SHMARA_STEAL")
    s.resolve()
    assert s.player("shmara").count("CLONIDINE") == 3
    assert s.inbox("shmara") == ["Результат хода: удачно."]


def test_tour_operator() -> None:
    """A-ROLE-TOUROP-1, A-ROLE-TOUROP-2, A-ROLE-TOUROP-3, A-ROLE-TOUROP-4, A-ROLE-TOUROP-5, A-ROLE-TOUROP-6, A-BLOCK-2."""
    s = deal("TOUROP", "BOSS", "PV", "PV", "DOCTOR", "MANIAC")
    quiet_day(s)
    s.move("tourop", "TOUR_SEND", "doctor")
    s.move("doctor", "HEAL", "pv")
    s.move("boss", "SHOOT", "doctor")
    s.resolve()
    assert s.player("doctor").alive and s.player("doctor").count("SIREN") == 1
    assert s.inbox("doctor") == ["Результат хода: неудачно.", "Вы отправлены в тур."]
    quiet_day(s)
    with pytest.raises(Rejected):
        s.move("tourop", "TOUR_EXCURSION", "doctor")  # not the same player two nights running
    s.move("tourop", "TOUR_EXCURSION", "maniac")
    s.move("maniac", "MANIAC_QUICK", "pv")
    s.resolve()
    assert s.player("pv").alive and s.inbox("maniac") == [
        "Результат хода: неудачно.",
        "Вы отправлены на экскурсию.",
    ]
    quiet_day(s)
    s.resolve()
    quiet_day(s)
    with pytest.raises(Rejected) as e:
        s.move("tourop", "TOUR_SEND", "doctor")  # a tour only once per player per game
    assert e.value.code == "once_per_target"


def test_voucher() -> None:
    """A-ITEM-VOUCHER-1, A-ITEM-VOUCHER-2, A-ITEM-GEN-5."""
    s = deal("PV", "PV", "BOSS", "DOCTOR", "MANIAC", gifts={"pv": "VOUCHER"})
    quiet_day(s)
    with pytest.raises(Rejected):
        s.move("pv", "USE_VOUCHER", "pv", kind="tour")  # you cannot send yourself
    s.move("pv", "USE_VOUCHER", "maniac", kind="excursion")
    s.move("maniac", "MANIAC_QUICK", "pv2")
    s.resolve()
    assert s.player("pv2").alive and s.player("pv").count("VOUCHER") == 0


def test_maniac_bloody_kills_blocker() -> None:
    """A-ROLE-MANIAC-2, A-ROLE-MANIAC-3, A-ROLE-MANIAC-4, A-DEATH-1, A-ERR-3, A-REPORT-3."""
    s = deal("MANIAC", "GODFATHER", "PV", "PV", "BOSS", "DOCTOR", "VAMPIRE")
    quiet_day(s)
    s.move("godfather", "GF_BLOCK", "pv")
    s.move("maniac", "MANIAC_BLOODY", "pv")
    s.resolve()
    assert s.post().splitlines()[2:] == ["Убит: —", "Зарезан: pv (Мирный житель), godfather (Крёстный отец)"]


def test_maniac_torture_is_not_hostile() -> None:
    """A-ROLE-MANIAC-2, A-CLASS-7."""
    s = deal("MANIAC", "PV", "PV", "BOSS", "DOCTOR", "EXECUTIONER")
    quiet_day(s)
    s.move("maniac", "MANIAC_TORTURE", "pv")
    s.move("executioner", "EXECUTIONER_WATCH", "maniac")
    s.resolve()
    assert s.player("maniac").alive and s.state.world.has_vote_loss(2, s.seat("pv"))
    assert s.inbox("executioner") == ["Ничего не увидел."]


def test_telepath_retarget() -> None:
    """A-ROLE-TELEPATH-1, A-ROLE-TELEPATH-2, A-ROLE-TELEPATH-3, A-ROLE-TELEPATH-4, A-MSG-1, A-ORDER-9."""
    s = deal("TELEPATH", "BOSS", "PV", "PV", "DOCTOR", "MANIAC")
    quiet_day(s)
    s.move("boss", "SHOOT", "pv")
    s.move("telepath", "TELEPATH_RETARGET", "boss", new_target="maniac")
    s.resolve()
    assert s.player("pv").alive and not s.player("maniac").alive
    assert s.channel("mafia", about="boss") == ["Результат хода: удачно."]
    quiet_day(s)
    with pytest.raises(Rejected) as e:
        s.move("telepath", "TELEPATH_VOTE", "boss", vote="pv")
    assert e.value.rule == "A-ROLE-TELEPATH-3"


def test_shmara() -> None:
    """A-ROLE-SHMARA-1, A-ROLE-SHMARA-2, A-ROLE-SHMARA-3, A-ROLE-SHMARA-4, A-ROLE-SHMARA-5, A-ITEM-CLONIDINE-1, A-SETUP-10."""
    s = deal("SHMARA", "SHERIFF", "PV", "PV", "BOSS", "DOCTOR", "MANIAC")
    quiet_day(s)
    s.move("shmara", "SHMARA_CLONIDINE", "sheriff")
    s.move("boss", "SHOOT", "sheriff")  # the stolen vest no longer protects at 32
    s.resolve({("SHMARA_ITEM", "shmara"): "VEST"})
    assert not s.player("sheriff").alive and s.player("shmara").count("VEST") == 1
    assert s.player("shmara").count("CLONIDINE") == 1
    prompt = next(p for p in s.state.audits[-1]["prompts"] if p["kind"] == "SHMARA_ITEM")
    assert prompt["params"]["items"] == ["PISTOL", "VEST", "VODKA"] and prompt["options"] == ["VEST", "VODKA"]
    quiet_day(s)
    with pytest.raises(Rejected):
        s.move("shmara", "SHMARA_NIGHT", "sheriff")
    s.move("shmara", "SHMARA_NIGHT", "pv")
    s.resolve()
    assert s.state.world.has_vote_loss(3, s.seat("pv"))


def test_clonidine_kills_next_night_unless_cured() -> (
    None
):  # A-HAR-EFFECT, A-HEAL-4, A-ITEM-ANTIDOTE-1, A-ITEM-ANTIDOTE-2, Q-17
    s = deal("SHMARA", "PV", "PV", "BOSS", "DOCTOR", "MANIAC", gifts={"pv2": "ANTIDOTE"})
    quiet_day(s)
    s.move("shmara", "SHMARA_CLONIDINE", "pv")
    s.move("boss", "POISON", "pv2")
    s.resolve()
    assert s.inbox("pv") == ["отравлен"] and s.inbox("pv2") == ["отравлен"]
    quiet_day(s)
    s.move("pv2", "USE_ANTIDOTE", "pv2")
    s.resolve()
    assert not s.player("pv").alive and s.player("pv2").alive
    assert s.player("shmara").sinful and not s.player("boss").sinful  # A-SIN-1: only a death makes sinful


def test_psycho_revenge_on_pistol() -> None:
    """A-ROLE-PSYCHO-1, A-ROLE-PSYCHO-3, A-ROLE-PSYCHO-4, A-ROLE-PSYCHO-7, A-DEATH-3."""
    s = deal("PSYCHO", "BOSS", "PV", "PV", "DOCTOR", "MANIAC", "SOLDIER")
    quiet_day(s)
    s.move("boss", "SHOOT", "psycho")
    s.resolve()
    assert s.post().splitlines()[2] == "Убит: psycho (Псих), boss (Босс мафии)"


def test_rebel_recruits_and_shoots() -> None:
    """A-ROLE-REBEL-1, A-ROLE-REBEL-2, A-ROLE-REBEL-3, A-ROLE-REBEL-4, A-ROLE-REBEL-5, A-ROLE-REBEL-6, A-ROLE-REBEL-7, A-SETUP-15, A-FACT-3, A-RECRUIT-6."""
    # A-ROLE-REBEL-7a
    s = deal("REBEL", "NURSE", "PV", "PV", "PV", "BOSS", "DOCTOR", "VAMPIRE")
    for target, answer in (("nurse", "нет"), ("nurse", None), ("pv", "да"), ("pv2", "да")):
        quiet_day(s)
        with pytest.raises(Rejected):
            s.move("rebel", "REBEL_SHOOT", "boss")
        s.move("rebel", "REBEL_RECRUIT", target)
        s.resolve({("RECRUIT_ASK", target): answer})
    assert s.player("nurse").follower and s.player("nurse").role == "NURSE"  # forced on the second try
    assert s.player("pv").faction == "LONERS"
    quiet_day(s)
    s.move("pv", "REBEL_SHOOT", "boss")
    s.resolve()
    assert s.player("boss").count("VEST") == 0
    assert "Бунтарь и последователи: rebel, nurse" in s.inbox("pv2", day=5)[-1]


def test_rebel_succession() -> None:
    """A-ROLE-REBEL-8, A-DAWN-5, A-RCHANGE-1."""
    s = deal("REBEL", "PV", "PV", "BOSS", "DOCTOR", "VAMPIRE", "MANIAC")
    quiet_day(s)
    s.move("rebel", "REBEL_RECRUIT", "pv")
    s.resolve({("RECRUIT_ASK", "pv"): "да"})
    quiet_day(s)
    s.move("maniac", "MANIAC_QUICK", "rebel")
    s.resolve()
    assert s.player("pv").role == "REBEL" and not s.player("pv").follower
    assert s.inbox("pv") == ["Ваша новая роль: Бунтарь."]


def test_domovoi() -> None:
    """A-ROLE-DOMOVOI-1, A-ROLE-DOMOVOI-2, A-ROLE-DOMOVOI-3, A-ROLE-DOMOVOI-4, A-ROLE-DOMOVOI-5, A-ROLE-DOMOVOI-6, A-ROLE-DOMOVOI-7."""
    s = deal("DOMOVOI", "PRIEST", "VAMPIRE", "PV", "PV", "BOSS", "DOCTOR")
    quiet_day(s)
    with pytest.raises(Rejected) as e:
        s.move("domovoi", "DOMOVOI_BURN", "priest")
    assert e.value.code == "no_energy"
    s.move("domovoi", "DOMOVOI_BLOCK", "vampire")
    s.resolve()
    assert s.inbox("domovoi") == ["vampire — Вампир."]
    quiet_day(s)
    s.move("domovoi", "DOMOVOI_BLOCK", "priest")
    s.move("priest", "PRIEST_BLESS", "pv")
    s.resolve()
    # the blessing (12) stands, but the Priest "does not remember" (A-BLOCK-2)
    assert s.inbox("domovoi") == ["priest — Священник."] and s.inbox("priest") == [
        "Результат хода: неудачно."
    ]
    assert s.state.world.has_vote_loss(3, s.seat("priest"))
    quiet_day(s)
    with pytest.raises(Rejected):
        s.move("domovoi", "DOMOVOI_BLOCK", "priest")
    s.resolve()  # skipped: energy 1
    quiet_day(s)
    s.move("domovoi", "DOMOVOI_BURN", "priest")
    s.resolve()
    assert not s.player("priest").alive and s.player("domovoi").energy == 0


def test_horseman() -> None:
    """A-ROLE-HORSEMAN-1, A-ROLE-HORSEMAN-2, A-ROLE-HORSEMAN-3, A-ROLE-HORSEMAN-4, A-ERR-4."""
    s = deal("HORSEMAN", "VH", "PV", "PV", "BOSS", "REANIMATOR", "DOCTOR")
    quiet_day(s)
    s.move("horseman", "HORSEMAN_SEARCH", "reanimator")
    s.move("reanimator", "REANIMATE")
    s.resolve()
    assert s.inbox("horseman") == ["reanimator — не Ван Хельсинг."]
    assert s.inbox("reanimator") == ["Результат хода: неудачно."]  # frozen; not told why
    quiet_day(s)
    s.move("horseman", "HORSEMAN_SEARCH", "vh")
    s.resolve()
    assert s.inbox("horseman") == ["vh — Ван Хельсинг.", "Казнь: удачно."]
    assert not s.player("vh").alive


def test_shmara_preference_list_takes_the_first_listed_item_without_a_question() -> None:
    # A-ROLE-SHMARA-5, Q-42: a listed item she can take is taken automatically
    s = deal("SHMARA", "SHERIFF", "PV", "PV", "BOSS", "DOCTOR", "MANIAC")
    quiet_day(s)
    s.move("shmara", "SHMARA_CLONIDINE", "sheriff", take=["ANTIDOTE", "VODKA", "VEST"])
    s.resolve()  # no answers given: it would stop here if she were asked
    assert s.player("shmara").count("VODKA") == 1 and s.player("sheriff").count("VEST") == 1
    assert not [p for p in s.state.audits[-1]["prompts"] if p["kind"] == "SHMARA_ITEM"]
    assert "У вас пропал предмет: водка." in s.channel("cops", about="sheriff")  # A-CLAN-7a


def test_shmara_is_asked_when_nothing_listed_can_be_taken() -> None:
    """A-ROLE-SHMARA-5."""
    s = deal("SHMARA", "SHERIFF", "PV", "PV", "BOSS", "DOCTOR", "MANIAC")
    quiet_day(s)
    s.move("shmara", "SHMARA_CLONIDINE", "sheriff", take=["ANTIDOTE"])
    s.resolve({("SHMARA_ITEM", "shmara"): "VEST"})
    prompt = next(p for p in s.state.audits[-1]["prompts"] if p["kind"] == "SHMARA_ITEM")
    assert prompt["default"] is None and s.player("shmara").count("VEST") == 1


def test_stake_hunt() -> None:
    """A-STAKE-1, A-STAKE-2, A-STAKE-3, A-STAKE-4, A-STAKE-6, A-STAKE-7, A-OUTCOME-3, A-OUTCOME-4, A-OUTCOME-5, A-ROLE-UNDEAD-1, A-ROLE-UNDEAD-3."""
    s = deal("VAMPIRE", "DOMOVOI", "PV", "PV", "PV", "BOSS", "DOCTOR")
    quiet_day(s)
    with pytest.raises(Rejected) as e:
        s.move("domovoi", "STAKE", "vampire")
    assert e.value.rule == "A-ROLE-UNDEAD-1"
    for n in ("pv", "pv2", "pv3"):
        s.move(n, "STAKE", "vampire")
    s.resolve()
    assert not s.player("vampire").alive
    assert all(s.player(n).sinful for n in ("pv", "pv2", "pv3"))
    assert s.inbox("pv") == ["Результат хода: удачно."]
    quiet_day(s)
    for n in ("pv", "pv2", "boss"):
        s.move(n, "STAKE", "doctor")
    s.resolve()
    assert s.player("doctor").alive and s.player("doctor").count("SIREN") == 1
    assert s.inbox("pv") == ["Результат хода: неудачно."]


def test_mafia_recruitment_choice_and_cap() -> None:
    """A-RECRUIT-1, A-RECRUIT-2, A-RECRUIT-7, A-RECRUIT-8, A-RECRUIT-9, A-RECRUIT-13, A-ROLE-RECRUITER-1, A-ROLE-RECRUITER-2, A-ROLE-RECRUITER-3, A-ROLE-RECRUITER-4, A-ROLE-RECRUITER-5, A-ROLE-RECRUITER-6, A-ERR-12."""
    # A-DAWN-4
    # A-CLAN-7a
    s = deal("RECRUITER:red", "RECRUITER:black", "PV", "DOCTOR", "MANIAC", "VAMPIRE", "REBEL", two_clans=True)
    quiet_day(s)
    s.move("recruiter", "RECRUIT", "pv")
    s.move("recruiter2", "RECRUIT", "pv")
    s.move("rebel", "REBEL_RECRUIT", "doctor")  # unrecruitable: a notice only
    s.resolve({("RECRUIT_CHOICE", "pv"): "вербовка 2"})
    assert s.inbox("pv")[0] == (
        "Вам поступили предложения о вербовке: «вербовка 1», «вербовка 2». Вы выбрали «вербовка 2»."
    )
    assert s.player("pv").role == "SOLDIER" and s.player("pv").clan in ("mafia:red", "mafia:black")
    assert s.inbox("doctor") == ["Вам поступило предложение о вербовке."]
    assert s.channel("rebel", about="rebel") == ["Результат хода: неудачно."]  # A-CLAN-7


def test_sheriff_recruit_priority() -> None:
    """A-RECRUIT-10, A-RECRUIT-11, A-ROLE-SHERIFF-1, A-ROLE-SHERIFF-2, A-ROLE-SHERIFF-3, A-RECRUIT-5, A-ROLE-COPS-1, A-CLAN-3."""
    # A-DAWN-2
    s = deal("SHERIFF", "RECRUITER", "PV", "PV", "MANIAC", "VAMPIRE")
    quiet_day(s)
    s.move("sheriff", "SHERIFF_RECRUIT", "pv")
    s.move("recruiter", "RECRUIT", "pv")
    s.resolve()
    assert s.player("pv").role == "INVESTIGATOR" and s.player("pv").count("SIREN") >= 1
    assert s.inbox("pv") == [
        "Вас завербовал Шериф. Ваша роль: Следователь. Шериф: sheriff.",
        "Вам поступило предложение о вербовке.",
    ]
    quiet_day(s)
    with pytest.raises(Rejected) as e:
        s.move("sheriff", "SHERIFF_RECRUIT", "pv2")
    assert e.value.rule == "A-ROLE-SHERIFF-2"
    s.move("pv", "SHOOT", "maniac", by="sheriff")  # the Sheriff sends the Investigator's move


def test_cops_succession_on_jailing() -> None:
    """A-ROLE-COPS-2, A-ROLE-COPS-3, A-ROLE-COPS-4, A-TALLY-11, A-RCHANGE-1."""
    s = deal("SHERIFF", "INVESTIGATOR", "PV", "PV", "BOSS", "MANIAC")
    s.day(
        [("pv", "sheriff"), ("boss", "sheriff"), ("maniac", "sheriff"), ("pv2", None), ("investigator", None)]
    )
    s.resolve()
    assert s.player("investigator").role == "SHERIFF"
    assert s.channel("cops", about="investigator") == []
    assert s.inbox("investigator") == ["Ваша новая роль: Шериф."]


def test_boss_card_and_doctor_card() -> None:
    """A-ITEM-CARDBOSS-1, A-ITEM-CARDBOSS-2, A-ITEM-CARDDOC-1, A-ITEM-CARDDOC-2, A-ITEM-CARDSHERIFF-1, A-ITEM-CARDSHERIFF-2, A-ITEM-CARDJOUR-1, A-ITEM-CARDJOUR-2."""
    # A-DAWN-3
    s = deal(
        "BOSS",
        "PV",
        "PV",
        "PV",
        "DOCTOR",
        "MANIAC",
        "SHERIFF",
        "JOURNALIST",
        gifts={"pv": "CARD_BOSS", "pv2": "CARD_DOCTOR", "pv3": "CARD_SHERIFF"},
    )
    quiet_day(s)
    s.move("pv", "USE_CARD_BOSS", "journalist")
    s.move("pv2", "USE_CARD_DOCTOR", "pv3")
    s.move("doctor", "HEAL", "doctor")
    s.move("maniac", "MANIAC_QUICK", "pv3")
    s.resolve()
    assert s.player("pv3").alive  # the Doctor was sent to pv3
    assert s.player("journalist").role == "JOURNALIST_SOLDIER"
    assert s.inbox("journalist")[0].startswith("Вы завербованы в клан мафии. Ваша роль: Журналист-рядовой.")
    quiet_day(s)
    s.move("pv3", "USE_CARD_SHERIFF", "maniac")
    s.move("sheriff", "SHOOT", "boss")
    s.resolve()
    assert not s.player("maniac").alive and s.player("boss").count("VEST") == 1


def test_ghoul_keeps_role_and_undead_rules() -> None:
    """A-ROLE-GHOUL-2, A-ROLE-GHOUL-3, A-ROLE-GHOUL-4, A-FACT-4, A-WIN-7, A-SETUP-14, A-ROLE-VAMPIRE-4, A-ROLE-VAMPIRE-5, A-ROLE-VAMPIRE-7, A-TALLY-8."""
    s = deal("VAMPIRE", "NURSE", "PV", "PV", "BOSS", "MANIAC")
    for _ in range(2):
        quiet_day(s)
        s.move("vampire", "BITE", "nurse")
        s.resolve()
    assert s.player("nurse").ghoul and s.player("nurse").faction == "UNDEAD"
    from nightfall.games.andorra import AndorraGame

    assert [k["nick"] for k in AndorraGame().view(s.state, s.seat("vampire"))["me"]["knows"]] == ["nurse"]
    quiet_day(s)
    with pytest.raises(Rejected):
        s.move("nurse", "STAKE", "boss")
    s.move("nurse", "NURSE_TEST", "pv")
    s.move("vampire", "VAMPIRE_GHOUL_VOTE", "nurse", vote="boss")
    s.resolve()
    assert s.state.audits[-1]["tally"]["result"]["jailed"] == s.seat("boss")


def test_telepath_retarget_to_invalid_target_fails() -> None:  # A-ROLE-TELEPATH-4, Q-19
    s = deal("TELEPATH", "BODYGUARD", "PV", "PV", "BOSS", "DOCTOR")
    quiet_day(s)
    s.move("bodyguard", "PROTECT", "pv")
    s.resolve()
    quiet_day(s)
    s.move("bodyguard", "PROTECT", "pv2")
    s.move("telepath", "TELEPATH_RETARGET", "bodyguard", new_target="pv")  # same player as last night
    s.resolve()
    assert s.inbox("bodyguard") == ["Результат хода: неудачно."]
    assert s.inbox("telepath") == ["Результат хода: удачно."]


def test_sheriff_card_respects_depression() -> None:
    """A-ITEM-CARDSHERIFF-2, A-ROLE-SHERIFF-5."""
    s = deal(
        "SHERIFF", "PV", "PV", "BOSS", "DOCTOR", "MANIAC", gifts={"pv": "CARD_SHERIFF", "pv2": "DIPLOMA"}
    )
    s.player("pv2").take("VODKA")
    quiet_day(s)
    s.move("sheriff", "SHOOT", "pv2")
    s.resolve()
    assert s.player("sheriff").depressed_night == 2
    quiet_day(s)
    s.move("pv", "USE_CARD_SHERIFF", "maniac")
    s.resolve()
    assert s.player("maniac").alive


def _rebel_with_followers(*extra: str) -> Scenario:
    """The Rebel with three Followers (pv, pv2, nurse), as recruitment would leave them."""
    s = deal("REBEL", "PV", "PV", "NURSE", "BOSS", "DOCTOR", "VAMPIRE", "MANIAC", *extra)
    for nick in ("pv", "pv2", "nurse"):
        p = s.player(nick)
        p.clan, p.follower, p.faction, p.join_key = "rebel", True, "LONERS", [0, p.seat]
    return s


def test_rebel_group_loses_its_shot_during_the_night() -> None:
    """A-ROLE-REBEL-6b, A-ROLE-REBEL-6: Seed: «Если их количество становится меньше трёх — они теряют возможность выстрела»: the
    Maniac (step 30) kills a Follower before the group's shot (step 31), which then does not happen."""
    s = _rebel_with_followers()
    quiet_day(s)
    s.move("maniac", "MANIAC_QUICK", "pv2")
    s.move("rebel", "REBEL_SHOOT", "boss")
    s.resolve()
    assert not s.player("pv2").alive
    assert s.player("boss").count("VEST") == 1, "the shot did not happen: the Boss's vest is untouched"
    act = s.state.audits[-1]["acts"][str(s.seat("rebel"))]
    assert (act["state"], act["result"]) == ("CANCELLED", "FAIL")


def test_rebel_group_keeps_its_shot_with_three() -> None:
    """A-ROLE-REBEL-6b, A-ROLE-REBEL-7."""
    s = _rebel_with_followers()
    quiet_day(s)
    s.move("maniac", "MANIAC_QUICK", "doctor")
    s.move("rebel", "REBEL_SHOOT", "boss")
    s.resolve()
    assert s.player("boss").count("VEST") == 0
