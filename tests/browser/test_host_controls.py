"""Issue 18 §4, host controls that cannot hurt by accident: removing a player and marking
one absent take a second tap, the host panel closes when the scene changes, a removed
player reads why (and one who left, that she left), and a late joiner is told the game is running and gets a seat once it
is over."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .conftest import NewPhone
from .table import create_room, join_room, open_table
from .texts import t
from .uibot import Policy, UiBot

pytestmark = pytest.mark.browser


def test_removing_a_player_needs_a_second_tap_and_the_player_is_told(
    server: str, new_phone: NewPhone, shots: Path
) -> None:
    host, cas, lot = new_phone(), new_phone(), new_phone()
    code = create_room(host, server, "Anna")
    join_room(cas, server, code, "Cas")
    join_room(lot, server, code, "Lot")
    # Lot leaves of her own accord: she is told she left, not that the host removed her.
    lot.get_by_role("button", name=t("lobby.leave"), exact=True).click()
    expect(lot.get_by_role("status")).to_have_text(t("err.left"))
    lot.screenshot(path=str(shots / "left.png"), full_page=True, animations="disabled")
    expect(host.get_by_text("Lot", exact=True)).to_have_count(0)
    host.get_by_role("button", name=t("lobby.remove", name="Cas")).click()
    question = host.get_by_role("group", name=t("lobby.remove.confirm", name="Cas"))
    expect(question).to_be_visible()
    question.get_by_role("button", name=t("host.cancel")).click()  # changed her mind: Cas stays
    expect(question).to_have_count(0)
    expect(cas.get_by_text(t("lobby.waiting"))).to_be_visible()
    host.get_by_role("button", name=t("lobby.remove", name="Cas")).click()
    host.screenshot(path=str(shots / "remove_confirm.png"), full_page=True, animations="disabled")
    question.get_by_role("button", name=t("lobby.remove", name="Cas")).click()
    expect(cas.get_by_role("alert")).to_have_text(t("err.removed"))
    expect(cas.get_by_text(t("err.left"))).to_have_count(0)
    cas.screenshot(path=str(shots / "removed.png"), full_page=True, animations="disabled")


def test_absent_needs_a_second_tap_the_panel_closes_with_the_scene_and_a_late_joiner_waits(
    fast_server: str, new_phone: NewPhone, shots: Path
) -> None:
    phones = open_table(new_phone, fast_server, 4, mode="unlimited")
    host, dewi = phones[0], phones[3]
    dewi.idle = True
    bot = UiBot(phones, None, Policy(abilities=False), seed=9)
    bot.run_until(lambda ss: all(s.shows("reveal.ready.done") for s in ss[:3]), 30, "three phones ready")
    page = host.page
    page.get_by_role("button", name=re.compile("^" + re.escape(t("host.open")))).click()
    region = page.get_by_role("region", name=t("host.title"))
    # Dewi's phone drops off the room: his button says so with the presence list's dot
    dewi.page.context.set_offline(True)
    away = region.get_by_role("button", name=t("host.absent", name=dewi.name)).locator(".dot")
    expect(away).to_have_attribute("title", re.compile(f"{t('host.grace')}|{t('host.disconnected')}"))
    expect(
        region.get_by_role("button", name=t("host.absent", name=phones[1].name)).locator(".dot")
    ).to_have_count(0)
    page.screenshot(path=str(shots / "absent_offline_dot.png"), full_page=True, animations="disabled")
    dewi.page.context.set_offline(False)
    # Everyone has a button in seat order; only Dewi's is live.
    buttons = region.get_by_role(
        "button", name=re.compile(re.escape(t("host.absent", name="@")).replace("@", ".+"))
    )
    expect(buttons).to_have_count(4)
    expect(region.locator("button:enabled", has_text=t("host.absent", name=dewi.name))).to_have_count(1)
    expect(region.get_by_role("button", name=t("host.absent", name=phones[1].name))).to_be_disabled()
    region.get_by_role("button", name=t("host.absent", name=dewi.name)).click()
    confirm = region.get_by_role("group", name=t("host.confirmAbsent", name=dewi.name))
    expect(confirm).to_be_visible()
    page.screenshot(path=str(shots / "absent_confirm.png"), full_page=True, animations="disabled")
    expect(dewi.page.get_by_role("button", name=t("btn.ready"), exact=True)).to_be_visible()  # nothing yet
    confirm.get_by_role("button", name=t("host.absent", name=dewi.name)).click()
    # The scene changed: the panel closed by itself.
    expect(page.get_by_role("heading", name=t("depart.title"))).to_be_visible()
    expect(region).to_have_count(0)

    # A fifth phone joins now: it watches, and is told it plays in the next game.
    late = new_phone()
    join_room(late, fast_server, host.page.url.rstrip("/").rsplit("/", 1)[-1], "Eva", wait=False)
    expect(late.get_by_text(t("lobby.late", name="Eva"))).to_be_visible()
    late.screenshot(path=str(shots / "late_joiner.png"), full_page=True, animations="disabled")
