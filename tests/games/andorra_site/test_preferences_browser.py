"""The move form sends the optional lists (A-ROLE-REANIMATOR-4, A-ROLE-SHMARA-5,
A-ROLE-REBEL-9): the Reanimator's preference, the Shmara's items to take, the
Rebel's voter → candidate mapping, exactly as the engine stores them."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import Served
from .pages import create_from_cast, desk_step
from .test_browser import SHOTS, page_in_own_context, stored_commands

pytestmark = pytest.mark.browser

CAST = [
    ("Rita", "REANIMATOR"),
    ("Sonya", "SHMARA"),
    ("Roma", "REBEL"),
    ("Boris", "BOSS"),
    ("Dima", "DOCTOR"),
    ("Pavel", "PV"),
    ("Petr", "PV"),
    ("Stas", "SHERIFF"),
]


def open_move_form(browser: Browser, url: str, action: str) -> Page:
    page = page_in_own_context(browser)
    page.goto(url)
    page.get_by_label("Действие").select_option(label=action)
    return page


def sent(page: Page) -> None:
    page.get_by_role("button", name="Отправить ход").click()
    expect(page.get_by_role("status").filter(has_text="Ход принят")).to_be_visible()


def test_preference_lists_and_the_rebels_mapping_reach_the_engine(
    chromium: Browser, andorra_server: Served
) -> None:
    host = page_in_own_context(chromium, phone=False)
    code, urls = create_from_cast(host, andorra_server.url, CAST)
    desk_step(host, "Закрыть день", "Ночь 1")

    rita = open_move_form(chromium, urls["Rita"], "реанимировать")
    rita.get_by_label("1-й выбор").select_option(label="Dima")
    rita.get_by_label("2-й выбор").select_option(label="Stas")
    sent(rita)

    sonya = open_move_form(chromium, urls["Sonya"], "клофелин")
    sonya.get_by_label("Цель").select_option(label="Boris")
    sonya.get_by_label("1-й выбор").select_option(label="водка")
    sonya.get_by_label("2-й выбор").select_option(label="бронежилет")
    sonya.screenshot(path=str(SHOTS / "shmara_take.png"), full_page=True, animations="disabled")
    sent(sonya)

    roma = open_move_form(chromium, urls["Roma"], "распорядиться голосами")
    expect(roma.get_by_text("Неиспользованные голоса: чей голос")).to_be_visible()
    roma.get_by_label("Голос Pavel").select_option(label="Boris")
    roma.get_by_label(re.compile("Все остальные")).select_option(label="Dima")
    SHOTS.mkdir(parents=True, exist_ok=True)
    roma.screenshot(path=str(SHOTS / "rebel_votes.png"), full_page=True, animations="disabled")
    sent(roma)

    _config, _seed, commands = stored_commands(andorra_server.data, code)
    params = {c.payload["action"]: c.payload.get("params") for c in commands if c.type == "move"}
    seat = {n: i + 1 for i, (n, _) in enumerate(CAST)}
    assert params["REANIMATE"] == {"prefer": [seat["Dima"], seat["Stas"]]}
    assert params["SHMARA_CLONIDINE"] == {"take": ["VODKA", "VEST"]}
    assert params["REBEL_VOTES"] == {"mapping": {str(seat["Pavel"]): seat["Boris"]}, "all": seat["Dima"]}
    for page in (host, rita, sonya, roma):
        page.context.close()
