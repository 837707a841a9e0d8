"""A-MAIL-4: which notices a change makes due, read from the rules' state alone: a question the
player had not been asked, a new private result, a new day; only for players who opted in and
only while the host has SMTP settings."""

from __future__ import annotations

from nightfall.engine import HOST
from nightfall.games.andorra.site.mail import (
    DAY,
    QUESTION,
    RESULT,
    MailDesk,
    SmtpSettings,
    due,
    letter,
    marks,
)

from .kit import deal, quiet_day

SMTP = SmtpSettings("smtp.example.org", 587, "starttls", "u", "secret", "host@example.org")


def test_question_result_and_day_a_mail_4() -> None:
    s = deal("REANIMATOR", "PV", "PV", "DOCTOR", "MANIAC", "BOSS", "SHERIFF")
    desk = MailDesk(
        smtp=SMTP, addresses={s.seat("pv"): "pv@example.org", s.seat("sheriff"): "sh@example.org"}
    )
    start = marks(s.state)
    quiet_day(s)
    s.move("maniac", "MANIAC_QUICK", "boss")
    s.move("pv", "PV_WATCH", "boss")
    s.move("sheriff", "SEARCH_BOSS", "boss")
    s.move("reanimator", "REANIMATE")
    before_night = marks(s.state)
    assert due(desk, start, before_night) == []  # the night began: nothing for them yet
    s.do(HOST, "end_night")
    asked = marks(s.state)
    got = {(n.address, n.kind) for n in due(desk, before_night, asked)}
    assert ("pv@example.org", QUESTION) in got  # the PV's role choice (D1)
    assert not any(a == "sh@example.org" and k == QUESTION for a, k in got)
    assert due(desk, asked, marks(s.state)) == []  # the same question is not told twice
    for pr in list(s.pending()["prompts"]):  # each answers his own question, then the morning
        s.do(pr["seat"], "answer", prompt=pr["id"], answer=pr.get("default"))
    assert s.state.phase == "REVIEW"
    s.do(HOST, "publish")
    morning = due(desk, asked, marks(s.state))
    kinds = {(n.address, n.kind) for n in morning}
    assert ("sh@example.org", RESULT) in kinds and ("sh@example.org", DAY) in kinds
    assert ("pv@example.org", DAY) in kinds
    assert due(MailDesk(addresses=desk.addresses), asked, marks(s.state)) == []  # no SMTP: no mail


def test_a_letter_tells_nothing_of_the_game_a_mail_4() -> None:
    for kind in (QUESTION, RESULT, DAY):
        subject, body = letter(kind, "KXTR", "https://example.org/a/KXTR/p")
        assert "KXTR" in subject and body.count("https://example.org/a/KXTR/p") == 2
        assert "#t=" not in body
