"""Smaller rules: items, blocks, clan limits, penalties, the PV's choices."""

from __future__ import annotations

import pytest

from nightfall.engine import Rejected
from nightfall.games.andorra import AndorraGame

from .kit import deal, quiet_day

G = AndorraGame()


def test_no_blood_vote() -> None:
    """A-GEN-8, A-VOTE-6, A-VOTE-2."""
    s = deal("BOSS", "PV", "PV", "DOCTOR", "MANIAC")
    s.player("pv").take("SIREN")
    s.player("pv").take("VEST")
    quiet_day(s)
    s.move("maniac", "MANIAC_QUICK", "pv")
    s.resolve()
    with pytest.raises(Rejected) as e:
        s.vote("pv", "boss")
    assert e.value.code == "not_eligible"


def test_penalty_entries_are_not_voters() -> None:
    """A-VOTE-13."""
    from nightfall.games.andorra.tally import swindler_window

    entries: dict[int, dict[str, int | None]] = {
        1: {"ts": 5, "seq": 1},
        2: {"ts": None, "seq": None},
        3: {"ts": 7, "seq": 2},
    }
    assert swindler_window(entries, 11) == ([1, 3], 2)


def test_full_tally_option() -> None:
    """A-TALLY-12, A-REPORT-3."""
    s = deal("BOSS", "PV", "PV", "DOCTOR", "MANIAC", options={"show_full_tally": True})
    s.day([("boss", "pv"), ("pv", "boss"), ("pv2", "boss"), ("doctor", None), ("maniac", None)])
    s.resolve()
    assert s.post().splitlines()[2] == "Итоги голосования: boss — 2, pv — 1"


def test_blocked_bodyguard_keeps_protecting() -> None:
    """A-BLOCK-3, A-ROLE-SHMARA-2."""
    s = deal("BODYGUARD", "SHMARA", "PV", "PV", "BOSS", "SOLDIER", "DOCTOR")
    quiet_day(s)
    s.move("bodyguard", "PROTECT", "pv")
    s.move("shmara", "SHMARA_NIGHT", "bodyguard")
    s.move("soldier", "SHOOT", "pv", by="boss")
    s.resolve()
    assert s.player("pv").alive and not s.player("soldier").alive
    assert s.inbox("bodyguard") == ["Результат хода: неудачно."]  # "does not remember"


def test_clan_diploma_and_personal_items() -> None:
    """A-ITEM-GEN-1, A-ITEM-DIPLOMA-2, A-CLAN-4."""
    s = deal("BOSS", "SOLDIER", "PV", "PV", "DOCTOR", "MANIAC")
    s.day(
        [
            ("soldier", "maniac"),
            ("boss", "pv"),
            ("pv", "boss"),
            ("pv2", None),
            ("doctor", None),
            ("maniac", None),
        ]
    )
    s.move("soldier", "USE_DIPLOMA", by="boss", clan=True)
    s.resolve()
    assert s.state.world.clans["mafia"].diploma == 0
    assert s.state.audits[-1]["tally"]["result"]["jailed"] == s.seat("maniac")


def test_item_use_on_inaccessible_target_keeps_item() -> None:
    """A-ITEM-GEN-6, A-ITEM-GEN-5, A-ITEM-VODKA-4."""
    s = deal("BOSS", "PV", "PV", "DOCTOR", "MANIAC", gifts={"pv": "CARD_DOCTOR"})
    s.player("maniac").give("VODKA", 0)
    quiet_day(s)
    s.move("maniac", "DRINK_VODKA")  # any holder may drink
    s.move("pv", "USE_CARD_DOCTOR", "maniac")
    s.resolve()
    assert s.player("pv").count("CARD_DOCTOR") == 1 and s.inbox("pv") == ["Результат хода: неудачно."]
    assert s.state.world.has_vote_loss(2, s.seat("maniac"))


def test_incomplete_stake_keeps_siren() -> None:
    """A-ITEM-SIREN-4, A-STAKE-3."""
    s = deal("VAMPIRE", "PV", "PV", "BOSS", "DOCTOR", "MANIAC")
    s.player("vampire").give("SIREN", 0)
    quiet_day(s)
    s.move("pv", "STAKE", "vampire")
    s.move("pv2", "STAKE", "vampire")
    s.resolve()
    assert s.player("vampire").count("SIREN") == 1


def test_gifted_poison_and_priest_poisoned() -> None:
    """A-ITEM-POISON-3, A-ITEM-POISON-4, A-OUTCOME-14."""
    s = deal("PRIEST", "PV", "PV", "BOSS", "DOCTOR", "MANIAC", gifts={"pv": "POISON"})
    quiet_day(s)
    s.move("pv", "GIFT_POISON", "priest")
    s.resolve()
    assert s.inbox("priest") == ["отравлен"] and s.player("pv").count("POISON") == 0
    quiet_day(s)
    s.resolve()
    assert not s.player("priest").alive and s.player("pv").sinful


def test_boss_search_sheriff() -> None:
    """A-ROLE-BOSS-4, A-ROLE-BOSS-2."""
    s = deal("BOSS", "SHERIFF", "PV", "PV", "DOCTOR", "MANIAC")
    quiet_day(s)
    s.move("boss", "SEARCH_SHERIFF", "doctor")
    s.resolve()
    assert s.channel("mafia", about="boss") == ["doctor — не Шериф."]
    quiet_day(s)
    s.move("boss", "SEARCH_SHERIFF", "sheriff")
    s.resolve()
    assert s.channel("mafia", about="boss") == ["sheriff — Шериф. Выстрел: удачно."]  # into the vest


def test_journalist_soldier_watches() -> None:
    """A-ROLE-JOURNALIST-4, A-ROLE-JOURNALIST-6."""
    s = deal("BOSS", "RECRUITER", "JOURNALIST", "PV", "DOCTOR", "MANIAC", "VAMPIRE")
    quiet_day(s)
    s.move("recruiter", "RECRUIT", "journalist", by="boss")
    s.resolve({("RECRUIT_ASK", "journalist"): "да"})
    assert s.player("journalist").role == "JOURNALIST_SOLDIER"
    quiet_day(s)
    s.move("journalist", "JOURNALIST_WATCH", "doctor", by="boss")
    s.resolve()
    assert s.channel("mafia", about="journalist") == ["doctor сидел(а) дома."]
    quiet_day(s)
    s.move("journalist", "SHOOT", "pv", by="boss")  # a Soldier too


def test_clan_cap() -> None:
    """A-RECRUIT-12, A-ERR-11, A-ROLE-MAFIA-1."""
    s = deal("BOSS", "RECRUITER", "SOLDIER", "SOLDIER", "SOLDIER", "PV", "PV", "DOCTOR", "MANIAC")
    quiet_day(s)
    with pytest.raises(Rejected) as e:
        s.move("recruiter", "RECRUIT", "pv", by="boss")
    assert e.value.rule == "A-RECRUIT-12"


def test_pv_sees_poisoning_and_coin_for_same_role() -> None:
    """A-ROLE-PV-4, A-ROLE-PV-7, A-DAWN-1."""
    s = deal("BOSS", "PV", "PV", "DOCTOR", "MANIAC", "VAMPIRE", gifts={"pv": "DIPLOMA", "pv2": "DIPLOMA"})
    s.player("doctor").take("SIREN")
    quiet_day(s)
    s.move("boss", "POISON", "doctor")
    s.move("pv", "PV_WATCH", "doctor")
    s.move("pv2", "PV_WATCH", "doctor")
    s.resolve({("PV_ROLE", "pv"): "NURSE", ("PV_ROLE", "pv2"): "NURSE"})
    roles = sorted([s.player("pv").role, s.player("pv2").role])
    assert roles == ["NURSE", "PV"]
    assert "NURSE" in s.state.world.roles_taken


def test_follower_pv_choices() -> None:
    """A-ROLE-PV-3, A-ROLE-PV-3a, A-ROLE-PV-6: Seed: «Если уже был завербован Бунтарём, то не может выбрать клановую роль, или
    невербуемую роль, или Нечисть» — a closed list: the Godfather (no clan, not «невербуемая»)
    is allowed."""
    from nightfall.games.andorra.night.ctx import Night
    from nightfall.games.andorra.night.dawn import free_roles

    s = deal("REBEL", "PV", "BOSS", "DOCTOR")
    p = s.player("pv")
    p.follower = True
    got = free_roles(Night(world=s.state.world, n=1), p)
    assert got == [
        "GODFATHER",
        "NURSE",
        "REANIMATOR",
        "VH",
        "JOURNALIST",
        "FAIRY",
        "TOUROP",
        "MANIAC",
        "TELEPATH",
        "SHMARA",
        "PSYCHO",
        "SWINDLER",
    ]


def test_one_move_so_no_times_four() -> None:
    """A-ERR-5, A-MOVE-2, A-VOTE-21."""
    s = deal("PROSECUTOR", "PV", "PV", "BOSS", "DOCTOR", "MANIAC")
    s.player("prosecutor").give("DIPLOMA", 0)
    s.day(
        [
            ("prosecutor", "boss"),
            ("pv", None),
            ("pv2", None),
            ("boss", None),
            ("doctor", None),
            ("maniac", None),
        ]
    )
    s.move("prosecutor", "USE_DIPLOMA")
    s.move("prosecutor", "PROSECUTOR_ACCUSE", "maniac")  # replaces the diploma: one move per night
    s.resolve()
    assert s.state.audits[-1]["tally"]["entries"][s.seat("prosecutor")]["weight"] == 2
    assert s.player("prosecutor").count("DIPLOMA") == 1


def test_blocked_after_staying_home_gets_nothing() -> None:
    """A-ERR-8, A-BLOCK-2."""
    s = deal("MAYOR", "PV", "PV", "BOSS", "DOCTOR", "MANIAC")
    quiet_day(s)
    s.move("mayor", "MAYOR_BLOCK", "pv")
    s.move("pv2", "STAY_HOME")
    s.move("doctor", "HEAL", "pv2")
    s.resolve()
    assert s.inbox("pv") == [] and s.inbox("pv2") == []


def test_no_passive_notices_to_the_dead() -> None:
    """A-ERR-10, A-RES-1."""
    s = deal("SHERIFF", "BOSS", "PSYCHO", "PV", "PV", "DOCTOR")
    quiet_day(s)
    s.move("boss", "SHOOT", "sheriff")  # step 32: the vest absorbs it…
    s.move("psycho", "EXPLODE", "sheriff")  # …step 34 kills
    s.resolve()
    assert not s.player("sheriff").alive and s.player("sheriff").count("VEST") == 0
    assert s.channel("cops", about="sheriff") == []


def test_reveal_all_at_end_option() -> None:
    """A-REPORT-7."""
    s = deal("PV", "PV", "PV", "MANIAC", options={"reveal_all_at_end": True})
    s.day([("pv", "maniac"), ("pv2", "maniac"), ("pv3", None), ("maniac", None)])
    s.resolve()
    assert s.post().splitlines()[-2:] == [
        "Победили: Мирные",
        "Роли: pv — Мирный житель, pv2 — Мирный житель, pv3 — Мирный житель, maniac — Маньяк",
    ]


def test_sheriff_forced_by_card_is_told_whom_he_shot() -> None:
    """A-ITEM-CARDSHERIFF-3, A-ITEM-CARDSHERIFF-2: The card replaces his move by a shot: his result names whom he shot and says his own move
    did not happen (it used to say only «удачно», then the depression)."""
    s = deal("SHERIFF", "PV", "PV", "PV", "BOSS", "DOCTOR", "MANIAC", gifts={"pv": "CARD_SHERIFF"})
    quiet_day(s)
    s.move("sheriff", "SEARCH_BOSS", "boss")
    s.move("pv", "USE_CARD_SHERIFF", "pv2")
    s.resolve()
    assert not s.player("pv2").alive
    got = s.channel("cops", about="sheriff")
    assert got[0] == "По визитке шерифа вы выстрелили в pv2: удачно. Ваш собственный ход не состоялся."
    assert got[1].startswith("Вы убили мирного жителя")


def test_sheriff_forced_by_card_without_own_move() -> None:
    """A-ITEM-CARDSHERIFF-3."""
    s = deal("SHERIFF", "PV", "PV", "PV", "BOSS", "DOCTOR", "MANIAC", gifts={"pv": "CARD_SHERIFF"})
    quiet_day(s)
    s.move("pv", "USE_CARD_SHERIFF", "boss")
    s.resolve()
    assert s.channel("cops", about="sheriff") == ["По визитке шерифа вы выстрелили в boss: удачно."]
