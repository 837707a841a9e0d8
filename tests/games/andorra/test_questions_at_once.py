"""Questions of one night asked at the same time, each with its own deadline (H-11b), and the
host asked where the rules leave it to him (A-DAWN-1b)."""

from __future__ import annotations

from nightfall.engine import HOST

from .kit import GAME, Scenario, deal, quiet_day

SCHEDULE = {"day_ms": 10_000, "night_ms": 10_000, "prompt_ms": 500}


def test_reanimator_pv_and_recruitment_are_asked_at_once() -> None:  # H-11b, H-11a, A-CYCLE-6
    """The Reanimator's (step 40), the PV's (D1) and a recruitment question (D2) come together
    at the end of the night, each with the deadline of its own (before: one after another, each
    with the full deadline again)."""
    s = deal("REANIMATOR", "PV", "PV", "DOCTOR", "MANIAC", "BOSS", "RECRUITER", schedule=SCHEDULE)
    quiet_day(s)
    s.move("maniac", "MANIAC_QUICK", "boss")  # the Doctor has a siren; the Boss's vest stops no knife
    s.move("pv", "PV_WATCH", "boss")
    s.move("reanimator", "REANIMATE")
    s.move("recruiter", "RECRUIT", "pv2", by="boss")
    s.do(HOST, "end_night")
    asked = s.now
    prompts = s.pending()["prompts"]
    assert sorted((p["kind"], p["seat"]) for p in prompts) == [
        ("PV_ROLE", s.seat("pv")),
        ("REANIMATE", s.seat("reanimator")),
        ("RECRUIT_ASK", s.seat("pv2")),
    ]
    assert all(s.state.prompt_deadlines[p["id"]] == asked + 500 for p in prompts)
    for nick in ("pv", "reanimator", "pv2"):  # each player sees his own question now
        [q] = GAME.view(s.state, s.seat(nick))["me"]["prompts"]
        assert q["deadline"] == asked + 500
    ids = {p["kind"]: p["id"] for p in prompts}
    s.do(s.seat("pv2"), "answer", prompt=ids["RECRUIT_ASK"], answer="да")
    s.do(s.seat("pv"), "answer", prompt=ids["PV_ROLE"], answer="NURSE")
    s.do(s.seat("reanimator"), "answer", prompt=ids["REANIMATE"], answer=s.seat("boss"))
    assert s.state.phase == "REVIEW"
    s.do(HOST, "publish")
    assert s.player("boss").alive and s.player("pv").role == "NURSE"
    assert s.player("pv2").clan == "mafia"


def test_a_deadline_takes_only_the_unanswered_questions_default() -> None:  # H-11b, H-11a, Q-72
    s = deal("REANIMATOR", "PV", "PV", "DOCTOR", "MANIAC", "BOSS", "RECRUITER", schedule=SCHEDULE)
    quiet_day(s)
    s.move("maniac", "MANIAC_QUICK", "boss")  # the Doctor has a siren; the Boss's vest stops no knife
    s.move("pv", "PV_WATCH", "boss")
    s.move("reanimator", "REANIMATE")
    s.do(HOST, "end_night")
    asked = s.now
    ids = {p["kind"]: p["id"] for p in s.pending()["prompts"]}
    assert set(ids) == {"PV_ROLE", "REANIMATE"}
    s.do(s.seat("pv"), "answer", prompt=ids["PV_ROLE"], answer="VH")
    s.tick(asked + 500)
    assert s.state.phase == "REVIEW"
    s.do(HOST, "publish")
    assert s.player("pv").role == "VH" and not s.player("boss").alive


def _killed_and_reanimated_pv() -> Scenario:
    s = deal("REANIMATOR", "PV", "PV", "DOCTOR", "MANIAC", "BOSS", "SOLDIER")
    quiet_day(s)
    s.move("boss", "SHOOT", "pv2")  # the watched player is hit (step 32) ...
    s.move("pv", "PV_WATCH", "pv2")
    s.move("maniac", "MANIAC_QUICK", "pv")  # ... the watcher is killed (step 30) ...
    s.move("reanimator", "REANIMATE", prefer=[s.seat("pv")])  # ... and reanimated (step 40)
    s.do(HOST, "end_night")
    return s


def test_a_pv_killed_and_reanimated_is_a_host_question() -> None:  # A-DAWN-1b, A-RES-4, A-DEATH-2
    s = _killed_and_reanimated_pv()
    [reanimate] = s.pending()["prompts"]  # the Reanimator first: the host's question follows it
    assert reanimate["kind"] == "REANIMATE"
    s.do(s.seat("reanimator"), "answer", prompt=reanimate["id"], answer=s.seat("pv"))
    [host_q] = s.pending()["prompts"]
    assert (host_q["kind"], host_q["seat"], host_q["default"]) == ("PV_REANIMATED", 0, "да")
    desk = GAME.view(s.state, HOST)["host"]["pending"]["prompts"]
    assert desk[0]["ru"].startswith("pv (МЖ) убит(а) этой ночью и реанимирован(а)")
    assert desk[0]["ru"].endswith("Дать игроку pv выбрать роль?")  # A-ROLE-JOURNALIST-8b: the nick undeclined
    assert GAME.view(s.state, s.seat("pv"))["me"]["prompts"] == []  # nothing asked of him yet
    s.do(HOST, "answer", prompt=host_q["id"], answer="нет")
    assert s.state.phase == "REVIEW"  # no role question for him
    s.do(HOST, "publish")
    assert s.player("pv").alive and s.player("pv").role == "PV"


def test_a_pv_killed_and_reanimated_chooses_by_default() -> None:  # A-DAWN-1b, A-RES-4
    s = _killed_and_reanimated_pv()
    s.do(HOST, "close_prompts")  # every question takes its default: revived, then «да»
    assert s.state.phase == "REVIEW"
    s.do(HOST, "publish")
    assert s.player("pv").alive
    # he was asked (the morning says what came of it, A-MSG-4a): no answer, his own role kept
    assert any(m.endswith("Вы не выбрали роль и остались при своей.") for m in s.inbox("pv")), s.inbox("pv")


def test_a_question_asked_at_a_deadline_has_its_own() -> None:  # H-11a, H-11b
    """The PV's role choice runs out; the recruitment that waited on it (a second question to
    the same player) is asked then, with a deadline of its own from that moment, so the night
    does not wait for the host."""
    s = deal("REANIMATOR", "PV", "PV", "DOCTOR", "MANIAC", "BOSS", "RECRUITER", schedule=SCHEDULE)
    quiet_day(s)
    s.move("maniac", "MANIAC_QUICK", "boss")
    s.move("pv", "PV_WATCH", "boss")
    s.move("recruiter", "RECRUIT", "pv", by="boss")
    s.do(HOST, "end_night")
    [role] = s.pending()["prompts"]
    assert role["kind"] == "PV_ROLE"
    ran_out = s.now + 500
    s.tick(ran_out)
    [recruit] = s.pending()["prompts"]
    assert (recruit["kind"], recruit["seat"]) == ("RECRUIT_ASK", s.seat("pv"))
    assert s.state.prompt_deadlines[recruit["id"]] == ran_out + 500 == s.state.deadline
    [q] = GAME.view(s.state, s.seat("pv"))["me"]["prompts"]
    assert q["deadline"] == ran_out + 500
    s.tick(ran_out + 500)
    assert s.state.phase == "REVIEW"
