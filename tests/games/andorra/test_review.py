"""The host's check of a night before publication, in words (H-03, A-DAWN-9)."""

from __future__ import annotations

import re

from nightfall.engine import HOST
from nightfall.games.andorra.reports.review import CAUSES, HITS, NOTES

from .kit import GAME, deal, quiet_day


def test_review_shows_tally_moves_deaths_messages_and_corrections() -> None:
    """H-03, A-DAWN-9, A-TALLY-10: before «Опубликовать утро» the host sees the night in words."""
    s = deal("BOSS", "RECRUITER", "SHERIFF", "PV", "PV", "DOCTOR", "MANIAC")
    s.day([("boss", "pv"), ("pv", "boss"), ("pv2", "boss"), ("doctor", "pv")])
    s.move("boss", "SHOOT", "pv2")
    s.move("maniac", "MANIAC_BLOODY", "sheriff")
    s.do(HOST, "end_night")
    s.do(HOST, "correct", player=s.seat("doctor"), action="HEAL", target=s.seat("pv2"))
    r = GAME.view(s.state, "host")["host"]["review"]
    assert {k: v["ru"] for k, v in r["tally"].items()} == {
        "scores": "boss — 2, pv — 2",
        "penalties": "—",
        "jailed": "boss",
        "coin": "да, между: boss, pv",
    }
    assert r["tally"]["coin"]["en"] == "yes, between: boss, pv"
    assert {"ru": "doctor: лечить → pv2 — удачно", "en": "doctor: heal → pv2 — success"} in r["moves"]
    assert r["deaths"] == [
        {
            "ru": "sheriff (Шериф) — нож Маньяка (кроваво), от: maniac",
            "en": "sheriff (Sheriff) — the Maniac's knife (bloody), by: maniac",
        }
    ]
    assert {
        "to": {"ru": "maniac", "en": "maniac"},
        "text": {"ru": "Результат хода: удачно.", "en": "Move result: successful."},
    } in r["messages"]
    # a clan notice is addressed to its chat by the clan's word (A-RES-2)
    assert any(
        m["to"] == {"ru": "чат клана «мафия»", "en": "the chat of the mafia"}
        and m["text"]["ru"].startswith("Глава клана выбыл.")
        for m in r["messages"]
    )
    assert r["corrections"] == [{"ru": "doctor: лечить → pv2", "en": "doctor: heal → pv2"}]
    for lang in ("ru", "en"):
        words = " ".join(
            [*(x[lang] for x in [*r["moves"], *r["deaths"]]), *(m["to"][lang] for m in r["messages"])]
        )
        assert not re.findall(r"\b[A-Z_]{4,}\b", words)
    english = " ".join(
        x["en"]
        for x in [*r["moves"], *r["deaths"], *r["tally"].values(), *(m["text"] for m in r["messages"])]
    )
    assert not re.search("[а-яё]", english, re.IGNORECASE), english
    s.do(HOST, "publish")
    assert GAME.view(s.state, "host")["host"]["review"] is None


def test_a_corrected_move_is_reviewed_with_its_fields_in_words() -> None:
    """H-03, A-ROLE-FAIRY-4: the review's correction line and the host log name the corrected
    gift in words («визитка шерифа»), as the move form names it (roles/move_params)."""
    s = deal("BOSS", "FAIRY", "SHERIFF", "PV", "DOCTOR")
    s.day([])
    s.move("fairy", "FAIRY_GIFT", "pv", gift="VEST")
    s.do(HOST, "end_night")
    card = {"gift": "CARD_SHERIFF"}
    s.do(HOST, "correct", player=s.seat("fairy"), action="FAIRY_GIFT", target=s.seat("doctor"), params=card)
    r = GAME.view(s.state, "host")["host"]["review"]
    assert [c["ru"] for c in r["corrections"]] == ["fairy: подарок → doctor (Подарок: визитка шерифа)"]
    assert "fairy: подарок → doctor (Подарок: визитка шерифа) — удачно" in [m["ru"] for m in r["moves"]]
    log = [e["ru"] for e in GAME.view(s.state, "host")["host"]["host_log"]]
    assert "Ночь 1. Исправлен ход: fairy: подарок → doctor (Подарок: визитка шерифа)" in log


def test_the_audit_carries_the_engines_words_for_every_cause_and_protection() -> None:
    """H-03, A-HAR, A-PROT: each executed action of the audit carries what stopped it and the
    kind of harm in the engine's words (ru and en), so the desk holds no copy of them."""
    s = deal("BOSS", "SHERIFF", "PV", "PV", "MANIAC")
    s.day([])
    s.move("maniac", "MANIAC_BLOODY", "sheriff")
    s.resolve()
    [audit] = GAME.view(s.state, "host")["host"]["audits"]
    knife = next(e for e in audit["events"] if e["code"] == "MANIAC_BLOODY")
    assert knife["note_words"] == {"ru": "нож Маньяка (кроваво)", "en": "the Maniac's knife (bloody)"}
    assert knife["hit_words"] is None  # nothing stopped the knife
    # every code of the tables, put into the stored audit, comes out in both languages
    base = s.state.audits[0]["events"][0]
    s.state.audits[0]["events"] = [
        *({**base, "note": c, "hit": "NONE"} for c in NOTES),
        *({**base, "note": "", "hit": h} for h in HITS),
    ]
    events = GAME.view(s.state, "host")["host"]["audits"][0]["events"]
    notes = [e["note_words"] for e in events[: len(NOTES)]]
    assert notes == [{"ru": ru, "en": en} for ru, en in NOTES.values()]
    assert set(CAUSES) <= set(NOTES)
    hits = [e["hit_words"] for e in events[len(NOTES) :]]
    assert hits == [{"ru": ru, "en": en} for ru, en in HITS.values()]
    assert all(w["ru"] and w["en"] and w["ru"] != w["en"] for w in [*notes, *hits])


def test_the_answers_in_the_review_are_words_not_codes() -> None:
    """H-03, A-ROLE-PV-6, A-DATA-I: the PV's chosen role reads «Журналист» in the host's
    review (the desk once showed «ответ: JOURNALIST»)."""
    s = deal("BOSS", "RECRUITER", "SHERIFF", "PV", "PV", "DOCTOR")
    s.day([])
    s.move("boss", "SHOOT", "pv2")
    s.move("pv", "PV_WATCH", "pv2")
    s.do(HOST, "end_night")
    [q] = GAME.view(s.state, s.seat("pv"))["me"]["prompts"]
    s.do(s.seat("pv"), "answer", prompt=q["id"], answer="JOURNALIST")
    answers = [a["ru"] for a in GAME.view(s.state, "host")["host"]["review"]["answers"]]
    assert len(answers) == 1 and answers[0].endswith("— ответ: Журналист")
    assert not re.findall(r"\b[A-Z_]{4,}\b", " ".join(answers))


def test_the_audit_names_the_bodyguards_return_shot_in_words() -> None:  # A-ROLE-BODYGUARD-2, H-03
    """The engine's own acts (the Bodyguard's return shot, the Executioner's axe, a found shot)
    are named in words on the desk's audit, never by a code such as «RSHOT» (issue 32 §4)."""
    s = deal("BOSS", "SOLDIER", "BODYGUARD", "PV", "PV", "MANIAC")
    quiet_day(s)
    s.move("boss", "SHOOT", "pv")
    s.move("bodyguard", "PROTECT", "pv")
    s.resolve()
    [audit] = GAME.view(s.state, "host")["host"]["audits"]
    rshot = next(e for e in audit["events"] if e["code"] == "RSHOT")
    assert rshot["name"] == {"ru": "ответный выстрел Телохранителя", "en": "the Bodyguard's return shot"}
    assert all(e["name"]["ru"] != e["code"] for e in audit["events"])


def test_a_revival_is_named_in_the_moves_the_audit_and_the_deaths() -> None:
    """H-03, A-ROLE-REANIMATOR-2: the Reanimator's target is his answer, so the review names the
    revived player in his move and under the deaths, and the desk's audit has him as the target."""
    s = deal("REANIMATOR", "PV", "PV", "DOCTOR", "MANIAC", "BOSS", "RECRUITER")
    quiet_day(s)
    s.move("maniac", "MANIAC_QUICK", "boss")
    s.move("reanimator", "REANIMATE", prefer=[s.seat("boss")])
    s.do(HOST, "end_night")
    [question] = s.pending()["prompts"]
    s.do(s.seat("reanimator"), "answer", prompt=question["id"], answer=s.seat("boss"))
    r = GAME.view(s.state, "host")["host"]["review"]
    # his fallback in a few words, not the form's question («…, если я не отвечу вовремя …»)
    assert {
        "ru": "reanimator: реанимировать → boss (без ответа — реанимировать: boss) — удачно",
        "en": "reanimator: reanimate → boss (without an answer, reanimate: boss) — success",
    } in r["moves"]
    assert r["deaths"] == [
        {
            "ru": "boss (Босс мафии) — убит этой ночью и реанимирован, кем: reanimator",
            "en": "boss (Mafia Boss) — killed tonight and reanimated, by reanimator",
        }
    ]
    audit = s.pending()["audit"]
    act = audit["acts"][str(s.seat("reanimator"))]
    assert act["orig"] == act["target"] == s.seat("boss")  # a target, not a retarget
    notes = [n for step in audit["steps"] for n in step["notes"]]
    assert not [n for n in notes if n.get("action") == "RETARGETED"]
