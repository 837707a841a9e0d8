"""Scenes at their busiest, laid out at the phone's 390 px and the TV's 1280×720: twelve
players with long names, in Dutch (the longest of the two languages)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from .conftest import PHONE
from .scenes import vite_dev
from .texts import t

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def mock(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with vite_dev(tmp_path_factory.mktemp("vite") / "vite.log") as base:
        yield base


# Each name of the For and Against lists, with its «(niet gestemd)», on one line.
ONE_LINE = """() => Array.from(document.querySelectorAll('.approval-names li')).map((li) => {
  const line = parseFloat(getComputedStyle(li).lineHeight);
  const box = li.getBoundingClientRect();
  const range = document.createRange();
  range.selectNodeContents(li);
  const lines = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
  return { text: li.innerText, lines, height: box.height, line, right: box.right };
})"""


def test_the_accept_scenes_vote_lists_keep_each_name_on_one_line(
    browser: Browser, mock: str, shots: Path
) -> None:
    """H-APR-2, H-APR-8: on the accept scene of a 12-player table in Dutch, a vote nobody cast
    reads «Jasper-Jan (niet gestemd)» on one line, inside the 390 px phone."""
    ctx = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=1, reduced_motion="reduce"
    )
    page = ctx.new_page()
    page.goto(f"{mock}/mock.html?s=accept12&lang=nl")
    auto = t("approve.auto", "nl", vote="Jasper-Jan")
    expect(page.get_by_text(auto)).to_be_visible()
    page.screenshot(path=str(shots / "accept12-nl-phone.png"), full_page=True, animations="disabled")
    rows = page.evaluate(ONE_LINE)
    assert len(rows) == 9, rows
    wrapped = [r for r in rows if r["lines"] != 1]
    assert not wrapped, f"names broken over lines: {wrapped}"
    assert max(r["right"] for r in rows) <= 390, rows
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    ctx.close()
