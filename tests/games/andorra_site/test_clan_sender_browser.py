"""Who sends a clan's night moves, on a member's phone at 390x844 (A-MOVE-5, A-CLAN-2): the role
card and the night's move area name the sender (the Boss for the mafia, the Sheriff for the
Cops), say "you" on the sender's own phone and that a member's own move counts only if no
sheet arrives; a player outside the clans reads nothing of it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import Served
from .remote import Remote, create
from .test_browser import page_in_own_context
from .test_phone_ux_browser import shot

pytestmark = pytest.mark.browser

CAST = [
    ("Anna", "BOSS"),
    ("Boris", "SOLDIER"),
    ("Gleb", "SHERIFF"),
    ("Ivan", "INVESTIGATOR"),
    ("Petr", "PV"),
    ("Vera", "MANIAC"),
]
SEAT = {n: i + 1 for i, (n, _) in enumerate(CAST)}
SENDER_RU = "Ходы клана одним листом (по ходу за каждого живого члена клана) отправляет {nick}."
FALLBACK_RU = "Ваш собственный ход засчитывается, только если лист не придёт."


def open_as(chromium: Browser, game: dict[str, object], nick: str) -> Page:
    players = game["players"]
    assert isinstance(players, list)
    page = page_in_own_context(chromium)
    page.goto(players[SEAT[nick] - 1]["url"])
    expect(page.get_by_role("heading", name=f"Вы — {nick}")).to_be_visible()
    return page


def test_a_clan_members_phone_says_who_sends_the_clans_moves(
    chromium: Browser, andorra_server: Served
) -> None:
    game = create(andorra_server.url, {"players": [{"name": n, "role": r} for n, r in CAST]})
    host = Remote(andorra_server.url, str(game["code"]), str(game["host_token"]))
    boris, anna, ivan, petr = (open_as(chromium, game, n) for n in ("Boris", "Anna", "Ivan", "Petr"))

    # Day 1: the role card (open on the first visit) names the mafia's sender to the Soldier
    card = boris.locator("section.card")
    expect(card.locator(".clan-sender")).to_have_text(f"{SENDER_RU.format(nick='Anna')} {FALLBACK_RU}")
    card.locator(".clan-sender").scroll_into_view_if_needed()
    shot(boris, "phone-clan-sender-card.png")
    # the Boss reads that he sends it himself, by name and "you"
    expect(anna.locator("section.card .clan-sender")).to_contain_text("отправляете вы (Anna)")
    expect(anna.locator("section.card .clan-sender")).to_contain_text(
        "засчитываются собственные ходы членов клана"
    )
    anna.locator("section.card .clan-sender").scroll_into_view_if_needed()
    shot(anna, "phone-clan-sender-card-boss.png")
    # a peaceful villager belongs to no sheet clan: not a word of it
    expect(petr.locator("section.card")).to_be_visible()
    expect(petr.locator(".clan-sender")).to_have_count(0)

    # Night 1: the move area says it too, above the move's fields
    host.ok("end_day")
    move = boris.get_by_role("region", name="Ночной ход")
    expect(move.locator(".clan-sender")).to_have_text(f"{SENDER_RU.format(nick='Anna')} {FALLBACK_RU}")
    sender_box = move.locator(".clan-sender").bounding_box()
    submit_box = move.get_by_role("button", name="Отправить ход").bounding_box()
    assert sender_box is not None and submit_box is not None
    assert sender_box["y"] < submit_box["y"] and sender_box["y"] + sender_box["height"] < 844, sender_box
    assert boris.evaluate("document.documentElement.scrollWidth") <= 390
    shot(boris, "phone-clan-sender-night.png")

    # The Cops in English: the Investigator is told the Sheriff sends the Cops' sheet
    ivan.get_by_role("button", name="English").click()
    line = ivan.get_by_role("region", name="Night move").locator(".clan-sender")
    expect(line).to_have_text(
        "Gleb sends the clan's moves on one sheet (a move for each living member)."
        " Your own move counts only if no sheet arrives."
    )
    shot(ivan, "phone-clan-sender-cops-en.png")
    expect(petr.locator(".clan-sender")).to_have_count(0)
    # a clan of one has no sheet for others: the Sheriff alone reads nothing of it (play-test)
    gleb = open_as(chromium, game, "Gleb")
    expect(gleb.get_by_role("region", name="Ночной ход").locator(".clan-sender")).to_contain_text(
        "отправляете вы"
    )
    host.ok("host_edit", op="kill", seat=SEAT["Ivan"])
    expect(gleb.locator(".clan-sender")).to_have_count(0)
    for page in (boris, anna, ivan, petr, gleb):
        page.context.close()
