"""The player's page on a 390x844 touch phone (the UX review of the player page): controls a
finger can hit, a chat that says its limit before the server does, what he must do now above
his role card, a connection line that stays in sight, and a clear line when he is out."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Dialog, Locator, Page, WebSocketRoute, expect

from .conftest import Served
from .remote import Remote, create
from .test_browser import ACTION_RU, PHONE, SHOTS, page_in_own_context

pytestmark = pytest.mark.browser

CAST = [("Anna", "BOSS"), ("Boris", "SOLDIER"), ("Petr", "PV"), ("Dima", "DOCTOR"), ("Vera", "MANIAC")]
SEAT = {n: i + 1 for i, (n, _) in enumerate(CAST)}
TOUCH = 44  # px: a finger's target, as the buttons already are


def height(loc: Locator) -> float:
    box = loc.bounding_box()
    assert box is not None, loc
    return box["height"]


def top(loc: Locator) -> float:
    box = loc.bounding_box()
    assert box is not None, loc
    return box["y"]


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SHOTS / name, animations="disabled")


def start(chromium: Browser, served: Served) -> tuple[dict[str, object], Remote, Page]:
    game = create(served.url, {"players": [{"name": n, "role": r} for n, r in CAST]})
    host = Remote(served.url, str(game["code"]), str(game["host_token"]))
    page = page_in_own_context(chromium)
    players = game["players"]
    assert isinstance(players, list)
    page.goto(players[SEAT["Anna"] - 1]["url"])
    expect(page.get_by_role("heading", name="Вы — Anna")).to_be_visible()
    return game, host, page


def test_the_day_vote_comes_first_and_every_control_is_finger_sized(
    chromium: Browser, andorra_server: Served
) -> None:
    _game, host, page = start(chromium, andorra_server)
    vote = page.get_by_label("Голос против")
    card = page.locator("section.card")
    # Day 1: the vote in the first screen, above the role card (it was ~1050 px down)
    assert top(vote) < top(card), (top(vote), top(card))
    assert top(vote) + height(vote) < 844, top(vote)
    shot(page, "phone-day1.png")
    assert height(vote) >= TOUCH, height(vote)
    first_post = page.locator("summary").filter(has_text="Первый пост")
    assert height(first_post) >= TOUCH, height(first_post)
    assert height(card.locator("summary")) >= TOUCH
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    host.ok("end_day")
    expect(page.get_by_role("heading", level=2)).to_contain_text("Ночь 1")
    page.get_by_label("Действие").select_option(label=ACTION_RU["SHOOT"])
    for name in ("Действие", "Цель"):
        field = page.get_by_label(name, exact=True)
        assert height(field) >= TOUCH, (name, height(field))
    # Anna sends for her clan: the select of whose move it is
    assert height(page.get_by_label("Ход за")) >= TOUCH
    assert top(page.get_by_role("button", name="Отправить ход")) < top(card)
    shot(page, "phone-night1.png")
    page.context.close()


def test_a_disabled_send_button_says_what_is_missing(chromium: Browser, andorra_server: Served) -> None:
    """The vote's and the night move's send buttons are disabled until the form is complete; a
    hint beside each says which field is missing, in the hints' style, and goes once it can be
    sent (play-test: nothing said why the button did nothing)."""
    _game, host, page = start(chromium, andorra_server)
    vote_button = page.get_by_role("button", name="Проголосовать")
    vote_hint = page.get_by_text("Выберите, против кого голос (или пустой голос), чтобы проголосовать.")
    expect(vote_button).to_be_disabled()
    expect(vote_hint).to_be_visible()
    expect(vote_hint).to_have_class("hint")
    expect(vote_button).to_have_accessible_description(re.compile("Выберите, против кого голос"))
    shot(page, "phone-vote-hint.png")
    page.get_by_label("Голос против").select_option(label="Boris")
    expect(vote_button).to_be_enabled()
    expect(vote_hint).to_have_count(0)

    host.ok("end_day")
    expect(page.get_by_role("heading", level=2)).to_contain_text("Ночь 1")
    page.get_by_label("Действие").select_option(label=ACTION_RU["SHOOT"])
    send = page.get_by_role("button", name="Отправить ход")
    move_hint = page.get_by_text("Выберите цель, чтобы отправить ход.")
    expect(send).to_be_disabled()
    expect(move_hint).to_be_visible()
    expect(move_hint).to_have_class("hint")
    assert abs(top(move_hint) - (top(send) + height(send))) < 40, (top(move_hint), top(send))  # beside it
    send.scroll_into_view_if_needed()
    shot(page, "phone-move-hint.png")
    page.get_by_label("Цель", exact=True).select_option(label="Petr")
    expect(send).to_be_enabled()
    expect(move_hint).to_have_count(0)
    page.context.close()


def test_the_morning_comes_before_the_role_card(chromium: Browser, andorra_server: Served) -> None:
    """The latest morning and what came to him that morning at the top (it was ~1900 px down),
    above even today's vote since issue 32 §3 (a new result is seen first)."""
    game, host, page = start(chromium, andorra_server)
    players = game["players"]
    assert isinstance(players, list)
    anna = Remote(andorra_server.url, str(game["code"]), players[SEAT["Anna"] - 1]["token"])
    host.ok("end_day")
    anna.ok("move", player=SEAT["Anna"], action="SHOOT", target=SEAT["Petr"])
    host.ok("end_night")
    host.ok("publish")
    expect(page.get_by_role("heading", level=2)).to_contain_text("День 2")
    latest = page.get_by_role("region", name="Итоги ночи")
    expect(latest).to_contain_text("Утро дня 2.")
    expect(latest.get_by_role("listitem").first).to_contain_text("Утро 2")
    card = page.locator("section.card")
    assert top(latest) < top(page.get_by_label("Голос против")) < top(card)
    assert top(latest) < 844  # in the first screen
    expect(page.locator("article.post")).to_have_count(1)  # the history keeps the post once
    shot(page, "phone-day2.png")
    page.get_by_role("button", name="English").click()
    expect(page.get_by_role("region", name="The night's results")).to_contain_text("Morning of day 2.")
    page.context.close()


def test_the_checkboxes_have_a_finger_sized_row(chromium: Browser, andorra_server: Served) -> None:
    page = page_in_own_context(chromium)
    page.goto(f"{andorra_server.url}/a/new")
    boxes = page.locator("label input[type=checkbox]")
    expect(boxes.first).to_be_visible()
    for i in range(boxes.count()):
        box = boxes.nth(i)
        assert height(box) >= 24, height(box)
        row = box.locator("xpath=..")
        assert height(row) >= TOUCH, height(row)
    page.context.close()


def test_the_role_card_folds_after_its_reveal(chromium: Browser, andorra_server: Served) -> None:
    _game, _host, page = start(chromium, andorra_server)
    card = page.locator("section.card details")
    expect(card).to_have_attribute("open", "")  # the first visit: the role is revealed
    page.reload()
    expect(page.get_by_role("heading", name="Вы — Anna")).to_be_visible()
    expect(card).not_to_have_attribute("open", "")  # later: folded, the name still in sight
    expect(page.locator(".role-name")).to_be_visible()
    expect(page.locator(".role-name")).to_have_text("Босс мафии")
    page.locator("section.card summary").click()
    expect(page.get_by_role("list", name="Ваши ходы")).to_be_visible()
    page.context.close()


def test_the_chat_says_its_limit_and_sends_no_empty_message(
    chromium: Browser, andorra_server: Served
) -> None:
    _game, _host, page = start(chromium, andorra_server)
    text = page.get_by_label("Сообщение клану")
    send = page.get_by_role("button", name="Отправить в чат")
    expect(send).to_be_disabled()  # nothing to send
    text.fill("   \n ")
    expect(send).to_be_disabled()  # blanks only: the server would say «Пустое сообщение»
    text.fill("x" * 450)
    expect(send).to_be_enabled()
    expect(page.get_by_text("450 из 500 символов")).to_be_visible()  # the limit before it is hit
    text.fill("y" * 600)
    assert text.input_value() == "y" * 500  # maxlength: the server's 500 characters
    expect(page.get_by_text("500 из 500 символов")).to_be_visible()
    # an error from the server clears as soon as the text changes (it stayed for days)
    page.evaluate("document.querySelector('textarea').removeAttribute('maxlength')")
    text.fill("z" * 501)
    send.click()
    expect(page.get_by_role("alert")).to_contain_text("длиннее 500")
    shot(page, "phone-chat-error.png")
    text.press("Backspace")
    expect(page.get_by_role("alert")).to_have_count(0)
    send.click()
    expect(page.locator(".chat-text")).to_have_text(["z" * 500])
    expect(text).to_have_value("")
    expect(send).to_be_disabled()
    page.context.close()


def test_a_jailed_player_reads_it_at_the_top(chromium: Browser, andorra_server: Served) -> None:
    _game, host, page = start(chromium, andorra_server)
    banner = page.locator(".out-banner")
    expect(banner).to_have_count(0)
    host.ok("host_edit", op="jail", seat=SEAT["Anna"])
    expect(banner).to_have_text(
        "Вы выбыли из игры: в тюрьме (по голосованию). Голосовать и ходить вы больше не можете."
    )
    assert top(banner) < 200  # under his name, in sight without scrolling
    expect(page.get_by_label("Голос против")).to_have_count(0)
    shot(page, "phone-jailed-ru.png")
    page.get_by_role("button", name="English").click()
    expect(banner).to_contain_text("You are out of the game: jailed (by vote).")
    host.ok("host_edit", op="release", seat=SEAT["Anna"])
    expect(banner).to_have_count(0)
    host.ok("host_edit", op="kill", seat=SEAT["Anna"])
    expect(banner).to_contain_text("You are out of the game: dead.")
    page.context.close()


def test_a_void_vote_is_not_told_as_counted(chromium: Browser, andorra_server: Served) -> None:
    """A-VOTE-3, A-VOTE-4: a player whose vote the log shows void (here his PM's second vote,
    entered as an edit) reads that on his page with the reason and tomorrow's +1; it said
    «Ваш голос учтён.» (play-test)."""
    _game, host, page = start(chromium, andorra_server)
    host.ok("pm_vote", **{"from": SEAT["Anna"]}, target=SEAT["Vera"])
    expect(page.get_by_text("Ваш голос учтён.")).to_be_visible()
    host.ok("pm_vote", **{"from": SEAT["Anna"]}, target=SEAT["Petr"], edit=True)
    expect(page.get_by_role("status").filter(has_text="Ваш голос недействителен")).to_have_text(
        "Ваш голос недействителен (исправленный голос): завтра вам +1 в лог."
    )
    expect(page.get_by_text("Ваш голос учтён.")).to_have_count(0)
    page.context.close()


def test_the_connection_line_stays_in_sight_when_scrolled(chromium: Browser, andorra_server: Served) -> None:
    game = create(andorra_server.url, {"players": [{"name": n, "role": r} for n, r in CAST]})
    page = page_in_own_context(chromium)
    # the room's socket through Playwright: passed on to the server until the "network" drops
    link: dict[str, list[WebSocketRoute] | bool] = {"up": True, "open": []}

    def route(ws: WebSocketRoute) -> None:
        if link["up"]:
            ws.connect_to_server()
            opened = link["open"]
            assert isinstance(opened, list)
            opened.append(ws)
        else:
            ws.close(code=1001)

    page.route_web_socket(re.compile(r"/ws/"), route)
    page.goto(game["players"][SEAT["Anna"] - 1]["url"])
    expect(page.get_by_role("heading", name="Вы — Anna")).to_be_visible()
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    assert page.evaluate("window.scrollY") > 300  # a scrolled page: the top is out of sight
    link["up"] = False
    opened = link["open"]
    assert isinstance(opened, list)
    for ws in opened:
        ws.close(code=1001)
    line = page.get_by_role("status").filter(has_text="Нет связи, переподключаемся")
    expect(line).to_be_visible()
    box = line.bounding_box()
    assert box is not None and 0 <= box["y"] < 10, box  # at the screen's top, not scrolled away
    shot(page, "phone-offline-scrolled.png")
    page.context.close()


def test_an_answer_to_a_question_is_confirmed_before_it_is_sent(
    chromium: Browser, andorra_server: Served
) -> None:
    """A-DATA-I: an answer is final (the last one resolves the night at once), so a stray tap on a
    choice while scrolling sends nothing; it goes only once confirmed. The confirmation is a step
    in the page, not the browser's dialog (a play-test), and works from the keyboard: the focus
    goes to «Подтвердить», Escape goes back to the choices."""
    cast = [("Boss", "BOSS"), ("Rekrut", "RECRUITER"), ("Stas", "SHERIFF"), ("Kira", "PV"), ("Doc", "DOCTOR")]
    seat = {n: i + 1 for i, (n, _) in enumerate(cast)}
    game = create(andorra_server.url, {"players": [{"name": n, "role": r} for n, r in cast]})
    host = Remote(andorra_server.url, game["code"], game["host_token"])
    kira = Remote(andorra_server.url, game["code"], game["players"][seat["Kira"] - 1]["token"])
    boss = Remote(andorra_server.url, game["code"], game["players"][seat["Boss"] - 1]["token"])
    host.ok("end_day")
    boss.ok("move", player=seat["Rekrut"], action="RECRUIT", target=seat["Kira"])
    host.ok("end_night")
    ctx = chromium.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="ru-RU")
    page = ctx.new_page()
    dialogs: list[str] = []

    def on_dialog(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", on_dialog)
    page.goto(game["players"][seat["Kira"] - 1]["url"])
    expect(page.get_by_text("предложение о вербовке")).to_be_visible()
    yes = page.get_by_role("button", name="да", exact=True)
    assert height(yes) >= TOUCH
    yes.tap()  # the stray tap: asked in the page, nothing sent
    question = "Ответ: «да». Изменить его будет нельзя. Подтвердить?"
    step = page.get_by_role("group", name=question)
    expect(step).to_be_visible()
    expect(step).to_contain_text(question)
    sure = step.get_by_role("button", name="Подтвердить")
    expect(sure).to_be_focused()
    assert height(sure) >= TOUCH and height(step.get_by_role("button", name="Отмена")) >= TOUCH
    expect(page.get_by_role("button", name="нет", exact=True)).to_have_count(0)  # no second stray tap
    shot(page, "phone-answer-confirm.png")
    page.keyboard.press("Escape")  # back to the choices, nothing sent
    expect(step).to_have_count(0)
    expect(yes).to_be_visible()
    yes.tap()
    page.get_by_role("button", name="Отмена").tap()
    expect(yes).to_be_visible()
    assert not kira.view()["me"]["prompts"][0]["answered"]
    assert host.view()["phase"] == "RESOLVING"
    yes.focus()  # from the keyboard: Enter on the option, Enter on «Подтвердить»
    page.keyboard.press("Enter")
    expect(sure).to_be_focused()
    page.keyboard.press("Enter")
    expect(yes).to_have_count(0)  # the only answer: the night is resolved, the host reviews it
    assert dialogs == [], dialogs  # never the browser's own dialog
    expect(page.get_by_role("heading", level=2)).to_contain_text("итоги у ведущего")
    ctx.close()


def test_a_move_with_a_target_waits_for_the_player_to_choose_one(
    chromium: Browser, andorra_server: Served
) -> None:
    """A-MOVE-6: no player is preselected as the target (the first of the list was): a quick tap
    sends no shot at whoever heads the list, as a quick tap casts no vote."""
    _game, host, page = start(chromium, andorra_server)
    host.ok("end_day")
    expect(page.get_by_role("heading", level=2)).to_contain_text("Ночь 1")
    page.get_by_label("Действие").select_option(label=ACTION_RU["SHOOT"])
    target = page.get_by_label("Цель", exact=True)
    send = page.get_by_role("button", name="Отправить ход")
    assert target.evaluate("el => el.selectedOptions[0].textContent") == "— выберите —"
    expect(send).to_be_disabled()
    shot(page, "phone-move-no-target.png")
    target.select_option(label="Petr")
    send.click()
    expect(page.get_by_role("status").filter(has_text="Ход принят")).to_contain_text("выстрел → Petr")
    # the sent move shows again with its target, ready to change
    page.reload()
    expect(page.get_by_label("Цель", exact=True)).to_have_value(str(SEAT["Petr"]))
    expect(page.get_by_role("button", name="Отправить ход")).to_be_enabled()
    page.context.close()
