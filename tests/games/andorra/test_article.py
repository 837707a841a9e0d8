"""The Journalist's article (A-ROLE-JOURNALIST-3, A-ROLE-JOURNALIST-4, A-ROLE-JOURNALIST-7, A-ROLE-JOURNALIST-7a, H-07)."""

from __future__ import annotations

import pytest

from nightfall.engine import HOST, Rejected

from .kit import GAME, Scenario, deal, quiet_day


def _after_watch() -> Scenario:
    s = deal("JOURNALIST", "DOCTOR", "PV", "PV", "BOSS", "MANIAC")
    quiet_day(s)
    s.move("journalist", "JOURNALIST_WATCH", "doctor")
    s.resolve()
    return s


def test_the_host_publishes_the_article_into_the_morning_post() -> None:
    """A-ROLE-JOURNALIST-7: on Day N+1 after his watch he writes; the host publishes it into the
    day's morning post under «Газета:», unsigned; his page shows it published."""
    s = _after_watch()
    me = GAME.view(s.state, s.seat("journalist"))["me"]
    assert me["can_publish_article"] and me["article"] is None
    s.do(s.seat("journalist"), "article", text="Черновик")
    s.do(s.seat("journalist"), "article", text="Доктор не спал этой ночью.")  # rewritten before the verdict
    assert GAME.view(s.state, "host")["host"]["articles"][0]["status"] == "waiting"
    assert "Газета" not in s.post()
    s.do(HOST, "article_verdict", seat=s.seat("journalist"), publish=True)
    post = GAME.view(s.state, s.seat("pv"))["posts"][-1]
    assert post["ru"].endswith("\n\nГазета:\nДоктор не спал этой ночью.")
    assert post["bbcode"].endswith("\n\n[b]Газета:[/b]\nДоктор не спал этой ночью.")
    assert "journalist" not in post["ru"]
    assert GAME.view(s.state, s.seat("journalist"))["me"]["article"]["status"] == "published"
    with pytest.raises(Rejected) as e:
        s.do(s.seat("journalist"), "article", text="Ещё одна")
    assert e.value.code == "article_decided"


def test_declined_article_changes_nothing_public() -> None:
    """H-07: a pure Journalist may not lie; the host declines, the post stays as it was."""
    s = _after_watch()
    before = s.post()
    s.do(s.seat("journalist"), "article", text="Неправда")
    s.do(HOST, "article_verdict", seat=s.seat("journalist"), publish=False)
    assert s.post() == before
    assert GAME.view(s.state, s.seat("journalist"))["me"]["article"]["status"] == "declined"


def test_no_article_without_a_watch_and_bad_input_changes_nothing() -> None:
    """A-ROLE-JOURNALIST-4/7: no watch last night → no newspaper; empty or foreign input refused."""
    s = deal("JOURNALIST", "DOCTOR", "PV", "PV", "BOSS", "MANIAC")
    quiet_day(s)
    s.resolve()
    for actor, payload, code in [
        (s.seat("journalist"), {"text": "Статья"}, "no_article_today"),
        (s.seat("doctor"), {"text": "Статья"}, "no_article_today"),
    ]:
        with pytest.raises(Rejected) as e:
            s.do(actor, "article", **payload)
        assert e.value.code == code
    s2 = _after_watch()
    for payload, code in [({"text": "  "}, "article_empty"), ({"text": "я" * 4001}, "article_too_long")]:
        with pytest.raises(Rejected) as e:
            s2.do(s2.seat("journalist"), "article", **payload)
        assert e.value.code == code
    with pytest.raises(Rejected) as e:
        s2.do(HOST, "article_verdict", seat=s2.seat("journalist"), publish=True)
    assert e.value.code == "no_article_waiting"
    assert s2.state.articles == []
