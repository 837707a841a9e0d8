"""A question of the night in the player's inbox (A-DATA-I, A-MSG-4a, MSG-RECRUIT-ASK): once the
morning is out it reads as what came of it, and asks nothing again; on a 390 px phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from .conftest import Served
from .remote import Remote, create
from .test_browser import SHOTS, page_in_own_context

pytestmark = pytest.mark.browser

CAST = [("Boss", "BOSS"), ("Rekrut", "RECRUITER"), ("Stas", "SHERIFF"), ("Kira", "PV"), ("Doc", "DOCTOR")]
SEAT = {n: i + 1 for i, (n, _) in enumerate(CAST)}


def test_an_answered_recruitment_offer_reads_answered(chromium: Browser, andorra_server: Served) -> None:
    game = create(andorra_server.url, {"players": [{"name": n, "role": r} for n, r in CAST]})
    host = Remote(andorra_server.url, game["code"], game["host_token"])
    kira = Remote(andorra_server.url, game["code"], game["players"][SEAT["Kira"] - 1]["token"])
    boss = Remote(andorra_server.url, game["code"], game["players"][SEAT["Boss"] - 1]["token"])
    host.ok("end_day")
    boss.ok("move", player=SEAT["Rekrut"], action="RECRUIT", target=SEAT["Kira"])
    host.ok("end_night")
    [ask] = kira.view()["me"]["prompts"]
    kira.ok("answer", prompt=ask["id"], answer="да")
    host.ok("publish")

    page = page_in_own_context(chromium)
    page.goto(game["players"][SEAT["Kira"] - 1]["url"])
    inbox = page.get_by_role("region", name="Личные сообщения")
    offer = inbox.get_by_role("listitem").filter(has_text="предложение о вербовке")
    # the offer and her consent, not the question again (a play-test: it repeated it)
    expect(offer).to_contain_text("Вам поступило предложение о вербовке. Вы согласились.")
    expect(offer).not_to_contain_text("Вы согласны?")
    # nothing is asked again: no open question, no answer buttons
    expect(page.get_by_role("button", name="да", exact=True)).to_have_count(0)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    SHOTS.mkdir(parents=True, exist_ok=True)
    inbox.screenshot(path=str(SHOTS / "inbox-answered-phone.png"), animations="disabled")
    page.get_by_role("button", name="English").click()
    expect(page.get_by_role("region", name="Private messages")).to_contain_text(
        "You have received a recruitment offer. You accepted."
    )
    page.context.close()


def test_a_question_closed_without_an_answer_says_so_before_and_after_the_morning(
    chromium: Browser, andorra_server: Served
) -> None:
    """A-CYCLE-6, H-11, A-DATA-I: the host closes the night's questions while Kira has not
    answered her offer. Through the review her page keeps the question, closed, with what no
    answer gave («нет»), and asks nothing; the morning says the same (a play-test: it vanished)."""
    game = create(andorra_server.url, {"players": [{"name": n, "role": r} for n, r in CAST]})
    host = Remote(andorra_server.url, game["code"], game["host_token"])
    boss = Remote(andorra_server.url, game["code"], game["players"][SEAT["Boss"] - 1]["token"])
    host.ok("end_day")
    boss.ok("move", player=SEAT["Rekrut"], action="RECRUIT", target=SEAT["Kira"])
    host.ok("end_night")
    host.ok("close_prompts")

    page = page_in_own_context(chromium)
    page.goto(game["players"][SEAT["Kira"] - 1]["url"])
    closed = page.get_by_role("region", name="Вопросы").get_by_role("status")
    expect(closed).to_have_text("Вопрос закрыт без ответа; принято: нет")
    expect(page.get_by_role("button", name="да", exact=True)).to_have_count(0)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "question-closed-phone.png"), animations="disabled")
    host.ok("publish")
    offer = page.get_by_role("region", name="Личные сообщения").get_by_role("listitem")
    expect(offer.filter(has_text="предложение о вербовке")).to_contain_text("Вы не ответили, и это отказ.")
    page.context.close()


def test_only_the_asked_player_sees_that_the_night_waits_on_a_question(
    chromium: Browser, andorra_server: Served
) -> None:
    """A-SEC-7: while Kira's offer waits for her answer, Doc's page reads as it does on a night
    without questions (the host's review, no deadline); Kira's says the night waits on her, with
    her question's own time."""
    game = create(
        andorra_server.url, {"players": [{"name": n, "role": r} for n, r in CAST], "prompt_seconds": 600}
    )
    host = Remote(andorra_server.url, game["code"], game["host_token"])
    boss = Remote(andorra_server.url, game["code"], game["players"][SEAT["Boss"] - 1]["token"])
    host.ok("end_day")
    boss.ok("move", player=SEAT["Rekrut"], action="RECRUIT", target=SEAT["Kira"])
    host.ok("end_night")

    doc = page_in_own_context(chromium)
    doc.goto(game["players"][SEAT["Doc"] - 1]["url"])
    expect(doc.get_by_role("heading", name="Ночь 1: итоги у ведущего")).to_be_visible()
    expect(doc.locator(".deadline")).to_have_text("Фазу закроет ведущий")
    kira = page_in_own_context(chromium)
    kira.goto(game["players"][SEAT["Kira"] - 1]["url"])
    expect(kira.get_by_role("heading", name="Ночь 1: ждём вашего ответа")).to_be_visible()
    expect(kira.locator(".deadline")).to_have_count(1)  # one time, her question's
    expect(kira.locator(".deadline")).to_contain_text("На ответ осталось: 09:")
    SHOTS.mkdir(parents=True, exist_ok=True)
    kira.screenshot(path=str(SHOTS / "question-open-phone.png"), animations="disabled")
    doc.screenshot(path=str(SHOTS / "question-elsewhere-phone.png"), animations="disabled")
    doc.context.close()
    kira.context.close()
