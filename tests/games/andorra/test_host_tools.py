"""The host's tools for a forum game: moves and votes entered from PMs (H-03b), the state
editor (H-03c..i), a question's own deadline (H-11a) and the day's running count (H-04a).
Every command is checked good, bad (a Russian sentence, nothing changed) and replayed."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest

from nightfall.engine import HOST, Rejected, Transcript, replay
from nightfall.games.andorra import AndorraGame
from nightfall.games.andorra.state import snapshot

from .kit import Scenario, deal, quiet_day

G = AndorraGame()


def _refused(s: Scenario, actor: Any, type_: str, code: str, **payload: Any) -> str:
    """The command is refused with ``code``, changes nothing, and says why in Russian."""
    before = copy.deepcopy(snapshot(s.state))
    with pytest.raises(Rejected) as err:
        s.do(actor, type_, **payload)
    assert err.value.code == code, err.value
    assert snapshot(s.state) == before
    assert err.value.text is not None and err.value.text["ru"]
    ru = err.value.text["ru"]
    assert not any(word.isupper() and len(word) > 3 and "_" in word for word in ru.split()), ru
    return ru


def _replays(s: Scenario) -> None:
    """The transcript of every accepted command rebuilds the same state (A-DATA-G)."""
    t = Transcript(game="andorra", config=s.state.config, seed=1, commands=list(s.commands))
    assert snapshot(replay(G, t)) == snapshot(s.state)


def test_pm_move_is_the_players_move_marked_as_the_hosts() -> None:  # H-03b, A-MOVE-5a, A-MOVE-4
    s = deal("BOSS", "SOLDIER", "DOCTOR", "PV", "MANIAC")
    quiet_day(s)
    s.do(HOST, "pm_move", **{"from": s.seat("doctor")}, action="HEAL", target=s.seat("pv"))
    mv = s.state.submissions[str(s.seat("doctor"))]
    assert (mv["by"], mv["entered_by"], mv["action"], mv["target"]) == (s.seat("doctor"), HOST, "HEAL", 4)
    # the Boss's PM with the sheet: a sheet entry for his Soldier
    s.do(HOST, "pm_move", **{"from": s.seat("boss")}, player=s.seat("soldier"), action="SHOOT", target=4)
    assert s.state.submissions[str(s.seat("soldier"))]["sheet"] is True
    # the Soldier's own PM afterwards does not replace the sheet (A-MOVE-5a): it is his fallback
    s.do(HOST, "pm_move", **{"from": s.seat("soldier")}, action="STAY_HOME")
    assert s.state.submissions[str(s.seat("soldier"))]["action"] == "SHOOT"
    assert s.state.own_moves[str(s.seat("soldier"))]["action"] == "STAY_HOME"
    s.resolve(publish=False)
    assert s.pending()["post"]["killed"] == []  # healed
    review = G.view(s.state, HOST)["host"]["review"]
    assert review is not None
    entries = [e["ru"] for e in review["host_entries"]]
    assert "Ночь 1. Ход из ЛС от doctor: лечить → pv (внёс ведущий)" in entries
    assert any("от boss за игрока soldier" in line for line in entries)
    _replays(s)


def test_pm_move_refusals_change_nothing() -> None:  # H-03b, A-MOVE-5, A-MOVE-6
    s = deal("BOSS", "SOLDIER", "DOCTOR", "PV", "MANIAC")
    ru = _refused(s, HOST, "pm_move", "wrong_phase", **{"from": 3}, action="HEAL", target=4)
    assert ru.startswith("Сейчас этого сделать нельзя")
    quiet_day(s)
    assert "от кого" in _refused(s, HOST, "pm_move", "pm_no_sender", action="HEAL", target=4)
    _refused(s, HOST, "pm_move", "pm_no_sender", **{"from": 99}, action="HEAL", target=4)
    # the Doctor cannot send the Boss's move, and cannot shoot
    ru = _refused(s, HOST, "pm_move", "not_your_sheet", **{"from": 3}, player=1, action="SHOOT", target=4)
    assert "boss" in ru
    _refused(s, HOST, "pm_move", "not_your_move", **{"from": 3}, action="SHOOT", target=4)
    _refused(s, 3, "pm_move", "not_host", **{"from": 3}, action="HEAL", target=4)


def test_pm_vote_counts_like_the_players_vote() -> None:  # H-03b, A-VOTE-1, A-VOTE-3, A-VOTE-5
    s = deal("BOSS", "DOCTOR", "PV", "PV", "MANIAC")
    s.do(HOST, "pm_vote", **{"from": s.seat("pv")}, target=s.seat("maniac"))
    log = G.view(s.state, "public")["vote_log"]
    assert log[-1]["voter"] == s.seat("pv") and log[-1]["target"] == 5 and log[-1]["by_host"] is True
    s.do(HOST, "pm_vote", **{"from": s.seat("pv")}, target=s.seat("boss"), edit=True)
    assert [e.kind for e in s.state.votes] == ["VOID", "VOID"]  # an edit voids both (A-VOTE-3)
    s.do(HOST, "pm_vote", **{"from": s.seat("pv2")}, target=None)
    assert s.state.votes[-1].kind == "BLANK"
    lines = [e["ru"] for e in G.view(s.state, HOST)["host"]["host_log"]]
    assert lines[-1] == "День 1. Голос из ЛС от pv2: воздержался (внёс ведущий)"
    assert lines[1] == "День 1. Голос из ЛС от pv: голос за boss (исправление) (внёс ведущий)"
    _replays(s)


def test_the_host_takes_back_a_pm_vote_he_entered_wrong() -> None:  # H-03b, A-VOTE-3
    """A slip of the host's hand (pv's PM says boss, he picked maniac): he takes his entry back
    and it is as if he had never made it, with no void vote and no +1 tomorrow; an edit he takes
    back gives the player's first vote its count again. A vote the player sent himself, or an
    entry not the player's latest, is not his to take back."""
    s = deal("BOSS", "DOCTOR", "PV", "PV", "MANIAC")
    pv, pv2 = s.seat("pv"), s.seat("pv2")
    s.do(HOST, "pm_vote", **{"from": pv}, target=s.seat("maniac"))
    s.do(HOST, "pm_vote_undo", **{"from": pv})
    assert s.state.votes == [] and G.view(s.state, "public")["vote_log"] == []
    s.do(HOST, "pm_vote", **{"from": pv}, target=s.seat("boss"))  # what the PM said
    s.do(HOST, "pm_vote", **{"from": pv}, target=s.seat("doctor"), edit=True)  # a wrong edit
    assert [e.kind for e in s.state.votes] == ["VOID", "VOID"]
    s.do(HOST, "pm_vote_undo", **{"from": pv})
    [vote] = s.state.votes
    assert (vote.kind, vote.target, vote.void_reason) == ("VOTE", s.seat("boss"), None)
    s.do(pv2, "vote", target=s.seat("boss"))
    assert "нечего" in _refused(s, HOST, "pm_vote_undo", "pm_nothing_to_undo", **{"from": pv2})
    assert "нечего" in _refused(s, HOST, "pm_vote_undo", "pm_nothing_to_undo", **{"from": s.seat("doctor")})
    _refused(s, pv, "pm_vote_undo", "not_host", **{"from": pv})
    s.do(HOST, "pm_vote", **{"from": s.seat("doctor")}, target=s.seat("maniac"))
    s.do(HOST, "pm_vote", **{"from": s.seat("doctor")}, target=s.seat("boss"), edit=True)
    seqs = [e.seq for e in s.state.votes]
    assert len(set(seqs)) == len(seqs)  # no two entries of the log share a number
    lines = [e["ru"] for e in G.view(s.state, HOST)["host"]["host_log"]]
    assert "День 1. Снят голос из ЛС от pv: голос за maniac (ошибка ввода ведущего)" in lines
    s.do(HOST, "end_day")
    assert s.state.world.penalties.get("2", []).count(pv) == 0  # his one vote counted
    _refused(s, HOST, "pm_vote_undo", "wrong_phase", **{"from": pv})
    _replays(s)


def test_pm_vote_refusals_change_nothing() -> None:  # H-03b, A-VOTE-1, A-VOTE-2, A-VOTE-3
    s = deal("BOSS", "DOCTOR", "PV", "PV", "MANIAC")
    _refused(s, HOST, "pm_vote", "pm_no_sender", target=2)
    _refused(s, HOST, "pm_vote", "bad_target", **{"from": 3}, target=42)
    _refused(s, HOST, "pm_vote", "nothing_to_edit", **{"from": 3}, target=2, edit=True)
    _refused(s, HOST, "pm_vote", "bad_payload", **{"from": 3}, target=2, edit="yes")
    _refused(s, 3, "pm_vote", "not_host", **{"from": 3}, target=2)
    s.do(HOST, "host_edit", op="kill", seat=3)
    assert "не может голосовать" in _refused(s, HOST, "pm_vote", "not_eligible", **{"from": 3}, target=2)
    s.do(HOST, "end_day")
    _refused(s, HOST, "pm_vote", "wrong_phase", **{"from": 4}, target=2)


def test_kill_revive_jail_release() -> None:  # H-03c, H-03e, H-03f, A-VOTE-2, A-REPORT-6
    s = deal("BOSS", "DOCTOR", "PV", "PV", "MANIAC")
    s.do(HOST, "host_edit", op="kill", seat=3)
    pv = s.player("pv")
    assert pv.status == "DEAD" and pv.death is not None and pv.death["cause"] == "HOST"
    public = G.view(s.state, "public")["players"][2]
    assert public["status"] == "DEAD" and public["role"] == "Мирный житель"
    s.player("pv").poisonings.append({"kind": "POISON", "night": 1, "by": 1})
    s.do(HOST, "host_edit", op="revive", seat=3)
    assert s.player("pv").status == "ALIVE" and s.player("pv").death is None
    assert s.player("pv").poisonings == []  # revived means cured of what was killing him
    s.do(HOST, "host_edit", op="jail", seat=4)
    assert s.player("pv2").status == "JAILED_LYNCH"
    assert G.view(s.state, "public")["players"][3]["role"] == "Мирный житель"
    s.do(HOST, "host_edit", op="release", seat=4)
    assert s.player("pv2").status == "ALIVE"
    s.do(4, "vote", target=5)  # back in the game: votes again
    lines = [e["ru"] for e in G.view(s.state, HOST)["host"]["host_log"]]
    assert lines[:2] == ["День 1. pv: убит решением ведущего", "День 1. pv: возвращён(а) в игру (оживлён(а))"]
    _replays(s)


def test_edit_refusals_change_nothing() -> None:  # H-03c, H-03h, H-03i
    s = deal("BOSS", "DOCTOR", "PV", "PV", "MANIAC")
    _refused(s, HOST, "host_edit", "edit_bad_op", op="explode", seat=3)
    _refused(s, HOST, "host_edit", "bad_target", op="kill", seat=0)
    _refused(s, HOST, "host_edit", "edit_not_dead", op="revive", seat=3)
    _refused(s, HOST, "host_edit", "edit_not_jailed", op="release", seat=3)
    _refused(s, HOST, "host_edit", "edit_bad_item", op="give_item", seat=3, item="BAZOOKA")
    # A-SETUP-10: the pistol and the knife are shown from the role, never held: not offered, refused
    _refused(s, HOST, "host_edit", "edit_bad_item", op="give_item", seat=3, item="PISTOL")
    offered = {i["code"] for i in G.view(s.state, "host")["host"]["edit_choices"]["items"]}
    assert "VEST" in offered and not offered & {"PISTOL", "KNIFE"}, offered
    assert "бронежилет" in _refused(s, HOST, "host_edit", "edit_no_item", op="take_item", seat=3, item="VEST")
    assert "Доктор" in _refused(s, HOST, "host_edit", "edit_same_role", op="set_role", seat=2, role="DOCTOR")
    assert "Возможные роли" in _refused(s, HOST, "host_edit", "unknown_role", op="set_role", seat=2, role="X")
    _refused(s, HOST, "host_edit", "edit_bad_clan", op="set_clan", seat=3, clan="yakuza")
    _refused(s, HOST, "host_edit", "edit_same_clan", op="set_clan", seat=3, clan=None)
    _refused(s, 3, "host_edit", "not_host", op="kill", seat=3)
    s.do(HOST, "host_edit", op="kill", seat=3)
    _refused(s, HOST, "host_edit", "edit_not_alive", op="kill", seat=3)
    _refused(s, HOST, "host_edit", "edit_not_alive", op="jail", seat=3)
    quiet_day(s)
    s.do(HOST, "end_night")
    _refused(s, HOST, "host_edit", "wrong_phase", op="revive", seat=3)  # REVIEW: correct, then publish


def test_items_role_and_clan() -> None:  # H-03g, H-03h, H-03i, A-ITEM-GEN-3, A-CLAN-2, A-MOVE-6
    s = deal("BOSS", "SOLDIER", "DOCTOR", "PV", "MANIAC")
    s.do(HOST, "host_edit", op="give_item", seat=4, item="VEST")
    assert s.player("pv").usable("VEST", 1)  # given in the day: works the coming night
    s.do(HOST, "host_edit", op="take_item", seat=1, item="VEST")
    assert s.player("boss").count("VEST") == 0
    s.do(HOST, "host_edit", op="set_role", seat=4, role="SHERIFF")
    assert (s.player("pv").role, s.player("pv").faction) == ("SHERIFF", "PEACEFUL")
    assert [c["code"] for c in G.view(s.state, HOST)["host"]["edit_choices"]["clans"]] == [
        "mafia",
        "cops",
        "rebel",
    ]
    s.do(HOST, "host_edit", op="set_clan", seat=4, clan="cops")  # starts the Cops: he sends their moves
    assert s.state.world.clans["cops"].kind == "COPS" and s.player("pv").clan == "cops"
    s.do(HOST, "host_edit", op="set_clan", seat=3, clan="mafia")
    doctor = s.player("doctor")
    assert (doctor.clan, doctor.faction, doctor.join_key) == ("mafia", "MAFIA", [1, 3])
    assert [p.nick for p in s.state.world.clan_members("mafia")] == ["boss", "soldier", "doctor"]
    s.do(HOST, "host_edit", op="set_clan", seat=3, clan=None)
    assert (s.player("doctor").clan, s.player("doctor").faction) == (None, "PEACEFUL")
    quiet_day(s)
    s.do(HOST, "host_edit", op="give_item", seat=3, item="ANTIDOTE")  # at night: from the next night
    assert not s.player("doctor").usable("ANTIDOTE", 1) and s.player("doctor").usable("ANTIDOTE", 2)
    # a move the new state no longer allows is dropped (H-03d): a Doctor made a Maniac cannot heal
    s.move("doctor", "HEAL", "pv")
    s.do(HOST, "host_edit", op="set_role", seat=3, role="MANIAC")
    assert str(s.seat("doctor")) not in s.state.submissions
    assert s.state.host_log[-1]["dropped"] == ["HEAL"]
    assert G.view(s.state, HOST)["host"]["host_log"][-1]["ru"].endswith("снят ход: лечить")
    s.resolve()
    _replays(s)


def test_a_questions_deadline_does_not_restart_when_another_is_asked() -> None:  # H-11a, H-11, Q-72
    s = deal(
        "BOSS",
        "RECRUITER",
        "PV",
        "PV",
        "DOCTOR",
        "MANIAC",
        schedule={"day_ms": 10_000, "night_ms": 10_000, "prompt_ms": 500},
    )
    quiet_day(s)
    s.move("recruiter", "RECRUIT", "pv")
    s.move("pv2", "PV_WATCH", "maniac")
    s.do(HOST, "end_night")
    asked = s.now
    assert [p["kind"] for p in s.pending()["prompts"]] == ["RECRUIT_ASK"]
    assert G.next_deadline(s.state) == asked + 500
    # the host corrects the Boss's move: the night is resolved again and the PV, whose watch
    # now sees a kill, is asked to choose a role: a question of its own with its own deadline
    s.now = asked + 200
    s.do(HOST, "correct", player=s.seat("boss"), action="SHOOT", target=s.seat("maniac"))
    # H-11b: both questions are open at once, each with its own deadline
    assert sorted(p["kind"] for p in s.pending()["prompts"]) == ["PV_ROLE", "RECRUIT_ASK"]
    assert G.next_deadline(s.state) == asked + 500
    pv_role = next(p for p in s.pending()["prompts"] if p["kind"] == "PV_ROLE")
    assert G.view(s.state, s.seat("pv2"))["me"]["prompts"][0]["deadline"] == asked + 701
    s.do(s.seat("pv2"), "answer", prompt=pv_role["id"], answer=None)
    # the recruitment offer stays open: its deadline is where it was, not restarted
    assert s.state.phase == "RESOLVING"
    assert G.next_deadline(s.state) == asked + 500
    assert G.view(s.state, s.seat("pv"))["me"]["prompts"][0]["deadline"] == asked + 500
    s.tick(asked + 500)
    assert s.state.phase == "REVIEW" and len(s.state.prompts_expired) == 1
    s.do(HOST, "publish")
    assert s.player("pv").refused_by == ["mafia"]  # no answer by the deadline = refusal
    _replays(s)


def test_running_count_with_penalties_and_lost_votes() -> None:  # H-04a, A-TALLY-1, A-TALLY-9, A-VOTE-21
    s = deal("BOSS", "DOCTOR", "PV", "PV", "MANIAC")
    s.vote("boss", "pv")
    s.vote("doctor", "maniac")
    s.vote("pv2", "maniac")
    s.do(HOST, "penalty", seat=s.seat("pv"))
    s.state.world.lose_vote(1, s.seat("pv2"), "DIPLOMA")
    count = G.view(s.state, HOST)["host"]["running_count"]
    assert count == [
        {"seat": 3, "voters": [1], "votes": 1, "penalties": 1, "total": 2},
        {"seat": 5, "voters": [2, 4], "votes": 1, "penalties": 0, "total": 1},
    ]
    s.vote("pv", "pv")  # a self-vote is void: it counts for nobody (A-VOTE-3)
    assert G.view(s.state, HOST)["host"]["running_count"][0]["total"] == 2
    s.do(HOST, "end_day")
    assert G.view(s.state, HOST)["host"]["running_count"] == []


def test_a_role_the_host_assigns_is_taken() -> None:  # H-03h, A-RCHANGE-2, A-ROLE-PV-6
    from nightfall.games.andorra.night.ctx import Night
    from nightfall.games.andorra.night.dawn import free_roles

    s = deal("BOSS", "DOCTOR", "PV", "PV", "MANIAC")
    pv = s.player("pv")
    assert "NURSE" in free_roles(Night(world=s.state.world, n=1), pv)
    s.do(HOST, "host_edit", op="set_role", seat=s.seat("doctor"), role="NURSE")
    free = free_roles(Night(world=s.state.world, n=1), pv)
    assert "NURSE" not in free  # one Nurse in the game: no PV may choose a second
    assert "DOCTOR" not in free  # the replaced role stays taken (H-03h)
    _replays(s)


def test_the_host_log_and_the_reviews_host_part_come_in_english_too() -> None:
    """H-03, H-03b, H-03c: the desk has an English mode, and the host's log and the review's
    host part are the host's, not the forum's: each entry carries its English words, with no
    Cyrillic in them (the morning post stays Russian, A-REPORT-3)."""
    s = deal("BOSS", "SOLDIER", "DOCTOR", "PV", "MANIAC")
    s.do(HOST, "pm_vote", **{"from": s.seat("pv")}, target=s.seat("maniac"))
    s.do(HOST, "host_edit", op="give_item", seat=s.seat("pv"), item="VEST")
    s.do(HOST, "host_edit", op="set_role", seat=s.seat("pv"), role="SHERIFF")
    quiet_day(s)
    s.do(HOST, "pm_move", **{"from": s.seat("doctor")}, action="HEAL", target=s.seat("pv"))
    s.do(HOST, "end_night")
    s.do(HOST, "correct", player=s.seat("doctor"), action="HEAL", target=s.seat("boss"))
    host = G.view(s.state, HOST)["host"]
    log = [e["en"] for e in host["host_log"]]
    assert log[:3] == [
        "Day 1. Vote from a PM by pv: vote for maniac (entered by the host)",
        "Day 1. pv: given an item: vest",
        "Day 1. pv: new role: Sheriff (was: Peaceful Villager)",
    ]
    assert "Night 1. Move corrected: doctor: heal → boss" in log
    review = host["review"]
    assert review is not None
    assert [c["en"] for c in review["corrections"]] == ["doctor: heal → boss"]
    assert "Night 1. Move from a PM by doctor: heal → pv (entered by the host)" in [
        e["en"] for e in review["host_entries"]
    ]
    english = [
        *log,
        *(x["en"] for x in [*review["corrections"], *review["answers"], *review["host_entries"]]),
    ]
    assert not [line for line in english if re.search("[а-яА-ЯёЁ]", line)]
    # the Russian words are the ones the log always had
    assert host["host_log"][0]["ru"] == "День 1. Голос из ЛС от pv: голос за maniac (внёс ведущий)"
