"""Issue 18 §6: in the lobby a player renames himself and chooses a colour and a sign;
refusals stand next to their field and keep what was typed; the board and the other
phones show the change."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from .conftest import NewPhone
from .table import create_room, join_room
from .texts import t

pytestmark = pytest.mark.browser


def test_rename_colour_and_sign_in_the_lobby(
    server: str, new_phone: NewPhone, browser: Browser, shots: Path
) -> None:
    anna, bram = new_phone(), new_phone()
    code = create_room(anna, server, "Anna")
    join_room(bram, server, code, "Bram")
    ctx = browser.new_context(viewport={"width": 1280, "height": 720}, device_scale_factor=1)
    board = ctx.new_page()
    board.goto(f"{server}/board/{code}")
    expect(board.locator(".board-seats li")).to_have_count(2)

    card = bram.get_by_test_id("profile")
    name = card.get_by_label(t("profile.name"))
    save = card.locator('[data-action="profile-save"]')
    error = card.locator("#profile-name-error")
    for typed, message in (
        ("   ", t("err.bad_name.empty")),
        ("anna", t("err.name_taken")),
        ("B" * 21, t("err.bad_name.too_long")),
    ):
        name.fill(typed)
        save.click()
        expect(error).to_have_text(message)
        expect(name).to_have_value(typed)  # nothing typed is lost
        expect(name).to_have_attribute("aria-invalid", "true")
        expect(bram.locator(".toast")).to_have_count(0)  # shown by the field, not as a toast
    # The message sits right under the field.
    field, box = name.bounding_box(), error.bounding_box()
    assert field and box and field["y"] < box["y"] < field["y"] + 3 * field["height"], (field, box)
    bram.screenshot(path=str(shots / "name_taken.png"), full_page=True, animations="disabled")

    # Anna's colour (the first one) is taken: the refusal stands by the colours.
    card.locator('.swatch[data-colour="red"]').click()
    expect(card.locator(".profile-colours .field-error")).to_have_text(t("err.colour_taken"))
    card.locator('.swatch[data-colour="teal"]').click()
    card.locator('.swatch[data-avatar="moon"]').click()
    name.fill("  Bram   de Boer ")
    save.click()
    expect(save).to_have_text(t("profile.saved"))
    expect(error).to_have_count(0)
    expect(card.locator(".field-error")).to_have_count(0)

    # Everyone sees it: Anna's player list and the board, with Bram's colour and sign.
    for page, row in (
        (anna, anna.locator(".seats li").nth(1)),
        (board, board.locator(".board-seats li").nth(1)),
    ):
        expect(row).to_contain_text("Bram de Boer")
        badge = row.locator("svg.badge")
        expect(badge).to_have_attribute("data-colour", "teal")
        expect(badge).to_have_attribute("data-avatar", "moon")
        assert page.locator("svg.badge").count() >= 2
    colours = [anna.locator(".seats li svg.badge").nth(i).get_attribute("data-colour") for i in range(2)]
    assert colours == ["red", "teal"], colours
    bram.screenshot(path=str(shots / "lobby_profile.png"), full_page=True, animations="disabled")
    board.screenshot(path=str(shots / "board_lobby.png"), animations="disabled")
    ctx.close()
