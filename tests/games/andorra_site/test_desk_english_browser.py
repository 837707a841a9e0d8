"""The desk in English (H-03, H-03b, H-03c): the host's log and the review's host part read in
the desk's language; the morning post the host pastes into the forum stays Russian
(A-REPORT-3, docs/architecture.md: Andorra renders its Russian text in the engine)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from .conftest import Served
from .remote import Remote, create
from .test_browser import SHOTS

pytestmark = pytest.mark.browser

CAST = [("Boss", "BOSS"), ("Doc", "DOCTOR"), ("Pavel", "PV"), ("Petr", "PV"), ("Max", "MANIAC")]
SEAT = {n: i + 1 for i, (n, _) in enumerate(CAST)}
CYRILLIC = re.compile("[а-яА-ЯёЁ]")


def test_the_host_log_and_the_review_follow_the_desks_language(
    chromium: Browser, andorra_server: Served
) -> None:
    game = create(andorra_server.url, {"players": [{"name": n, "role": r} for n, r in CAST]})
    host = Remote(andorra_server.url, game["code"], game["host_token"])
    host.ok("pm_vote", **{"from": SEAT["Pavel"]}, target=SEAT["Max"])
    host.ok("host_edit", op="give_item", seat=SEAT["Petr"], item="VEST")
    host.ok("end_day")
    host.ok("pm_move", **{"from": SEAT["Doc"]}, action="HEAL", target=SEAT["Pavel"])
    host.ok("end_night")
    host.ok("correct", player=SEAT["Doc"], action="HEAL", target=SEAT["Petr"])

    ctx = chromium.new_context(viewport={"width": 1280, "height": 800}, locale="ru-RU")
    ctx.set_default_timeout(8000)
    desk = ctx.new_page()
    desk.goto(game["desk_url"])
    expect(desk.get_by_role("region", name="Действия ведущего")).to_contain_text("Голос из ЛС от Pavel")
    desk.get_by_role("button", name="English").click()
    log = desk.get_by_role("region", name="The host's actions")
    expect(log).to_contain_text("Day 1. Vote from a PM by Pavel: vote for Max (entered by the host)")
    expect(log).to_contain_text("Day 1. Petr: given an item: vest")
    expect(log).to_contain_text("Night 1. Move corrected: Doc: heal → Petr")
    review = desk.locator("section.review")
    expect(review).to_contain_text("Night 1. Move from a PM by Doc: heal → Pavel (entered by the host)")
    expect(review).to_contain_text("Doc: heal → Petr")
    # the players' table names roles, clans and items in the desk's language
    table = desk.get_by_role("region", name="Players")
    expect(table).to_contain_text("Doctor")
    assert not CYRILLIC.search(table.inner_text()), table.inner_text()
    # the night's check is the host's: tally and moves in English too (H-03)
    expect(review.locator("ul.review-moves")).to_contain_text("Doc: heal → Petr — success")
    for item in [
        review.locator("p.review-tally").inner_text(),
        *review.locator("ul.review-moves li").all_inner_texts(),
    ]:
        assert not CYRILLIC.search(item), item
    for item in [*log.locator("li").all_inner_texts()]:
        assert not CYRILLIC.search(item), item
    SHOTS.mkdir(parents=True, exist_ok=True)
    desk.screenshot(path=str(SHOTS / "desk-english-host-log.png"), full_page=True, animations="disabled")
    ctx.close()
