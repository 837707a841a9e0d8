"""The host hands the host role to another phone in the lobby (H-HST-7a): one tap on
"Make … host", and the controls move to the other phone; both phones say so."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from .conftest import NewPhone
from .table import create_room, join_room
from .texts import t

pytestmark = pytest.mark.browser


def test_the_host_makes_another_phone_host_in_the_lobby_h_hst_7a(
    server: str, new_phone: NewPhone, shots: Path
) -> None:
    anna, bram = new_phone(), new_phone()
    code = create_room(anna, server, "Anna")
    join_room(bram, server, code, "Bram")
    start = t("lobby.start")
    expect(anna.get_by_role("button", name=start, exact=True)).to_be_visible()
    expect(bram.get_by_role("button", name=start, exact=True)).to_have_count(0)

    anna.get_by_role("button", name=t("lobby.makeHost", name="Bram"), exact=True).click()

    # The controls moved: Bram can start the game, Anna now waits like any guest.
    expect(bram.get_by_role("button", name=start, exact=True)).to_be_visible(timeout=10_000)
    expect(anna.get_by_role("button", name=start, exact=True)).to_have_count(0)
    expect(anna.get_by_text(t("lobby.waiting"))).to_be_visible()
    expect(bram.get_by_role("button", name=t("lobby.makeHost", name="Anna"), exact=True)).to_be_visible()
    # Both phones say why the controls moved.
    expect(bram.get_by_role("status").filter(has_text=t("host.nowYou"))).to_be_visible()
    expect(anna.get_by_role("status").filter(has_text=t("host.nowOther", name="Bram"))).to_be_visible()
    bram.screenshot(path=str(shots / "new_host.png"), full_page=True, animations="disabled")
