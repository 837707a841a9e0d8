"""Issue 18 §5: a phone in a running game notices within 3 s that its link is dead, says so,
and marks a tap as "sending" until the server acknowledges it (web/src/core/connection.ts,
the game heartbeat). The link is stalled in the page's own WebSocket route: the server's
messages are held back (nothing is lost), as on a Wi-Fi that hangs, then let through."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from playwright.sync_api import Page, WebSocketRoute, expect

from .conftest import NewPhone
from .table import open_table
from .texts import t
from .uibot import Policy, UiBot

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
