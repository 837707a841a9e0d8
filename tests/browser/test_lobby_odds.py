"""Issue 34 §2: the odds of the deck in the lobby, on the host's phone and the board.

Twelve at the table (the host on a phone, eleven joined over the HTTP API): the odds of
Table 2.1's 12-player deck appear on both screens and narrow as the server's strong-bot
games come in. The server here is this module's own (and warms no deck at start, as
by default), so the lobby is the first to ask and sees the numbers grow from the first games.
"""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import NewPhone, _serve
from .table import NAMES, create_room
from .texts import t

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def cold_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with _serve(tmp_path_factory.mktemp("nightfall-odds"), None, ("--odds-workers", "1")) as base:
        yield base


def join_by_api(base: str, code: str, name: str) -> None:
    req = urllib.request.Request(
        f"{base}/api/rooms/{code}/join",
        data=json.dumps({"name": name}).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=10) as r:
        assert r.status == 201


def games(page: Page) -> int:
    return int(page.locator("[data-testid=odds]").get_attribute("data-games") or 0)


def widest(page: Page) -> float:
    return max(
        float(x)
        for x in page.locator("[data-testid=odds] li").evaluate_all("(els) => els.map(e => e.dataset.pm)")
    )


def test_the_odds_appear_on_the_phone_and_the_board_and_narrow(
    cold_server: str, new_phone: NewPhone, browser: Browser, shots: Path
) -> None:
    base = cold_server
    host = new_phone()
    code = create_room(host, base, NAMES[0])
    ctx = browser.new_context(viewport={"width": 1280, "height": 720}, device_scale_factor=1)
    try:
        board = ctx.new_page()
        board.goto(f"{base}/board/{code}")
        for name in NAMES[1:]:
            join_by_api(base, code, name)
        asked = time.monotonic()
        expect(host.get_by_role("heading", name=t("lobby.players", n=12))).to_be_visible()
        odds_phone = host.locator("[data-testid=odds]")
        odds_board = board.locator("[data-testid=odds]")
        expect(odds_phone.get_by_role("heading", name=t("odds.title"))).to_be_visible()
        # the first numbers on both screens (the deck's first games by the strong bots)
        expect(odds_phone.locator("li[data-side=village]")).to_be_visible()
        expect(odds_board.locator("li[data-side=village]")).to_be_visible()
        first_seen = time.monotonic() - asked
        sides = odds_phone.locator("li").evaluate_all("(els) => els.map(e => e.dataset.side)")
        assert sides == ["village", "witch", "solo"]  # Table 2.1 at 12 has a Jester
        first_games, first_pm = games(host), widest(host)
        host.screenshot(path=str(shots / "phone_odds_first.png"), animations="disabled")
        # more games, a narrower interval, on both screens
        expect(odds_phone).not_to_have_attribute("data-games", str(first_games), timeout=20_000)
        deadline = time.monotonic() + 30
        while games(host) < max(4 * first_games, 100) and time.monotonic() < deadline:
            host.wait_for_timeout(500)
        assert games(host) > first_games and widest(host) < first_pm, (first_games, first_pm, games(host))
        expect(odds_board).not_to_have_attribute("data-games", str(first_games))
        assert widest(board) < first_pm
        # the count in words is the attribute's count: both read at one moment, since the odds
        # go on narrowing (up to twice a second) between two reads
        shown, text = odds_phone.evaluate(
            "(el) => [el.dataset.games, el.querySelector('.odds-games').innerText]"
        )
        assert f"{shown} games" in text and "days on average" in text, (shown, text)
        host.evaluate("document.querySelector('[data-testid=odds]').scrollIntoView()")
        host.screenshot(path=str(shots / "phone_odds.png"), animations="disabled")
        board.screenshot(path=str(shots / "board_odds.png"), animations="disabled")
        print(f"first odds on the phone after {first_seen:.1f} s ({first_games} games, ± {first_pm})")

        # The host edits the deck (issue 34 §2): the odds follow the new deck on both screens,
        # from its own first games (no Jester dealt, so no Jester's chance).
        deck = host.locator(".deck")
        deck.get_by_role("button", name=t("deck.own"), exact=True).click()
        host.locator(".deck-toggles").get_by_role("button", name="✓ " + t("role.JESTER"), exact=True).click()
        expect(deck.locator(".deck-villagers")).to_have_text(t("deck.villagers", n=3))
        for screen in (odds_phone, odds_board):
            expect(screen.locator("li[data-side=solo]")).to_have_count(0, timeout=15_000)
            expect(screen.locator("li[data-side=village]")).to_be_visible(timeout=15_000)
        assert odds_phone.locator("li").evaluate_all("(els) => els.map(e => e.dataset.side)") == [
            "village",
            "witch",
        ]
        host.evaluate("document.querySelector('[data-testid=odds]').scrollIntoView()")
        host.screenshot(path=str(shots / "phone_odds_own_deck.png"), animations="disabled")
    finally:
        ctx.close()
