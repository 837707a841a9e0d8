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
