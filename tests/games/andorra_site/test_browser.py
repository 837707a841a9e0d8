"""A host and 8 players play two full day/night cycles through the pages alone.

The host creates the game on /a/new, hands out the private links, runs both
cycles from the desk; Kira answers a recruitment offer on her page; the
published morning posts equal what the engine produces for the same moves.
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from nightfall.engine import Command, Transcript, replay
from nightfall.games.andorra import AndorraGame
from nightfall.games.andorra.reports.forum_text import forum_text
from nightfall.games.andorra.roles.move_names import MOVE_NAMES

from .conftest import Served
from .game_data import DAY1, DAY2, NAMES, NIGHT1, NIGHT2, ROLES
from .pages import desk_step

pytestmark = pytest.mark.browser

# What the move form calls each move: the seed's words, from the engine's table (Appendix C).
ACTION_RU = {code: ru for code, (ru, _en) in MOVE_NAMES.items()}
SHOTS = Path(__file__).resolve().parents[3] / "test-artifacts" / "andorra"
LAPTOP: ViewportSize = {"width": 1280, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}


def page_in_own_context(browser: Browser, phone: bool = True) -> Page:
    ctx = browser.new_context(viewport=PHONE if phone else LAPTOP, is_mobile=phone, locale="ru-RU")
    ctx.set_default_timeout(8000)
    page = ctx.new_page()
    page.on("dialog", lambda d: d.dismiss())  # none is expected: a native dialog would fail its step
    return page


def create_game(host: Page, base: str) -> tuple[str, list[str]]:
    host.goto(f"{base}/a/new")
    # a bad role list first: a clear error, nothing created
    host.get_by_label(re.compile("Игроки и роли")).fill("Anna BOSS\nBoris NOPE\nGleb SHERIFF")
    host.get_by_role("button", name="Создать игру").click()
    expect(host.get_by_role("alert")).to_have_text(
        "Строка 2: нет такой роли «NOPE» (названия — в списке ниже)"
    )
    lines = "\n".join(f"{n} {r}" for n, r in zip(NAMES, ROLES, strict=True))
    host.get_by_label(re.compile("Игроки и роли")).fill(lines)
    for bad in ("abc", "-5"):  # a deadline is a positive number of minutes, or empty
        host.get_by_label(re.compile("День, минут")).fill(bad)
        host.get_by_role("button", name="Создать игру").click()
        expect(host.get_by_role("alert")).to_contain_text("нужно число минут больше нуля")
    host.get_by_label(re.compile("День, минут")).fill("")
    host.get_by_text("Роли: названия, которые можно писать").click()
    expect(host.get_by_text("Шмара-клофелинщица")).to_be_visible()
    host.screenshot(path=SHOTS / "create.png", full_page=True)
    host.get_by_role("button", name="Создать игру").click()
    expect(host.get_by_role("heading", name=re.compile("создана"))).to_be_visible()
    urls = [host.get_by_role("textbox", name=n, exact=True).input_value() for n in NAMES]
    desk = host.get_by_role("link", name="Открыть стол ведущего").get_attribute("href")
    assert desk is not None
    # the desk link to keep: the host's key on another device (it leaves the address bar)
    assert host.get_by_role("textbox", name="Ссылка стола ведущего").input_value() == desk
    code = re.search(r"/a/(\w+)/desk", desk)
    assert code is not None
    host.goto(desk)
    expect(host.get_by_role("heading", name=re.compile("Стол ведущего"))).to_be_visible()
    assert "#t=" not in host.url  # the token left the address bar for localStorage
    return code.group(1), urls


def vote(page: Page, target: str, shot: str | None = None) -> None:
    button = page.get_by_role("button", name="Проголосовать")
    expect(button).to_be_disabled()  # nobody is preselected: a quick tap casts no vote
    page.get_by_label("Голос против").select_option(label=target)
    button.click()
    # asked once more in the page (a vote is final), naming the choice; never the browser's dialog
    asked = page.get_by_role("group", name=re.compile(f"^Голос: {target}\\."))
    expect(asked).to_be_visible()
    expect(asked.get_by_role("button", name="Подтвердить")).to_be_focused()
    if shot:
        page.screenshot(path=SHOTS / shot)
    asked.get_by_role("button", name="Подтвердить").click()
    expect(page.get_by_text("Ваш голос учтён.")).to_be_visible()


def move(page: Page, action: str, target: str) -> None:
    page.get_by_label("Действие").select_option(label=ACTION_RU[action])
    page.get_by_label("Цель").select_option(label=target)
    page.get_by_role("button", name="Отправить ход").click()
    expect(page.get_by_role("status").filter(has_text="Ход принят")).to_contain_text(
        f"{ACTION_RU[action]} → {target}"
    )


def desk_phase(host: Page, text: str) -> None:
    expect(host.get_by_role("heading", level=2)).to_contain_text(text)


def stored_commands(data: Any, code: str) -> tuple[dict[str, Any], int, list[Command]]:
    import json

    db = sqlite3.connect(data / "nightfall.sqlite3")
    try:
        config, seed = db.execute("SELECT config, seed FROM games WHERE code = ?", (code,)).fetchone()
        rows = db.execute("SELECT command FROM commands WHERE code = ? ORDER BY seq", (code,)).fetchall()
    finally:
        db.close()
    return json.loads(config), int(seed), [Command.from_json(json.loads(r[0])) for r in rows]


def test_two_cycles_through_the_pages(chromium: Browser, andorra_server: Served) -> None:
    base = andorra_server.url
    host = page_in_own_context(chromium, phone=False)
    host.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
    code, urls = create_game(host, base)
    players = []
    for i, url in enumerate(urls):
        page = page_in_own_context(chromium)
        page.goto(url)
        expect(page.get_by_role("heading", name=f"Вы — {NAMES[i]}")).to_be_visible()
        players.append(page)
    nick = dict(enumerate(NAMES, start=1))
    gleb, kira = players[2], players[4]

    # a non-host cannot reach the desk; a forged link opens nothing
    intruder = page_in_own_context(chromium)
    token = urls[0].split("#t=")[1]
    intruder.goto(f"{base}/a/{code}/desk#t={token}")
    expect(intruder.get_by_role("alert")).to_contain_text("Это страница ведущего")
    forged = page_in_own_context(chromium)
    forged.goto(f"{base}/a/{code}/p#t=forged{token[6:]}")
    expect(forged.get_by_role("status")).to_contain_text("Ссылка недействительна")

    # Russian first, English on request
    players[3].get_by_role("button", name="English").click()
    expect(players[3].get_by_role("heading", name="You are Egor")).to_be_visible()
    players[3].get_by_role("button", name="Русский").click()
    expect(players[3].get_by_role("heading", name="Вы — Egor")).to_be_visible()

    # role cards: own role only
    expect(players[0].locator(".role-name")).to_have_text("Босс мафии")
    expect(players[0].get_by_role("list", name="Вы знаете")).to_contain_text("Boris")
    expect(gleb.locator(".role-name")).to_have_text("Шериф")
    page_text = gleb.locator("main").inner_text()  # the public role list stays folded away
    # his own moves name the Boss he searches for («поиск Босса мафии»), never who the Boss is
    assert "Роли:" not in page_text and "Anna (" not in page_text and "Anna — Босс" not in page_text

    # Day 1
    for voter, target in DAY1:
        vote(players[voter - 1], nick[target])
    expect(host.locator("ol.vote-log li")).to_have_count(len(DAY1))
    desk_step(host, "Закрыть день", "Ночь 1")

    # Night 1
    for seat, action, target in NIGHT1:
        move(players[seat - 1], action, nick[target])
    move(players[0], "SHOOT", nick[7])  # changed again: still one move
    SHOTS.mkdir(parents=True, exist_ok=True)
    players[0].screenshot(path=SHOTS / "player-night.png", full_page=True)
    expect(host.locator("ul.submissions li")).to_have_count(len(NIGHT1))
    assert "выстрел → Mila" not in gleb.locator("main").inner_text()  # Anna's move stays hers
    desk_step(host, "Закрыть ночь и посчитать", "ждём ответов")
    # The desk's question: "Ответить за Kira:" once, then the options alone (each button's
    # name still says whom it answers for)
    asked = host.get_by_role("region", name="Вопросы движка")
    expect(asked.locator(".prompt-lead")).to_have_text(f"Ответить за {nick[5]}:")
    expect(asked.get_by_role("button", name=f"Ответить за {nick[5]}: «да»")).to_have_text("да")
    asked.screenshot(path=SHOTS / "desk-prompts.png")
    # an answer for a player is final: the desk asks once more, as her page does (play-test)
    asked.get_by_role("button", name=f"Ответить за {nick[5]}: «да»").click()
    sure = asked.get_by_role("group", name=f"Ответить за {nick[5]}: «да»?")
    expect(sure).to_be_visible()
    asked.screenshot(path=SHOTS / "desk-prompt-confirm.png")
    sure.get_by_role("button", name="Нет").click()  # she answers on her own page below
    expect(sure).to_have_count(0)
    expect(kira.get_by_text("предложение о вербовке")).to_be_visible()
    # the page's buttons answer: the PM's «(да / нет)» is not read out twice (a play-test)
    expect(kira.locator(".prompt-text")).to_have_text(["Вам поступило предложение о вербовке. Вы согласны?"])
    kira.screenshot(path=SHOTS / "player-prompt.png", full_page=True)
    kira.get_by_role("button", name="да", exact=True).click()
    kira.get_by_role("button", name="Подтвердить").click()  # her page asks once more, in the page
    desk_phase(host, "итоги у ведущего")
    expect(host.get_by_label("preview-text")).to_contain_text("Утро дня 2.")
    host.screenshot(path=SHOTS / "desk-review.png", full_page=True)
    desk_step(host, "Опубликовать утро", "День 2")

    # Kira is in the mafia chat now
    expect(kira.get_by_role("heading", name=re.compile("Чат клана"))).to_be_visible()
    players[1].get_by_label("Сообщение клану").fill("<b>привет</b>, Kira")
    players[1].get_by_role("button", name="Отправить в чат").click()
    expect(kira.locator(".chat-text")).to_have_text(["<b>привет</b>, Kira"])
    players[1].get_by_label("Сообщение клану").fill("x" * 501)
    # the server's limit is the field's too: said on the page, before any send
    expect(players[1].get_by_label("Сообщение клану")).to_have_value("x" * 500)
    expect(players[1].get_by_text("500 из 500 символов")).to_be_visible()
    assert "привет" not in gleb.locator("main").inner_text()

    # the Journalist writes his article after his watch; the host publishes it (A-ROLE-JOURNALIST-7a)
    lev = players[5]
    lev.get_by_label(re.compile("Текст статьи")).fill("Boris не спал этой ночью." + LINKS)
    lev.get_by_role("button", name="Отправить ведущему").click()
    expect(lev.get_by_role("status").filter(has_text="Ждёт решения ведущего")).to_be_visible()
    lev.screenshot(path=SHOTS / "player-article.png", full_page=True)
    host.get_by_role("button", name="Опубликовать в утреннем посте").click()
    expect(lev.get_by_role("status").filter(has_text="Опубликована")).to_be_visible()
    expect(players[7].locator("article.post")).to_contain_text("Газета:\nBoris не спал этой ночью.")
    # A-SEC-4: his tags are shown as text, and a line never ends with an escaped «[» (a
    # play-test's phone broke «[ url=…» over two lines at the escape's zero-width space)
    ends = players[7].evaluate(BRACKET_AT_LINE_END, "article.post pre.post-text")
    assert ends["escapes"] >= 12 and ends["broken"] == [], ends

    # Day 2 and Night 2
    for voter, target in DAY2:
        vote(players[voter - 1], nick[target])
    desk_step(host, "Закрыть день", "Ночь 2")
    for seat, action, target in NIGHT2:
        move(players[seat - 1], action, nick[target])
    desk_step(host, "Закрыть ночь и посчитать", "итоги у ведущего")
    # the host corrects Lev's input and the night is resolved again before publishing
    correct = host.get_by_role("region", name="Исправить ход и пересчитать")
    correct.get_by_label("Ник").select_option(label="Lev")
    correct.get_by_label("Действие").select_option("JOURNALIST_WATCH")
    correct.get_by_label("Цель").select_option(label="Gleb")
    correct.get_by_role("button", name="Исправить и пересчитать").click()
    expect(host.locator("ul.submissions li").filter(has_text="Lev")).to_contain_text("→ Gleb")
    desk_phase(host, "итоги у ведущего")
    desk_step(host, "Опубликовать утро")
    expect(host.locator("article.post")).to_have_count(2)

    # the posts equal the engine's for the same moves
    config, seed, commands = stored_commands(andorra_server.data, code)
    game = AndorraGame()
    state = replay(
        game,
        Transcript(
            game="andorra", config=config, seed=seed, commands=[c for c in commands if c.type != "chat"]
        ),
    )
    expected = [p["bbcode"] for p in game.view(state, "public")["posts"]]
    shown = [host.get_by_label(f"BBCode {d}").input_value() for d in (2, 3)]
    assert shown == expected
    assert expected[0].endswith("[b]Газета:[/b]\n" + forum_text("Boris не спал этой ночью." + LINKS))
    assert "[url" not in expected[0] and "[\u2060url=http://evil.example]" in expected[0]  # A-SEC-4
    host.get_by_role("button", name="Копировать BBCode поста дня 3").click()
    assert host.evaluate("navigator.clipboard.readText()") == expected[1]
    # and as plain text, in Russian as the forum gets it, whatever the desk's language
    host.get_by_role("button", name="Копировать пост дня 3").click()
    assert host.evaluate("navigator.clipboard.readText()") == game.view(state, "public")["posts"][1]["ru"]
    # the first post and the day's header are copied for the forum with BBCode too (A-GEN-3)
    public = game.view(state, "public")
    host.get_by_role("button", name="Копировать BBCode первого поста").click()
    assert host.evaluate("navigator.clipboard.readText()") == public["first_post_bbcode"]
    host.get_by_role("button", name="Копировать BBCode шапки дня").click()
    assert host.evaluate("navigator.clipboard.readText()") == public["header_bbcode"]
    assert public["header_bbcode"].startswith("[b]День 3.[/b]")
    # everyone sees the posts; the audit of both nights is on the desk
    expect(players[7].locator("article.post")).to_have_count(2)
    # Anna's card says her jailed Recruiter is out (she expects no move from him)
    expect(players[0].get_by_role("list", name="Вы знаете")).to_contain_text(
        "Boris (мафия) · в тюрьме (по голосованию)"
    )
    expect(host.get_by_text("Ночь 2", exact=True)).to_be_visible()


def test_deadlines_close_phases_on_the_pages(chromium: Browser, andorra_server: Served) -> None:
    """The server closes the day and the night at their deadlines; a late move is impossible."""
    import json
    import urllib.request

    body = {
        "players": [{"name": n, "role": r} for n, r in zip(NAMES, ROLES, strict=True)],
        "day_seconds": 8,
        "night_seconds": 6,
    }
    request = urllib.request.Request(
        f"{andorra_server.url}/api/andorra",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=5) as r:
        game = json.loads(r.read())
    anna = page_in_own_context(chromium)
    anna.goto(game["players"][0]["url"])
    expect(anna.get_by_role("timer")).to_contain_text("До конца фазы")
    vote(anna, "Nikita", shot="phone-vote-confirm.png")
    expect(anna.get_by_role("heading", name="Ночь 1")).to_be_visible(timeout=15000)
    move(anna, "SHOOT", "Mila")
    expect(anna.get_by_role("button", name="Отправить ход")).to_have_count(0, timeout=15000)
    expect(anna.get_by_role("heading", level=2)).to_have_text("Ночь 1: итоги у ведущего")
    desk = page_in_own_context(chromium, phone=False)
    desk.goto(game["desk_url"])
    expect(desk.locator("ul.submissions li")).to_have_text(["Anna: выстрел → Mila"])


# A Journalist's article full of tags a board would read (A-SEC-4): at 390 px its lines wrap
# near the escaped brackets.
LINKS = " Смотрите [url=http://evil.example]тут[/url], [img]http://x/y.png[/img]." * 6

# Of every escaped «[» (the bracket, then U+2060) in the element's text: is it the last thing
# on its line, its next character on the line below?
BRACKET_AT_LINE_END = """(selector) => {
  const el = document.querySelector(selector);
  const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  let escapes = 0; const broken = [];
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    for (let i = n.textContent.indexOf("[\u2060"); i >= 0; i = n.textContent.indexOf("[\u2060", i + 1)) {
      escapes++;
      const at = (k) => { const r = document.createRange(); r.setStart(n, k); r.setEnd(n, k + 1); return r.getBoundingClientRect(); };
      if (at(i + 2).top > at(i).top + 2) broken.push(n.textContent.slice(i, i + 8));
    }
  }
  return { escapes, broken };
}"""


def test_host_replaces_a_player_with_a_new_link(chromium: Browser, andorra_server: Served) -> None:
    host = page_in_own_context(chromium, phone=False)
    code, urls = create_game(host, andorra_server.url)
    mila = page_in_own_context(chromium)
    mila.goto(urls[6])
    expect(mila.get_by_role("heading", name="Вы — Mila")).to_be_visible()
    host.get_by_text("Новая личная ссылка / замена игрока").click()
    host.get_by_label("Ник", exact=True).first.select_option(label="Mila")
    host.get_by_label("Новый ник (необязательно)").fill("Mira")
    host.get_by_role("button", name="Выдать новую ссылку").click()
    # asked once more, naming both (one click locked a player out in a play-test); «Нет» changes nothing
    ask = host.get_by_role("group", name="Заменить Mila на Mira? Старая ссылка перестанет работать сразу.")
    ask.get_by_role("button", name="Нет").click()
    expect(host.get_by_label("Новая ссылка")).to_have_count(0)
    expect(mila.get_by_role("heading", name="Вы — Mila")).to_be_visible()
    host.get_by_role("button", name="Выдать новую ссылку").click()
    ask.get_by_role("button", name="Да").click()
    new_url = host.get_by_label("Новая ссылка").input_value()
    assert new_url.startswith(f"{andorra_server.url}/a/{code}/p#t=") and new_url != urls[6]
    # the copy button says it copied (a link copied without a word left the host unsure)
    host.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=andorra_server.url)
    host.get_by_role("button", name="Копировать ссылку Mira").click()
    expect(host.get_by_text("Скопировано", exact=True)).to_be_visible()
    assert host.evaluate("navigator.clipboard.readText()") == new_url
    expect(mila.get_by_role("status")).to_contain_text("Ссылка недействительна")
    # the old page keeps nothing of the game: no role, no vote form, not the newcomer's nick
    expect(mila.get_by_text("Ведущий мог выдать новую ссылку")).to_be_visible()
    expect(mila.locator(".player")).to_have_count(0)
    assert "Mira" not in mila.locator("main").inner_text()
    mira = page_in_own_context(chromium)
    mira.goto(new_url)
    expect(mira.get_by_role("heading", name="Вы — Mira")).to_be_visible()
    expect(mira.get_by_text("Псих", exact=True)).to_be_visible()


def test_the_desk_fits_a_phone(chromium: Browser, andorra_server: Served) -> None:
    """Issue 20 (17): the desk has no horizontal overflow at 390 px."""
    host = page_in_own_context(chromium, phone=True)
    create_game(host, andorra_server.url)
    host.screenshot(path=SHOTS / "desk-phone.png", full_page=True)
    width = host.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
