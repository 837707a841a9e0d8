"""The UX review of Vang de Heks at the phone's 390×844 and the TV's 1280×720, on the
dev-only mock.html fixtures (web/src/heks/mock/fixtures.ts): each test names the finding
it keeps fixed."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from .conftest import PHONE
from .scenes import vite_dev
from .texts import t

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def mock(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with vite_dev(tmp_path_factory.mktemp("vite") / "vite.log") as base:
        yield base


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    ctx: BrowserContext = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=1, reduced_motion="reduce"
    )
    yield ctx.new_page()
    ctx.close()


# Is the element's middle the topmost thing there (nothing fixed lies over it)?
ON_TOP = """(el) => {
  el.scrollIntoView({ block: 'end' });
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return hit !== null && (hit === el || el.contains(hit));
}"""


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_the_host_bar_covers_neither_the_chiefs_submit_nor_the_role_card_and_says_what_it_counts(
    phone: Page, mock: str, shots: Path, lang: str
) -> None:
    """UX review 1 (H-HST-3): the host who is chief scrolls to the end of the proposal; the
    fixed host bar lies below "submit" and the role card, and reads "3 not ready"."""
    phone.goto(f"{mock}/mock.html?s=chief_host&lang={lang}")
    bar = phone.get_by_role("button", name=re.compile("^" + re.escape(t("host.open", lang))))
    expect(bar).to_have_text(f"{t('host.open', lang)} · {t('host.notReady', lang, n=3)}")
    submit = phone.get_by_role("button", name=t("proposal.submit", lang))
    assert submit.evaluate(ON_TOP), "the host bar covers the chief's submit button"
    card = phone.locator("footer.mine").first
    assert card.evaluate(ON_TOP), "the host bar covers the role card"
    phone.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    phone.screenshot(path=str(shots / f"chief_host_bottom-{lang}.png"), animations="disabled")
    bar_top = bar.evaluate("(b) => b.getBoundingClientRect().top")
    last = phone.locator(".game-page > *:not(.hostpanel)").last
    assert last.evaluate("(e) => e.getBoundingClientRect().bottom") <= bar_top
