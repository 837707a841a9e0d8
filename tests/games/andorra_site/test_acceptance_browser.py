"""Issue 20, acceptance: a host runs a 20-player game from the desk alone.

The host (1280×800) creates the game on /a/new and runs three full day/night cycles on
the desk only: closing phases, entering the Doctor's move from his PM (H-03b), giving a
player a vest with the state editor (H-03c), checking each night before publishing (the
review), correcting the Fairy's gift with its field (H-03), publishing the Journalist's
article and the mornings. Twenty phones (390×844) show their pages all along; the
players' taps go over the WebSocket, except the Journalist's article, written on his
page, and a recruit's answer on hers. Night moves include business cards (the Fairy's
gift, then its use) and the clan's diploma. At the end every published post equals,
byte for byte, what the plain engine publishes for the same commands.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from nightfall.engine import Transcript, replay
from nightfall.games.andorra import AndorraGame

from .conftest import Served
from .pages import create_from_cast
from .remote import Remote
from .test_browser import SHOTS, desk_phase, stored_commands

pytestmark = pytest.mark.browser

CAST = [
    *(("Anna", "BOSS"), ("Boris", "SOLDIER"), ("Vera", "RECRUITER")),
    *(("Gleb", "SHERIFF"), ("Dima", "DOCTOR"), ("Egor", "NURSE"), ("Lev", "JOURNALIST")),
    *(("Zoya", "PRIEST"), ("Ilya", "MAYOR"), ("Kira", "BODYGUARD")),
    *(("Mila", "PV"), ("Nina", "PV"), ("Oleg", "PV"), ("Petr", "PV")),
    *(("Fira", "FAIRY"), ("Roma", "MANIAC"), ("Sasha", "SHMARA"), ("Tolya", "PSYCHO")),
    *(("Vlad", "VAMPIRE"), ("Yura", "REBEL")),
]
NICKS = [n for n, _ in CAST]
SEAT = {n: i + 1 for i, n in enumerate(NICKS)}
DESK: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}
# Who is jailed each day: everyone alive votes for him (the Psycho is never jailed: his revenge
# would end the game's plan early).
JAILED = {1: "Vlad", 2: "Sasha", 3: "Yura"}
# Each night: (sender, player, action, target, params); the sheet of the clan is the Boss's.
NIGHTS: dict[int, list[tuple[str, str, str, str | None, dict[str, object] | None]]] = {
    1: [
        ("Anna", "Anna", "SHOOT", "Mila", None),
        ("Anna", "Vera", "RECRUIT", "Nina", None),
        ("Gleb", "Gleb", "SEARCH_BOSS", "Boris", None),
        ("Lev", "Lev", "JOURNALIST_WATCH", "Anna", None),
        ("Fira", "Fira", "FAIRY_GIFT", "Oleg", {"gift": "CARD_DOCTOR"}),  # a business card (corrected)
    ],
    2: [
        ("Anna", "Boris", "USE_DIPLOMA", None, {"clan": True}),  # the clan's diploma
        ("Anna", "Anna", "SHOOT", "Petr", None),
        ("Oleg", "Oleg", "USE_CARD_SHERIFF", "Roma", None),  # the card used
        ("Dima", "Dima", "HEAL", "Dima", None),
        ("Lev", "Lev", "JOURNALIST_WATCH", "Anna", None),
    ],
    3: [
        ("Anna", "Anna", "SHOOT", "Zoya", None),
        ("Gleb", "Gleb", "SEARCH_BOSS", "Anna", None),
        ("Dima", "Dima", "HEAL", "Gleb", None),
        ("Lev", "Lev", "JOURNALIST_WATCH", "Vera", None),
    ],
}
# A move a player sends the host by PM, which the host enters on the desk: (night, nick, action, target).
PM_MOVE = (1, "Dima", "HEAL", "Mila")
ARTICLE = "Anna не спала этой ночью. Кто-то ходил к Mila."


def together(calls: list[Callable[[], None]]) -> None:
    """Players who tap at about the same time, a few sockets at once (the server allows 32 per
    address and the phones hold twenty)."""
    with ThreadPoolExecutor(max_workers=6) as pool:
        for done in [pool.submit(call) for call in calls]:
            done.result()


def new_page(browser: Browser, viewport: ViewportSize, phone: bool) -> Page:
    ctx = browser.new_context(viewport=viewport, is_mobile=phone, has_touch=phone, locale="ru-RU")
    ctx.set_default_timeout(15_000)
    return ctx.new_page()


def confirm(host: Page, button: str) -> None:
    """A desk button that asks once more (close day, close night, publish)."""
    host.get_by_role("button", name=button).click()
    host.get_by_role("button", name="Да", exact=True).click()


def enter_pm_move(host: Page, nick: str, action: str, target: str) -> None:
    """H-03b: a player's move from his PM, entered on the desk and marked as the host's."""
    pm = host.get_by_role("region", name="Ход из ЛС")
    pm.get_by_label("От кого ЛС").select_option(str(SEAT[nick]))
    pm.get_by_label("Ход за игрока").select_option(str(SEAT[nick]))
    pm.get_by_label("Действие").select_option(action)
    pm.get_by_label("Цель").select_option(str(SEAT[target]))
    pm.get_by_role("button", name="Внести ход").click()
    expect(host.get_by_role("region", name="Действия ведущего")).to_contain_text(f"Ход из ЛС от {nick}")


def edit_state(host: Page, nick: str, op: str, item: str) -> None:
    """H-03c: the host's state editor (it asks once more)."""
    editor = host.get_by_role("region", name="Изменить состояние игры")
    if not editor.get_by_label("Игрок").is_visible():
        editor.get_by_text("Изменить состояние игры").click()  # folded
    editor.get_by_label("Игрок").select_option(str(SEAT[nick]))
    editor.get_by_label("Что сделать").select_option(op)
    editor.get_by_label("Вещь").select_option(item)
    confirm(host, "Применить")
    expect(host.get_by_role("region", name="Действия ведущего")).to_contain_text(f"{nick}: получил(а) вещь")


def create_on_the_desk(host: Page, base: str) -> tuple[str, dict[str, str]]:
    code, urls = create_from_cast(host, base, CAST)
    desk_phase(host, "День 1")
    return code, urls


def test_a_host_runs_20_players_for_three_cycles_from_the_desk(
    chromium: Browser, andorra_server: Served
) -> None:
    base = andorra_server.url
    host = new_page(chromium, DESK, phone=False)
    code, urls = create_on_the_desk(host, base)
    phones = {nick: new_page(chromium, PHONE, phone=True) for nick in NICKS}
    for nick, page in phones.items():  # all twenty load at once
        page.goto(urls[nick], wait_until="commit")
    for nick, page in phones.items():
        expect(page.get_by_role("heading", name=f"Вы — {nick}")).to_be_visible()
    remote = {n: Remote(base, code, urls[n].split("#t=")[1]) for n in NICKS}
    SHOTS.mkdir(parents=True, exist_ok=True)

    for day in (1, 2, 3):
        # Day: everyone alive votes for the day's choice, who votes blank
        target = JAILED[day]
        alive = [p["nick"] for p in remote["Gleb"].view()["players"] if p["status"] == "ALIVE"]
        together([partial(remote[n].ok, "vote", target=None if n == target else SEAT[target]) for n in alive])
        if day == 2:  # the Journalist writes his article on his page; the desk publishes it
            lev = phones["Lev"]
            lev.get_by_label(re.compile("Текст статьи")).fill(ARTICLE)
            lev.get_by_role("button", name="Отправить ведущему").click()
            expect(lev.get_by_role("status").filter(has_text="Ждёт решения ведущего")).to_be_visible()
            host.get_by_role("button", name="Опубликовать в утреннем посте").click()
            expect(lev.get_by_role("status").filter(has_text="Опубликована")).to_be_visible()
        expect(host.locator("ol.vote-log li").filter(has_text="→")).to_have_count(len(alive), timeout=20_000)
        if day == 2:  # a state edit: the host gives the Bodyguard a vest (§02, H-03c)
            edit_state(host, "Kira", "give_item", "VEST")
            expect(host.get_by_role("region", name="Игроки")).to_contain_text(
                re.compile("Kira.*бронежилет ×1")
            )
        confirm(host, "Закрыть день")
        desk_phase(host, f"Ночь {day}")

        # Night: the moves, entered by the players and the clan's sender
        for sender, player, action, tgt, params in NIGHTS[day]:
            payload: dict[str, object] = {
                "player": SEAT[player],
                "action": action,
                "target": SEAT.get(tgt or ""),
            }
            if params:
                payload["params"] = params
            remote[sender].ok("move", **payload)
        if day == PM_MOVE[0]:  # the Doctor's move came by PM: the host enters it on the desk
            enter_pm_move(host, *PM_MOVE[1:])
        expect(host.locator("ul.submissions li")).to_have_count(len(NIGHTS[day]) + (day == PM_MOVE[0]))
        confirm(host, "Закрыть ночь и посчитать")
        if day == 1:  # the recruitment offer: Nina answers on her page
            nina = phones["Nina"]
            expect(nina.get_by_text("предложение о вербовке")).to_be_visible()
            nina.get_by_role("button", name="да", exact=True).click()
            nina.get_by_role("button", name="Подтвердить").click()  # an answer is final: she confirms it
        desk_phase(host, "итоги у ведущего")

        # the review before publishing: the night's messages, moves and tally in words
        review = host.get_by_role("region", name="Проверка ночи перед публикацией")
        expect(review).to_contain_text("Личные сообщения ночи")
        expect(review).to_contain_text(f"Сел: {target}")
        if day == 1:  # a correction with a field: Fira's PM says her gift was the Sheriff's card
            correct = host.get_by_role("region", name="Исправить ход и пересчитать")
            correct.get_by_label("Ник").select_option(str(SEAT["Fira"]))
            correct.get_by_label("Действие").select_option("FAIRY_GIFT")
            correct.get_by_label("Цель").select_option(str(SEAT["Oleg"]))
            correct.get_by_label("Подарок", exact=True).select_option(label="визитка шерифа")
            correct.get_by_role("button", name="Исправить и пересчитать").click()
            expect(host.locator("ul.submissions li").filter(has_text="Fira")).to_contain_text(
                "визитка шерифа"
            )
            desk_phase(host, "итоги у ведущего")
            expect(review).to_contain_text("Oleg: Вам подарили: визитка шерифа")
            expect(review).to_contain_text("Fira: подарок → Oleg (Подарок: визитка шерифа)")
            expect(review).to_contain_text("Fira: подарок → Oleg (Подарок: визитка шерифа) — удачно")
        host.screenshot(path=SHOTS / f"acceptance-review-{day}.png", full_page=True)
        confirm(host, "Опубликовать утро")
        desk_phase(host, f"День {day + 1}")
        expect(host.locator("article.post")).to_have_count(day)

    # the posts on the desk and on a phone equal the engine's, byte for byte
    config, seed, commands = stored_commands(andorra_server.data, code)
    game = AndorraGame()
    transcript = Transcript(
        game="andorra", config=config, seed=seed, commands=[c for c in commands if c.type != "chat"]
    )
    posts = game.view(replay(game, transcript), "public")["posts"]
    assert [p["day"] for p in posts] == [2, 3, 4]
    assert [host.get_by_label(f"BBCode {p['day']}").input_value() for p in posts] == [
        p["bbcode"] for p in posts
    ]
    phone_posts = phones["Petr"].locator("article.post pre.post-text")
    expect(phone_posts).to_have_count(
        len(posts)
    )  # the phone may take the last morning a moment after the desk
    assert phone_posts.all_inner_texts() == [p["ru"] for p in posts]
    assert posts[0]["ru"].endswith(f"Газета:\n{ARTICLE}")  # added to day 2's morning (A-ROLE-JOURNALIST-7a)
    # the business card was used (the Maniac is shot by the Sheriff's card) and the diploma spent
    assert "Roma" in posts[1]["ru"].split("Убит:")[1].splitlines()[0]
    host.screenshot(path=SHOTS / "acceptance-desk-end.png", full_page=True)
    phones["Oleg"].screenshot(path=SHOTS / "acceptance-phone-end.png", full_page=True)
