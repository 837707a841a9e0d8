"""The host's bar at the foot of the phone fits on one line at 390×844 in every language the
client has, its words whole (a play-test: in Dutch «Knoppen van de spelleider openen · 3 nog
niet klaar» took two lines and covered more of the page). Checked closed with players not
ready (also with a two-digit count, the most a table has) and open."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

# the bar's text lines (distinct tops of its text's boxes), and whether anything is cut off;
# ``n`` replaces the count of players not ready when given
LOOK = """([n]) => {
  const b = document.querySelector('.host-toggle');
  if (n != null) b.textContent = b.textContent.replace(/\\d+/, String(n));
  const r = document.createRange();
  r.selectNodeContents(b);
  const tops = new Set([...r.getClientRects()].map((x) => Math.round(x.top)));
  return { text: b.textContent, lines: tops.size, cut: b.scrollWidth > b.clientWidth };
}"""


@pytest.fixture(scope="module")
def phone(browser: Browser) -> Iterator[Page]:
    ctx = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, reduced_motion="reduce"
    )
    yield ctx.new_page()
    ctx.close()


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_host_bar_is_one_line_at_390px(mock: str, phone: Page, shots: Path, lang: str) -> None:
    phone.goto(f"{mock}/mock.html?s=chief_host&lang={lang}")
    bar = phone.locator(".host-toggle")
    bar.wait_for()
    looks = [phone.evaluate(LOOK, [None])]
    phone.screenshot(path=str(shots / f"hostbar_{lang}.png"), animations="disabled")
    looks.append(phone.evaluate(LOOK, [11]))
    phone.goto(f"{mock}/mock.html?s=chief_host&lang={lang}")
    phone.locator(".host-toggle").click()  # open: «… sluiten» / «Close host panel»
    looks.append(phone.evaluate(LOOK, [None]))
    bad = [look for look in looks if look["lines"] != 1 or look["cut"]]
    assert not bad, bad
