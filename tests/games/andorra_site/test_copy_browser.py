"""The forum texts on the desk (A-REPORT-3, A-REPORT-6): a copy button says «Скопировано» only
when the text reached the clipboard. On plain http over the LAN a browser has no Clipboard API
and the old way may be refused too; the host told «Скопировано» then pasted whatever his
clipboard held into the thread."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import Served
from .remote import Remote, create
from .test_browser import LAPTOP, SHOTS

pytestmark = pytest.mark.browser

CAST = [("Boss", "BOSS"), ("Doc", "DOCTOR"), ("Pavel", "PV"), ("Petr", "PV"), ("Max", "MANIAC")]

# a browser where copying fails: no Clipboard API (plain http) and execCommand("copy") refused
NO_CLIPBOARD = """
Object.defineProperty(navigator, "clipboard", { value: undefined, configurable: true });
document.execCommand = () => false;
"""
# one where only the old way works, as on plain http; it records what was copied
OLD_WAY = """
Object.defineProperty(navigator, "clipboard", { value: undefined, configurable: true });
window.__copied = [];
document.execCommand = (cmd) => { window.__copied.push(document.activeElement.value); return cmd === "copy"; };
"""


def open_desk(browser: Browser, url: str, script: str) -> Page:
    ctx = browser.new_context(viewport=LAPTOP, locale="ru-RU")
    ctx.add_init_script(script)
    page = ctx.new_page()
    page.goto(url)
    return page


def test_a_failed_copy_says_so_and_a_done_one_says_copied(chromium: Browser, andorra_server: Served) -> None:
    game = create(andorra_server.url, {"players": [{"name": n, "role": r} for n, r in CAST]})
    host = Remote(andorra_server.url, game["code"], game["host_token"])
    host.ok("end_day")
    host.ok("end_night")
    host.ok("publish")  # day 2: the morning post's buttons as well

    desk = open_desk(chromium, game["desk_url"], NO_CLIPBOARD)
    for region, button in (
        ("Первый пост", "Копировать BBCode первого поста"),
        ("Шапка дня", "Копировать шапку дня"),
        ("Утренние посты", "Копировать BBCode поста дня 2"),
    ):
        block = desk.get_by_role("region", name=region)
        block.get_by_role("button", name=button).click()
        expect(block.get_by_role("status")).to_have_text(
            "Не скопировалось: выделите текст и скопируйте вручную"
        )
    SHOTS.mkdir(parents=True, exist_ok=True)
    desk.screenshot(path=str(SHOTS / "desk-copy-failed.png"), full_page=True, animations="disabled")
    desk.context.close()

    desk = open_desk(chromium, game["desk_url"], OLD_WAY)
    block = desk.get_by_role("region", name="Шапка дня")
    block.get_by_role("button", name="Копировать BBCode шапки дня").click()
    expect(block.get_by_role("status")).to_have_text("Скопировано")
    [copied] = desk.evaluate("window.__copied")
    assert copied.startswith("[b]День 2.[/b]\n"), copied
    desk.context.close()
