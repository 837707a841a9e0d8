"""The Day N+1 vote log's penalty lines say why (A-REPORT-6, A-VOTE-10, A-GEN-9, H-05): the
[SRC] line «+1 <Ник> (штраф)» stays as it is and the reason follows it: no vote, a void vote
(with the log's reason, A-VOTE-3) or a missing avatar. A play-test: «+1 Kira (штраф)» left the
table asking what Kira had done."""

from __future__ import annotations

from nightfall.engine import HOST
from nightfall.games.andorra.reports.header import header

from .kit import GAME, Scenario, deal


def _day_two() -> Scenario:
    """Day 1: the doctor votes for himself (void), the maniac does not vote, the rest vote
    blank; a quiet night; on Day 2 the host gives the vampire +1 for a missing avatar."""
    s = deal("DOCTOR", "MANIAC", "VAMPIRE", "BOSS", "PV")
    s.day([("doctor", "doctor"), ("vampire", None), ("boss", None), ("pv", None)])
    s.resolve()
    s.do(HOST, "penalty", seat=s.seat("vampire"))
    return s


def _log(s: Scenario, lang: str) -> list[str]:
    lines = header(s.state, lang).splitlines()
    first = lines.index("Лог голосования:" if lang == "ru" else "Vote log:") + 1
    return [line for line in lines[first:] if line.startswith("+1 ")]


def test_the_header_says_why_each_penalty() -> None:  # A-REPORT-6, A-VOTE-10, A-GEN-9, H-05
    s = _day_two()
    assert _log(s, "ru") == [
        "+1 doctor (штраф) — нарушение в день 1: голос за себя",
        "+1 maniac (штраф) — не голосовал(а) в день 1",
        "+1 vampire (штраф) — нет аватара",
    ]
    assert _log(s, "en") == [
        "+1 doctor (penalty) — violation on day 1: a vote for oneself",
        "+1 maniac (penalty) — did not vote on day 1",
        "+1 vampire (penalty) — no avatar",
    ]


def test_the_pages_vote_log_carries_the_reason() -> None:  # A-REPORT-6, A-VOTE-10
    s = _day_two()
    pens = [e for e in GAME.view(s.state, "public")["vote_log"] if e["kind"] == "PENALTY"]
    assert [(e["target"], e["reason"]["ru"]) for e in pens] == [
        (s.seat("doctor"), "нарушение в день 1: голос за себя"),
        (s.seat("maniac"), "не голосовал(а) в день 1"),
        (s.seat("vampire"), "нет аватара"),
    ]
