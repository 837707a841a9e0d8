"""Issue 32 §3/§4 on a phone at 390x844: a morning that brought a player results shows them
first on his page; the host's story renders its BBCode (bold, colour) and never shows the tags;
the depressed Sheriff's move form says whose move it is (A-ROLE-SHERIFF-5)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import Served
from .remote import Remote, create
from .test_browser import page_in_own_context
from .test_phone_ux_browser import shot

pytestmark = pytest.mark.browser

# The Nurse holds nothing that stops a shot (no random gift, unlike a PV): the Sheriff's shot
# kills her whatever the deal, and a Sheriff who kills a peaceful player is depressed next night.
CAST = [
    ("Anna", "BOSS"),
    ("Boris", "SOLDIER"),
    ("Gleb", "SHERIFF"),
    ("Ivan", "INVESTIGATOR"),
    ("Nina", "NURSE"),
    ("Vera", "MANIAC"),
    ("Dima", "DOCTOR"),
    ("Petr", "PV"),
]
SEAT = {n: i + 1 for i, (n, _) in enumerate(CAST)}
STORY = "[b]Тёмная ночь[/b] и [color=red]кровь[/color] на снегу."


def open_as(chromium: Browser, game: dict[str, object], nick: str) -> Page:
    players = game["players"]
    assert isinstance(players, list)
    page = page_in_own_context(chromium)
    page.goto(players[SEAT[nick] - 1]["url"])
    expect(page.get_by_role("heading", name=f"Вы — {nick}")).to_be_visible()
    return page


def test_results_first_story_formatted_and_the_depressed_sheriffs_form(
    chromium: Browser, andorra_server: Served
) -> None:
    game = create(andorra_server.url, {"players": [{"name": n, "role": r} for n, r in CAST]})
    code = str(game["code"])
    players = game["players"]
    assert isinstance(players, list)
    host = Remote(andorra_server.url, code, str(game["host_token"]))
    gleb_remote = Remote(andorra_server.url, code, str(players[SEAT["Gleb"] - 1]["token"]))
    gleb = open_as(chromium, game, "Gleb")

    host.ok("end_day")
    gleb_remote.ok("move", player=SEAT["Gleb"], action="SHOOT", target=SEAT["Nina"])
    host.ok("end_night")
    host.ok("narrative", text=STORY)
    host.ok("publish")

    # morning 2: his result and the depression come first, above the day's vote
    latest = gleb.get_by_role("region", name="Итоги ночи")
    expect(latest).to_contain_text("Вы убили мирного жителя")
    vote = gleb.get_by_role("region", name="Голосование")
    latest_box, vote_box = latest.bounding_box(), vote.bounding_box()
    assert latest_box is not None and vote_box is not None
    assert latest_box["y"] < vote_box["y"], (latest_box, vote_box)
    # the story: bold and red as on the forum, no tag left as text
    story = latest.locator("pre.post-text")
    expect(story.locator("strong")).to_have_text("Тёмная ночь")
    expect(story.locator("span", has_text="кровь")).to_have_css("color", "rgb(255, 0, 0)")
    expect(story).not_to_contain_text("[b]")
    expect(story).not_to_contain_text("[color")
    assert gleb.evaluate("document.documentElement.scrollWidth") <= 390
    shot(gleb, "phone-results-first-story.png")

    # night 2: depressed, he fills the Investigator's move only, and the form says so
    host.ok("end_day")
    move = gleb.get_by_role("region", name="Ночной ход")
    expect(move.locator(".move-for-only")).to_have_text("Ход за Ivan (сами вы этой ночью хода не делаете).")
    move.scroll_into_view_if_needed()
    shot(gleb, "phone-depressed-sheriff-form.png")
