"""Day votes, penalties and the tally (A-VOTE, A-TALLY, A-REVEAL, A-CYCLE)."""

from __future__ import annotations

import pytest

from nightfall.engine import Command, Rejected, kernel
from nightfall.games.andorra import AndorraGame

from .kit import GAME, deal, quiet_day

G = AndorraGame()


def test_raw_log_and_violations() -> None:  # A-VOTE-1, A-VOTE-3, A-VOTE-5, A-GEN-11
    s = deal("BOSS", "PV", "PV", "DOCTOR", "MANIAC")
    s.vote("boss", "pv")
    s.vote("pv", "pv")  # self-vote
    s.vote("pv2", "boss")
    s.vote("pv2", "doctor")  # repeated: both void
    s.do(s.seat("doctor"), "vote", target=None)  # blank
    log = G.view(s.state, "public")["vote_log"]
    assert [(e["voter"], e["kind"], e["void_reason"]) for e in log] == [
        (1, "VOTE", None),
        (2, "VOID", "SELF"),
        (3, "VOID", "REVOTE"),
        (3, "VOID", "REVOTE"),
        (4, "BLANK", None),
    ]
    s.do(s.seat("maniac"), "vote", target=1)
    s.do(s.seat("maniac"), "edit_vote", target=2)  # (b) editing
    assert [e["void_reason"] for e in G.view(s.state, "public")["vote_log"][-2:]] == ["EDIT", "EDIT"]


def test_penalties_next_day() -> None:  # A-VOTE-4, A-VOTE-10, A-VOTE-11, A-VOTE-12, A-TALLY-1, A-ERR-9
    s = deal("BOSS", "PV", "PV", "DOCTOR", "MANIAC")
    s.day([("boss", "pv"), ("pv", "pv"), ("doctor", None)])  # pv2 and maniac did not vote, pv self-voted
    s.resolve()
    assert s.state.world.penalties["2"] == [s.seat("pv"), s.seat("pv2"), s.seat("maniac")]
    log = G.view(s.state, "public")["vote_log"]
    assert [e["kind"] for e in log] == ["PENALTY"] * 2  # pv was jailed: his penalty is dropped
    # Day 2: one real vote against boss, but penalties give pv2 and maniac 1 each → coin among the three
    s.day([(n, None) for n in ("boss", "pv2", "doctor", "maniac")])
    s.resolve()
    res = s.state.audits[-1]["tally"]["result"]
    assert res["score"] == 1 and res["coin"] and set(res["coin_among"]) == {s.seat("pv2"), s.seat("maniac")}


def test_nobody_jailed_when_all_blank() -> None:  # A-TALLY-10, A-REPORT-3
    s = deal("BOSS", "PV", "PV", "DOCTOR", "MANIAC")
    quiet_day(s)
    s.resolve()
    assert s.post().splitlines()[1] == "Сел: никто"


def test_vote_after_deadline_and_ineligible() -> None:  # A-VOTE-1, A-VOTE-2, A-MOVE-4a
    s = deal("BOSS", "PV", "PV", "DOCTOR", "MANIAC", schedule={"day_ms": 100, "night_ms": 100})
    before = G.snapshot(s.state)
    with pytest.raises(Rejected) as e:
        kernel.apply(G, s.state, Command(1, "vote", {"target": 2}, now=101))
    assert e.value.code == "vote_after_deadline" and e.value.params["player"] == "boss"
    assert G.snapshot(s.state) == before
    with pytest.raises(Rejected) as e:  # A-MOVE-4a: at the deadline the day is already over
        kernel.apply(G, s.state, Command(1, "vote", {"target": 2}, now=100))
    assert e.value.code == "vote_after_deadline" and G.snapshot(s.state) == before
    with pytest.raises(Rejected):
        kernel.apply(G, s.state, Command(1, "vote", {"target": 99}, now=5))
    kernel.apply(G, s.state, Command("system", "tick", {}, now=100))
    assert s.state.phase == "NIGHT" and s.state.deadline == 200  # A-CYCLE-2


def test_weights_and_vote_loss() -> (
    None
):  # A-VOTE-21, A-VOTE-22, A-TALLY-2, A-TALLY-9, A-ITEM-VODKA-1, A-CYCLE-4
    s = deal("BOSS", "PV", "PV", "DOCTOR", "MANIAC", "VAMPIRE", gifts={"pv": "DIPLOMA"})
    quiet_day(s)
    s.move("doctor", "DRINK_VODKA")
    s.resolve()
    s.day([("doctor", "boss"), ("pv", "maniac"), ("boss", "maniac"), ("pv2", "boss"), ("maniac", "boss")])
    s.move("pv", "USE_DIPLOMA")
    s.resolve()
    t = s.state.audits[-1]["tally"]
    assert t["entries"][s.seat("doctor")]["weight"] == 0  # vodka: vote not counted
    assert t["entries"][s.seat("pv")]["weight"] == 2
    assert t["result"]["jailed"] == s.seat("maniac") and t["result"]["score"] == 3


def test_prosecutor_telepath_rebel_vampire() -> (
    None
):  # A-TALLY-3, A-TALLY-4, A-TALLY-5, A-ROLE-PROSECUTOR-2, A-ROLE-PROSECUTOR-3, A-ROLE-TELEPATH-2, A-ROLE-REBEL-9, A-ERR-9, A-ERR-13
    s = deal("BOSS", "PROSECUTOR", "TELEPATH", "REBEL", "PV", "PV", "DOCTOR", "MANIAC")
    s.day([("boss", "pv"), ("telepath", "maniac"), ("pv", "boss"), ("doctor", None)])
    s.move("prosecutor", "PROSECUTOR_ACCUSE", "maniac")
    s.move("telepath", "TELEPATH_VOTE", "doctor", vote="maniac")
    s.move("rebel", "REBEL_VOTES", all="maniac")
    s.resolve()
    t = s.state.audits[-1]["tally"]
    assert t["entries"][s.seat("prosecutor")]["weight"] == 2
    assert t["entries"][s.seat("doctor")]["target"] == s.seat("maniac")
    assert t["result"]["jailed"] == s.seat("maniac")
    # rebel assigned the unused votes of rebel, pv2, maniac (not the Prosecutor's, already accused)
    assert t["scores"][str(s.seat("maniac"))] == 2 + 1 + 1 + 3
    # A-ERR-9, Q-24: the accusing Prosecutor who did not vote keeps his +1 (the header is public)
    assert s.seat("prosecutor") in s.state.world.penalties["2"]
    # what the public log showed: he did not vote (his accusation stays hidden, A-VOTE-10)
    assert {
        "kind": "PENALTY",
        "target": s.seat("prosecutor"),
        "reason": {"ru": "не голосовал(а) в день 1", "en": "did not vote on day 1"},
    } in GAME.view(s.state, s.seat("pv"))["vote_log"]
    assert s.seat("pv2") in s.state.world.penalties["2"]  # the Rebel's use does not lift it
    assert s.inbox("telepath") == ["Результат хода: удачно."]


def test_telepath_on_non_voter_fails() -> None:  # A-TALLY-4, A-ERR-13, A-ROLE-TELEPATH-4
    s = deal("BOSS", "TELEPATH", "PV", "PV", "DOCTOR")
    s.day([("boss", "pv")])
    s.move("telepath", "TELEPATH_VOTE", "doctor", vote="boss")
    s.resolve()
    assert s.inbox("telepath") == ["Результат хода: неудачно."]


def test_swindler_window_small_game() -> None:  # A-TALLY-7, A-ROLE-SWINDLER-3, A-ERR-13
    s = deal("BOSS", "SWINDLER", "PV", "PV", "DOCTOR", "MANIAC")
    s.day([("boss", "pv"), ("pv", "boss"), ("pv2", "boss"), ("doctor", "boss"), ("maniac", "pv")])
    with pytest.raises(Rejected) as e:  # ≤ 10 players: one change among the last three
        s.move("swindler", "SWINDLER_CHANGE", changes=[{"voter": s.seat("boss"), "target": s.seat("pv")}])
    assert e.value.code == "outside_window" and e.value.rule == "A-TALLY-7"
    with pytest.raises(Rejected):
        s.move(
            "swindler",
            "SWINDLER_CHANGE",
            changes=[
                {"voter": s.seat("doctor"), "target": s.seat("pv")},
                {"voter": s.seat("pv2"), "target": s.seat("pv")},
            ],
        )
    s.move("swindler", "SWINDLER_CHANGE", changes=[{"voter": s.seat("doctor"), "target": s.seat("pv")}])
    s.resolve()
    assert s.state.audits[-1]["tally"]["scores"] == {str(s.seat("boss")): 2, str(s.seat("pv")): 3}


def test_psycho_jailed_revenge() -> None:  # A-VOTE-30, A-VOTE-31, A-ROLE-PSYCHO-6, A-DAWN-7, A-REVEAL-1
    s = deal("BOSS", "PSYCHO", "PV", "PV", "DOCTOR", "MANIAC")
    s.day([("boss", "psycho"), ("pv", "psycho"), ("doctor", "psycho"), ("pv2", "boss")])
    s.resolve()
    assert s.post().splitlines()[1:3] == [
        "Сел: psycho (Псих) — 3 голоса, монетка: нет",
        "Убит: doctor (Доктор)",
    ]


def test_jailer_hides_roles() -> None:  # A-REVEAL-3, A-ROLE-JAILER-3, A-ROLE-JAILER-5, A-REPORT-5
    s = deal("BOSS", "JAILER", "PV", "PV", "DOCTOR", "MANIAC")
    s.day([("boss", "pv"), ("pv2", "pv"), ("doctor", "pv")])
    s.resolve()
    assert s.post().splitlines()[1] == "Сел: pv (роль не вскрыта) — 3 голоса, монетка: нет"
    s.day([("boss", "pv2"), ("doctor", "pv2"), ("maniac", "pv2")])
    s.move("jailer", "JAILER_CHECK_JAILED")
    s.resolve()
    assert s.post().splitlines()[1] == "Сел: pv2 (Мирный житель) — 3 голоса, монетка: нет"


def test_vote_plural() -> None:  # A-ERR-7
    from nightfall.games.andorra.reports.morning import plural_votes

    assert [plural_votes(n) for n in (1, 2, 5, 11, 12, 21, 22, 25, 111)] == [
        "голос",
        "голоса",
        "голосов",
        "голосов",
        "голосов",
        "голос",
        "голоса",
        "голосов",
        "голосов",
    ]


def test_nobody_told_about_vote_changes() -> None:  # A-VOTE-20, A-MSG-3
    s = deal("BOSS", "MAYOR", "PV", "PV", "DOCTOR", "MANIAC")
    quiet_day(s)
    s.move("mayor", "MAYOR_MUTE", "maniac")
    s.resolve()
    assert s.inbox("maniac") == [] and s.inbox("mayor") == ["Результат хода: удачно."]
    assert s.state.world.has_vote_loss(2, s.seat("maniac"))


def test_avatar_penalty_once_a_day_and_undone() -> None:
    """A-GEN-9, H-05: one +1 per player per day for a missing avatar; the host can take it back,
    then give it again; a second one is refused in words and changes nothing."""
    from nightfall.engine import HOST
    from nightfall.games.andorra.reasons import explain

    s = deal("BOSS", "PV", "PV", "DOCTOR", "MANIAC")
    pv = s.seat("pv")
    s.do(HOST, "penalty", seat=pv)
    with pytest.raises(Rejected) as e:
        s.do(HOST, "penalty", seat=pv)
    assert explain(e.value) == "pv уже получил(а) сегодня +1 за отсутствие аватара."
    assert s.state.world.penalties["1"] == [pv]
    assert GAME.view(s.state, "host")["host"]["avatar_penalties"] == [pv]
    s.do(HOST, "undo_penalty", seat=pv)
    assert s.state.world.penalties["1"] == []
    with pytest.raises(Rejected):
        s.do(HOST, "undo_penalty", seat=pv)
    s.do(HOST, "penalty", seat=pv)
    assert s.state.world.penalties["1"] == [pv]


def test_a_void_vote_takes_no_more_votes_from_its_player() -> None:  # A-VOTE-3b, A-VOTE-3, A-VOTE-5
    """A-VOTE-3b. Attack round 6: a player's edits were each a new line of the public log, which every
    view carries. Once his vote is void by a second vote or an edit, his own vote and edit are
    refused and change nothing; the host's PM entry is not limited; the next day he votes again."""
    s = deal("BOSS", "PV", "PV", "DOCTOR", "MANIAC")
    s.vote("boss", "pv")
    s.vote("boss", "doctor")  # a second vote: both void (A-VOTE-3)
    s.do(s.seat("maniac"), "vote", target=1)
    s.do(s.seat("maniac"), "edit_vote", target=2)  # an edit: both void
    s.vote("pv", "pv")  # a self-vote is void, but not spent: one more vote makes it a REVOTE
    s.vote("pv", "boss")
    before = G.snapshot(s.state)
    for who, kind in (
        ("boss", "vote"),
        ("boss", "edit_vote"),
        ("maniac", "vote"),
        ("maniac", "edit_vote"),
        ("pv", "vote"),
    ):
        with pytest.raises(Rejected) as e:
            s.do(s.seat(who), kind, target=s.seat("doctor"))
        assert e.value.code == "vote_spent" and e.value.rule == "A-VOTE-3b", e.value
        assert G.snapshot(s.state) == before
    log = G.view(s.state, "public")["vote_log"]
    assert [(e["voter"], e["void_reason"]) for e in log] == [
        (1, "REVOTE"),
        (1, "REVOTE"),
        (5, "EDIT"),
        (5, "EDIT"),
        (2, "SELF"),
        (2, "REVOTE"),
    ]
    # the doctor, who has not voted, still votes; the host may still enter a PM for boss
    s.do(s.seat("doctor"), "vote", target=None)
    s.do("host", "pm_vote", **{"from": 1, "target": 3, "edit": True})
    assert len(G.view(s.state, "public")["vote_log"]) == 8
    s.do("host", "end_day")
    s.resolve()
    s.vote("pv2", "doctor")  # a new day: a new vote
    s.vote("maniac", "doctor")  # ... from a player whose vote was spent yesterday too
    assert G.view(s.state, "public")["vote_log"][-1]["kind"] == "VOTE"
