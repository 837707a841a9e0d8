"""Issue 20 (8): the role card on a phone carries the seed's description of the role, in the
page's language — Russian by default, English on request — and fits 390 px."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from nightfall.games.andorra.roles.descriptions import description

from .conftest import Served
from .remote import create
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
