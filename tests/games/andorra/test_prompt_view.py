"""Questions as a player reads them (A-DATA-I, A-ROLE-PV-6, A-RECRUIT-6, A-ERR-12)."""

from __future__ import annotations

from nightfall.engine import HOST

from .kit import GAME, Scenario, deal, pv_night_in_two_clans, quiet_day


def pv_saw_a_shot(*, recruited: bool) -> Scenario:
    """Night 1 closed: the Boss shot pv2 while pv watched him, so pv is asked for a free role
    (A-ROLE-PV-6); with ``recruited`` the Recruiter's offer to pv follows it."""
    s = deal("BOSS", "RECRUITER", "SHERIFF", "PV", "PV", "DOCTOR")
    quiet_day(s)
    s.move("boss", "SHOOT", "pv2")
    s.move("pv", "PV_WATCH", "pv2")
    if recruited:
        s.move("recruiter", "RECRUIT", "pv", by="boss")
    s.do(HOST, "end_night")
    return s


def test_a_pv_question_names_roles_in_russian_and_may_be_declined() -> None:
    """A-ROLE-PV-6, A-DATA-I: choices carry the role names; «отказаться» is allowed; an
    answered question shows as answered until the night goes on."""
    s = pv_saw_a_shot(recruited=True)
    [q] = GAME.view(s.state, s.seat("pv"))["me"]["prompts"]
    assert q["kind"] == "PV_ROLE" and q["can_decline"] and not q["answered"]
    # no answer declines it (he stays a PV), and the page says so beside the question
    assert q["default"] is None and q["default_label"] == {"ru": "отказ", "en": "declined"}
    labels = {c["value"]: c["ru"] for c in q["choices"]}
    assert labels["MAYOR"] == "Мэр города" and labels["VH"] == "Ван Хельсинг"
    assert all(c["ru"] != c["value"] for c in q["choices"])
    s.do(s.seat("pv"), "answer", prompt=q["id"], answer="JOURNALIST")
    [q2] = GAME.view(s.state, s.seat("pv"))["me"]["prompts"]  # the recruitment offer follows
    assert q2["kind"] == "RECRUIT_ASK" and not q2["can_decline"]  # «нет» is the refusal
    assert [c["ru"] for c in q2["choices"]] == ["да", "нет"] and [c["en"] for c in q2["choices"]] == [
        "yes",
        "no",
    ]
    assert q2["default_label"] == {"ru": "нет", "en": "no"}


def test_the_last_answer_stays_in_sight_while_the_host_reviews_the_night() -> None:
    """A-CYCLE-6, A-DATA-I: the last answer lets the night go on to the host's review (H-03);
    the player still sees what he answered there, and only his own questions."""
    s = deal("BOSS", "RECRUITER", "SHERIFF", "PV", "PV", "DOCTOR")
    quiet_day(s)
    s.move("recruiter", "RECRUIT", "pv", by="boss")
    s.do(HOST, "end_night")
    [q] = GAME.view(s.state, s.seat("pv"))["me"]["prompts"]
    assert q["kind"] == "RECRUIT_ASK"
    s.do(s.seat("pv"), "answer", prompt=q["id"], answer="да")
    assert s.state.phase == "REVIEW"
    [seen] = GAME.view(s.state, s.seat("pv"))["me"]["prompts"]
    assert seen["id"] == q["id"] and seen["answered"] and seen["answer"] == "да"
    assert not seen["by_host"]  # her own answer
    assert GAME.view(s.state, s.seat("pv2"))["me"]["prompts"] == []
    s.do(HOST, "publish")
    assert GAME.view(s.state, s.seat("pv"))["me"]["prompts"] == []


def test_which_questions_may_be_declined() -> None:
    """A-CYCLE-6a: «отказаться» for the PV's role, a free choice among offers, the
    Reanimator and the Shmara; never for a single offer, a forced choice or the host's clan."""
    from nightfall.games.andorra.questions import may_decline

    def q(kind: str, key: str = "MSG") -> dict[str, object]:
        return {"kind": kind, "key": key}

    assert all(may_decline(q(k)) for k in ("PV_ROLE", "RECRUIT_CHOICE", "REANIMATE", "SHMARA_ITEM"))
    assert not may_decline(q("RECRUIT_CHOICE", "MSG-RECRUIT-CHOICE-FORCED"))  # A-ERR-12
    assert not may_decline(q("RECRUIT_ASK")) and not may_decline(q("CLAN_ASSIGN"))


def test_a_null_answer_to_the_hosts_clan_question_keeps_its_default() -> None:
    """A-CYCLE-6a, H-08, A-DAWN-1a: the host cannot decline the clan question; a null answer
    is no answer and the PV joins the default clan (he was left outside every clan before)."""
    s = pv_night_in_two_clans()
    s.do(HOST, "end_night")
    [pv_role] = GAME.view(s.state, s.seat("pv"))["me"]["prompts"]
    s.do(s.seat("pv"), "answer", prompt=pv_role["id"], answer="RECRUITER")
    [clan_q] = GAME.view(s.state, "host")["host"]["prompts"]
    assert clan_q["kind"] == "CLAN_ASSIGN" and not clan_q["can_decline"]
    s.do(HOST, "answer", prompt=clan_q["id"], answer=None)
    s.do(HOST, "publish")
    assert s.player("pv").role == "RECRUITER" and s.player("pv").clan == clan_q["default"]


def test_an_answered_question_reads_answered_in_the_inbox() -> None:
    """A-DATA-I, MSG-RECRUIT-ASK, MSG-PV-SAW, A-CYCLE-6a: once the morning is out, the question
    in the player's inbox carries its answer in words (the page shows it answered, never as
    a question still open), a declined one says so; a message that asked nothing carries no
    question."""
    s = deal("BOSS", "RECRUITER", "SHERIFF", "PV", "PV", "DOCTOR")
    quiet_day(s)
    s.move("boss", "SHOOT", "sheriff")
    s.move("pv", "PV_WATCH", "sheriff")
    s.move("recruiter", "RECRUIT", "pv2", by="boss")
    s.move("doctor", "HEAL", "pv")
    s.do(HOST, "end_night")
    [saw] = GAME.view(s.state, s.seat("pv"))["me"]["prompts"]
    s.do(s.seat("pv"), "answer", prompt=saw["id"], answer=None)  # he keeps his role
    [ask] = GAME.view(s.state, s.seat("pv2"))["me"]["prompts"]
    s.do(s.seat("pv2"), "answer", prompt=ask["id"], answer="да")
    s.do(HOST, "publish")
    inbox = GAME.view(s.state, s.seat("pv2"))["me"]["inbox"]
    [offer] = [m for m in inbox if m["ru"].startswith("Вам поступило")]
    assert offer["ru"] == "Вам поступило предложение о вербовке. Вы согласились."  # A-MSG-4a
    assert offer["question"] == {"answered": True, "answer": {"ru": "да", "en": "yes"}}
    [pv_saw] = [m for m in GAME.view(s.state, s.seat("pv"))["me"]["inbox"] if m["question"] is not None]
    assert pv_saw["question"] == {"answered": True, "answer": None}  # declined
    doctor = GAME.view(s.state, s.seat("doctor"))["me"]["inbox"]
    assert doctor and all(m["question"] is None for m in doctor)


def test_a_question_nobody_answered_reads_so_with_the_default_that_held() -> None:
    """A-DATA-I, H-11, MSG-RECRUIT-ASK: the host closes the questions; the offer in the inbox
    says it went unanswered and that «нет» held."""
    s = deal("BOSS", "RECRUITER", "SHERIFF", "PV", "PV", "DOCTOR")
    quiet_day(s)
    s.move("recruiter", "RECRUIT", "pv", by="boss")
    s.do(HOST, "end_night")
    s.do(HOST, "close_prompts")
    s.do(HOST, "publish")
    [offer] = [m for m in GAME.view(s.state, s.seat("pv"))["me"]["inbox"] if m["question"] is not None]
    assert offer["question"] == {"answered": False, "answer": {"ru": "нет", "en": "no"}}


def test_what_no_answer_gives_where_the_default_is_no_option() -> None:
    """A-CYCLE-6a, Q-28, A-ERR-12: a question that may be declined says «Без ответа: отказ»;
    a choice with a forced offer says the coin decides; an offer with a default names it."""
    from nightfall.games.andorra.questions import unanswered

    def q(kind: str, key: str = "MSG", default: object = None) -> dict[str, object]:
        return {"kind": kind, "key": key, "default": default}

    assert unanswered(q("REANIMATE")) == {"ru": "отказ", "en": "declined"}
    assert unanswered(q("RECRUIT_CHOICE")) == {"ru": "отказ", "en": "declined"}
    forced = unanswered(q("RECRUIT_CHOICE", "MSG-RECRUIT-CHOICE-FORCED"))
    assert forced is not None and "жребий" in forced["ru"] and "coin" in forced["en"]
    assert unanswered(q("RECRUIT_ASK", default="нет")) is None  # its default is an option, named as such


def test_a_forced_offer_left_unanswered_reads_as_taken_not_refused() -> None:
    """Q-28, A-ERR-12, A-RECRUIT-6, A-DATA-I: he refused the red clan once, so its second offer
    is forced; beside the black clan's he is asked to choose and says nothing. The question
    said the forced offer is taken without an answer, and the morning says the same (it said
    «принято: отказ» and then «Вы завербованы»; a play-test)."""
    s = deal("RECRUITER:red", "RECRUITER:black", "PV", "DOCTOR", "MANIAC", "VAMPIRE", two_clans=True)
    quiet_day(s)
    s.move("recruiter", "RECRUIT", "pv")
    s.resolve({("RECRUIT_ASK", "pv"): "нет"})
    quiet_day(s)
    s.move("recruiter", "RECRUIT", "pv")
    s.move("recruiter2", "RECRUIT", "pv")
    s.do(HOST, "end_night")
    [q] = GAME.view(s.state, s.seat("pv"))["me"]["prompts"]
    assert q["key"] == "MSG-RECRUIT-CHOICE-FORCED" and not q["can_decline"]
    said = q["default_label"]
    assert said is not None and said["ru"].startswith("обязательная вербовка"), said
    s.do(HOST, "close_prompts")
    s.do(HOST, "publish")
    assert s.player("pv").clan == "mafia:red"  # the forced offer, the only one
    inbox = GAME.view(s.state, s.seat("pv"))["me"]["inbox"]
    questions = [m["question"] for m in inbox if m.get("question")]  # night 1's «нет» too
    assert {"answered": False, "answer": said} in questions, questions


def test_the_audit_and_the_moves_table_agree_on_a_refused_recruitment() -> None:
    """A-RECRUIT-8, H-03: an offer refused at dawn is «неудачно» in the moves table and in the
    order of execution alike (its step logged the visit «удачно» while the offer stood)."""
    s = deal("BOSS", "RECRUITER", "SHERIFF", "PV", "PV", "DOCTOR")
    quiet_day(s)
    s.move("recruiter", "RECRUIT", "pv", by="boss")
    s.resolve({("RECRUIT_ASK", "pv"): "нет"})
    audit = s.state.audits[0]
    recruiter = str(s.seat("recruiter"))
    assert audit["acts"][recruiter]["result"] == "FAIL"
    [event] = [e for e in GAME.view(s.state, "host")["host"]["audits"][0]["events"] if e["code"] == "RECRUIT"]
    assert event["result"] == "FAIL", event
    [step] = [r for r in audit["steps"] if r.get("step") == event["step"] and "actions" in r]
    assert [a["result"] for a in step["actions"] if a["code"] == "RECRUIT"] == ["FAIL"]


def test_the_review_tells_a_decline_from_no_answer() -> None:
    """H-03, A-CYCLE-6a: in the night's review a PV's explicit «отказаться» reads «ответ:
    отказ», and a question closed without an answer says what that gave («нет ответа → нет»);
    both read «нет ответа» before (a play-test)."""
    s = pv_saw_a_shot(recruited=True)
    [q] = GAME.view(s.state, s.seat("pv"))["me"]["prompts"]
    assert q["kind"] == "PV_ROLE"
    s.do(HOST, "answer", prompt=q["id"], answer=None)  # «Ответить за pv: отказаться»
    [offer] = GAME.view(s.state, s.seat("pv"))["me"]["prompts"]
    assert offer["kind"] == "RECRUIT_ASK"
    s.do(HOST, "close_prompts")
    answers = [a["ru"] for a in GAME.view(s.state, "host")["host"]["review"]["answers"]]
    assert answers[0].endswith("— ответ: отказ"), answers
    assert answers[1].endswith("— ответ: нет ответа → нет"), answers


def test_the_hosts_answers_for_players_and_closing_the_questions_are_in_his_log() -> None:
    """H-03, A-CYCLE-6: an answer the host gives for a player (from his PM) and «Закрыть
    вопросы» are the host's own acts: the desk's log and the night's review name them (they
    left no trace; a play-test)."""
    s = pv_saw_a_shot(recruited=True)
    [q] = GAME.view(s.state, s.seat("pv"))["me"]["prompts"]
    s.do(HOST, "answer", prompt=q["id"], answer="JOURNALIST")
    s.do(HOST, "close_prompts")
    # his page says the host answered it for him (through the review)
    [mine] = [p for p in GAME.view(s.state, s.seat("pv"))["me"]["prompts"] if p["id"] == q["id"]]
    assert mine["answered"] and mine["by_host"]
    host = GAME.view(s.state, "host")["host"]
    entries = host["review"]["host_entries"]
    said = [e["ru"] for e in entries]
    assert said == [
        "Ночь 1. Ответ из ЛС за pv: Журналист (внёс ведущий)",
        "Ночь 1. Вопросы закрыты, без ответа (ответы по умолчанию): pv",
    ], said
    assert entries[0]["en"] == "Night 1. Answer from a PM for pv: Journalist (entered by the host)"


def test_a_question_closed_without_an_answer_stays_in_sight_as_closed() -> None:
    """A-CYCLE-6, A-DATA-I, H-11: when the host closes the questions, the PV's unanswered
    question stays on his page through the review, unanswered, with what no answer gave
    («отказ»); it used to vanish until the morning (a play-test)."""
    s = pv_saw_a_shot(recruited=False)
    [q] = GAME.view(s.state, s.seat("pv"))["me"]["prompts"]
    s.do(HOST, "close_prompts")
    assert s.state.phase == "REVIEW"
    [closed] = GAME.view(s.state, s.seat("pv"))["me"]["prompts"]
    assert closed["id"] == q["id"] and not closed["answered"]
    assert closed["default_label"] == {"ru": "отказ", "en": "declined"}
    assert GAME.view(s.state, s.seat("pv2"))["me"]["prompts"] == []  # only his own
