"""The lobby as a new table meets it: "Copy link" on a LAN game night (plain http, where
browsers give no Clipboard API: the tap must still copy, or say how to, not do nothing), and
a guest who must see at once that they are in."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from .conftest import NewPhone
from .table import create_room, join_room
from .texts import t

pytestmark = pytest.mark.browser


def test_copy_link_works_without_the_clipboard_api(server: str, new_phone: NewPhone, shots: Path) -> None:
    page = new_phone()
    # As on http://192.168.x.y (not a secure context): navigator.clipboard does not exist.
    page.add_init_script("Object.defineProperty(navigator, 'clipboard', { value: undefined })")
    create_room(page, server, "Anna")
    assert page.evaluate("navigator.clipboard === undefined")
    page.get_by_role("button", name=t("lobby.copy"), exact=True).click()
    expect(page.get_by_role("button", name=t("lobby.copied"), exact=True)).to_be_visible()
    page.screenshot(path=str(shots / "copied.png"), animations="disabled")


def test_a_guest_reads_first_that_they_are_in(server: str, new_phone: NewPhone) -> None:
    host = new_phone()
    code = create_room(host, server, "Anna")
    guest = new_phone(locale="nl-NL")
    join_room(guest, server, code, "Fien", "nl")
    waiting = guest.get_by_text(t("lobby.waiting", "nl")).bounding_box()
    qr = guest.get_by_role("img", name=t("lobby.qr", "nl")).bounding_box()
    assert waiting and qr and waiting["y"] + waiting["height"] <= qr["y"], (waiting, qr)
    assert waiting["y"] < 844, waiting  # on the first screen, no scrolling
