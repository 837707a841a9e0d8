"""Clan sheets and poison-making (A-MOVE-5, A-ROLE-SOLDIER-2/3, A-ROLE-RECRUITER-2)."""

from __future__ import annotations

import pytest

from nightfall.engine import HOST, Rejected

from .kit import GAME, deal, quiet_day


def test_soldier_makes_poison_from_the_boss_sheet() -> None:
    """A-ROLE-SOLDIER-2, A-ROLE-SOLDIER-3, A-ROLE-MAFIA-2: Boss, Soldier, Sheriff, PV; all vote
    blank; on night 1 the Boss's sheet gives the Soldier «изготовить яд» → «удачно», stock 2."""
    s = deal("BOSS", "SOLDIER", "SHERIFF", "PV")
    clan = s.player("soldier").clan
    assert clan is not None and s.state.world.clans[clan].poison == 1
    quiet_day(s)
    s.move("soldier", "MAKE_POISON", by="boss")
    s.resolve()
    assert s.state.world.clans[clan].poison == 2
    assert s.channel(clan, about="soldier") == ["Результат хода: удачно."]


def test_recruiter_makes_poison() -> None:
    """A-ROLE-RECRUITER-2, A-ROLE-SOLDIER-3: poison-making is repeatable, one bottle a night."""
    s = deal("RECRUITER", "SHERIFF", "PV", "PV")
    clan = s.player("recruiter").clan
    assert clan is not None
    quiet_day(s)
    s.move("recruiter", "MAKE_POISON")
    s.resolve()
    assert s.state.world.clans[clan].poison == 2
    assert s.channel(clan, about="recruiter") == ["Результат хода: удачно."]
    quiet_day(s)
    s.move("recruiter", "MAKE_POISON")
    s.resolve()
    assert s.state.world.clans[clan].poison == 3


def test_blocked_poison_maker_makes_nothing() -> None:
    """A-ROLE-SOLDIER-2, A-MOVE-7, A-BLOCK-2: a Soldier who lost his move makes no bottle."""
    s = deal("BOSS", "SOLDIER", "MAYOR", "PV", "PV")
    clan = s.player("soldier").clan
    assert clan is not None
    quiet_day(s)
    s.move("soldier", "MAKE_POISON", by="boss")
    s.move("mayor", "MAYOR_BLOCK", "soldier")
    s.resolve()
    assert s.state.world.clans[clan].poison == 1
    assert s.channel(clan, about="soldier") == ["Результат хода: неудачно."]


def test_the_senders_sheet_wins_over_a_members_own_move() -> None:
    """A-MOVE-5, A-MOVE-5a: the Boss sends the Soldier's shot; the Soldier's own «сижу дома»
    before and after does not replace it; his page shows the sheet's move and his own as the
    fallback."""
    s = deal("BOSS", "SOLDIER", "SHERIFF", "PV", "PV")
    quiet_day(s)
    s.move("soldier", "STAY_HOME")  # his own, before the sheet
    s.move("soldier", "SHOOT", "pv", by="boss")
    s.move("soldier", "STAY_HOME")  # his own, after the sheet
    me = GAME.view(s.state, s.seat("soldier"))["me"]
    assert me["submission"]["action"] == "SHOOT" and me["submission"]["by"] == s.seat("boss")
    assert me["own_move"]["action"] == "STAY_HOME"
    s.resolve()
    assert not s.player("pv").alive


def test_a_members_own_move_counts_when_no_sheet_names_him() -> None:
    """A-MOVE-5: no sheet entry for the Soldier → his own submission is his move."""
    s = deal("BOSS", "SOLDIER", "SHERIFF", "PV", "PV")
    quiet_day(s)
    s.move("boss", "STAY_HOME")
    s.move("soldier", "SHOOT", "pv")
    assert GAME.view(s.state, s.seat("soldier"))["me"]["own_move"] is None
    s.resolve()
    assert not s.player("pv").alive


def test_a_sheet_entry_sets_aside_a_mates_clashing_own_move() -> None:
    """A-MOVE-5, A-CLAN-5: the Soldier's own shot does not stop the Boss's sheet from giving the
    Boss the clan's shot; the Soldier's shot is set aside, only the sheet's shot is fired."""
    s = deal("BOSS", "SOLDIER", "SHERIFF", "PV", "PV")
    quiet_day(s)
    s.move("soldier", "SHOOT", "pv")
    s.move("boss", "SHOOT", "pv2")
    assert str(s.seat("soldier")) not in s.state.submissions
    with pytest.raises(Rejected) as e:  # his own shot now clashes with the sheet's
        s.move("soldier", "SHOOT", "pv")
    assert e.value.code == "clan_same_type"
    s.resolve()
    assert s.player("pv").alive and not s.player("pv2").alive


def test_a_rebel_follower_and_a_loner_keep_last_submission_wins() -> None:
    """A-MOVE-4: outside the mafia and the Cops the last valid submission wins, even over the
    host's entry from a PM."""
    s = deal("MANIAC", "PV", "PV", "BOSS", "SHERIFF")
    quiet_day(s)
    s.move("maniac", "MANIAC_QUICK", "pv", by="host")
    s.move("maniac", "MANIAC_QUICK", "pv2")
    s.resolve()
    assert s.player("pv").alive and not s.player("pv2").alive


def test_a_move_at_the_deadline_is_late_even_from_the_sheet() -> None:
    """A-MOVE-4, A-MOVE-4a, A-MOVE-5: the Boss's sheet entry sent at the night's deadline is
    refused like any late move; one sent a moment before counts."""
    from nightfall.engine import Command, kernel

    s = deal("BOSS", "SOLDIER", "SHERIFF", "PV", "PV", schedule={"day_ms": 1000, "night_ms": 1000})
    kernel.apply(GAME, s.state, Command(HOST, "end_day", {}, 10))  # night 1, until 1010
    late = Command(1, "move", {"player": 2, "action": "SHOOT", "target": 4}, 1010)
    with pytest.raises(Rejected) as e:
        kernel.apply(GAME, s.state, late)
    assert e.value.code == "move_after_deadline"
    assert s.state.submissions == {}
    kernel.apply(GAME, s.state, Command(1, "move", {"player": 2, "action": "SHOOT", "target": 4}, 1009))
    assert s.state.submissions["2"]["sheet"] is True


def test_a_clan_member_is_told_who_sends_the_sheet_and_no_one_else_is() -> None:
    """A-MOVE-5, A-CLAN-2: each mafia member's and each Cop's view names his clan's sheet sender
    (the Boss, the Sheriff); the sender sees himself. A PV, the Rebel (no sheet: followers send
    their own), the public and the other clans never see it; the Boss gone, the Soldier sends."""
    s = deal("BOSS", "SOLDIER", "SHERIFF", "INVESTIGATOR", "REBEL", "PV", "PV")
    boss, soldier, sheriff = s.seat("boss"), s.seat("soldier"), s.seat("sheriff")

    def sender_in(nick: str) -> object:
        return GAME.view(s.state, s.seat(nick))["me"].get("clan_sender", "absent")

    assert sender_in("boss") == boss and sender_in("soldier") == boss
    assert sender_in("sheriff") == sheriff and sender_in("investigator") == sheriff
    for outsider in ("rebel", "pv", "pv2"):
        assert sender_in(outsider) == "absent", outsider
    assert "me" not in GAME.view(s.state, "public")
    s.player("boss").status = "DEAD"
    assert sender_in("soldier") == soldier
    assert sender_in("boss") == "absent"  # out of the game: he no longer moves
    s.player("investigator").status = "JAILED_LYNCH"
    assert sender_in("investigator") == "absent" and sender_in("sheriff") == sheriff
