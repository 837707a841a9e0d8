"""Issue 31 §3: the host's phone lobby puts Start above the fold at 390×844 (it was 1,650 px
down), and the lobby shows the TV board's address as a QR code too."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from .conftest import NewPhone
from .table import create_room, join_room
from .texts import t

pytestmark = pytest.mark.browser


def test_start_is_above_the_fold_and_the_board_has_a_qr_code(
    server: str, new_phone: NewPhone, shots: Path
) -> None:
    host = new_phone()
    code = create_room(host, server, "Anna")
    for name in ("Bram", "Cas", "Dewi"):
        join_room(new_phone(), server, code, name)
    expect(host.get_by_role("heading", name=t("lobby.players", n=4))).to_be_visible()
    start = host.get_by_role("button", name=t("lobby.start"), exact=True)
    expect(start).to_be_enabled()
    host.evaluate("window.scrollTo(0, 0)")
    box = start.bounding_box()
    assert box is not None
    host.screenshot(path=str(shots / "lobby_host_fold.png"), animations="disabled")
    assert box["y"] >= 0 and box["y"] + box["height"] <= 844, f"Start at {box} on a 390x844 phone"
    qr = host.get_by_role("img", name=t("lobby.qr.board"))
    expect(qr).to_be_visible()
    assert "to=board" in (qr.get_attribute("src") or "")
    assert host.evaluate("(img) => img.naturalWidth", qr.element_handle()) > 0  # the server drew it


def test_the_lobby_board_shows_the_roles_of_this_table(
    server: str, new_phone: NewPhone, browser: Browser, shots: Path
) -> None:
    # H-TBL-7: Table 2.1's row for the players in the lobby (4: B-16), before the game starts.
    host = new_phone()
    code = create_room(host, server, "Anna")
    for name in ("Bram", "Cas", "Dewi"):
        join_room(new_phone(), server, code, name)
    ctx = browser.new_context(viewport={"width": 1280, "height": 720}, device_scale_factor=1)
    try:
        board = ctx.new_page()
        board.goto(f"{server}/board/{code}")
        roles = board.locator(".board-roles li")
        expect(roles).to_have_text(["Witch", "Crow", "Seer", "Protector"])
        board.screenshot(path=str(shots / "board_lobby_roles.png"), animations="disabled")
    finally:
        ctx.close()
