"""A player's phone dies mid-game: the host makes a new link for that seat and shows it as a
QR code; another phone opens the link and plays on in the same seat (role and all), and the
old phone is told its seat has moved."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .conftest import NewPhone
from .table import open_table
from .test_reload_and_absent import held_role
from .texts import role_of, t
from .uibot import Phone

pytestmark = pytest.mark.browser


def open_lost_phone(page: Page) -> None:
    """The host panel's «Lost or dead phone» section, open."""
    page.get_by_role("button", name=t("host.open")).click()
    page.get_by_role("button", name=t("host.lost")).click()


def test_host_gives_a_lost_phone_its_seat_back(server: str, new_phone: NewPhone, shots: Path) -> None:
    phones = open_table(new_phone, server, 4, mode="unlimited")
    host, lost = phones[0], phones[2]
    role = held_role(lost)
    page = host.page
    open_lost_phone(page)
    page.get_by_role("button", name=t("host.lostFor", name=lost.name)).click()
    # Two taps: the first only asks (issue 18 §4).
    confirm = page.get_by_role("group", name=t("host.lostConfirm", name=lost.name))
    with page.expect_response(lambda r: r.url.endswith("/relink")) as answer:
        confirm.get_by_role("button", name=t("host.lostFor", name=lost.name)).click()
    url = answer.value.json()["url"]
    sheet = page.get_by_role("dialog", name=t("host.lostScan", name=lost.name))
    expect(sheet.locator("svg")).to_be_visible()
    page.screenshot(path=str(shots / "lost_phone_qr.png"), animations="disabled")
    # The old phone learns its seat is gone (it would otherwise play on a dead token), and why (H-HST-8).
    expect(lost.page.get_by_text(t("relink.oldPhone", name=lost.name))).to_be_visible()
    lost.page.screenshot(path=str(shots / "lost_phone_old.png"), animations="disabled")
    # The new phone (its own storage, Dutch) scans the code: same seat, same role, no join form.
    fresh = Phone(new_phone(locale="nl-NL"), lost.name, lang="nl")
    fresh.page.goto(url)
    expect(fresh.page.get_by_role("button", name=t("reveal.hold", "nl"))).to_be_visible()
    assert "#t=" not in fresh.page.url  # the token leaves the address bar
    assert held_role(fresh) == t(f"role.{role_of(role, 'en')}", "nl")
    fresh.page.get_by_role("button", name=t("btn.ready", "nl"), exact=True).click()
    expect(fresh.page.get_by_text(t("reveal.ready.done", "nl"))).to_be_visible()
    page.get_by_role("button", name=t("host.lostDone")).click()
    expect(sheet).to_have_count(0)
    fresh.page.screenshot(path=str(shots / "lost_phone_new.png"), animations="disabled")
    # The old phone, if it turns up again, may join the room afresh (a spectator until the end).
    lost.page.get_by_role("button", name=t("conn.rejoin"), exact=True).click()
    expect(lost.page.get_by_role("button", name=t("lobby.join.button"), exact=True)).to_be_visible()


def test_the_host_moves_his_own_seat_to_a_new_phone(server: str, new_phone: NewPhone, shots: Path) -> None:
    """H-HST-7c: the host's own seat, and the host role with it, moves to a new phone on the
    host's word: the old phone shows the new link as a QR code and leaves the game; the new
    phone is the same seat, same role, and has the host's controls. Nobody else gets a
    button for the host's seat."""
    phones = open_table(new_phone, server, 4, mode="unlimited")
    host, other = phones[0], phones[1]
    role = held_role(host)
    page = host.page
    open_lost_phone(page)
    assert page.get_by_role("button", name=t("host.lostFor", name=host.name)).count() == 0
    page.get_by_role("button", name=t("host.moveMine")).scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "host_move_panel.png"), animations="disabled")
    page.get_by_role("button", name=t("host.moveMine")).click()
    confirm = page.get_by_role("group", name=t("host.moveConfirm"))  # two taps (issue 18 §4)
    with page.expect_response(lambda r: r.url.endswith("/relink")) as answer:
        confirm.get_by_role("button", name=t("host.moveMine")).click()
    url = answer.value.json()["url"]
    # the old phone's link stops at once; it shows the QR code instead of "link no longer works"
    sheet = page.get_by_role("dialog", name=t("host.moveScan"))
    expect(sheet.locator("svg")).to_be_visible()
    expect(sheet).to_contain_text(t("host.moveOld"))
    page.screenshot(path=str(shots / "host_move_old_phone.png"), animations="disabled")
    fresh = Phone(new_phone(locale="nl-NL"), host.name, lang="nl")
    fresh.page.goto(url)
    expect(fresh.page.get_by_role("button", name=t("reveal.hold", "nl"))).to_be_visible()
    assert held_role(fresh) == t(f"role.{role_of(role, 'en')}", "nl")
    expect(fresh.page.get_by_role("button", name=t("host.open", "nl"))).to_be_visible()
    fresh.page.screenshot(path=str(shots / "host_move_new_phone.png"), animations="disabled")
    # the other players have no host controls, before or after
    expect(other.page.get_by_role("button", name=t("host.open"))).to_have_count(0)
    # done: the old phone forgets the room and goes home
    sheet.get_by_role("button", name=t("host.lostDone")).click()
    expect(sheet).to_have_count(0)
    expect(page.get_by_role("button", name=t("host.open"))).to_have_count(0)
