"""Gathering a table through the UI: the host creates a room on the landing page, the
others type the room code shown on the host's screen, the host picks the settings and
starts. Only taps and typing, as people would."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from .texts import t
from .uibot import Phone

NAMES = ["Anna", "Bram", "Cas", "Dewi", "Eva", "Fien", "Gijs", "Hugo", "Ilse", "Joep", "Kim", "Lot"]


def create_room(page: Page, base: str, name: str, lang: str = "en") -> str:
    """Create a room on the landing page; returns the code the lobby shows."""
    page.goto(base + "/")
    page.get_by_label(t("landing.name", lang)).fill(name)
    page.get_by_role("button", name=t("landing.create.button", lang), exact=True).click()
    code_label = page.get_by_label(re.compile("^" + re.escape(t("lobby.code", lang)) + r"( [A-Z]){4}$"))
    code = code_label.inner_text(timeout=10_000).strip()
    assert re.fullmatch(r"[A-Z]{4}", code), code
    return code


def join_room(page: Page, base: str, code: str, name: str, lang: str = "en", *, wait: bool = True) -> None:
    """Join by typing the room code on the landing page (``page`` may already show it)."""
    if not page.url.startswith(base):
        page.goto(base + "/")
    page.get_by_label(t("landing.name", lang)).fill(name)
    page.get_by_label(t("landing.code", lang)).fill(code)
    page.get_by_role("button", name=t("landing.join.button", lang), exact=True).click()
    if wait:
        expect(page.get_by_text(t("lobby.waiting", lang))).to_be_visible(timeout=10_000)


def open_table(
    new_phone: Callable[..., Page],
    base: str,
    n: int,
    *,
    mode: str,
    shortest_discussion: bool = False,
    langs: dict[int, str] | None = None,
    shots: Path | None = None,
    before_start: Callable[[str], None] | None = None,
    names: list[str] | None = None,
) -> list[Phone]:
    """n phones around one room, the game started in ``mode`` ("timed" or "unlimited")."""
    langs = langs or {}
    names = names or NAMES
    phones: list[Phone] = []
    for i in range(n):
        lang = langs.get(i, "en")
        phones.append(Phone(new_phone(locale="nl-NL" if lang == "nl" else "en-US"), names[i], lang=lang))
    host, hl = phones[0].page, phones[0].lang
    for ph in phones[1:]:  # everyone opens the landing page while the host creates the room
        ph.page.goto(base + "/", wait_until="commit")
    code = create_room(host, base, phones[0].name, hl)
    for ph in phones[1:]:
        join_room(ph.page, base, code, ph.name, ph.lang, wait=False)
    for ph in phones[1:]:
        expect(ph.page.get_by_text(t("lobby.waiting", ph.lang))).to_be_visible(timeout=10_000)
    expect(host.get_by_role("heading", name=t("lobby.players", hl, n=n))).to_be_visible(timeout=10_000)

    mode_btn = host.get_by_role("button", name=t(f"lobby.{mode}", hl), exact=True)
    mode_btn.click()
    expect(mode_btn).to_have_attribute("aria-pressed", "true")
    if mode == "timed" and shortest_discussion:
        less = host.get_by_role("button", name=t("lobby.discuss.less", hl), exact=True)
        while less.is_enabled():
            before = host.locator(".stepper strong").inner_text()
            less.click()
            expect(host.locator(".stepper strong")).not_to_have_text(before)
    if shots is not None:
        host.screenshot(path=str(shots / "lobby_host.png"), full_page=True, animations="disabled")
        phones[-1].page.screenshot(path=str(shots / "lobby_guest.png"), full_page=True, animations="disabled")
    if before_start is not None:
        before_start(code)  # e.g. open the TV board on the full lobby
    host.get_by_role("button", name=t("lobby.start", hl), exact=True).click()
    for ph in phones:
        expect(ph.page.get_by_role("button", name=t("reveal.hold", ph.lang))).to_be_visible(timeout=10_000)
    return phones
