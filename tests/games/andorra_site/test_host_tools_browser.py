"""The host runs a forum game from the desk at 1280×800 (issue 20 points 11, 13): players
PM him their votes and moves, he enters them, edits the state, and watches the running
vote count change live as a player votes on her own page; the desk shows who is online.
The desk with the new sections still fits a 390 px phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from .conftest import Served
from .pages import desk_step
from .test_browser import ACTION_RU, SHOTS, create_game, page_in_own_context

pytestmark = pytest.mark.browser

DESK: ViewportSize = {"width": 1280, "height": 800}


def desk_page(browser: Browser) -> Page:
    ctx = browser.new_context(viewport=DESK, locale="ru-RU")
    ctx.set_default_timeout(8000)
    page = ctx.new_page()
    page.on("dialog", lambda d: d.accept())
    return page


def count_row(host: Page, nick: str) -> str:
    row = (
        host.get_by_role("region", name="Подсчёт голосов (идёт день)")
        .get_by_role("row")
        .filter(has=host.get_by_role("cell", name=nick, exact=True))
    )
    return " ".join(row.first.inner_text().split())


def test_host_enters_pms_edits_state_and_sees_the_count(chromium: Browser, andorra_server: Served) -> None:
    # H-03b, H-03c, H-04a
    host = desk_page(chromium)
    _code, urls = create_game(host, andorra_server.url)
    SHOTS.mkdir(parents=True, exist_ok=True)
    presence = host.get_by_role("region", name="Игроки").get_by_role("heading")
    expect(presence).to_contain_text("на сайте 0 из 8")
    anna = page_in_own_context(chromium)
    anna.goto(urls[0])
    expect(anna.get_by_role("heading", name="Вы — Anna")).to_be_visible()
    expect(presence).to_contain_text("на сайте 1 из 8")  # the desk sees Anna come online, live
    rows = host.get_by_role("region", name="Игроки").get_by_role("row")
    expect(rows.filter(has_text="Anna").get_by_role("img")).to_have_accessible_name("на сайте")
    expect(rows.filter(has_text="Boris").get_by_role("img")).to_have_accessible_name("не на сайте")

    # Boris and Gleb vote by PM; the count shows them as the engine counts
    pm_vote = host.get_by_role("region", name="Голос из ЛС")
    for sender in ("Boris", "Gleb"):
        pm_vote.get_by_label("От кого ЛС").select_option(label=sender)
        pm_vote.get_by_label("Голос против").select_option(label="Nikita")
        pm_vote.get_by_role("button", name="Внести голос").click()
        expect(host.get_by_role("region", name="Журнал голосования")).to_contain_text(sender)
    expect(host.get_by_role("region", name="Подсчёт голосов (идёт день)")).to_contain_text("Boris, Gleb")
    assert count_row(host, "Nikita").startswith("Nikita 2 2 0")
    # a second PM vote without «исправить» is refused in Russian, nothing changes
    pm_vote.get_by_label("От кого ЛС").select_option(label="Boris")
    pm_vote.get_by_label("Голос против").select_option(label="Anna")
    pm_vote.get_by_role("button", name="Внести голос").click()
    expect(pm_vote.get_by_role("alert")).to_contain_text("Boris уже голосовал(а) сегодня.")
    assert count_row(host, "Nikita").startswith("Nikita 2 2 0")
    # Gleb's PM said Anna: the host takes his slip back (H-03b) and enters it again, no void vote
    log = host.get_by_role("region", name="Журнал голосования")
    expect(log.get_by_role("button", name="Снять голос Boris, внесённый из ЛС по ошибке")).to_be_visible()
    log.get_by_role("button", name="Снять голос Gleb, внесённый из ЛС по ошибке").click()
    expect(log).not_to_contain_text("Gleb")
    assert count_row(host, "Nikita").startswith("Nikita 1 1 0")
    pm_vote.get_by_label("От кого ЛС").select_option(label="Gleb")
    pm_vote.get_by_label("Голос против").select_option(label="Nikita")
    pm_vote.get_by_role("button", name="Внести голос").click()
    expect(log).to_contain_text("Gleb")
    expect(log).not_to_contain_text("недейств")
    assert count_row(host, "Nikita").startswith("Nikita 2 2 0")
    log.screenshot(path=str(SHOTS / "desk-vote-log-undo.png"), animations="disabled")

    # Anna votes on her own page: the desk's count changes live
    anna.get_by_label("Голос против").select_option(label="Nikita")
    anna.get_by_role("button", name="Проголосовать").click()
    anna.get_by_role("button", name="Подтвердить").click()  # a vote is final: asked in the page
    expect(host.get_by_role("region", name="Подсчёт голосов (идёт день)")).to_contain_text(
        "Boris, Gleb, Anna"
    )
    assert count_row(host, "Nikita").startswith("Nikita 3 3 0")
    # a +1 for a missing avatar goes into the count
    host.get_by_text("Штраф за отсутствие аватара").click()
    host.get_by_role("button", name="Штраф: Mila").click()
    host.get_by_role("button", name="Да").click()
    expect(host.get_by_role("region", name="Подсчёт голосов (идёт день)")).to_contain_text("Mila")
    assert count_row(host, "Mila").startswith("Mila 1 0 1")

    # the state editor: a bad edit is refused in Russian; a good one shows everywhere
    editor = host.get_by_role("region", name="Изменить состояние игры")
    editor.get_by_text("Изменить состояние игры").click()  # folded: it is not needed every day
    editor.get_by_label("Игрок").select_option(label="Egor — Доктор, жив")
    editor.get_by_label("Что сделать").select_option(label="оживить")
    editor.get_by_role("button", name="Применить").click()
    host.get_by_role("button", name="Да").click()
    expect(editor.get_by_role("alert")).to_have_text("Egor не убит(а): оживлять некого.")
    editor.get_by_label("Что сделать").select_option(label="дать вещь")
    editor.get_by_label("Вещь").select_option(label="бронежилет")
    editor.get_by_role("button", name="Применить").click()
    # the question names the item (it asked «Egor: дать вещь?», a play-test)
    host.get_by_role("group", name="Egor: дать вещь «бронежилет»?").get_by_role("button", name="Да").click()
    log = host.get_by_role("region", name="Действия ведущего")
    expect(log).to_contain_text("День 1. Egor: получил(а) вещь: бронежилет")
    editor.get_by_label("Игрок").select_option(label="Gleb — Шериф, жив")
    editor.get_by_label("Что сделать").select_option(label="убить")
    editor.get_by_role("button", name="Применить").click()
    host.get_by_role("button", name="Да").click()
    expect(log).to_contain_text("День 1. Gleb: убит решением ведущего")
    # Gleb is out: his vote no longer counts
    expect(host.get_by_role("region", name="Подсчёт голосов (идёт день)")).to_contain_text("Boris, Anna")
    assert count_row(host, "Nikita").startswith("Nikita 2 2 0")
    host.screenshot(path=SHOTS / "desk-host-tools-day.png", full_page=False)
    host.screenshot(path=SHOTS / "desk-host-tools-day-full.png", full_page=True)

    desk_step(host, "Закрыть день", "Ночь 1")
    # the Boss PMs his sheet: the Recruiter recruits Kira
    pm_move = host.get_by_role("region", name="Ход из ЛС")
    pm_move.get_by_label("От кого ЛС").select_option(label="Anna")
    pm_move.get_by_label("Ход за игрока").select_option(label="Boris")
    pm_move.get_by_label("Действие").select_option(label=ACTION_RU["RECRUIT"])
    pm_move.get_by_label("Цель").select_option(label="Kira")
    pm_move.get_by_role("button", name="Внести ход").click()
    expect(host.get_by_role("region", name="Ходы ночи")).to_contain_text(
        "Boris: вербовка → Kira (от Anna) · из ЛС"
    )
    expect(log).to_contain_text("Ночь 1. Ход из ЛС от Anna за игрока Boris: вербовка → Kira (внёс ведущий)")
    # the Doctor cannot send the Boss's move: his PM offers his own move only
    pm_move.get_by_label("От кого ЛС").select_option(label="Egor")
    expect(pm_move.get_by_label("Ход за игрока").locator("option")).to_have_text(["Egor"])
    host.screenshot(path=SHOTS / "desk-host-tools-night.png", full_page=False)

    # the desk with the host's tools still fits a phone (issue 20 point 17)
    host.set_viewport_size({"width": 390, "height": 844})
    expect(pm_move).to_be_visible()
    host.screenshot(path=SHOTS / "desk-host-tools-phone.png", full_page=True)
    width = host.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
