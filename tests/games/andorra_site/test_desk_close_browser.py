"""Closing the day or the night on the desk (A-CYCLE-2a, H-04, A-GEN-5): the question the close
button asks names who has not voted or moved yet, in the first screen of a 1280x800 laptop; those
lists are further down the desk, and a day or a night closed too early costs a player his vote
(a +1 in the next day's log, A-VOTE-10) or his move (he stays home)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from .conftest import Served
from .remote import Remote, create
from .test_browser import SHOTS

pytestmark = pytest.mark.browser

CAST = [("Boss", "BOSS"), ("Doc", "DOCTOR"), ("Pavel", "PV"), ("Petr", "PV"), ("Max", "MANIAC")]
SEAT = {n: i + 1 for i, (n, _) in enumerate(CAST)}


def test_the_close_buttons_name_who_is_still_missing(chromium: Browser, andorra_server: Served) -> None:
    game = create(andorra_server.url, {"players": [{"name": n, "role": r} for n, r in CAST]})
    token = {n: game["players"][SEAT[n] - 1]["token"] for n, _ in CAST}
    player = {n: Remote(andorra_server.url, game["code"], token[n]) for n, _ in CAST}
    for voter in ("Boss", "Doc", "Pavel"):
        player[voter].ok("vote", target=SEAT["Max"])
    ctx = chromium.new_context(viewport={"width": 1280, "height": 800}, locale="ru-RU")
    desk = ctx.new_page()
    desk.goto(game["desk_url"])

    desk.get_by_role("button", name="Закрыть день").click()
    ask = desk.get_by_role(
        "group", name="Закрыть день? Голоса больше не принимаются. Ещё не голосовали: Petr, Max."
    )
    expect(ask).to_be_visible()
    box = ask.bounding_box()
    assert box is not None and box["y"] + box["height"] < 800, box  # in the first screen
    SHOTS.mkdir(parents=True, exist_ok=True)
    desk.screenshot(path=str(SHOTS / "desk-close-day-missing.png"), animations="disabled")
    ask.get_by_role("button", name="Нет").click()
    player["Petr"].ok("vote", target=SEAT["Max"])
    desk.get_by_role("button", name="Закрыть день").click()
    ask = desk.get_by_role(
        "group", name="Закрыть день? Голоса больше не принимаются. Ещё не голосовали: Max."
    )
    ask.get_by_role("button", name="Да").click()
    expect(desk.get_by_role("heading", level=2)).to_contain_text("Ночь 1")

    player["Boss"].ok("move", player=SEAT["Boss"], action="SHOOT", target=SEAT["Pavel"])
    player["Doc"].ok("move", player=SEAT["Doc"], action="HEAL", target=SEAT["Pavel"])
    desk.get_by_role("button", name="Закрыть ночь и посчитать").click()
    ask = desk.get_by_role(
        "group", name="Закрыть ночь? Ходы больше не принимаются. Ещё нет хода (сидят дома): Pavel, Petr, Max."
    )
    expect(ask).to_be_visible()
    ask.get_by_role("button", name="Нет").click()
    for pv in ("Pavel", "Petr"):
        player[pv].ok("move", player=SEAT[pv], action="PV_WATCH", target=SEAT["Boss"])
    player["Max"].ok("move", player=SEAT["Max"], action="STAY_HOME")
    desk.get_by_role("button", name="Закрыть ночь и посчитать").click()
    # everyone has moved: the question says only what closing does
    expect(
        desk.get_by_role("group", name="Закрыть ночь? Ходы больше не принимаются.", exact=True)
    ).to_be_visible()
    ctx.close()
