"""H-VIS-6a, H-VIS-6d and H-VIS-6e in every language (issue 31): the open secrets look alike in
Dutch too. tests/browser/test_look_alike.py plays its game in English; the Dutch texts are
longer in other places. Cheaply: each role's open sheet and held role card in one scene from the
development fixtures (web/src/heks/mock/fixtures.ts, ``parity_<scene>_<role>``: one table, every
player a cat but one frog, nobody has tapped, or every real choice made), in both languages,
compared by that test's measure and limits. A few seconds a language, no game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .open_sheets import MEASURE_JS, differences
from .uibot import held_card, open_secret

pytestmark = pytest.mark.browser

PARITY: dict[str, list[str]] = {
    "reveal": ["SEER", "WITCH", "PICKPOCKET", "HERB_DOCTOR", "PROTECTOR", "VILLAGER", "CROW", "JESTER"],
    "depart": ["PROTECTOR", "HERB_DOCTOR", "VILLAGER", "WITCH"],
    "departed": ["PROTECTOR", "HERB_DOCTOR", "VILLAGER", "WITCH"],
    "gather": ["WITCH", "VILLAGER"],
    "early": ["WITCH", "VILLAGER"],  # day 1 at a table whose witches attack from day 3
    "evening": ["PROTECTOR", "VILLAGER"],
    "discussion": ["SEER", "PICKPOCKET", "VILLAGER"],
    "discussed": ["SEER", "PICKPOCKET", "VILLAGER"],
}
# The decoys the test taps (their choice lives in the page, H-VIS-6b): the first button of the task.
DECOY_TAPS = {("departed", "WITCH"), ("discussed", "VILLAGER")}
FIXTURE_NAMES = ["Anna", "Bram", "Cas", "Dewi", "Eva", "Fien", "Gijs", "Hugo", "Ilse"]


def _open_look(page: Page, scene: str, role: str, lang: str) -> dict[str, Any] | None:
    """The open sheet (or the held role card in the reveal), measured."""
    if scene != "reveal":
        open_secret(page, lang)
        if (scene, role) in DECOY_TAPS:
            page.locator(".secret-body .task .choices button").first.click()
            page.mouse.move(0, 0)  # a finger leaves no hover behind
            expect(page.locator(".secret-body .task-status")).not_to_be_empty()
        look: dict[str, Any] | None = page.evaluate(MEASURE_JS, [".secret-body", FIXTURE_NAMES])
        return look
    with held_card(page, lang):
        held: dict[str, Any] | None = page.evaluate(MEASURE_JS, [".rolecard-btn", FIXTURE_NAMES])
    return held


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_open_secrets_look_alike_in_every_language(
    mock: str, browser: Browser, shots: Path, lang: str
) -> None:
    ctx = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, reduced_motion="reduce"
    )
    page = ctx.new_page()
    failures = []
    try:
        for scene, roles in PARITY.items():
            looks: dict[str, dict[str, Any]] = {}
            for role in roles:
                page.goto(f"{mock}/mock.html?s=parity_{scene}_{role}&lang={lang}")
                page.wait_for_selector(".game")
                look = _open_look(page, scene, role, lang)
                assert look is not None, (scene, role)
                page.screenshot(path=str(shots / f"{scene}_{role}.png"), animations="disabled")
                looks[role] = look
            for i, one in enumerate(roles):
                for other in roles[i + 1 :]:
                    diff = differences(looks[one], looks[other])
                    if diff:
                        failures.append(f"{scene}: {one} vs {other}: {'; '.join(diff)}")
    finally:
        ctx.close()
    assert not failures, f"{lang}: open secrets told apart:\n" + "\n".join(failures)
