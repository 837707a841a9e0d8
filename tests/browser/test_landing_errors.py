"""Issue 18 §6: an error is shown next to the field it concerns, not at the bottom of the page."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from .conftest import NewPhone
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
