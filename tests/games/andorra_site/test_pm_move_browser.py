"""The desk's «Ход из ЛС» offers only what the server accepts from that sender (H-03b): the
PM is checked as the sender's own move, so a member's PM carries his own move only, and his
clan's sender's PM carries the sheet for his clan mates too (A-MOVE-5)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Locator, expect

from .conftest import Served
from .pages import create_from_cast, desk_step
from .test_browser import ACTION_RU, page_in_own_context

pytestmark = pytest.mark.browser

CAST = [
    *(("Anna", "BOSS"), ("Boris", "SOLDIER"), ("Vera", "RECRUITER")),
    *(("Gleb", "SHERIFF"), ("Dima", "DOCTOR"), ("Mila", "PV"), ("Nina", "PV"), ("Petr", "PV")),
]


def offered_for(pm_move: Locator, sender: str) -> list[str]:
    """Whose moves the form offers for a PM from ``sender`` (empty: no move at all)."""
    pm_move.get_by_label("От кого ЛС").select_option(label=sender)
    expect(pm_move.get_by_label("От кого ЛС")).to_have_value(re.compile(r"\d+"))
    target = pm_move.get_by_label("Ход за игрока")
    if target.count() == 0:
        return []
    return [o.strip() for o in target.locator("option").all_inner_texts()]


def test_a_pm_offers_only_the_senders_own_moves(chromium: Browser, andorra_server: Served) -> None:
    # H-03b, A-MOVE-5
    host = page_in_own_context(chromium, phone=False)
    create_from_cast(host, andorra_server.url, CAST)
    desk_step(host, "Закрыть день", "Ночь 1")
    pm_move = host.get_by_role("region", name="Ход из ЛС")

    # a member's PM: his own move only (the host's form would offer every player)
    assert offered_for(pm_move, "Boris") in ([], ["Boris"])
    assert offered_for(pm_move, "Dima") == ["Dima"]
    assert offered_for(pm_move, "Gleb") == ["Gleb"]
    # the Boss's PM: he is his clan's sender, so the sheet for his clan mates as well
    assert offered_for(pm_move, "Anna") == ["Anna", "Boris", "Vera"]

    pm_move.get_by_label("Ход за игрока").select_option(label="Vera")
    pm_move.get_by_label("Действие").select_option(label=ACTION_RU["RECRUIT"])
    pm_move.get_by_label("Цель").select_option(label="Mila")
    pm_move.get_by_role("button", name="Внести ход").click()
    expect(host.get_by_role("region", name="Ходы ночи")).to_contain_text(
        "Vera: вербовка → Mila (от Anna) · из ЛС"
    )
    expect(pm_move.get_by_role("alert")).to_have_count(0)
    # the form says what it entered (a play-test host saw the form reset and nothing else)
    expect(pm_move.get_by_role("status")).to_have_text("Внесено из ЛС Anna: Vera: вербовка → Mila")
    log_lines = host.get_by_role("region", name="Действия ведущего").locator("li")
    expect(log_lines.last).to_contain_text("Mila")
    logged = log_lines.count()
    # the same PM entered again: said so, and nothing is sent (it was listed twice in the log)
    pm_move.get_by_label("Ход за игрока").select_option(label="Vera")
    pm_move.get_by_label("Действие").select_option(label=ACTION_RU["RECRUIT"])
    pm_move.get_by_label("Цель").select_option(label="Mila")
    pm_move.get_by_role("button", name="Внести ход").click()
    expect(pm_move.get_by_role("status")).to_have_text(
        "Этот ход уже внесён (ЛС Anna): Vera: вербовка → Mila. Ничего не изменилось."
    )
    expect(log_lines).to_have_count(logged)
    host.context.close()


def test_a_pm_vote_offers_the_blank_vote_first_then_the_living(
    chromium: Browser, andorra_server: Served
) -> None:
    """H-03b, A-VOTE-1, A-VOTE-2: the PM vote's «Голос против» is the desk's player list with the
    blank vote before the players (PlayerSelect's first option); nothing is preselected, so a
    stray click enters no vote; a blank PM vote is logged and the form says what it entered."""
    host = page_in_own_context(chromium, phone=False)
    create_from_cast(host, andorra_server.url, CAST)
    pm_vote = host.get_by_role("region", name="Голос из ЛС")
    expect(pm_vote.get_by_label("Голос против").locator("option")).to_have_count(len(CAST) + 2)
    options = [o.strip() for o in pm_vote.get_by_label("Голос против").locator("option").all_inner_texts()]
    assert options == ["— выберите —", "Пустой голос", *(nick for nick, _ in CAST)]
    expect(pm_vote.get_by_label("Голос против")).to_have_value("")
    expect(pm_vote.get_by_role("button", name="Внести голос")).to_be_disabled()
    pm_vote.get_by_label("От кого ЛС").select_option(label="Mila")
    expect(pm_vote.get_by_role("button", name="Внести голос")).to_be_disabled()
    pm_vote.get_by_label("Голос против").select_option(label="Пустой голос")
    pm_vote.get_by_role("button", name="Внести голос").click()
    expect(pm_vote.get_by_role("status")).to_have_text("Внесено: Mila → Пустой голос")
    expect(host.get_by_role("region", name="Журнал голосования")).to_contain_text("Mila")
    expect(pm_vote.get_by_label("От кого ЛС")).to_have_value("")
    pm_vote.get_by_label("От кого ЛС").select_option(label="Nina")
    pm_vote.get_by_label("Голос против").select_option(label="Petr")
    pm_vote.get_by_role("button", name="Внести голос").click()
    expect(host.get_by_role("region", name="Журнал голосования")).to_contain_text("Nina → Petr")
    expect(pm_vote.get_by_role("alert")).to_have_count(0)
    host.context.close()
