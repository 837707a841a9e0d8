"""Issue 18 §6: an error is shown next to the field it concerns, not at the bottom of the page."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from .conftest import NewPhone
from .table import create_room
from .texts import t

pytestmark = pytest.mark.browser


def test_errors_stand_next_to_their_field(server: str, new_phone: NewPhone, shots: Path) -> None:
    page = new_phone()
    page.goto(server + "/")
    join = page.get_by_role("button", name=t("landing.join.button"), exact=True)
    join.click()  # no name yet
    name_error = page.locator("#err-name")
    expect(name_error).to_have_text(t("err.name_required"))
    expect(page.get_by_label(t("landing.name"))).to_have_attribute("aria-invalid", "true")
    page.get_by_label(t("landing.name")).fill("Anna")
    page.get_by_label(t("landing.code")).fill("QQQQ")
    join.click()  # a room that does not exist
    code_error = page.locator("#err-code")
    expect(code_error).to_have_text(t("err.no_room"))
    expect(name_error).to_have_count(0)
    # The message sits right under the code field, above the Join button.
    field = page.get_by_label(t("landing.code")).bounding_box()
    box = code_error.bounding_box()
    button = join.bounding_box()
    assert field and box and button and field["y"] < box["y"] < button["y"], (field, box, button)
    page.screenshot(path=str(shots / "code_error.png"), full_page=True, animations="disabled")


def test_the_join_links_form_puts_its_error_under_the_name(
    server: str, new_phone: NewPhone, shots: Path
) -> None:
    """The room's QR code opens /r/CODE, which asks only for a name: a taken name is said
    under that field, above the button (it used to stand below the whole card)."""
    host = new_phone()
    host.goto(server + "/")
    host.get_by_label(t("landing.name")).fill("Anna")
    host.get_by_role("button", name=t("landing.create.button"), exact=True).click()
    host.wait_for_url("**/r/*")
    page = new_phone(locale="nl-NL")
    page.goto(host.url)
    page.get_by_label(t("lobby.join.name", "nl")).fill("Anna")
    take = page.get_by_role("button", name=t("lobby.join.button", "nl"), exact=True)
    take.click()
    error = page.locator("#err-name")
    expect(error).to_have_text(t("err.name_taken", "nl"))
    expect(page.get_by_label(t("lobby.join.name", "nl"))).to_have_attribute("aria-invalid", "true")
    field = page.get_by_label(t("lobby.join.name", "nl")).bounding_box()
    box = error.bounding_box()
    button = take.bounding_box()
    assert field and box and button and field["y"] < box["y"] < button["y"], (field, box, button)
    # Someone whose phone died tries their own name: the way back is the host.
    expect(page.get_by_text(t("join.taken.hint", "nl"))).to_be_visible()
    page.screenshot(path=str(shots / "name_taken.png"), full_page=True, animations="disabled")
    # a name over 20 characters is said to be too long, not cut at the 20th (play-test)
    long_name = "Maximiliaan van Oranje-Nassau"
    page.get_by_label(t("lobby.join.name", "nl")).fill(long_name)
    take.click()
    expect(error).to_have_text(t("err.bad_name.too_long", "nl"))
    expect(page.get_by_label(t("lobby.join.name", "nl"))).to_have_value(long_name)


def test_a_code_pasted_with_spaces_and_in_lower_case_still_joins(
    server: str, new_phone: NewPhone, shots: Path
) -> None:
    """Play review: a code copied from a message (" dvtk ") joins the room. The field's
    maxlength of 4 kept " DVT", and the table heard "This room does not exist"."""
    host, guest = new_phone(), new_phone()
    code = create_room(host, server, "Anna")
    guest.goto(server + "/")
    guest.get_by_label(t("landing.name")).fill("Bram")
    guest.get_by_label(t("landing.code")).fill(f" {code.lower()} ")
    expect(guest.get_by_label(t("landing.code"))).to_have_value(code)
    guest.get_by_role("button", name=t("landing.join.button"), exact=True).click()
    expect(guest.get_by_text(t("lobby.waiting"))).to_be_visible()
    guest.screenshot(path=str(shots / "joined.png"), full_page=True, animations="disabled")
