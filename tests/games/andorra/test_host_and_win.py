"""Host interaction points (§15), win conditions (A-WIN), rejections leave state unchanged."""

from __future__ import annotations

import copy

import pytest

from nightfall.engine import HOST, PUBLIC, Command, Rejected, Transcript, kernel, replay
from nightfall.games.andorra import AndorraGame
from nightfall.games.andorra.state import World
from nightfall.games.andorra.win import check

from .kit import deal, quiet_day

G = AndorraGame()


def test_correct_and_re_resolve_before_publish() -> None:  # H-03, A-GEN-2, A-MOVE-4
    s = deal("BOSS", "DOCTOR", "PV", "PV", "MANIAC", "VAMPIRE")
    quiet_day(s)
    s.move("boss", "SHOOT", "pv")
    s.resolve(publish=False)
    assert s.state.phase == "REVIEW"
    assert s.pending()["post"]["roles"][str(s.seat("pv"))][0] == "Мирный житель"  # the preview names the role
    assert s.pending()["post"]["killed"] == [s.seat("pv")]
    s.do(HOST, "correct", player=s.seat("boss"), action="SHOOT", target=s.seat("maniac"))
    assert s.pending()["post"]["killed"] == [s.seat("maniac")]
    s.do(HOST, "publish")
    assert s.post().splitlines()[2] == "Убит: maniac (Маньяк)"
    assert s.state.host_log[0]["correct"] == s.seat("boss")


def test_prompt_deadline_defaults() -> None:  # A-MSG-2, H-11, Q-72, A-CYCLE-6, A-DATA-I, A-RECRUIT-13
    s = deal(
        "RECRUITER",
        "PV",
        "DOCTOR",
        "MANIAC",
        "VAMPIRE",
        schedule={"day_ms": 1000, "night_ms": 1000, "prompt_ms": 500},
    )
    quiet_day(s)
    s.move("recruiter", "RECRUIT", "pv")
    s.do(HOST, "end_night")
    assert s.state.phase == "RESOLVING"
    prompts = G.view(s.state, s.seat("pv"))["me"]["prompts"]
    assert [p["kind"] for p in prompts] == ["RECRUIT_ASK"] and G.view(s.state, s.seat("doctor"))["me"][
        "prompts"
    ] == []
    assert G.next_deadline(s.state) == s.now + 500
    s.tick(s.now + 500)
    assert s.state.phase == "REVIEW"  # no answer = refusal
    s.do(HOST, "publish")
    assert s.player("pv").role == "PV" and s.player("pv").refused_by == ["mafia"]
    assert s.channel("mafia", about="recruiter") == ["Результат хода: неудачно."]
    assert s.inbox("pv") == ["Вам поступило предложение о вербовке. Вы не ответили, и это отказ."]  # A-MSG-4a


def test_answers_are_validated() -> None:  # A-DATA-I
    s = deal("RECRUITER", "PV", "DOCTOR", "MANIAC", "VAMPIRE")
    quiet_day(s)
    s.move("recruiter", "RECRUIT", "pv")
    s.do(HOST, "end_night")
    pid = s.pending()["prompts"][0]["id"]
    with pytest.raises(Rejected):
        s.do(s.seat("doctor"), "answer", prompt=pid, answer="да")
    with pytest.raises(Rejected):
        s.do(s.seat("pv"), "answer", prompt=pid, answer="maybe")
    s.do(s.seat("pv"), "answer", prompt=pid, answer="да")
    assert s.state.phase == "REVIEW"


def test_rejections_change_nothing() -> (
    None
):  # A-MOVE-6, A-MOVE-5, A-ROLE-BOSS-3, A-ROLE-RECRUITER-2, A-ROLE-SOLDIER-3
    s = deal("BOSS", "SOLDIER", "RECRUITER", "DOCTOR", "PV", "MANIAC", "VAMPIRE")
    quiet_day(s)
    before = copy.deepcopy(G.snapshot(s.state))
    cases = [
        (s.seat("doctor"), {"player": s.seat("doctor"), "action": "SHOOT", "target": 1}, "not_your_move"),
        (
            s.seat("boss"),
            {"player": s.seat("boss"), "action": "POISON", "target": 4},
            "boss_poison_needs_no_soldier",
        ),
        (
            s.seat("boss"),
            {"player": s.seat("recruiter"), "action": "SHOOT", "target": 4},
            "recruiter_needs_no_soldier",
        ),
        (s.seat("doctor"), {"player": s.seat("boss"), "action": "SHOOT", "target": 4}, "not_your_sheet"),
        (s.seat("doctor"), {"player": s.seat("doctor"), "action": "HEAL", "target": 99}, "bad_target"),
        (
            s.seat("maniac"),
            {"player": s.seat("maniac"), "action": "MANIAC_QUICK", "target": s.seat("maniac")},
            "self_target",
        ),
        (s.seat("doctor"), {"player": s.seat("doctor"), "action": "FLY"}, "unknown_move"),
        (s.seat("pv"), {"player": s.seat("pv"), "action": "USE_CARD_SHERIFF", "target": 1}, "no_item"),
    ]
    for actor, payload, code in cases:
        with pytest.raises(Rejected) as e:
            kernel.apply(G, s.state, Command(actor, "move", payload, now=s.now))
        assert e.value.code == code
        assert "player" in e.value.params and e.value.rule
    assert G.snapshot(s.state) == before


def test_dead_target_and_dead_actor() -> None:  # A-MOVE-6, A-MOVE-7, A-MOVE-8, A-DEATH-2, A-RES-1
    s = deal("BOSS", "DOCTOR", "PV", "PV", "MANIAC", "VAMPIRE")
    s.player("doctor").take("SIREN")
    quiet_day(s)
    s.move("maniac", "MANIAC_QUICK", "doctor")
    s.move("doctor", "HEAL", "pv")  # step 15 < 30: executed, but the dead get no results
    s.resolve()
    assert s.inbox("doctor") == []
    quiet_day(s)
    with pytest.raises(Rejected) as e:
        s.move("boss", "SHOOT", "doctor")
    assert e.value.code == "target_not_alive"
    with pytest.raises(Rejected) as e:
        s.move("doctor", "HEAL", "pv")
    assert e.value.code == "not_alive"


def test_win_conditions() -> (
    None
):  # A-WIN-1, A-WIN-2, A-WIN-3, A-WIN-4, A-WIN-5, A-WIN-6, A-WIN-8, A-WIN-9, A-FACT-1
    # A-ROLE-GODFATHER-4
    s = deal("BOSS:red", "BOSS:black", "GODFATHER", "PV", "MANIAC", "VAMPIRE", two_clans=True)
    world: World = s.state.world

    def only(*alive: str) -> tuple[str, list[int]] | None:
        for p in world.players:
            p.status = "ALIVE" if p.nick in alive else "DEAD"
        return check(world)

    assert only("pv") == ("PEACEFUL", [s.seat("pv")])
    assert only("maniac") == ("LONERS", [s.seat("maniac")])
    assert only("vampire") == ("UNDEAD", [s.seat("vampire")])
    assert only("boss", "boss2") is None  # two clans only: nobody yet
    assert only("boss", "godfather") == ("MAFIA", [s.seat("boss"), s.seat("godfather")])
    assert only("godfather") == ("MAFIA", [s.seat("godfather")])
    assert only("godfather", "pv") is None
    assert only() == ("DRAW", [])
    world.players[0].status = "JAILED_LYNCH"
    assert only("pv") == ("PEACEFUL", [s.seat("pv")])  # jailed players do not count


def test_game_ends_at_6b_and_post() -> None:  # A-WIN-9, A-REPORT-7, A-ERR-2, A-DAWN-8
    s = deal("BOSS", "PV", "PV", "DOCTOR", "PSYCHO", gifts={"pv": "DIPLOMA", "pv2": "DIPLOMA"})
    s.day([("pv", "psycho"), ("pv2", "psycho"), ("doctor", "psycho"), ("boss", None), ("psycho", "pv")])
    s.resolve()
    assert s.state.phase == "DAY" and not s.player("doctor").alive  # the Psycho's revenge
    s.day([("pv", "boss"), ("pv2", "boss"), ("boss", "pv")])
    s.move("boss", "SHOOT", "pv")
    s.resolve()
    assert s.state.phase == "OVER" and s.player("pv").alive  # the night was not resolved
    assert s.post() == "Утро дня 3.\nСел: boss (Босс мафии) — 2 голоса, монетка: нет\nПобедили: Мирные"
    result = G.result(s.state)
    assert result is not None and result["winner"] == "PEACEFUL"
    with pytest.raises(Rejected):
        s.do(s.seat("pv"), "vote", target=1)


def test_6b_ending_with_psycho_revenge() -> None:  # A-ERR-6, A-VOTE-31
    s = deal("PV", "PV", "PV", "PSYCHO", gifts={"pv": "DIPLOMA", "pv2": "DIPLOMA", "pv3": "DIPLOMA"})
    s.day([("pv", "psycho"), ("pv2", "psycho"), ("pv3", None), ("psycho", "pv")])
    s.resolve()
    assert s.post() == (
        "Утро дня 2.\nСел: psycho (Псих) — 2 голоса, монетка: нет\n"
        "Убит: pv2 (Мирный житель)\nПобедили: Мирные"
    )


def test_transcript_replays() -> None:  # A-DATA-G, A-ORDER-6
    from .test_ex1 import play_ex1

    s = play_ex1()
    t = Transcript("andorra", s.state.config, 1, s.commands)
    t2 = Transcript.loads(t.dumps())
    again = replay(G, t2)
    assert G.snapshot(again) == G.snapshot(s.state)


def test_replacement_burns_penalties() -> None:  # A-GEN-4
    s = deal("BOSS", "PV", "PV", "DOCTOR", "MANIAC")
    s.day([("boss", "pv")])
    s.resolve()
    assert s.seat("maniac") in s.state.world.penalties["2"]
    s.do(HOST, "replace", seat=s.seat("maniac"), nick="newbie")
    assert s.seat("maniac") not in s.state.world.penalties["2"]
    assert s.state.world.player(5).nick == "newbie"


def test_avatar_penalty() -> None:  # A-GEN-9, H-05
    s = deal("BOSS", "PV", "PV", "DOCTOR", "MANIAC")
    s.do(HOST, "penalty", seat=s.seat("maniac"))
    quiet_day(s)
    s.resolve()
    assert s.post().splitlines()[1] == "Сел: maniac (Маньяк) — 1 голос, монетка: нет"


def test_host_audit_view() -> None:  # A-ORDER-3, A-ORDER-6, A-DATA-E, A-ORDER-1, A-ORDER-5, A-CYCLE-5
    from nightfall.games.andorra.night.steps import NIGHT

    from .test_ex1 import play_ex1

    steps_proper = [s.id for s in NIGHT if s.kind == "step"]
    assert steps_proper[:8] == ["1", "2", "3", "4", "5", "6", "6a", "6b"]
    s = play_ex1()
    audit = G.view(s.state, "host")["host"]["audits"][0]
    steps = [line["step"] for line in audit["steps"]]
    assert steps == [*steps_proper, "D7"]  # every pipeline step, in order
    s32 = audit["steps"][steps.index("32")]
    assert s32["name"] == "Мафия (выстрел, отравление)"
    assert [(a["actor"], a["code"], a["target"], a["result"], a["hit"]) for a in s32["actions"]][:2] == [
        (s.seat("Anna"), "SHOOT", s.seat("Gleb"), "FAIL", "BLESSING"),
        (s.seat("Anna"), "SHOOT", s.seat("Anna"), "OK", "VEST"),
    ]
    assert any(n["action"] == "DEATH" and n["target"] == s.seat("Boris") for n in s32["notes"])
    anna_shot = next(e for e in audit["events"] if e["actor"] == s.seat("Anna") and e["code"] == "SHOOT")
    assert anna_shot["hit"] == "BLESSING" and anna_shot["step"] == "32"
    assert G.view(s.state, "public").get("host") is None


def test_prompt_text_in_view() -> None:  # A-DATA-I, A-ROLE-PV-6, A-CYCLE-6
    s = deal("BOSS", "PV", "PV", "DOCTOR", "MANIAC", gifts={"pv": "DIPLOMA"})
    s.player("doctor").take("SIREN")
    quiet_day(s)
    s.move("pv", "PV_WATCH", "doctor")
    s.move("maniac", "MANIAC_QUICK", "doctor")
    s.do(HOST, "end_night")
    (pr,) = G.view(s.state, s.seat("pv"))["me"]["prompts"]
    assert pr["ru"].startswith("На игрока doctor совершено удачное враждебное действие. Вы можете выбрать")
    assert pr["en"].startswith("A successful hostile action was committed on doctor.")
    assert pr["default"] is None and "NURSE" in pr["options"]


def test_the_host_moves_and_removes_a_deadline() -> None:  # H-01a, H-01, H-03, A-MOVE-4, K-TICK-2
    s = deal("DOCTOR", "MANIAC", "VAMPIRE", "PV", "SHERIFF", schedule={"day_ms": 1000, "night_ms": 1000})
    assert G.next_deadline(s.state) == 1000
    events = s.do(HOST, "set_deadline", at=5000)  # a longer day
    assert G.next_deadline(s.state) == 5000 and G.view(s.state, 1)["deadline"] == 5000
    assert [e.type for e in events] == ["deadline_moved"] and events[0].audience == PUBLIC
    with pytest.raises(Rejected) as early:
        s.tick(1000)
    assert early.value.code == "not_due"  # K-TICK-2
    assert s.state.phase == "DAY"  # the old deadline no longer closes the day
    s.do(HOST, "end_day")
    assert s.state.phase == "NIGHT" and G.next_deadline(s.state) == s.now + 1000  # the schedule again
    s.do(HOST, "set_deadline", at=None)  # the host closes this night by hand
    assert G.next_deadline(s.state) is None
    with pytest.raises(Rejected) as untimed:
        s.tick(10**9)
    assert untimed.value.code == "not_due"  # K-TICK-2: no deadline, nothing to tick
    assert s.state.phase == "NIGHT"
    s.move("maniac", "MANIAC_QUICK", "doctor")  # no deadline: moves are still taken
    assert [entry["deadline"] for entry in s.state.host_log] == [
        {"from": 1000, "to": 5000},
        {"from": s.state.host_log[1]["deadline"]["from"], "to": None},
    ]


def test_a_deadline_is_moved_by_the_host_only_and_into_the_future() -> None:  # H-01a
    s = deal("DOCTOR", "MANIAC", "VAMPIRE", "PV", "SHERIFF", schedule={"day_ms": 1000})
    before = snapshot = G.snapshot(s.state)
    for actor, at in (
        (s.seat("doctor"), 5000),
        (HOST, s.now),
        (HOST, s.now - 5),
        (HOST, "soon"),
        (HOST, 1.5e6),
    ):
        with pytest.raises(Rejected) as err:
            s.do(actor, "set_deadline", at=at)
        assert err.value.code == ("not_host" if actor != HOST else "bad_deadline")
    assert G.snapshot(s.state) == before == snapshot
