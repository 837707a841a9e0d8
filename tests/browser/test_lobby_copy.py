"""The lobby's "Copy link" on a LAN game night: plain http, where browsers give no
Clipboard API. The tap must still copy (or say how to), not do nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from .conftest import NewPhone
from .table import create_room
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
