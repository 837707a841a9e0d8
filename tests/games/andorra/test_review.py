"""The host's check of a night before publication, in words (H-03, A-DAWN-9)."""

from __future__ import annotations

import re

from nightfall.engine import HOST

from .kit import GAME, mk


def test_review_shows_tally_moves_deaths_messages_and_corrections() -> None:
    """H-03, A-DAWN-9, A-TALLY-10: before «Опубликовать утро» the host sees the night in words."""
    s = mk("BOSS", "RECRUITER", "SHERIFF", "PV", "PV", "DOCTOR", "MANIAC")
    s.day([("boss", "pv"), ("pv", "boss"), ("pv2", "boss"), ("doctor", "pv")])
    s.move("boss", "SHOOT", "pv2")
    s.move("maniac", "MANIAC_BLOODY", "sheriff")
    s.do(HOST, "end_night")
    s.do(HOST, "correct", player=s.seat("doctor"), action="HEAL", target=s.seat("pv2"))
    r = GAME.view(s.state, "host")["host"]["review"]
    assert r["tally"] == {
        "scores": "boss — 2, pv — 2",
        "penalties": "—",
        "jailed": "boss",
        "coin": "да, между: boss, pv",
    }
    assert "doctor: лечить → pv2 — удачно" in r["moves"]
    assert r["deaths"] == ["sheriff (Шериф) — нож Маньяка (кроваво), от: maniac"]
    assert {"to": "maniac", "ru": "Результат хода: удачно."} in r["messages"]
    assert r["corrections"] == ["doctor: лечить → pv2"]
    words = " ".join([*r["moves"], *r["deaths"], *(m["to"] + m["ru"] for m in r["messages"])])
    assert not re.findall(r"\b[A-Z_]{4,}\b", words)
    s.do(HOST, "publish")
    assert GAME.view(s.state, "host")["host"]["review"] is None
