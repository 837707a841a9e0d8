"""Issue 20 (8): the role card on a phone carries the seed's description of the role, in the
page's language — Russian by default, English on request — and fits 390 px."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from nightfall.games.andorra.roles.descriptions import description

from .conftest import Served
from .remote import Remote, create
from .test_browser import SHOTS, page_in_own_context

pytestmark = pytest.mark.browser


def test_the_role_card_shows_the_seeds_description(chromium: Browser, andorra_server: Served) -> None:
    cast = [("Anna", "BOSS"), ("Dima", "DOCTOR"), ("Petr", "PV"), ("Fira", "FAIRY")]
    game = create(andorra_server.url, {"players": [{"name": n, "role": r} for n, r in cast]})
    page = page_in_own_context(chromium)
    page.goto(game["players"][1]["url"])
    expect(page.get_by_role("heading", name="Вы — Dima")).to_be_visible()
    card = page.locator(".role-description")
    expect(card).to_contain_text("Изначально имеет сирену.")
    expect(card).to_contain_text("лечит игрока от любого враждебного воздействия")
    # the page shows what the view sent, line for line (pre-line keeps the seed's list)
    assert card.inner_text().strip() == description("DOCTOR")["ru"]
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("section.card").first.screenshot(path=SHOTS / "role-card-phone.png")
    page.get_by_role("button", name="English").click()
    expect(card).to_contain_text("Starts with a siren.")
    expect(card).not_to_contain_text("Изначально")
    page.context.close()


def test_the_card_lists_the_moves_he_can_make_now(chromium: Browser, andorra_server: Served) -> None:
    """A-MOVE-1, A-ROLE-VH-3: Van Helsing's card has his searches but no silver bullet before a
    check; a player out of the game reads «Ходов нет»."""
    cast = [("Anna", "BOSS"), ("Dima", "DOCTOR"), ("Petr", "PV"), ("Vlad", "VH"), ("Vera", "VAMPIRE")]
    game = create(andorra_server.url, {"players": [{"name": n, "role": r} for n, r in cast]})
    page = page_in_own_context(chromium)
    page.goto(game["players"][3]["url"])
    moves = page.get_by_role("list", name="Ваши ходы")
    expect(moves).to_contain_text("поиск Вампира")
    expect(moves).not_to_contain_text("выстрел серебряной пулей")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("section.card").first.screenshot(path=SHOTS / "role-card-vh-phone.png")
    Remote(andorra_server.url, game["code"], game["host_token"]).ok("host_edit", op="kill", seat=4)
    expect(page.locator("section.card")).to_contain_text("Ходов нет")
    expect(page.get_by_role("list", name="Ваши ходы")).to_have_count(0)
    page.context.close()


def test_the_boss_knows_his_clan_in_the_pages_language(chromium: Browser, andorra_server: Served) -> None:
    """A-SETUP-11: the Boss's card lists his mates with the clan's word, in English on request."""
    cast = [("Anna", "BOSS"), ("Boris", "SOLDIER"), ("Petr", "PV"), ("Dima", "DOCTOR"), ("Vera", "MANIAC")]
    game = create(andorra_server.url, {"players": [{"name": n, "role": r} for n, r in cast]})
    page = page_in_own_context(chromium)
    page.goto(game["players"][0]["url"])
    expect(page.get_by_role("list", name="Вы знаете")).to_contain_text("Boris (мафия)")
    page.get_by_role("button", name="English").click()
    expect(page.get_by_role("list", name="You know")).to_contain_text("Boris (the mafia)")
    page.context.close()
