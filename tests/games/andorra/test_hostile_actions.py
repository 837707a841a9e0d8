"""Hostile-action resolution: access, immunity, protections, outcomes (A-HAR, A-PROT, A-OUTCOME)."""

from __future__ import annotations

import pytest

from .kit import deal, quiet_day


def test_siren_stops_two_clans_at_once() -> None:
    """A-ITEM-SIREN-1, A-ITEM-SIREN-2, A-OUTCOME-1, A-ORDER-4, A-ITEM-SIREN-5."""
    s = deal("BOSS:red", "BOSS:black", "DOCTOR", "PV", "PV", "MANIAC", two_clans=True)
    quiet_day(s)
    s.move("boss", "SHOOT", "doctor")
    s.move("boss2", "SHOOT", "doctor")
    s.resolve()
    assert s.player("doctor").alive and s.player("doctor").count("SIREN") == 0
    assert s.channel("mafia:red", about="boss") == ["Результат хода: неудачно."]
    assert s.channel("mafia:black", about="boss2") == ["Результат хода: неудачно."]
    assert s.inbox("doctor") == ["Ваша сирена сработала."]


def test_vest_absorbs_shots_same_step() -> None:
    """A-ITEM-VEST-1, A-ITEM-VEST-3, A-ITEM-VEST-4, A-OUTCOME-2."""
    s = deal("BOSS:red", "BOSS:black", "SHERIFF", "PV", "PV", "MANIAC", two_clans=True)
    quiet_day(s)
    s.move("boss", "SHOOT", "sheriff")
    s.move("boss2", "SHOOT", "sheriff")
    s.resolve()
    assert s.player("sheriff").alive and s.player("sheriff").count("VEST") == 0
    assert s.channel("mafia:red", about="boss") == ["Результат хода: удачно."]


def test_vest_ignored_by_knife_and_explosion() -> None:
    """A-ITEM-VEST-2, A-ROLE-MANIAC-1, A-ROLE-PSYCHO-2."""
    s = deal("BOSS", "SHERIFF", "MANIAC", "PSYCHO", "PV", "PV", "REANIMATOR")
    quiet_day(s)
    s.move("maniac", "MANIAC_QUICK", "sheriff")
    s.move("psycho", "EXPLODE", "reanimator")
    s.resolve()
    assert not s.player("sheriff").alive and not s.player("reanimator").alive
    assert s.player("sheriff").count("VEST") == 1
    assert s.post().splitlines()[2] == "Убит: sheriff (Шериф), reanimator (Реаниматор)"


def test_blessing_reflects_first() -> None:
    """A-PROT-1, A-HAR, A-ROLE-PRIEST-5, A-ORDER-7."""
    s = deal("BOSS", "SOLDIER", "PRIEST", "PV", "PV", "BODYGUARD")
    quiet_day(s)
    s.move("priest", "PRIEST_BLESS", "pv")
    s.move("bodyguard", "PROTECT", "pv")
    s.move("soldier", "SHOOT", "pv", by="boss")
    s.resolve()
    assert s.player("pv").alive and not s.player("soldier").alive  # the reflected shot kills the soldier
    assert not s.player("bodyguard").sinful  # A-ERR-13: the Bodyguard did not shoot
    assert s.inbox("bodyguard") == ["Результат хода: удачно."]
    assert not s.player("pv").sinful and not s.player("priest").sinful


def test_bodyguard_not_against_undead() -> None:
    """A-ROLE-BODYGUARD-5, A-PROT-3, A-HAR."""
    s = deal("VAMPIRE", "BODYGUARD", "PV", "PV", "DOCTOR", "BOSS")
    quiet_day(s)
    s.move("bodyguard", "PROTECT", "pv")
    s.move("vampire", "BITE", "pv")
    s.resolve()
    assert s.player("pv").bitten_night == 1 and s.player("vampire").alive
    assert s.inbox("pv") == ["отравлен"]


def test_cross_before_siren() -> None:
    """A-PROT-3, A-OUTCOME-21, A-ITEM-CROSS-1, A-ITEM-CROSS-3, A-ROLE-PRIEST-3."""
    s = deal("VAMPIRE", "PRIEST", "DOCTOR", "PV", "PV", "BOSS")
    quiet_day(s)
    s.move("priest", "PRIEST_CONFESS", "doctor")
    s.resolve()
    assert s.player("doctor").count("CROSS") == 1
    assert s.inbox("doctor") == ["Вас исповедали. Вы получили крестик."]
    assert s.inbox("priest") == ["doctor не грешен(на)."]
    quiet_day(s)
    s.move("vampire", "BITE", "doctor")
    s.resolve()
    assert s.player("doctor").count("CROSS") == 0 and s.player("doctor").count("SIREN") == 1
    assert s.inbox("vampire") == ["Результат хода: неудачно."]
    assert s.inbox("doctor") == ["Ваш крестик отпугнул вампира."]


def test_immunity_consumes_nothing() -> None:  # A-PROT-4, A-OUTCOME-23, A-OUTCOME-12, A-ROLE-UNDEAD-6, Q-10
    s = deal("BOSS", "BODYGUARD", "PRIEST", "VH", "VAMPIRE", "PV", "DOMOVOI")
    s.player("vh").give("SIREN", 0)
    quiet_day(s)
    s.move("bodyguard", "PROTECT", "priest")
    s.move("boss", "SHOOT", "priest")
    s.move("vampire", "BITE", "vh")
    s.resolve()
    assert s.player("vh").count("SIREN") == 1 and s.player("vh").bitten_night is None
    assert s.player("boss").alive  # no response shot: the Priest was immune
    assert s.inbox("vampire") == ["Результат хода: неудачно."]


def test_clan_same_type_rejected() -> None:
    """A-CLAN-5, A-CLAN-6, A-ROLE-MAFIA-4, A-STAKE-5."""
    from nightfall.engine import Rejected

    s = deal("BOSS", "SOLDIER", "PRIEST", "VH", "VAMPIRE", "PV", "DOMOVOI")
    quiet_day(s)
    s.move("boss", "SHOOT", "priest")
    with pytest.raises(Rejected) as e:
        s.move("soldier", "SHOOT", "pv", by="boss")
    assert e.value.rule == "A-CLAN-5" and e.value.params["player"] == "soldier"
    s.move("soldier", "STAKE", "vampire", by="boss")  # exempt
    s.move("boss", "STAKE", "vampire")
    s.move("soldier", "POISON", "pv", by="boss")


def test_outcome_matrix() -> None:
    """A-OUTCOME-12, A-OUTCOME-14, A-OUTCOME-16, A-OUTCOME-17, A-OUTCOME-18, A-OUTCOME-20, A-OUTCOME-23, A-ROLE-PRIEST-7, A-ROLE-PSYCHO-5, A-ROLE-VH-3, A-OUTCOME-13, A-OUTCOME-15, A-OUTCOME-19, A-OUTCOME-8, A-OUTCOME-9, A-OUTCOME-10, A-OUTCOME-11, A-OUTCOME-6, A-OUTCOME-7."""
    # A-ROLE-UNDEAD-2, A-ROLE-UNDEAD-4
    from nightfall.games.andorra.night.ctx import Night
    from nightfall.games.andorra.night.hostile_actions import immune

    s = deal("PRIEST", "PSYCHO", "VH", "VAMPIRE", "DOMOVOI", "PV", "MANIAC", "HORSEMAN")
    ctx = Night(world=s.state.world, n=1)
    seat = s.seat
    assert immune(ctx, seat("priest"), "SHOT", seat("pv"))
    assert not immune(ctx, seat("priest"), "POISON", seat("pv"))
    assert not immune(ctx, seat("priest"), "KNIFE_B", seat("maniac"))
    assert not immune(ctx, seat("priest"), "EXPLOSION", seat("psycho"))
    assert immune(ctx, seat("priest"), "BITE", seat("vampire"))
    assert not immune(ctx, seat("psycho"), "SHOT", seat("pv"))
    assert not immune(ctx, seat("psycho"), "POISON", seat("pv"))
    assert not immune(ctx, seat("psycho"), "BITE", seat("vampire"))
    assert immune(ctx, seat("psycho"), "KNIFE_Q", seat("maniac"))
    assert immune(ctx, seat("vh"), "BITE", seat("vampire"))
    assert not immune(ctx, seat("vampire"), "EXPLOSION", seat("psycho"))
    assert immune(ctx, seat("domovoi"), "EXPLOSION", seat("psycho"))
    assert immune(ctx, seat("vampire"), "SHOT", seat("pv"))
    assert not immune(ctx, seat("vampire"), "SILVER", seat("vh"))
    assert immune(ctx, seat("pv"), "SILVER", seat("vh"))
    assert immune(ctx, seat("domovoi"), "SILVER", seat("horseman")) is True  # Undead cannot harm each other
    s.player("pv").ghoul, s.player("pv").faction = True, "UNDEAD"
    assert not immune(ctx, seat("pv"), "EXPLOSION", seat("psycho"))  # A-OUTCOME-9


def test_inaccessible_drinker_keeps_protection() -> None:
    """A-ACCESS-1, A-ACCESS-2, A-PROT-2, A-ITEM-VODKA-2, A-OUTCOME-22."""
    s = deal("BOSS", "DOCTOR", "PV", "PV", "MANIAC", "VAMPIRE")
    quiet_day(s)
    s.move("doctor", "DRINK_VODKA")
    s.move("boss", "SHOOT", "doctor")
    s.resolve()
    assert s.player("doctor").alive and s.player("doctor").count("SIREN") == 1
    assert s.channel("mafia", about="boss") == ["Результат хода: неудачно."]
    assert s.inbox("doctor") == []  # drinking is staying home


def test_vest_gone_then_dies() -> None:
    """A-HAR, A-DEATH-1, A-DEATH-2, A-REPORT-1."""
    s = deal("BOSS", "SHERIFF", "INVESTIGATOR", "PV", "PV", "MANIAC")
    quiet_day(s)
    s.move("sheriff", "SHOOT", "boss")
    s.resolve()
    assert s.player("boss").alive and s.player("boss").count("VEST") == 0
    quiet_day(s)
    s.move("sheriff", "SHOOT", "boss")
    s.resolve()
    assert not s.player("boss").alive
    assert not s.player("sheriff").sinful  # A-SIN-2: a cop killing the Mafia


def test_blessing_reflects_the_bodyguards_response() -> None:  # A-HAR, A-ROLE-BODYGUARD-4, Q-13
    s = deal("BODYGUARD", "PRIEST", "BOSS", "SOLDIER", "PV", "PV", "MANIAC")
    quiet_day(s)
    s.move("priest", "PRIEST_BLESS", "soldier")
    s.move("bodyguard", "PROTECT", "pv")
    s.move("soldier", "SHOOT", "pv", by="boss")
    s.resolve()
    # the Bodyguard's shot at the blessed soldier comes back at him: he has no vest → dies
    assert s.player("soldier").alive and not s.player("bodyguard").alive and s.player("pv").alive


def test_clan_order_inside_a_step() -> None:
    """A-ORDER-4, A-ERR-1."""
    s = deal("SOLDIER:black", "BOSS:red", "PV", "PV", "DOCTOR", "MANIAC", "BOSS:black", two_clans=True)
    world = s.state.world
    assert world.clans["mafia:red"].rank == 2 < world.clans["mafia:black"].rank == 7  # the senders' seats
    quiet_day(s)
    s.move("soldier", "SHOOT", "doctor", by="boss2")
    s.move("boss", "SHOOT", "doctor")
    s.resolve()
    shots = [a for st in s.state.audits[-1]["steps"] if st["step"] == "32" for a in st["actions"]]
    assert [(a["actor"], a["hit"]) for a in shots] == [
        (s.seat("boss"), "SIREN"),
        (s.seat("soldier"), "SIREN"),
    ]


def test_vest_covers_two_clans_but_not_the_same_clan_twice() -> None:
    """A-ITEM-VEST-1b, A-ITEM-VEST-1: Seed: «В случае если выстрел производят сразу два клана, то спасает от обоих выстрелов» —
    the Boss's search finds the Sheriff (a shot at step 32) and the Soldier shoots him at 32
    too: one clan, two shots, the vest takes the first and the second kills."""
    s = deal("BOSS", "SOLDIER", "SHERIFF", "PV", "PV", "MANIAC", "VAMPIRE")
    quiet_day(s)
    s.move("boss", "SEARCH_SHERIFF", "sheriff")
    s.move("soldier", "SHOOT", "sheriff")
    s.resolve()
    assert s.player("sheriff").count("VEST") == 0
    assert not s.player("sheriff").alive, "a second shot by the same clan in the same step goes through"
    assert "Убит: sheriff (Шериф)" in s.post()


def test_siren_covers_two_clans_but_not_the_same_clan_twice() -> None:
    """A-ITEM-SIREN-1b, A-ITEM-SIREN-1: Seed: «В случае если враждебное действие производят сразу два клана, то спасает от обоих
    враждебных действий» — the Investigator's siren stops the Soldier's found shot; the Boss's
    own shot at him in the same step (same clan) goes through."""
    s = deal("BOSS", "SOLDIER", "SHERIFF", "INVESTIGATOR", "PV", "PV", "MANIAC", "VAMPIRE")
    quiet_day(s)
    s.move("soldier", "SEARCH_INVESTIGATOR", "investigator")
    s.move("boss", "SHOOT", "investigator")
    s.resolve()
    assert s.player("investigator").count("SIREN") == 0
    assert not s.player("investigator").alive
