"""Issue 18 §3, "nobody wonders what happened" (docs/rules/heks.md H-TBL-1..3), on real phones:
every phone names whom a scene waits for; when a timer runs out and the engine chooses, the
phones say so (the random place, the random team, the votes counted For, the card played);
and the help screen opens from a scene and closes again.

The test runs out each timer itself (``tests/browser/clock.py``) once the phones show the
step and it has read what it checks there; the timers are long, so none runs out on its
own while the test reads, however busy the machine."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .clock import Clock
from .conftest import NewPhone, _serve
from .table import open_table
from .texts import ROLES, join_names, pattern, split_names, t
from .uibot import Phone, Policy, Screen, UiBot, close_secret, open_secret

pytestmark = pytest.mark.browser

# Everything a person would do in time runs out here instead, one step after another, when
# the test runs it out (clock.py): the timers themselves are long enough never to.
TIMERS: dict[str, float] = dict.fromkeys(
    ("depart", "guard", "witch", "discuss", "propose", "approve", "ritual", "confirm", "quarrel", "exile"),
    600,
)


@pytest.fixture(scope="module")
def timeout_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with _serve(tmp_path_factory.mktemp("nightfall-timesup"), dict(TIMERS)) as base:
        yield base


def text_of(page: Page) -> str:
    return page.locator("#app").inner_text()


def all_in(*phases: str) -> Callable[[list[Screen]], bool]:
    return lambda screens: all(s.phase in phases for s in screens)


def test_times_up_notices_and_waiting_names(timeout_server: str, new_phone: NewPhone, shots: Path) -> None:
    # H-TBL-1, H-TBL-2, H-TBL-3
    codes: list[str] = []
    phones = open_table(new_phone, timeout_server, 4, mode="timed", before_start=codes.append)
    clock = Clock(timeout_server, codes[0])
    bot = UiBot(phones, shots, Policy(abilities=False, end_discussion=False), seed=18)
    anna, bram, cas, dewi = phones

    # Role reveal: Anna and Bram are ready; every phone names the two we wait for.
    late = {cas.name, dewi.name}
    bot.run_until(
        lambda _ss: (
            all(ph.role for ph in (anna, bram))
            and "Ready"
            not in [b.name for b in Screen.read(anna.page).buttons + Screen.read(bram.page).buttons]
        ),
        30,
        "Anna and Bram ready",
        hold=lambda ph, _s: ph.name in late,
    )
    for ph in phones:
        names = [t("you") if other is ph else other.name for other in (cas, dewi)]
        expect(ph.page.get_by_text(t("wait.for", names=join_names(names)))).to_be_visible()
    anna.page.screenshot(path=str(shots / "01_waiting_for_names.png"), full_page=True, animations="disabled")

    # Nobody chooses a place, the witch does nothing: the timers choose, and each phone says so.
    bot.run_until(
        all_in("DEPART_A"),
        30,
        "step A",
        hold=lambda _ph, s: s.phase in ("DEPART_A", "GUARD_B", "WITCH_C"),
    )
    assert clock.run_out(bot, "DEPART_A", 1)
    bot.run_until(all_in("WITCH_C"), 30, "the gathering", hold=lambda _ph, _s: True)
    gatherers = [ph for ph in phones if ph.role != "WITCH"]
    [witch] = [ph for ph in phones if ph.role == "WITCH"]
    # What the timer chose for me is in my secret only (H-VIS-6).
    for ph in phones:
        expect(ph.page.get_by_text(pattern("notice.place"))).to_have_count(0)
    for ph in gatherers:
        expect(open_secret(ph.page).get_by_text(pattern("notice.place"))).to_be_visible()
        if ph is gatherers[0]:
            ph.page.screenshot(
                path=str(shots / "02_no_place_chosen.png"), full_page=True, animations="disabled"
            )
        close_secret(ph.page)
    expect(open_secret(witch.page).get_by_text(pattern("notice.place"))).to_have_count(0)
    close_secret(witch.page)

    assert clock.run_out(bot, "WITCH_C", 1)
    bot.run_until(all_in("EVENING_ANNOUNCE"), 30, "the evening", hold=lambda _ph, _s: True)
    expect(witch.page.get_by_text(pattern("notice.witch"))).to_have_count(0)
    expect(open_secret(witch.page).get_by_text(pattern("notice.witch"))).to_be_visible()
    witch.page.screenshot(path=str(shots / "03_witch_auto.png"), full_page=True, animations="disabled")
    close_secret(witch.page)
    for ph in gatherers:
        expect(open_secret(ph.page).get_by_text(pattern("notice.witch"))).to_have_count(0)
        close_secret(ph.page)
    # The confirm scene has its short timer (H-TBL-3).
    expect(anna.page.get_by_role("timer", name=t("timer.label"))).to_be_visible()

    # Evening confirmed, the discussion runs out, the chief proposes nothing: a random team.
    clock.play(
        bot,
        all_in("APPROVAL_VOTE"),
        60,
        "the approve/reject vote",
        waits=lambda s: s.phase in ("DISCUSSION", "PROPOSAL"),
        hold=lambda _ph, s: s.phase in ("PROPOSAL", "APPROVAL_VOTE"),
    )
    assert clock.ran == [("DEPART_A", 1), ("WITCH_C", 1), ("DISCUSSION", 1), ("PROPOSAL", 1)], clock.ran
    for ph in phones:
        expect(ph.page.get_by_text(t("notice.team.timer"))).to_be_visible()
    anna.page.screenshot(path=str(shots / "04_random_team.png"), full_page=True, animations="disabled")

    # Nobody votes: every vote counts For and is labelled so on the result.
    assert clock.run_out(bot, "APPROVAL_VOTE", 1)
    bot.run_until(
        all_in("ACCEPT_SCENE"),
        30,
        "the accept scene",
        hold=lambda _ph, s: s.phase in ("APPROVAL_VOTE", "ACCEPT_SCENE"),
    )
    for ph in phones:
        expect(ph.page.get_by_text(t("approve.auto.rule"))).to_be_visible()
        expect(ph.page.get_by_text(t("notice.team.timer"))).to_be_visible()
        autos = re.findall(re.escape(t("approve.auto", vote="@")).replace("@", r"\w+"), text_of(ph.page))
        votes = re.search(re.escape(t("votes.for")) + r" \((\d+)\)", text_of(ph.page))
        assert votes is not None and len(autos) == int(votes.group(1)) > 0, (ph.name, autos)  # every cat
    anna.page.screenshot(path=str(shots / "05_auto_votes.png"), full_page=True, animations="disabled")

    # The members play nothing: the timer plays for them and tells them what.
    members: list[Phone] = []
    bot.run_until(all_in("RITUAL"), 40, "the ritual", hold=lambda _ph, s: s.phase == "RITUAL")
    circle = pattern("ritual.members").match(anna.page.get_by_text(pattern("ritual.members")).inner_text())
    assert circle is not None
    members.extend(ph for ph in phones if ph.name in split_names(circle.group(1)))
    assert members, "nobody in the circle"
    assert clock.run_out(bot, "RITUAL", 1)
    bot.run_until(all_in("RITUAL_RESULT"), 30, "the ritual's result", hold=lambda _ph, _s: True)
    for ph in phones:
        expect(ph.page.get_by_text(pattern("notice.card.timer"))).to_have_count(0)
        notice = open_secret(ph.page).get_by_text(pattern("notice.card.timer"))
        expect(notice).to_have_count(1 if ph in members else 0)
        if ph is members[0]:
            ph.page.screenshot(
                path=str(shots / "06_card_played_for_you.png"), full_page=True, animations="disabled"
            )
        close_secret(ph.page)

    # The help screen opens from the scene and closes again.
    page = anna.page
    page.get_by_role("button", name=t("help.open")).click()
    dialog = page.get_by_role("dialog", name=t("help.title"))
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("heading", name=t("help.glossary"))).to_be_visible()
    # Every role of this table is explained, so a newcomer can read what the others might be;
    # only those (H-TBL-7, issue 31 §3: Table 2.1 at 4 players, B-16).
    expect(dialog.get_by_role("heading", name=t("help.roles.inPlay"))).to_be_visible()
    for role in ROLES:
        in_play = role in ("WITCH", "CROW", "SEER", "PROTECTOR")
        key = "ability.CROW.nojester" if role == "CROW" else f"ability.{role}"
        expect(dialog.get_by_text(t(key), exact=True)).to_have_count(1 if in_play else 0)
    page.screenshot(path=str(shots / "07_help.png"), full_page=False, animations="disabled")
    dialog.get_by_role("button", name=t("help.back")).click()
    expect(dialog).to_have_count(0)
