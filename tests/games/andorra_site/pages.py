"""Page steps the Andorra browser tests share."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect


def create_from_cast(host: Page, base: str, cast: list[tuple[str, str]]) -> tuple[str, dict[str, str]]:
    """Create a game on the creation page with these (nick, role) lines and open its desk:
    the room code and every player's private link by nick."""
    host.goto(f"{base}/a/new")
    host.get_by_label(re.compile("Игроки и роли")).fill("\n".join(f"{n} {r}" for n, r in cast))
    host.get_by_role("button", name="Создать игру").click()
    expect(host.get_by_role("heading", name=re.compile("создана"))).to_be_visible()
    urls = {n: host.get_by_role("textbox", name=n, exact=True).input_value() for n, _ in cast}
    desk = host.get_by_role("link", name="Открыть стол ведущего").get_attribute("href")
    assert desk is not None
    code = re.search(r"/a/(\w+)/desk", desk)
    assert code is not None
    host.goto(desk)
    return code.group(1), urls


def desk_step(host: Page, button: str, then: str | None = None) -> None:
    """One of the desk's phase buttons («Закрыть день», «Закрыть ночь и посчитать»,
    «Опубликовать утро»), confirmed («Да»: the desk asks once more), and, given ``then``, the
    phase heading it leads to («Ночь 1», «итоги у ведущего»)."""
    host.get_by_role("button", name=button).click()
    host.get_by_role("button", name="Да", exact=True).click()
    if then is not None:
        expect(host.get_by_role("heading", level=2)).to_contain_text(then)
