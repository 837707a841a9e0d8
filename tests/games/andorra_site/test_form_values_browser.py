"""A move form's field holds the choice made (a player, an item), not its place in the list:
the list can change while the form is open (the host's state editor takes a player out at
night, H-03c), and the move sent is still the one the page shows (A-ROLE-REANIMATOR-4)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from .conftest import Served
from .pages import create_from_cast, desk_step
from .test_browser import page_in_own_context, stored_commands
from .test_preferences_browser import CAST, open_move_form, sent

pytestmark = pytest.mark.browser


def test_a_chosen_player_stays_chosen_when_the_list_changes(
    chromium: Browser, andorra_server: Served
) -> None:
    # A-ROLE-REANIMATOR-4, H-03c
    host = page_in_own_context(chromium, phone=False)
    code, urls = create_from_cast(host, andorra_server.url, CAST)
    desk_step(host, "Закрыть день", "Ночь 1")

    rita = open_move_form(chromium, urls["Rita"], "реанимировать")
    first = rita.get_by_label("1-й выбор")
    first.select_option(label="Dima")

    # Sonya, listed before Dima, leaves the game while Rita's form is open
    editor = host.get_by_role("region", name="Изменить состояние игры")
    editor.get_by_text("Изменить состояние игры").click()  # folded
    editor.get_by_label("Игрок").select_option(label="Sonya — Шмара-клофелинщица, жив")
    editor.get_by_label("Что сделать").select_option(label="убить")
    editor.get_by_role("button", name="Применить").click()
    host.get_by_role("button", name="Да", exact=True).click()
    expect(host.get_by_role("region", name="Действия ведущего")).to_contain_text(
        "Sonya: убит решением ведущего"
    )
    expect(first.locator("option").filter(has_text="Sonya")).to_have_count(0)

    assert first.evaluate("el => el.selectedOptions[0]?.textContent") == "Dima"
    sent(rita)
    _config, _seed, commands = stored_commands(andorra_server.data, code)
    moves = [c for c in commands if c.type == "move" and c.payload["action"] == "REANIMATE"]
    assert moves[-1].payload["params"] == {"prefer": [5]}  # Dima's seat
    for page in (host, rita):
        page.context.close()
