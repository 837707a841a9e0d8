"""Scenes at their busiest, laid out at the phone's 390 px and the TV's 1280×720: twelve
players with long names, in Dutch (the longest of the two languages)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, ViewportSize, expect

from .board import MEASURE
from .conftest import PHONE
from .texts import t

pytestmark = pytest.mark.browser


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


TV: ViewportSize = {"width": 1280, "height": 720}
# The 12-player board fixtures of mock.html, its busiest scenes.
BOARDS12 = [
    "board_depart12",
    "board_depart12&own=1",  # the host's own deck: "Roles: the host's choice"
    "board_witch12",
    "board_approval12",
    "board_voteres12",
    "board_ritualres12",
    "board_proposal12",
    "board_discussion12",
    "board_exile12",
    "board_evening12",
    "board_result12",
    "board_result12&next=1",  # between games: the next deal's odds under the twelve roles
    "board_result12&next=1&own=1",  # ... of the host's own deck, with what real tables did
]


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_the_boards_header_buttons_are_big_enough_and_the_board_does_not_scroll(
    browser: Browser, mock: str, shots: Path, lang: str
) -> None:
    """Issue 18 §2: the TV board's sound and language switches are at least 40 px high at
    1280×720 (legible from the sofa, easy to hit), and no 12-player scene scrolls or clips."""
    ctx = browser.new_context(viewport=TV, device_scale_factor=1, reduced_motion="reduce")
    page = ctx.new_page()
    for name in BOARDS12:
        page.goto(f"{mock}/mock.html?s={name}&lang={lang}")
        page.wait_for_selector(".board")
        if name in ("board_depart12&own=1", "board_result12&next=1&own=1"):
            page.screenshot(
                path=str(shots / f"{name.replace('&', '-')}-{lang}-1280x720.png"), animations="disabled"
            )
        heights = page.evaluate(
            "() => [...document.querySelectorAll('.board-controls button')].map((b) => b.getBoundingClientRect().height)"
        )
        assert len(heights) == 2 and min(heights) >= 40, (name, heights)
        m = page.evaluate(MEASURE)
        assert m["height"] <= m["H"] and m["width"] <= m["W"] and not m["clipped"], (name, m)
        if name == "board_voteres12":  # the count per player, readable from the sofa (a play-test)
            tally = page.get_by_test_id("vote-tally")
            assert " ".join(tally.inner_text().split()) == "Fien 7 · Bram 3", tally.inner_text()
            size = tally.evaluate("(e) => parseFloat(getComputedStyle(e).fontSize)")
            assert size >= 28, size
        if (
            name == "board_exile12"
        ):  # how the count decides, on the TV (a play-test table argued why 3 of 11 exiled)
            expect(page.locator(".exile-rule")).to_have_text(t("exile.rule", lang))
        if name == "board_discussion12":  # the evening's news stays in view while the table talks
            news = page.get_by_test_id("news-recalled")
            expect(news).to_be_visible()
            text = " ".join(news.inner_text().split())
            assert t("board.news", lang) in text and "Cas" in text and "Gijs" in text and "Dewi" in text, text
            page.screenshot(
                path=str(shots / f"board_discussion12-{lang}-1280x720.png"), animations="disabled"
            )
        if "next=1" in name:  # 52.5, 39.5 and 8.0 %: whole percents that add up to 100, not 53 + 40 + 8
            shown = page.locator(".odds-value").evaluate_all(
                "(els) => els.map(e => e.firstChild.textContent)"
            )
            assert sum(int(v.strip().rstrip("%").strip()) for v in shown) == 100, shown
            # the odds' notes break between their phrases, never inside one ("95%-/interval")
            split = page.locator(".odds .phrase").evaluate_all(
                """(els) => els.filter((e) => new Set([...e.getClientRects()].map((r) => Math.round(r.top))).size > 1)
                    .map((e) => e.textContent)"""
            )
            assert page.locator(".odds .phrase").count() >= 4 and not split, (name, lang, split)
            # H-DECK-9: the next deal's roles, on one line beside the heading (a line under it
            # pushed what real tables did onto the slides' dots at 720 px), above the dots
            roles = page.get_by_test_id("next-roles")
            said = " ".join(roles.inner_text().split())
            for part in (
                f"3× {t('role.WITCH', lang)}",
                t("role.JESTER", lang),
                f"× {t('role.VILLAGER', lang)}",
            ):
                assert part in said, (name, lang, said)
            size = roles.evaluate("(e) => parseFloat(getComputedStyle(e).fontSize)")
            assert size >= 20, (name, lang, size)  # read from the sofa, as the rest of the slide
            head = page.get_by_test_id("next-game").locator("h3").bounding_box()
            box = roles.bounding_box()
            assert head is not None and box is not None
            assert box["y"] + box["height"] <= head["y"] + head["height"] + 2, (name, lang, box, head)
            dots = page.locator(".recap-dots").bounding_box()
            last = page.get_by_test_id("next-game").locator("p, li").last.bounding_box()
            assert dots is not None and last is not None
            assert last["y"] + last["height"] <= dots["y"], (name, lang, last, dots)
        if "lost=10" in name:  # a play-test: the board showed a lost phone only as "…"
            seat = page.locator(".board-seats li").nth(9)
            expect(seat.get_by_role("img", name=t("host.disconnected", lang))).to_be_visible()
            assert page.locator(".board-seats .dot").count() == 1
        if name == "board_depart12&own=1":  # the host's deck says so, in one line, no role under the hint
            heading = page.locator(".board-roles h3")
            expect(heading).to_have_text(t("board.roles.own", lang))
            lines = heading.evaluate(
                "(h) => h.getBoundingClientRect().height / parseFloat(getComputedStyle(h).lineHeight)"
            )
            assert lines < 1.5, (name, lang, lines)
            hint = page.locator(".sound-unlock").bounding_box()
            last = page.locator(".board-roles .chips li").last.bounding_box()
            assert hint is not None and last is not None
            assert last["y"] + last["height"] <= hint["y"], (name, lang, last, hint)
    ctx.close()
