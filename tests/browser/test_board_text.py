"""Issue 31 §3, H-TBL-7: every text on the TV board is readable from 3 m, at least 28 px at 1280×720,
in every scene of a 12-player game, and nothing scrolls or clips. Checked on the board's
development fixtures (web/src/heks/mock/fixtures.ts, 12 players, the longest names where it
matters), each scene in turn, and every slide of a 12-player game's story."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .board import MEASURE
from .texts import t

pytestmark = pytest.mark.browser

MIN_PX = 28

# Every scene of the game (H-SEQ-1), as the board shows it at 12 players: a fixture made for
# it, or the 12-player step-A fixture shown in that scene (?phase=).
SCENES: list[tuple[str, str | None]] = [
    ("board_depart12", "ROLE_REVEAL"),
    ("board_depart12", None),
    ("board_witch12", None),
    ("board_evening12", None),
    ("board_discussion12", None),
    ("board_proposal12", None),
    ("board_approve12", None),
    ("board_approval12", "ACCEPT_SCENE"),
    ("board_approval12", None),
    ("board_ritual12", None),
    ("board_ritualres12", None),
    ("board_ritualres12", "QUARREL"),
    ("board_exile12", None),
    ("board_knights12", None),
    ("board_voteres12", None),
    ("board_takeover12", None),
]

# The smallest font size of any visible text on the board, and where it is.
SMALLEST = """() => {
  let min = Infinity, where = null;
  const walk = document.createTreeWalker(document.querySelector('.board'), NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const el = n.parentElement;
    if (!n.textContent.trim() || el.offsetParent === null || el.closest('.recap-probe')) continue;
    const px = parseFloat(getComputedStyle(el).fontSize);
    if (px < min) { min = px; where = `${el.tagName.toLowerCase()}.${el.className}: ${n.textContent.trim().slice(0, 40)}`; }
  }
  return { min, where };
}"""


def _look(page: Page) -> dict[str, Any]:
    small: dict[str, Any] = page.evaluate(SMALLEST)
    m: dict[str, Any] = page.evaluate(MEASURE)
    small["fits"] = m["height"] <= m["H"] and m["width"] <= m["W"] and not m["clipped"]
    small["measure"] = m
    return small


def test_every_board_scene_reads_at_28px_at_1280x720(mock: str, tv: Page, shots: Path) -> None:
    bad = []
    for fixture, phase in SCENES:
        url = f"{mock}/mock.html?s={fixture}&lang=en" + (f"&phase={phase}" if phase else "")
        tv.goto(url)
        tv.wait_for_selector(".board")
        name = phase or fixture
        tv.screenshot(path=str(shots / f"{fixture}_{name}.png"), animations="disabled")
        look = _look(tv)
        if look["min"] < MIN_PX or not look["fits"]:
            bad.append((name, look))
    assert not bad, "\n".join(f"{n}: {look}" for n, look in bad)


def test_the_knights_day_has_its_own_scene_on_the_board(mock: str, tv: Page) -> None:
    tv.goto(f"{mock}/mock.html?s=board_knights12&lang=en")
    expect(tv.locator(".board-phase-title")).to_have_text(t("knights.scene.title"))
    expect(tv.locator(".board")).to_contain_text(t("knights.scene.text"))
    tv.goto(f"{mock}/mock.html?s=board_exile12&lang=en")
    expect(tv.locator(".board-phase-title")).to_have_text(t("phase.EXILE_VOTE"))


# A day's slide told in pictures (issue 31 §3): every player named on it comes with his colour
# and sign, the witches' places, the attacks, the teams (a rejected one with its curse mark),
# the ritual (its recipe as pictures) and the exile (the exiled player's colour and sign) each
# have their picture, and no line of text is long: no text run over 40 characters (the stars'
# legend excepted) and no grey one over 20.
PICTURES = r"""(names) => {
  const day = document.querySelector('.recap-board .recap-slide:not(.recap-probe) .recap-day');
  if (!day) return null;
  const bad = [];
  const rx = new RegExp('(^|[^\\p{L}-])(' + names.join('|') + ')(?![\\p{L}-])', 'u');
  const walk = document.createTreeWalker(day, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const el = n.parentElement, text = n.textContent.trim();
    if (!text || el.closest('.recap-legend')) continue;
    if (rx.test(text) && !el.closest('.recap-who')?.querySelector('svg.badge')) bad.push('a name without its badge: ' + text);
    if (text.length > 40) bad.push('a long line: ' + text);
    const c = getComputedStyle(el).color.match(/\d+/g).map(Number).slice(0, 3);
    const grey = Math.max(...c) - Math.min(...c) < 40 && c[0] < 200;
    if (grey && text.length > 20) bad.push('a long grey line: ' + text);
  }
  const need = (sel, art) => {
    for (const el of day.querySelectorAll(sel))
      if (!el.querySelector(art)) bad.push('no picture in ' + sel + ': ' + el.textContent.trim().slice(0, 40));
  };
  need('.recap-places li', 'svg.art-ing');
  need('.recap-witch', 'svg.art-hat');
  need('.recap-attack', '.recap-outcome svg');
  need('.recap-team.recap-no', 'svg.art-curse');
  need('.recap-team', '.recap-votes svg.badge');
  need('.recap-ritual', '.recap-recipe svg.art-ing');
  need('.recap-exile', '.recap-ballot svg.badge');
  return { bad, pictures: day.querySelectorAll('svg').length };
}"""


def test_every_slide_of_the_story_reads_at_28px_in_pictures_and_the_end_names_the_winners(
    mock: str, tv: Page, shots: Path
) -> None:
    tv.goto(f"{mock}/mock.html?s=board_result12&lang=en")
    board = tv.locator(".recap-board")
    expect(board).to_have_attribute("data-slide", "0")
    expect(tv.locator(".end-winners")).to_contain_text("Winners: ")
    names = tv.evaluate(
        "() => [...document.querySelectorAll('.board-seats .seat-name')].map((e) => e.textContent.trim())"
    )
    assert len(names) == 12, names
    total = int(board.get_attribute("data-slides") or 0)
    assert total > 1
    bad = []
    for i in range(total):
        expect(board).to_have_attribute("data-slide", str(i))
        tv.screenshot(path=str(shots / f"slide{i}.png"), animations="disabled")
        look = _look(tv)
        if look["min"] < MIN_PX or not look["fits"]:
            bad.append((i, look))
        pictures = tv.evaluate(PICTURES, names)
        if i > 0 and (pictures is None or pictures["bad"]):
            bad.append((i, pictures))
        tv.keyboard.press("ArrowRight")
    assert not bad, "\n".join(f"slide {i}: {look}" for i, look in bad)


def test_roles_in_this_game_on_the_board_and_only_those_in_the_help(mock: str, tv: Page) -> None:
    # Issue 31 §3: Table 2.1's row of this table, on the board during play and in the help.
    tv.goto(f"{mock}/mock.html?s=board_depart12&lang=en")
    roles = tv.locator(".board-roles")
    expect(roles).to_contain_text(t("board.roles"))
    expect(roles.locator("li")).to_have_text(
        ["3× Witch", "2× Crow", "Jester", "Seer", "Herb Doctor", "Protector", "Pickpocket", "2× Villager"]
    )
    tv.goto(f"{mock}/mock.html?s=board_reveal5&lang=en&help=1")  # 5 players: no Jester, Seer, Pickpocket
    help_roles = tv.locator(".help-roles dt")
    expect(help_roles).to_have_count(5)
    text = tv.locator(".help-screen").inner_text()
    for absent in ("Jester", "Seer", "Pickpocket"):
        assert absent not in text, f"the 5-player help speaks of the {absent}"
    expect(tv.get_by_role("heading", name=t("help.roles.inPlay"))).to_be_visible()


def test_the_knights_day_has_its_own_scene_on_the_phones(mock: str, browser: Browser, shots: Path) -> None:
    # H-TBL-7 (issue 31 §3): the phones too, at 390×844: a banner of its own (the board's three
    # shields, the title and what the vote decides) at the top of the page, the same on every
    # phone whatever its role or status (H-VIS-6: it depends on the public day only; a frog's
    # public pond card stands above it), and not on an ordinary exile vote.
    # Reduced motion, as every phone of these tests: the scene's entrance moves the banner
    # while it plays, so a box measured then depends on when it is read (206-212 px).
    ctx = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, reduced_motion="reduce"
    )
    try:
        phone = ctx.new_page()
        looks = []
        for fixture in ("knights_vote5", "knights_frog5", "knights_witch5"):
            phone.goto(f"{mock}/mock.html?s={fixture}&lang=en")
            banner = phone.locator(".knights-banner")
            expect(banner).to_be_visible()
            expect(banner.get_by_role("heading", name=t("knights.scene.title"))).to_be_visible()
            expect(banner).to_contain_text(t("knights.scene.text"))
            expect(banner.locator("svg.knight-shield")).to_have_count(3)
            phone.screenshot(path=str(shots / f"phone_{fixture}.png"), animations="disabled")
            box = banner.bounding_box()
            # above the fold with the vote under it (a frog's pond card, public, comes first)
            assert box is not None and box["y"] + box["height"] < 844 * 0.6, (fixture, box)
            # its words, the countdown aside (it ticks between the pages)
            words = banner.evaluate(
                "(b) => [...b.children].filter((c) => !c.matches('.countdown')).map((c) => c.innerText).join('|')"
            )
            looks.append((round(box["height"]), words))
        assert len(set(looks)) == 1, looks
        phone.goto(f"{mock}/mock.html?s=exile_quorum&lang=en")
        phone.wait_for_selector(".scene-title")
        expect(phone.locator(".knights-banner")).to_have_count(0)
    finally:
        ctx.close()
