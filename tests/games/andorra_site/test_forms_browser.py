"""The move form and the host's correction form in a browser, built from the engine's tables
(issue 20 §6, §10): a Fairy gives a business card, the Boss's sheet uses the clan diploma for
his Soldier, the Rebel maps the unused votes, and the host corrects a move with its fields.
The host's desk is 1280×800, the players' phones 390×844."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from .conftest import Served
from .pages import create_from_cast, desk_step
from .test_browser import SHOTS, stored_commands
from .test_preferences_browser import sent

pytestmark = pytest.mark.browser

CAST = [
    ("Faya", "FAIRY"),
    ("Boris", "BOSS"),
    ("Sasha", "SOLDIER"),
    ("Roma", "REBEL"),
    ("Pavel", "PV"),
    ("Petr", "PV"),
    ("Dima", "DOCTOR"),
    ("Stas", "SHERIFF"),
]
SEAT = {name: i + 1 for i, (name, _) in enumerate(CAST)}
DESK: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}


def open_page(browser: Browser, url: str, phone: bool = True) -> Page:
    ctx = browser.new_context(viewport=PHONE if phone else DESK, is_mobile=phone, locale="ru-RU")
    ctx.set_default_timeout(8000)
    page = ctx.new_page()
    page.goto(url)
    return page


def no_overflow(page: Page) -> None:
    viewport = page.viewport_size
    assert viewport is not None
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= viewport["width"], width


def test_move_and_correction_forms_speak_the_engines_words(chromium: Browser, andorra_server: Served) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    host = open_page(chromium, f"{andorra_server.url}/a/new", phone=False)
    code, urls = create_from_cast(host, andorra_server.url, CAST)
    desk_step(host, "Закрыть день", "Ночь 1")

    # the Fairy: all ten gifts in words, the four business cards among them, no vodka
    faya = open_page(chromium, urls["Faya"])
    faya.get_by_label("Действие").select_option(label="подарок")
    gifts = faya.get_by_label("Подарок", exact=True).locator("option").all_inner_texts()
    assert len(gifts) == 10 and "водка" not in gifts
    assert {"визитка босса мафии", "визитка доктора", "визитка шерифа", "визитка журналиста"} <= set(gifts)
    faya.get_by_label("Цель").select_option(label="Pavel")
    assert "Faya" not in faya.get_by_label("Цель").locator("option").all_inner_texts()  # A-ROLE-FAIRY-2
    faya.get_by_label("Подарок", exact=True).select_option(label="визитка шерифа")
    faya.screenshot(path=str(SHOTS / "move_form_fairy.png"), full_page=True, animations="disabled")
    no_overflow(faya)
    sent(faya)
    expect(faya.get_by_role("status").filter(has_text="Ход принят")).to_contain_text(
        "подарок → Pavel (Подарок: визитка шерифа)"
    )

    # the Boss's sheet: the clan diploma as his Soldier's move (A-ITEM-DIPLOMA-2, A-CLAN-4)
    boris = open_page(chromium, urls["Boris"])
    boris.get_by_label("Ход за игрока").select_option(label="Sasha")
    boris.get_by_label("Действие").select_option(label="применить диплом")
    expect(boris.get_by_label("Чей диплом")).to_have_text("диплом клана")
    boris.screenshot(path=str(SHOTS / "move_form_clan_diploma.png"), full_page=True, animations="disabled")
    no_overflow(boris)
    boris.get_by_role("button", name="Отправить ход").click()
    expect(boris.get_by_role("status").filter(has_text="Ход за игрока Sasha принят")).to_contain_text(
        "применить диплом (Чей диплом: диплом клана)"
    )
    # his Soldier's page says the sheet's move counts, and that her own move is only kept (A-MOVE-5)
    sasha = open_page(chromium, urls["Sasha"])
    expect(sasha.get_by_role("status").filter(has_text="Ход за вас отправил Boris")).to_contain_text(
        "применить диплом"
    )
    sasha.get_by_label("Действие").select_option(label="сижу дома")
    sasha.get_by_role("button", name="Отправить ход").click()
    expect(sasha.get_by_text("Ваш собственный ход (сижу дома) сохранён")).to_be_visible()
    expect(sasha.get_by_role("status").filter(has_text="Ход за вас отправил Boris")).to_be_visible()
    no_overflow(sasha)

    # the Rebel maps the day's unused votes, voter by voter (A-ROLE-REBEL-9)
    roma = open_page(chromium, urls["Roma"])
    roma.get_by_label("Действие").select_option(label="распорядиться голосами")
    roma.get_by_label("Голос Pavel").select_option(label="Boris")
    roma.get_by_label("Голос Petr").select_option(label="Dima")
    roma.screenshot(path=str(SHOTS / "move_form_rebel.png"), full_page=True, animations="disabled")
    no_overflow(roma)
    sent(roma)

    desk_step(host, "Закрыть ночь и посчитать", "итоги у ведущего")

    # the host corrects the Fairy's gift: only her moves, with their fields
    correct = host.get_by_role("region", name="Исправить ход и пересчитать")
    correct.get_by_label("Ник").select_option(label="Faya")
    moves = correct.get_by_label("Действие").locator("option").all_inner_texts()
    assert "подарок" in moves and "выстрел" not in moves and "лечить" not in moves
    # her move: the Sheriff's card (a field's option holds its value, fields.keyOf)
    expect(correct.get_by_label("Подарок", exact=True)).to_have_value('"CARD_SHERIFF"')
    correct.get_by_label("Цель").select_option(label="Dima")
    correct.get_by_label("Подарок", exact=True).select_option(label="визитка доктора")
    correct.scroll_into_view_if_needed()
    host.screenshot(path=str(SHOTS / "correction_form.png"), full_page=True, animations="disabled")
    correct.get_by_role("button", name="Исправить и пересчитать").click()
    expect(host.locator("ul.submissions li").filter(has_text="Faya")).to_contain_text(
        "подарок → Dima (Подарок: визитка доктора) (введён ведущим)"
    )
    no_overflow(host)

    _config, _seed, commands = stored_commands(andorra_server.data, code)
    moves_sent = {
        (c.payload["player"], c.payload["action"]): c for c in commands if c.type in ("move", "correct")
    }
    assert moves_sent[(SEAT["Faya"], "FAIRY_GIFT")].payload["params"] == {"gift": "CARD_DOCTOR"}
    diploma = moves_sent[(SEAT["Sasha"], "USE_DIPLOMA")]
    assert diploma.actor == SEAT["Boris"] and diploma.payload["params"] == {"clan": True}
    rebel = moves_sent[(SEAT["Roma"], "REBEL_VOTES")].payload["params"]
    assert rebel == {"mapping": {str(SEAT["Pavel"]): SEAT["Boris"], str(SEAT["Petr"]): SEAT["Dima"]}}
    for page in (host, faya, boris, roma):
        page.context.close()
