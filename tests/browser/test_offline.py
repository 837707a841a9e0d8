"""Issue 18 §5: a phone in a running game notices within 3 s that its link is dead, says so,
and marks a tap as "sending" until the server acknowledges it (web/src/core/connection.ts,
the game heartbeat). The link is stalled in the page's own WebSocket route: the server's
messages are held back (nothing is lost), as on a Wi-Fi that hangs, then let through."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, WebSocketRoute, expect

from .clock import run_out
from .conftest import NewPhone, _serve
from .table import open_table
from .texts import t
from .uibot import Policy, UiBot, open_secret

pytestmark = pytest.mark.browser

NOTICE_LIMIT_S = 3.0


class Stall:
    """Relays a page's sockets; while ``on``, the server's messages wait in a queue."""

    def __init__(self) -> None:
        self.on = False
        self.held: list[tuple[WebSocketRoute, str | bytes]] = []
        self.page: Page | None = None  # the one page whose sockets it relays

    def route(self, route: WebSocketRoute) -> None:
        server = route.connect_to_server()
        server.on_message(lambda m: self.held.append((route, m)) if self.on else route.send(m))

    def release(self) -> None:
        self.on = False
        held, self.held = self.held, []
        for route, message in held:
            route.send(message)


def test_a_stalled_link_is_noticed_within_3_s_and_a_tap_shows_sending(
    fast_server: str, new_phone: NewPhone, shots: Path
) -> None:
    stall = Stall()

    def phone(locale: str = "en-US") -> Page:
        page = new_phone(locale)
        if stall.page is None:
            page.route_web_socket("**/ws/**", stall.route)
            stall.page = page
        return page

    phones = open_table(phone, fast_server, 4, mode="unlimited")
    cut = phones[0]  # the host's phone: its link is the one that stalls
    bot = UiBot(phones, None, Policy(abilities=False), seed=7)
    # Everyone ready but the stalled phone, which then has one tap to make.
    bot.run_until(
        lambda ss: ss[0].phase == "ROLE_REVEAL" and all(s.phase == "ROLE_REVEAL" for s in ss),
        30,
        "the role reveal",
        hold=lambda ph, _s: ph is cut,
    )
    page = cut.page
    banner = page.locator(".conn-banner")
    expect(banner).to_have_count(0)

    stall.on = True
    t0 = time.monotonic()
    expect(banner).to_have_text(t("conn.offline"), timeout=10_000)
    noticed = time.monotonic() - t0
    page.get_by_role("button", name=t("btn.ready"), exact=True).click()
    expect(page.get_by_text(t("conn.sending"))).to_be_visible()
    page.screenshot(path=str(shots / "offline_sending.png"), full_page=False, animations="disabled")
    print(f"\nstalled link noticed after {noticed:.2f} s")
    assert noticed < NOTICE_LIMIT_S, f"the phone took {noticed:.2f} s to notice"

    stall.release()  # the link comes back: the tap's ack arrives, the banner goes
    expect(banner).to_have_count(0)
    expect(page.get_by_text(t("conn.sending"))).to_have_count(0)
    expect(page.get_by_role("button", name=t("btn.ready"), exact=True)).to_have_count(0)  # the tap counted


class Dropper:
    """Relays a page's sockets; the frame of the command named in ``drop`` is lost with the
    link, which then goes down (the page reconnects), as on a Wi-Fi that fails mid-tap."""

    def __init__(self) -> None:
        self.drop: str | None = None
        self.dropped = 0

    def route(self, route: WebSocketRoute) -> None:
        server = route.connect_to_server()

        def up(message: str | bytes) -> None:
            if self.drop is not None and f'"type":"{self.drop}"' in str(message).replace(" ", ""):
                self.drop, self.dropped = None, self.dropped + 1
                route.close()
                return
            server.send(message)

        route.on_message(up)


@pytest.fixture(scope="module")
def witch_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The witches' window waits for the test (run out by it), so no check races it."""
    with _serve(tmp_path_factory.mktemp("nightfall-lost-tap"), {"witch": 300}) as base:
        yield base


def test_a_witchs_choice_lost_with_the_link_is_not_shown_as_locked_in(
    witch_server: str, new_phone: NewPhone, shots: Path
) -> None:
    # H-WAT-4: a Witch whose choice never reached the server must not read "Your choices are
    # locked in." and then find it chosen for her; she sees the step again and taps anew.
    droppers: dict[Page, Dropper] = {}

    def phone(locale: str = "en-US") -> Page:
        page = new_phone(locale)
        droppers[page] = Dropper()
        page.route_web_socket("**/ws/**", droppers[page].route)
        return page

    codes: list[str] = []
    phones = open_table(phone, witch_server, 4, mode="unlimited", before_start=codes.append)
    bot = UiBot(phones, None, Policy(abilities=False), seed=5)
    bot.run_until(
        lambda ss: all(s.phase == "WITCH_C" for s in ss),
        timeout=120,
        what="every phone in step C",
        hold=lambda ph, s: s.phase == "WITCH_C",
    )
    witch = next(ph for ph in phones if ph.role == "WITCH")
    page, dropper = witch.page, droppers[witch.page]
    sheet = open_secret(page)
    sheet.get_by_role("heading", name=t("witch.step.place")).wait_for()
    sheet.locator(".choices button").first.click()
    expect(sheet.get_by_role("heading", name=t("witch.step.spell"))).to_be_visible()
    dropper.drop = "witch_spell"
    sheet.get_by_role("button", name=t("witch.nospell"), exact=True).click()
    expect(page.locator(".conn-banner")).to_have_count(0, timeout=10_000)  # the link is back
    expect(page.get_by_text(t("conn.sending"))).to_have_count(0)
    assert dropper.dropped == 1, "the spell's frame was never sent"
    page.screenshot(path=str(shots / "witch_after_lost_tap.png"), animations="disabled")
    sheet = page.get_by_role("dialog", name=t("secret.title"))
    if not sheet.count():
        sheet = open_secret(page)
    expect(sheet.get_by_text(t("witch.done"))).to_have_count(0)
    expect(sheet.get_by_role("heading", name=t("witch.step.spell"))).to_be_visible()

    # She taps again; the step ends with her own choices, none made for her.
    sheet.get_by_role("button", name=t("witch.nospell"), exact=True).click()
    if not sheet.get_by_text(
        t("witch.noattack.yet").split(" day")[0]
    ).count():  # attacks today (Table 2.2's A)
        sheet.get_by_role("button", name=t("witch.noattack"), exact=True).click()
    expect(sheet.get_by_text(t("witch.done"))).to_be_visible()
    expect(page.get_by_text(t("conn.sending"))).to_have_count(0)
    assert run_out(witch_server, codes[0], "WITCH_C")["ran"]
    expect(page.locator(".game.phase-evening_announce")).to_have_count(1)
    evening = open_secret(page)
    assert t("notice.witch").split(".")[0] not in evening.inner_text()
