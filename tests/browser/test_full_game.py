"""Issue 3, browser test 2: a whole Timed game on twelve phones, played through the phone UI
alone (browser test 1, five phones in Unlimited mode, is played in test_board_story.py, where
the same game also carries the board's narration and recap checks)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from .board import BoardWatch
from .clock import Clock
from .conftest import NewPhone, _serve
from .game_checks import REQUIRED_SCENES, SIDES, all_results, check_results, check_story
from .table import open_table
from .texts import t
from .uibot import Policy, Screen, UiBot, find_pattern

pytestmark = pytest.mark.browser

TV_720: ViewportSize = {"width": 1280, "height": 720}
TV_1080: ViewportSize = {"width": 1920, "height": 1080}

# Every timer long: the bots act in time where they mean to, and the timers the table lets
# run out on purpose (the discussion, day 1's vote, the witches' step, the quarrel) are run
# out by the test once the table is settled on them (tests/browser/clock.py), so none of
# them races a sweep of twelve pages on a busy machine.
LONG_TIMERS: dict[str, float] = dict.fromkeys(
    ("depart", "guard", "witch", "discuss", "propose", "approve", "ritual", "confirm", "quarrel", "exile"),
    600,
)


@pytest.fixture(scope="module")
def twelve_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with _serve(tmp_path_factory.mktemp("nightfall-twelve"), LONG_TIMERS) as base:
        yield base


def waits_on_timer(s: Screen) -> bool:
    """The steps the twelve-phone table lets run out: nobody ends a discussion nor votes on
    day 1's team; the witches' step and the quarrel end only on their timer (H-GAT-4)."""
    return s.phase in ("DISCUSSION", "WITCH_C", "QUARREL") or (s.phase == "APPROVAL_VOTE" and s.day == 1)


def check_evening(bot: UiBot, winner: str, boards: list[BoardWatch]) -> None:
    """Issue 18 §7: the results screen scores the game (the winning side and its players,
    H-WIN-8); after "Play again" the same table plays on and the board keeps the score."""
    side, roles = SIDES[winner]
    won = sorted(ph.name for ph in bot.phones if ph.role in roles)
    for ph in bot.phones:
        score = ph.page.get_by_test_id("evening-score")
        expect(score).to_be_visible()
        game = score.locator('li[data-game="1"]')
        expect(game).to_have_attribute("data-side", side)
        text = game.inner_text()
        assert all(name in text for name in won), (ph.name, text, won)
        rows = score.locator(".score-rows li")
        wins = {
            rows.nth(i).locator(".seat-name").inner_text(): rows.nth(i).get_attribute("data-wins")
            for i in range(12)
        }
        assert sorted(n for n, w in wins.items() if w == "1") == won, (ph.name, wins)
    host = bot.phones[0]
    check_between_games(host.page, host.lang, bot.shots)
    again = t("end.again", host.lang)
    host.page.get_by_role("button", name=again, exact=True).click()
    confirm = host.page.get_by_role("group", name=t("end.again.confirm", host.lang))
    confirm.get_by_role("button", name=again).click()
    for ph in bot.phones:
        expect(ph.page.get_by_role("button", name=t("reveal.hold", ph.lang))).to_be_visible()
    for board in boards:
        stars = board.page.locator(".board-seats li .board-wins")
        expect(stars).to_have_count(12)
        texts = [stars.nth(i).inner_text() for i in range(12)]
        assert sorted(texts) == sorted(["★1"] * len(won) + ["★0"] * (12 - len(won))), texts
        if board.shots is not None:
            path = board.shots / f"board_{board.label}_game2.png"
            board.page.screenshot(path=str(path), animations="disabled")


def check_between_games(page: Page, lang: str, shots: Path | None) -> None:
    """Issue 34 between games: the host's table, deck and odds for the next game sit right
    under Play again, above the score and the whole story (they were at its foot, ~4,900 px
    down), and they show what the deck did here (this server runs no simulated odds: what
    real tables did, the game just played)."""
    settings = page.get_by_role("button", name=t("end.settings", lang), exact=True)
    expect(settings).to_be_visible()
    if shots is not None:
        settings.scroll_into_view_if_needed()
        page.screenshot(path=str(shots / "between_games_closed.png"), animations="disabled")
    box, score = settings.bounding_box(), page.get_by_test_id("evening-score").bounding_box()
    assert box is not None and score is not None and box["y"] < score["y"], (box, score)
    settings.click()
    body = page.locator(".between-games.open")
    expect(body.locator(".deck")).to_be_visible()
    expect(body.locator(".real-tables")).to_have_attribute("data-games", "1")
    if shots is not None:
        body.screenshot(path=str(shots / "between_games_open.png"), animations="disabled")
    settings.click()  # closed again: Play again is where it was


def test_twelve_phones_timed_game(
    twelve_server: str, new_phone: NewPhone, browser: Browser, shots: Path
) -> None:
    """Twelve phones play a Timed game to the end, in Dutch (every phone and a board; issue
    18's acceptance), watched by English boards too. The timers are long and the test runs out
    those the table waits on (``waits_on_timer``, tests/browser/clock.py).

    The lobby offers only the discussion time (set to its minimum here; the server's test
    timers override it). The table lets two timers run out on purpose: nobody taps End
    discussion, and nobody votes on day 1's proposal, which the timer counts as For (H-APR-4);
    the test runs each out once every phone shows it and the Seer and the Pickpocket have
    acted (in the discussion), so neither depends on how fast a busy machine sweeps.
    TV boards watch from the full lobby to the end (Dutch at 1280×720, English at 1280×720 and
    1920×1080): no scene may scroll or clip (issue 18 §2). The game shoots every scene it
    meets; then the host plays again and the score stays (issue 18 §7). English phones play
    whole games in the five-phone test (test_board_story.py) and in every other browser test: a second twelve-phone
    game in English (six minutes of the suite) met nothing this one does not.
    """
    t0 = time.monotonic()
    boards: list[BoardWatch] = []
    lang = "nl"
    codes: list[str] = []

    def open_boards(code: str) -> None:
        codes.append(code)
        for size, locale in ((TV_720, "nl-NL"), (TV_720, "en-US"), (TV_1080, "en-US")):
            boards.append(BoardWatch.open(browser, f"{twelve_server}/board/{code}", size, shots, locale))
        for board in boards:
            board.page.wait_for_function("document.querySelectorAll('.board-seats li').length === 12")
            board()

    phones = open_table(
        new_phone,
        twelve_server,
        12,
        mode="timed",
        shortest_discussion=True,
        langs=dict.fromkeys(range(12), lang),
        shots=shots,
        before_start=open_boards,
    )
    # The table votes out the first cat on its list, Anna: were she the Jester (1 game in
    # 12), the game would end at its first vote, before the vote-result scene it must
    # shoot. So the day-1 vote is all Blank, and day 2 opens with that scene.
    policy = Policy(end_discussion=False, approve_day1=False, blank_until=1)
    bot = UiBot(phones, shots, policy, seed=12, only=None)
    bot.watchers.extend(boards)
    # Twelve phones and three boards on two shared cores: each sweep reads twelve pages.
    clock = Clock(twelve_server, codes[0])
    screens = clock.play(
        bot, all_results, timeout=420, what="every phone at the results screen", waits=waits_on_timer
    )
    assert ("APPROVAL_VOTE", 1) in clock.ran and ("DISCUSSION", 1) in clock.ran, clock.ran
    for board in boards:
        board()  # the results screen too
        assert not board.overflows, f"the {board.label} board scrolls or clips: {board.overflows}"
        scenes = {
            "LOBBY",
            "DEPART_A",
            "WITCH_C",
            "EVENING_ANNOUNCE",
            "APPROVAL_VOTE",
            "EXILE_VOTE",
            "GAME_END",
        }
        assert scenes <= set(board.seen), f"the {board.label} board missed {sorted(scenes - set(board.seen))}"
    winner, reason = check_results(bot, screens)
    roles = sorted(ph.role or "?" for ph in phones)
    expected = (  # Table 2.1 at 12 players with B-9: a second Crow instead of a Villager
        ["WITCH"] * 3
        + ["CROW", "CROW", "JESTER", "SEER", "HERB_DOCTOR", "PROTECTOR", "PICKPOCKET"]
        + ["VILLAGER"] * 2
    )
    assert roles == sorted(expected), roles
    check_story(bot)
    met = {"seer", "pickpocket"} & set(bot.seen)
    able = [ph for ph in phones if ph.role in ("SEER", "PICKPOCKET")]
    assert met, "the Seer's or the Pickpocket's scene was never met\n" + "\n".join(
        f"{ph.role}: {bot.timeline(ph)}" for ph in able
    )
    for ph in phones:
        if ph.role == "WITCH":
            assert sorted(ph.team) == sorted(p.name for p in phones if p.role == "WITCH" and p is not ph)
        if ph.role == "CROW":
            assert sorted(ph.team) == sorted(p.name for p in phones if p.role == "WITCH")
    # H-TIM-2/3: running countdowns on the timed steps, the Confirm scenes and the ritual
    # included (H-TBL-3); none on the Ready of the role reveal.
    timed = {
        "DEPART_A",
        "DISCUSSION",
        "PROPOSAL",
        "APPROVAL_VOTE",
        "EXILE_VOTE",
        "EVENING_ANNOUNCE",
        "RITUAL",
    }
    assert timed <= bot.timed_phases, f"countdowns seen in {sorted(bot.timed_phases)}"
    assert "ROLE_REVEAL" not in bot.timed_phases, f"countdowns seen in {sorted(bot.timed_phases)}"
    assert not bot.unnamed, f"controls without an accessible name: {sorted(bot.unnamed)}"
    assert not bot.wide, f"scenes wider than the phone (px too wide): {bot.wide}"
    # Day 1's proposal was decided by the timer: every vote For, each marked "(auto)".
    for ph in phones:
        scene = next(tree for p, d, tree in ph.history if p in ("ACCEPT_SCENE", "REJECT_SCENE"))
        assert f"{t('votes.against', lang)} (0)" in scene, f"{ph.name}: someone voted Against on day 1"
        m = re.search(re.escape(t("votes.for", lang)) + r" \((\d+)\)", scene)
        assert m is not None and int(m.group(1)) > 0, scene
        autos = find_pattern("approve.auto", lang).findall(scene)
        assert len(autos) == int(m.group(1)), f"{ph.name}: For votes {m.group(1)}, marked auto {autos}"
        assert ph.found("discuss.ended") == [], f"{ph.name} ended a discussion"
    check_evening(bot, winner, boards)
    for board in boards:
        board.close()
    # every scene type met was shot, in Dutch
    missing = REQUIRED_SCENES - {"seer", "reject", "quarrel"} - set(bot.seen)  # left to chance
    assert not missing, f"scenes never shot: {sorted(missing)}; shot: {sorted(bot.seen)}"
    print(
        f"\n12 phones ({lang}): {winner} / {reason}; {time.monotonic() - t0:.1f} s; ran out {clock.ran}; pages read {bot.reads}, unchanged {bot.reused}; timers in {sorted(bot.timed_phases)}; alerts: {bot.alerts}\n{bot.timeline()}"
    )
