"""H-HST-8: the host gives a seat a new link mid-game, and the table is told. The TV board
(1280x720) says "The host gave Cas's seat a new link" and marks the seat for the rest of
the game; the other phones say it too; the seat's old phone (here in Dutch) says why it
lost its seat. So a host cannot quietly take over another player's phone view."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import NewPhone
from .table import open_table
from .test_lost_phone import open_lost_phone
from .texts import t

pytestmark = pytest.mark.browser


def test_the_board_and_the_old_phone_are_told_of_a_new_link(
    server: str, new_phone: NewPhone, browser: Browser, shots: Path
) -> None:
    boards: list[Page] = []

    def open_board(code: str) -> None:
        ctx = browser.new_context(
            viewport={"width": 1280, "height": 720}, device_scale_factor=1, reduced_motion="reduce"
        )
        ctx.set_default_timeout(15_000)
        board = ctx.new_page()
        board.goto(f"{server}/board/{code}")
        expect(board.locator(".board-seats li")).to_have_count(4)
        boards.append(board)

    phones = open_table(new_phone, server, 4, mode="unlimited", langs={2: "nl"}, before_start=open_board)
    board = boards[0]
    host, other, old = phones[0], phones[1], phones[2]
    expect(board.locator(".board[data-phase='ROLE_REVEAL']")).to_be_visible()
    expect(board.locator(".relink-mark")).to_have_count(0)  # nothing to tell yet

    open_lost_phone(host.page)
    host.page.get_by_role("button", name=t("host.lostFor", name=old.name)).click()
    confirm = host.page.get_by_role("group", name=t("host.lostConfirm", name=old.name))
    with host.page.expect_response(lambda r: r.url.endswith("/relink")) as answer:
        confirm.get_by_role("button", name=t("host.lostFor", name=old.name)).click()
    assert answer.value.ok

    # the board: a banner the sofa reads, and a mark at the seat that stays
    notice = t("relink.notice", name=old.name)
    expect(board.get_by_role("status").filter(has_text=notice)).to_be_visible()
    seat = board.locator(".board-seats li").filter(has_text=old.name)
    expect(seat.locator(".relink-mark")).to_have_attribute("aria-label", t("relink.mark"))
    expect(board.locator(".relink-mark")).to_have_count(1)
    # the name keeps its room beside the mark (a worded mark pushed it out of the list)
    name = seat.locator(".seat-name")
    assert name.evaluate("e => e.scrollWidth <= e.clientWidth && e.clientWidth > 0"), "the name is cut"
    assert (name.text_content() or "") == old.name
    board.screenshot(path=str(shots / "board_relink_1280x720.png"), animations="disabled")
    # another phone at the table reads it too
    expect(other.page.get_by_role("status").filter(has_text=notice)).to_be_visible()
    # the host, who made the link, is not told of it over its QR code (it covered the code's top)
    qr = host.page.locator(".newlink-qr")
    box = qr.bounding_box()
    assert box is not None
    for x, y in ((box["x"] + 24, box["y"] + 24), (box["x"] + box["width"] - 24, box["y"] + 24)):
        on_qr = "([x, y]) => document.elementFromPoint(x, y)?.closest('.newlink-qr') != null"
        assert host.page.evaluate(on_qr, [x, y]), f"the QR's corner at {x},{y} is covered"
    expect(host.page.locator(".newlink-url")).to_contain_text("/r/")  # for a phone that cannot scan
    host.page.screenshot(path=str(shots / "host_new_link_390x844.png"), animations="disabled")
    other.page.screenshot(path=str(shots / "other_phone_relink.png"), animations="disabled")
    # the seat's old phone, in Dutch, says why it has no seat any more, and may join again
    expect(old.page.get_by_text(t("relink.oldPhone", "nl", name=old.name))).to_be_visible()
    expect(old.page.get_by_role("button", name=t("conn.rejoin", "nl"), exact=True)).to_be_visible()
    old.page.screenshot(path=str(shots / "old_phone_relink_390x844.png"), animations="disabled")
