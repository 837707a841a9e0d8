"""The host moves the day's deadline from the desk (H-01a): "+1 час" gives the phase an
hour, "Убрать срок" leaves it to the host, and a player's page follows."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from .conftest import Served
from .test_browser import create_game, page_in_own_context

pytestmark = pytest.mark.browser


def test_the_host_moves_and_removes_the_day_deadline_h_01a(chromium: Browser, andorra_server: Served) -> None:
    host = page_in_own_context(chromium, phone=False)
    _code, urls = create_game(host, andorra_server.url)  # no deadlines: the host closes phases
    player = page_in_own_context(chromium)
    player.goto(urls[0])
    expect(host.get_by_text("Фазу закроет ведущий")).to_be_visible()
    expect(player.get_by_text("Фазу закроет ведущий")).to_be_visible()

    host.get_by_text("Изменить срок фазы").click()
    host.get_by_role("button", name="+1 час").click()
    # An hour from now reads 1:00:00 for its first second, then 59:59 (no hours under an hour).
    timer = re.compile(r"До конца фазы: (59:\d\d|1:00:00)")
    expect(host.get_by_role("timer")).to_have_text(timer)
    expect(player.get_by_role("timer")).to_have_text(timer)

    host.get_by_role("button", name="+1 час").click()  # counted from the current deadline
    expect(host.get_by_role("timer")).to_have_text(re.compile(r"До конца фазы: (1:59:\d\d|2:00:00)"))

    host.get_by_role("button", name="Убрать срок (закрою сам)").click()
    expect(host.get_by_text("Фазу закроет ведущий")).to_be_visible()
    expect(player.get_by_text("Фазу закроет ведущий")).to_be_visible()
    host.context.close()
    player.context.close()


# The host's device runs 40 s fast: serverNow() - Date.now() is -40 s, which the desk once added
# to the typed time, so 18:03 typed in Yekaterinburg became «16:02 МСК» (issue 32 §2).
FAST_CLOCK = """
(() => { const real = Date.now.bind(Date); Date.now = () => real() + 40000; })();
"""


def test_a_typed_deadline_is_the_typed_time_in_the_hosts_zone(
    chromium: Browser, andorra_server: Served
) -> None:  # H-01a
    from datetime import datetime, timedelta
    from zoneinfo import ZoneInfo

    from .remote import create

    game = create(andorra_server.url, {"players": [{"name": n, "role": r} for n, r in CAST]})
    ctx = chromium.new_context(
        viewport={"width": 1280, "height": 800}, locale="ru-RU", timezone_id="Asia/Yekaterinburg"
    )
    ctx.add_init_script(FAST_CLOCK)
    desk = ctx.new_page()
    desk.goto(game["desk_url"])
    tomorrow = (datetime.now(ZoneInfo("Asia/Yekaterinburg")) + timedelta(days=1)).date()
    desk.get_by_text("Изменить срок фазы").click()
    desk.get_by_label("Новый срок (в часовом поясе этого устройства):").fill(f"{tomorrow.isoformat()}T18:03")
    desk.get_by_role("button", name="Установить").click()
    block = desk.get_by_role("region", name="Шапка дня")
    expect(block.locator("pre")).to_contain_text(f"голосование до {tomorrow:%d.%m} 16:03 МСК")
    ctx.close()


CAST = [("Boss", "BOSS"), ("Doc", "DOCTOR"), ("Pavel", "PV"), ("Petr", "PV"), ("Max", "MANIAC")]
