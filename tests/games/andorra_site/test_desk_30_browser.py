"""Issue 20 (17): the desk of a 30-player game stays compact on a laptop (1280×800) and a
phone (390×844): no horizontal overflow, the players' table in view without scrolling
past the links, a day with every vote in the log. Screenshots in test-artifacts/andorra/."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from .conftest import Served
from .remote import Remote, create
from .test_browser import SHOTS, desk_phase

pytestmark = pytest.mark.browser

ROLES = [
    *("BOSS", "SOLDIER", "RECRUITER", "GODFATHER"),
    *("MAYOR", "DOCTOR", "NURSE", "REANIMATOR", "SHERIFF", "INVESTIGATOR", "PRIEST", "VH"),
    *("JOURNALIST", "BODYGUARD", "PROSECUTOR", "EXECUTIONER", "JAILER", "PV", "PV"),
    *("FAIRY", "TOUROP", "MANIAC", "TELEPATH", "SHMARA", "PSYCHO", "REBEL", "SWINDLER"),
    *("VAMPIRE", "DOMOVOI", "HORSEMAN"),
]
# forum nicks: some long, one without a break
NICKS = [
    *("Anastasia_Volkova", "Boris", "Gleb", "Egor", "Kira", "Lev", "Mila", "Nikita"),
    *("ТёмныйРыцарь1987", "Olga", "Pavel", "Rita", "Sonya", "Stas", "Tima", "Ulya"),
    *("Vera", "Yana", "Zhenya", "Arkadiy Petrovich", "Dasha", "Fedya", "Inna", "Katya"),
    *("Lesha", "Masha", "Nadya", "Oleg", "Polina", "Roman"),
]
LAPTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}


def desk(browser: Browser, url: str, viewport: ViewportSize, phone: bool) -> Page:
    ctx = browser.new_context(viewport=viewport, is_mobile=phone, has_touch=phone, locale="ru-RU")
    ctx.set_default_timeout(10_000)
    page = ctx.new_page()
    page.goto(url)
    desk_phase(page, "День 1")
    return page


def test_the_desk_of_30_players_is_compact(chromium: Browser, andorra_server: Served) -> None:
    game = create(
        andorra_server.url, {"players": [{"name": n, "role": r} for n, r in zip(NICKS, ROLES, strict=True)]}
    )
    for i, p in enumerate(game["players"]):  # a full day's log: everyone votes
        Remote(andorra_server.url, game["code"], p["token"]).ok("vote", target=(i + 1) % 30 + 1)
    SHOTS.mkdir(parents=True, exist_ok=True)
    for name, viewport, phone in (("laptop", LAPTOP, False), ("phone", PHONE, True)):
        page = desk(chromium, game["desk_url"], viewport, phone)
        expect(page.locator("ol.vote-log li")).to_have_count(30)
        page.screenshot(path=SHOTS / f"desk-30-{name}.png", full_page=True)
        page.screenshot(path=SHOTS / f"desk-30-{name}-first-screen.png")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"], (name, width)
        # the players' table starts on the first screen
        table = page.get_by_role("region", name="Игроки").bounding_box()
        assert table is not None and table["y"] < viewport["height"], (name, table)
        # compact: the whole desk of a 30-player day is at most a few screens long. Seven since
        # issue 32 added the header's count, «Не голосовали» and the thread import (folded) to
        # Day 1; the thirty starting PMs scroll in a box of their own.
        height = page.evaluate("document.documentElement.scrollHeight")
        assert height <= 7 * viewport["height"], (name, height)
        page.context.close()
