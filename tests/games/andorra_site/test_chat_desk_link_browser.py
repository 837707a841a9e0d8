"""Issue 30 in the browser: the clan chat comes in pages (finding 5: the phone shows the
latest 50 messages and fetches older ones on a tap, a new message arrives by itself), and the
host replaces a leaked desk link (A-SEC-6: the desk reloads with the new link and shows it;
a tab left with the old one says that it was replaced)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from .conftest import Served
from .remote import Remote, create
from .test_browser import SHOTS

pytestmark = pytest.mark.browser

CAST = [
    ("Boss", "BOSS"),
    ("Sol", "SOLDIER"),
    ("Rec", "RECRUITER"),
    ("Doc", "DOCTOR"),
    ("Pavel", "PV"),
    ("Petr", "PV"),
    ("Max", "MANIAC"),
]
SEAT = {n: i + 1 for i, (n, _) in enumerate(CAST)}
MAFIA = ("Boss", "Sol", "Rec")
HISTORY = 57  # a page (50) and 7 more; 19 per member, within a socket's burst of 20


def test_the_clan_chat_comes_in_pages(chromium: Browser, andorra_server: Served) -> None:
    game = create(andorra_server.url, {"players": [{"name": n, "role": r} for n, r in CAST]})
    player = {
        n: Remote(andorra_server.url, game["code"], game["players"][SEAT[n] - 1]["token"]) for n in MAFIA
    }
    for i in range(HISTORY):
        player[MAFIA[i % 3]].ok("chat", text=f"сообщение {i}")
    ctx = chromium.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, locale="ru-RU"
    )
    phone = ctx.new_page()
    phone.goto(game["players"][SEAT["Boss"] - 1]["url"])
    lines = phone.locator(".chat-log .chat-text")
    expect(lines).to_have_count(50)
    expect(lines.first).to_have_text("сообщение 7")
    expect(lines.last).to_have_text("сообщение 56")
    older = phone.get_by_role("button", name="Более ранние сообщения")
    older.scroll_into_view_if_needed()
    SHOTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(SHOTS / "chat-paged-phone.png"), animations="disabled")
    older.tap()
    expect(lines).to_have_count(HISTORY)
    expect(lines.first).to_have_text("сообщение 0")
    expect(older).to_have_count(0)  # nothing older left
    player["Sol"].ok("chat", text="новое")  # a new message arrives by itself, at the end
    expect(lines).to_have_count(HISTORY + 1)
    expect(lines.last).to_have_text("новое")
    phone.get_by_role("textbox", name="Сообщение клану").fill("с телефона")
    phone.get_by_role("button", name="Отправить в чат").tap()
    expect(lines.last).to_have_text("с телефона")
    phone.screenshot(path=str(SHOTS / "chat-older-phone.png"), animations="disabled")
    ctx.close()


def test_the_host_replaces_a_leaked_desk_link(chromium: Browser, andorra_server: Served) -> None:
    game = create(andorra_server.url, {"players": [{"name": n, "role": r} for n, r in CAST]})
    leaked_ctx = chromium.new_context(viewport={"width": 1280, "height": 800}, locale="ru-RU")
    leaked = leaked_ctx.new_page()
    leaked.goto(game["desk_url"])  # someone else opened the host's link
    expect(leaked.get_by_role("heading", level=2)).to_contain_text("День 1")
    ctx = chromium.new_context(viewport={"width": 1280, "height": 800}, locale="ru-RU")
    desk = ctx.new_page()
    desk.goto(game["desk_url"])
    expect(desk.get_by_role("heading", level=2)).to_contain_text("День 1")
    desk.get_by_text("Ссылка на пульт", exact=True).click()
    desk.get_by_role("button", name="Заменить ссылку на пульт").click()
    desk.get_by_role(
        "group", name="Заменить ссылку на пульт? Все вкладки со старой ссылкой закроются."
    ).get_by_role("button", name="Да").click()
    # the desk reloads with the new link and shows it to copy
    fresh = desk.get_by_role("textbox", name="Новая ссылка на пульт")
    expect(fresh).to_be_visible(timeout=30_000)
    url = fresh.input_value()
    assert url.startswith(f"{andorra_server.url}/a/{game['code']}/desk#t=") and url != game["desk_url"], url
    expect(desk.get_by_role("heading", level=2)).to_contain_text("День 1")
    fresh.scroll_into_view_if_needed()
    SHOTS.mkdir(parents=True, exist_ok=True)
    desk.screenshot(path=str(SHOTS / "desk-link-replaced.png"), animations="disabled")
    # the tab with the leaked link is told, and its desk is gone
    expect(leaked.get_by_text("Ссылка на пульт заменена. Откройте пульт по новой ссылке.")).to_be_visible()
    expect(leaked.get_by_role("heading", level=2)).to_have_count(0)
    leaked.screenshot(path=str(SHOTS / "desk-link-leaked-tab.png"), animations="disabled")
    # the new link runs the game
    desk.get_by_role("button", name="Закрыть день").click()
    desk.get_by_role("button", name="Да").click()
    expect(desk.get_by_role("heading", level=2)).to_contain_text("Ночь 1")
    leaked_ctx.close()
    ctx.close()
