"""Step B is the guarding Protector's alone (H-DEP-13): when it begins, nothing on his phone
may change that a neighbour could see (H-VIS-6). His open secret stays open and turns into
the guard's choice; the page under it is not rebuilt (no fade, no jump)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import NewPhone
from .table import open_table
from .texts import t
from .uibot import Policy, UiBot, open_secret

pytestmark = pytest.mark.browser


def test_step_b_changes_nothing_on_the_guards_page(server: str, new_phone: NewPhone) -> None:
    # H-DEP-13, H-VIS-6 (Table 2.1 at 5 players has a Protector, B-5)
    phones = open_table(new_phone, server, 5, mode="unlimited")
    bot = UiBot(phones, None, Policy(guard_day=1), seed=5)
    bot.run_until(
        lambda screens: all(s.phase == "DEPART_A" for s in screens),
        timeout=120,
        what="every phone in step A",
        hold=lambda ph, s: s.phase == "DEPART_A",
    )
    guard = next((ph for ph in phones if ph.role == "PROTECTOR"), None)
    assert guard is not None, f"no Protector among {[ph.role for ph in phones]} (Table 2.1 at 5 players)"
    page = guard.page
    sheet = open_secret(page)
    sheet.get_by_role("button", name=t("depart.guard"), exact=True).click()
    expect(sheet.get_by_text(t("depart.guarding"))).to_be_visible()
    page.evaluate("document.querySelector('.scene-wrap').dataset.mark = 'step A'")

    # the others choose their places; step A ends and step B begins for the guard only
    bot.run_until(
        lambda _screens: page.locator(".game.phase-guard_b").count() == 1,
        timeout=120,
        what="step B on the Protector's phone",
        hold=lambda ph, _s: ph is guard,
    )
    expect(page.get_by_role("dialog", name=t("secret.title"))).to_be_visible()
    expect(sheet.get_by_role("heading", name=t("guard.title"))).to_be_visible()
    assert page.evaluate("document.querySelector('.scene-wrap').dataset.mark") == "step A"
