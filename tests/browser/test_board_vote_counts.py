"""The board's story shows each vote's count as a number beside its marks (H-VIS-2, H-TBL-7):
«For (5): ▲◆☾⬢ϟ», «Hugo (2) ← ●☾». A play-test: the room had to count colour signs on the TV
to read a vote; the numbers must match the marks and keep the slide readable (28 px, no
scrolling, test_board_text.py checks every slide)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


# per vote on the current slide: the number shown beside it and how many voter marks it has
COUNTS = """() => {
  const slide = document.querySelector('.recap-board .recap-slide:not(.recap-probe)');
  const rows = [...slide.querySelectorAll('.recap-votes > span, .recap-ballot > li')];
  return rows.map((row) => {
    const count = row.querySelector('.recap-count');
    return {
      text: row.textContent.trim().slice(0, 30),
      shown: count ? count.textContent.trim() : null,
      px: count ? parseFloat(getComputedStyle(count).fontSize) : 0,
      marks: row.querySelectorAll('.recap-voter').length,
    };
  });
}"""


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_every_vote_in_the_story_shows_its_count(mock: str, tv: Page, shots: Path, lang: str) -> None:
    tv.goto(f"{mock}/mock.html?s=board_result12&lang={lang}")
    board = tv.locator(".recap-board")
    expect(board).to_have_attribute("data-slide", "0")
    total = int(board.get_attribute("data-slides") or 0)
    seen = 0
    for i in range(total):
        expect(board).to_have_attribute("data-slide", str(i))
        rows = tv.evaluate(COUNTS)
        if rows:
            tv.screenshot(path=str(shots / f"slide{i}_{lang}.png"), animations="disabled")
        for row in rows:
            assert row["shown"] == f"({row['marks']})", (i, row)
            assert row["px"] >= 28, (i, row)
        seen += len(rows)
        tv.keyboard.press("ArrowRight")
    assert seen > 10, seen  # the fixture's story has teams and exile votes on several days
