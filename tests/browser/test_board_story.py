"""Issue 18 §2 and §7 in the browser: the TV board narrates and ticks, its switch silences
it, and at the end the phones' recap and the board's slideshow tell what the game's
transcript says happened; and issue 3's browser test 1, five phones through a whole game.

One game (five phones, Unlimited, English) carries both, with two boards watching: a Dutch
one at 1280×720 that narrates the whole game, and an English one at 1920×1080 whose sound is
switched off on the first evening. Speech and audio are recorded by ``sound_stub`` in each
board page. The other tests read the board's recap fixtures (mock.html) at TV size.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, FloatRect, Page, ViewportSize, expect

from nightfall.cli.replay import stored_transcript
from nightfall.engine import kernel
from nightfall.engine.transcript import Transcript
from nightfall.games import registry
from nightfall.store import open_store

from .board import MEASURE
from .clock import Clock
from .conftest import NewPhone, _serve
from .game_checks import REQUIRED_SCENES, all_results, check_results, check_story
from .scenes import WEB
from .sound_stub import Entry, install, read_log
from .table import open_table
from .texts import catalog, t
from .uibot import Policy, UiBot

pytestmark = pytest.mark.browser

TV_720: ViewportSize = {"width": 1280, "height": 720}
TV_1080: ViewportSize = {"width": 1920, "height": 1080}

# What the narrator must say in each scene, after the scene's title: every key of a tuple,
# or (a list) one of the keys. Placeholders match anything.
SAYS: dict[str, tuple[str, ...] | list[str]] = {
    "ROLE_REVEAL": ("say.ROLE_REVEAL",),
    "VOTE_RESULT_SCENE": [
        "voteres.exiled.witch",
        "voteres.exiled.notwitch",
        "voteres.tie",
        "voteres.allblank",
        "voteres.noquorum",  # H-EXC-8: at 5 and 6 players, a leader below the quorum
    ],
    "DEPART_A": ("hdr.day", "say.recipe", "say.DEPART_A"),
    "WITCH_C": ("say.WITCH_C",),
    "EVENING_ANNOUNCE": ["evening.safe", "evening.frog.one", "evening.frog.many"],
    "DISCUSSION": ("say.DISCUSSION",),
    "PROPOSAL": ("proposal.wait",),
    "APPROVAL_VOTE": ("say.APPROVAL_VOTE",),
    "ACCEPT_SCENE": ("say.ACCEPT_SCENE",),
    "REJECT_SCENE": ("say.REJECT_SCENE",),
    "RITUAL": ("say.RITUAL",),
    "RITUAL_RESULT": ("result.title",),
    "QUARREL": (),
    "EXILE_VOTE": ("say.EXILE_VOTE",),
    "GAME_END": ["end.winner.village", "end.winner.witches", "end.winner.jester"],
}
WINNERS = ("village", "witches", "jester")


def _rx(key: str, lang: str) -> re.Pattern[str]:
    parts = re.split(r"\{\w+\}", catalog(lang)[key])
    return re.compile(".+?".join(re.escape(p) for p in parts))


# The rules' timers, but for the quarrel (4 s in both modes, H-TIM-2): the test runs every
# quarrel out itself once the table is settled on it (clock.py), so it can neither run out
# before the sweep has seen and shot it nor make the table wait on a busy machine. The
# witches' 15 s stay real: day 1's is the one whose ticks the narration check counts.
STORY_TIMERS: dict[str, float] = {"quarrel": 600}


@pytest.fixture(scope="module")
def story_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A server of our own, so the test can read the game's transcript from its store."""
    data = tmp_path_factory.mktemp("nightfall-story")
    with _serve(data, STORY_TIMERS) as base:
        yield base, data


class Board:
    def __init__(self, browser: Browser, url: str, size: ViewportSize, lang: str) -> None:
        locale = "nl-NL" if lang == "nl" else "en-US"
        self.ctx = browser.new_context(
            viewport=size, device_scale_factor=1, locale=locale, reduced_motion="reduce"
        )
        install(self.ctx)
        self.page: Page = self.ctx.new_page()
        self.lang = lang
        self.page.goto(url)
        self.page.wait_for_selector(".board")
        self.click_at = 0.0  # page time (ms) just before its sound switch was clicked off
        self.off_at: float | None = None  # page time (ms) once the switch showed off

    def switch(self) -> Any:
        return self.page.get_by_role("button", name=t("board.sound", self.lang), exact=True)

    def log(self) -> list[Entry]:
        return read_log(self.page)


def scenes_of(log: list[Entry]) -> list[tuple[str, int, float, float]]:
    """(phase, day, start, end) of every scene the board showed (ms, page clock)."""
    marks = [e for e in log if e["kind"] == "scene"]
    out = []
    for i, e in enumerate(marks):
        phase, day = e["key"].split(":")
        end = marks[i + 1]["at"] if i + 1 < len(marks) else float("inf")
        out.append((phase, int(day), e["at"], end))
    return out


def check_narration(board: Board, until: float = float("inf")) -> tuple[int, int]:
    """Every scene that stayed 1.5 s was read out in the board's language, with its own text,
    after a scene chime; ticks only in a timer's last 10 s. Returns the scenes told and the
    witches' whole 15 s steps whose ticks were counted."""
    log = board.log()
    lang = board.lang
    told = ticked = 0
    for phase, day, start, end in scenes_of(log):
        if phase == "LOBBY" or start >= until:
            continue
        inside = [e for e in log if start <= e["at"] < min(end, until)]
        says = [e for e in inside if e["kind"] == "say"]
        chimes = [e for e in inside if e["kind"] == "tone" and e["type"] == "triangle"]
        if min(end, until) - start >= 1500:
            assert says, f"{lang} board: {phase} of day {day} was not read out: {inside}"
            # The chime first, then the voice (timing is the busy machine's: only the order).
            assert chimes and chimes[0]["at"] <= says[0]["at"], f"{lang} board: no chime on {phase} {day}"
        for say in says:
            text = say["text"]
            assert say["lang"].startswith(lang) and say["voice"] is not None, say
            assert say["voice"] == ("Stub Nederlands" if lang == "nl" else "Stub English (GB)"), say
            title = t(f"phase.{phase}", lang)
            assert text.startswith(title), f"{lang} board, {phase}: {text!r} does not start with {title!r}"
            want = SAYS[phase]
            if isinstance(want, list):
                assert any(_rx(k, lang).search(text) for k in want), f"{lang} {phase}: {text!r}"
            else:
                for k in want:
                    assert _rx(k, lang).search(text), f"{lang} {phase}: {text!r} lacks {k}"
            if phase == "DEPART_A":
                assert t("hdr.day", lang, n=day) + "." in text, f"{lang}: day {day} not said: {text!r}"
            told += 1
        ticks = [e for e in inside if e["kind"] == "tone" and e["type"] == "square"]
        if phase == "WITCH_C" and end - start > 13_000 and end <= until:
            # The witches' 15 s (H-GAT-1): ticks in the last 10 s only, one a second.
            assert 8 <= len(ticks) <= 10, f"{lang}: {len(ticks)} ticks in the witches' 15 s: {ticks}"
            assert ticks[0]["at"] - start >= 3_500, f"{lang}: a tick {ticks[0]['at'] - start} ms into 15 s"
            # Spread over those seconds, not a burst (the page's timers run late on a busy
            # machine, so single gaps vary; 10 ticks on time span 9 s).
            span = ticks[-1]["at"] - ticks[0]["at"]
            assert span >= 6_000, f"{lang}: the ticks span {span} ms: {[e['at'] - start for e in ticks]}"
            ticked += 1
        elif phase not in ("WITCH_C", "QUARREL"):
            # Unlimited mode: no other scene has a timer (H-TIM-2), so nothing may tick.
            assert not ticks, f"{lang}: ticks in {phase} of day {day}"
    return told, ticked


def transcript_facts(data: Path, code: str) -> tuple[list[str], dict[int, dict[str, Any]]]:
    """The names by seat and, per day, where everyone went, the exile ballot and the ritual's
    cards, read from the stored commands (the day from replaying them)."""
    store = open_store(data / "nightfall.sqlite3")
    try:
        tr: Transcript = stored_transcript(store, code)
    finally:
        store.close()
    game = registry.get(tr.game)
    state = game.setup(tr.config, tr.seed)
    names = list(tr.config["players"])
    days: dict[int, dict[str, Any]] = {}
    for cmd in tr.commands:
        day = days.setdefault(state.day.number, {"place": {}, "votes": {}, "cards": {}})
        p = cmd.payload or {}
        if cmd.type in ("depart", "guard_place", "witch_place") and isinstance(p.get("place"), str):
            how = {"depart": "gather", "guard_place": "guard", "witch_place": "witch"}[cmd.type]
            day["place"][cmd.actor] = (p["place"], how)
        elif cmd.type == "depart" and p.get("guard"):
            day["place"].pop(cmd.actor, None)
        elif cmd.type == "exile_vote":
            day["votes"][cmd.actor] = p.get("target")
        elif cmd.type == "play_card":
            day["cards"][cmd.actor] = p["card"]
        kernel.apply(game, state, cmd)
    # Day 0 is the role reveal: nobody has gone anywhere yet.
    return names, {n: d for n, d in days.items() if any(d.values())}


def check_recap_day(
    where: str, shown: dict[str, Any], names: list[str], facts: dict[str, Any], lang: str
) -> int:
    """One recap day as shown (``READ_DAY``) against the transcript's facts; returns the facts checked."""
    places: list[str] = shown["places"]
    ballot: list[str] = shown["ballot"]
    cards: list[str] = shown["cards"]
    checked = 0
    for seat, (place, how) in facts["place"].items():
        name = names[seat - 1]
        line = next((li for li in places if li.startswith(t(f"place.{place}", lang) + ":")), None)
        assert line is not None, f"{where}: no line for {t(f'place.{place}', lang)}: {places}"
        assert re.search(rf"\b{name}\b", line), f"{where}: {name} went to {place} ({how}): {line!r}"
        if how == "witch":  # her name with the witch's hat (issue 31 §3)
            assert name in [w.rstrip("*") for w in shown["witches"]], (line, shown["witches"])
        checked += 1
    for voter, target in facts["votes"].items():
        whom = t("recap.blank", lang) if target is None else names[target - 1]
        assert f"{names[voter - 1]} → {whom}" in ballot, (
            f"{where}: vote {names[voter - 1]} → {whom}: {ballot}"
        )
        checked += 1
    for seat, card in facts["cards"].items():
        assert f"{names[seat - 1]}: {t(f'ing.{card}', lang)}" in cards, (
            f"{where}: card of {names[seat - 1]}: {cards}"
        )
        checked += 1
    if not facts["cards"]:
        assert not cards, f"{where}: cards shown for a day without a ritual: {cards}"
    assert len(ballot) == len(facts["votes"]), (
        f"{where}: {len(ballot)} ballots shown, {len(facts['votes'])} cast"
    )
    return checked


READ_DAY = """(el) => ({
  day: Number(el.dataset.day),
  part: Number(el.dataset.part ?? 1),
  parts: Number(el.dataset.parts ?? 1),
  title: el.querySelector('h3').innerText.trim(),
  places: [...el.querySelectorAll('.recap-places li')].map((li) => li.innerText.trim()),
  witches: [...el.querySelectorAll('.recap-places .recap-witch')].map((w) => w.innerText.trim()),
  ballot: [...el.querySelectorAll('.recap-ballot .recap-voter')].map((v) => v.getAttribute('aria-label')),
  cards: [...el.querySelectorAll('.recap-cards li')].map((li) => li.innerText.trim()),
})"""


# The Protector guards on day 1 (the recap then has a guard's place to tell); the witches attack
# from day 3 at 5 players (B-14, H-WAT-9), so no evening before it has an attack to repel.
GUARD_DAY = 1


def test_five_phones_play_a_whole_game_and_the_boards_narrate_it(
    story_server: tuple[str, Path], new_phone: NewPhone, browser: Browser, shots: Path
) -> None:
    """Issue 3's browser test 1 and issue 18 §2 and §7, on one game: five phones join by room
    code and play Unlimited mode to the results screen (every scene type shot, the results and
    the story each phone showed agree with the roles), while two TV boards watch, narrate and
    tick (H-GAT-2: the witches' 15 s), one of them switched off on the first evening, and at
    the end every phone's recap and the board's slideshow tell what the stored transcript says.

    The table waits on two timers the test does not measure after once: the witches' 15 s
    (H-GAT-4) of day 2 on and every quarrel (600 s on this server) are run out as soon as the
    table is settled on them (tests/browser/clock.py); day 1's witches' step runs its whole
    15 s, whose ticks the narration check counts.
    """
    base, data = story_server
    t0 = time.monotonic()
    boards: dict[str, Board] = {}
    code = ""

    def open_boards(room: str) -> None:
        nonlocal code
        code = room
        boards["nl"] = Board(browser, f"{base}/board/{room}", TV_720, "nl")
        boards["en"] = Board(browser, f"{base}/board/{room}", TV_1080, "en")
        for b in boards.values():
            # On by default, but a browser needs a click first: the board asks for one, once.
            hint = b.page.get_by_role("status").filter(has_text=t("board.sound.unlock", b.lang))
            expect(hint).to_be_visible()
            expect(b.switch()).to_have_attribute("aria-pressed", "true")
            b.page.screenshot(path=str(shots / f"board_{b.lang}_lobby_unlock.png"), animations="disabled")
            b.page.locator("h1").click()
            expect(hint).to_have_count(0)
            assert not [e for e in b.log() if e["kind"] == "say"], "the lobby was narrated"

    phones = open_table(new_phone, base, 5, mode="unlimited", shots=shots, before_start=open_boards)
    # At 5 players the witches attack from day 3 (B-14, H-WAT-9) and an exile needs 4 of the 5
    # ballots (B-13, H-EXC-8). Day 1: the first proposal is voted down and the exile vote is
    # blank, so that day 2 opens with the vote-result scene; from day 2 the table agrees on
    # whom to exile (4 or 5 votes: every voter names the first cat on their list). The
    # Protector guards on day 1; the Herb Doctor turns nobody back.
    policy = Policy(reject_first=True, guard_day=GUARD_DAY, blank_until=1, turn_back=False)
    bot = UiBot(phones, shots, policy, seed=3)

    def silence_en_board() -> None:
        b = boards["en"]
        # Off in the first evening scene the sweep sees (the discussion may pass between two
        # sweeps on a busy machine), before the game's end so that there is sound to silence.
        phase = b.page.locator(".board").get_attribute("data-phase")
        if b.off_at is None and phase not in (
            "LOBBY",
            "ROLE_REVEAL",
            "DEPART_A",
            "WITCH_C",
            "EVENING_ANNOUNCE",
        ):
            assert phase != "GAME_END", "the game ended before its first evening"
            b.click_at = float(b.page.evaluate("Date.now()"))
            b.switch().click()
            expect(b.switch()).to_have_attribute("aria-pressed", "false")
            b.off_at = float(b.page.evaluate("Date.now()"))

    def shoot_boards() -> None:
        for b in boards.values():
            phase = b.page.locator(".board").get_attribute("data-phase")
            path = shots / f"board_{b.lang}_{phase}.png"
            if not path.exists():
                b.page.screenshot(path=str(path), animations="disabled")

    bot.watchers.extend([silence_en_board, shoot_boards])
    clock = Clock(base, code)
    screens = clock.play(
        bot,
        all_results,
        timeout=240,
        what="every phone at the results screen",
        waits=lambda s: s.phase == "QUARREL" or (s.phase == "WITCH_C" and s.day >= 2),
    )
    played = time.monotonic() - t0

    # --- the phones -------------------------------------------------------------------
    result = " / ".join(check_results(bot, screens))
    roles = sorted(ph.role or "?" for ph in phones)
    # Table 2.1 with B-5: a Crow instead of the Seer at 5 players.
    assert roles == sorted(["WITCH", "CROW", "HERB_DOCTOR", "PROTECTOR", "VILLAGER"]), roles
    check_story(bot)
    # Days 1 and 2 bring no attack (B-14): every evening before day 3 is safe, and the
    # Protector, who guarded on day 1, is the only one who saw the guard step (check_story).
    # No phone is ever told of a repelled attack before day 3. The first proposal was
    # rejected by all five, and day 2 opened with the all-blank vote.
    protector = next(ph for ph in phones if ph.role == "PROTECTOR")
    assert any(p == "GUARD_B" and d == GUARD_DAY for p, d, _tree in protector.history), (
        f"the Protector did not guard on day {GUARD_DAY}: {protector.phases}"
    )
    for ph in phones:
        evenings = sorted({day for phase, day, _tree in ph.history if phase == "EVENING_ANNOUNCE"})
        safe = {day for day, _ in ph.found("evening.safe", "EVENING_ANNOUNCE")}
        assert 1 in evenings, f"{ph.name}: no evening on day 1"
        quiet = {d for d in evenings if d <= 2}
        assert quiet <= safe, f"{ph.name}: evenings {evenings}, safe {sorted(safe)}"
        repelled = ph.found("evening.repelled", "EVENING_ANNOUNCE")
        assert [d for d, _ in repelled if d <= 2] == [], (ph.name, repelled, evenings)
        assert f"{t('votes.against')} (5)" in "".join(
            tree for p, d, tree in ph.history if p == "REJECT_SCENE"
        )
        first_result = next(tree for p, _d, tree in ph.history if p == "VOTE_RESULT_SCENE")
        assert t("voteres.allblank") in first_result, f"{ph.name}: day 2 did not open with the blank vote"
    # No Seer nor Pickpocket at 5 players (B-5): their scene is met in the 12-phone game.
    required = REQUIRED_SCENES - {"seer"}
    missing = required - set(bot.seen)
    assert not missing, f"scenes never met: {sorted(missing)}; met: {sorted(bot.seen)}"
    assert all(bot.seen[key] is not None for key in required)  # each one was shot
    crow = next(ph for ph in phones if ph.role == "CROW")
    assert crow.team == [p.name for p in phones if p.role == "WITCH"]  # H-CRW-2
    assert not bot.unnamed, f"controls without an accessible name: {sorted(bot.unnamed)}"
    # Unlimited: only the witches' step and the quarrel run on real time (H-TIM-2).
    assert bot.timed_phases <= {"WITCH_C", "QUARREL"}, f"countdowns in {sorted(bot.timed_phases)}"
    assert ("QUARREL", 1) in clock.ran, clock.ran

    # --- the narrator ---------------------------------------------------------------
    nl, en = boards["nl"], boards["en"]
    nl.page.wait_for_selector(".board[data-phase=GAME_END]")
    nl.page.wait_for_timeout(1_000)
    told_nl, ticked = check_narration(nl)
    assert ticked >= 1, "no witches' step ran its whole 15 s on the board: its ticks were not checked"
    assert en.off_at is not None, "the game never reached the evening"
    told_en, _ = check_narration(en, until=en.off_at)
    assert told_nl >= 10 and told_en >= 4, (told_nl, told_en)
    after = [e for e in en.log() if e["at"] > en.off_at + 50 and e["kind"] in ("say", "tone")]
    assert not after, f"the switched-off board still made sound: {after[:5]}"
    assert any(e["kind"] == "cancel" and en.click_at <= e["at"] <= en.off_at for e in en.log()), (
        "switching off did not hush"
    )
    # The switch is remembered: a reload keeps the board silent.
    en.page.reload()
    expect(en.switch()).to_have_attribute("aria-pressed", "false")
    # The end is told with the winner the phones show.
    shown = next(w for w in WINNERS if t(f"end.winner.{w}") in screens[0].snapshot)
    last_say = [e for e in nl.log() if e["kind"] == "say"][-1]
    assert t(f"end.winner.{shown}", "nl") in last_say["text"], last_say

    # --- the recap against the transcript ------------------------------------------
    names, facts = transcript_facts(data, code)
    assert names == [ph.name for ph in phones]
    checked = 0
    for ph in phones:
        days = [
            ph.page.evaluate(READ_DAY, el)
            for el in ph.page.locator(".recap-phone .recap-day").element_handles()
        ]
        assert [d["day"] for d in days] == sorted(facts), f"{ph.name}: recap days {[d['day'] for d in days]}"
        for d in days:
            checked += check_recap_day(f"{ph.name} day {d['day']}", d, names, facts[d["day"]], "en")
    # The board's slideshow, a day per slide (a busy day over two or more, "Day 2 (1/2)"),
    # moved on with the arrow keys (a remote); a day's parts together tell the whole day.
    board = nl.page
    slides = board_slides(board, "nl", shots, "board_nl_recap")
    assert sorted(slides) == sorted(facts), f"board slides {sorted(slides)}, transcript days {sorted(facts)}"
    for n, d in slides.items():
        checked += check_recap_day(f"board day {n}", d, names, facts[n], "nl")
    assert checked >= 30, checked
    print(
        f"\n5 phones: {result}; played in {played:.1f} s, all checked in {time.monotonic() - t0:.1f} s;"
        f" narrated {told_nl} (nl) + {told_en} (en) scenes; {checked} recap facts; ran out {clock.ran};"
        f" scenes: {sorted(bot.seen)}\n{bot.timeline()}"
    )
    for b in boards.values():
        b.ctx.close()


# The smallest font size (px) of any text in the slide on show, and whether the slide scrolls
# or clips its day.
SLIDE_TEXT = """() => {
  const slide = document.querySelector('.recap-board .recap-slide:not(.recap-probe)');
  const sizes = [];
  const walk = document.createTreeWalker(slide, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const el = n.parentElement;
    if (n.textContent.trim() && el.offsetParent !== null) sizes.push(parseFloat(getComputedStyle(el).fontSize));
  }
  const boxes = [...slide.querySelectorAll('.recap-day, .recap-flow')];
  return {
    min: Math.min(...sizes),
    over: boxes.filter((b) => b.scrollHeight > b.clientHeight + 1 || b.scrollWidth > b.clientWidth + 1).map((b) => b.className),
  };
}"""


def _slide_at(board: Page) -> int:
    return int(board.locator(".recap-board").get_attribute("data-slide") or 0)


def _show_slide(board: Page, i: int, total: int) -> None:
    """Bring slide ``i`` up with the arrow keys, from wherever the slideshow is."""
    for _ in range((i - _slide_at(board)) % total):
        board.keyboard.press("ArrowRight")
    expect(board.locator(".recap-board")).to_have_attribute("data-slide", str(i))


def _read_slide(board: Page, i: int, total: int) -> dict[str, Any]:
    """What slide ``i`` shows, read while it stays up: the slideshow also moves on by itself
    (12 s of the page's own clock after the last key, ``Slides.tsx``), which a busy machine
    can reach between two reads; then the slide is brought back and read again."""
    for _ in range(5):
        _show_slide(board, i, total)
        day = board.locator(".recap-board .recap-slide .recap-day")
        read = {
            "day": board.evaluate(READ_DAY, day.element_handle()) if day.count() else None,
            "look": board.evaluate(SLIDE_TEXT),
            "measure": board.evaluate(MEASURE),
        }
        if _slide_at(board) == i:
            return read
    raise AssertionError(f"slide {i} never stayed up for one reading")


def board_slides(board: Page, lang: str, shots: Path, prefix: str) -> dict[int, dict[str, Any]]:
    """Every slide of the board's story, once round with the arrow keys: the days as the board
    shows them, a split day's parts joined (in order, each titled "Day n (k/m)"). Every
    slide's text is at least 20 px at 1280×720 and nothing scrolls or clips."""
    total = int(board.locator(".recap-board").get_attribute("data-slides") or 0)
    days: dict[int, dict[str, Any]] = {}
    for i in range(total):
        read = _read_slide(board, i, total)
        look, m, d = read["look"], read["measure"], read["day"]
        if i == 0 and board.viewport_size == {"width": 1280, "height": 720}:
            # the first slide, the result, is read from the sofa as well
            assert look["min"] >= 20, look
            assert m["height"] <= m["H"] and m["width"] <= m["W"] and not m["clipped"], (i, m)
            board.screenshot(path=str(shots / f"{prefix}_result.png"), animations="disabled")
        if d is not None:
            if d["parts"] == 1:
                assert d["title"] == t("recap.day", lang, n=d["day"]), d["title"]
            else:
                assert d["title"] == t("recap.dayPart", lang, n=d["day"], part=d["part"], parts=d["parts"])
            seen = days.setdefault(
                d["day"], {"places": [], "witches": [], "ballot": [], "cards": [], "parts": []}
            )
            assert seen["parts"] == list(range(1, d["part"])), (
                f"day {d['day']}: part {d['part']} after {seen['parts']}"
            )
            seen["parts"].append(d["part"])
            seen["total"] = d["parts"]
            for k in ("places", "witches", "ballot", "cards"):
                seen[k] += d[k]
            if board.viewport_size == {"width": 1280, "height": 720}:
                assert look["min"] >= 20, f"slide {i} (day {d['day']} {d['part']}/{d['parts']}): {look}"
            assert not look["over"], f"slide {i}: {look}"
            assert m["height"] <= m["H"] and m["width"] <= m["W"] and not m["clipped"], (i, m)
            name = f"day{d['day']}" + (f"-{d['part']}of{d['parts']}" if d["parts"] > 1 else "")
            board.screenshot(path=str(shots / f"{prefix}_{name}.png"), animations="disabled")
    _show_slide(board, total - 1, total)
    board.keyboard.press("ArrowRight")
    expect(board.locator(".recap-board")).to_have_attribute("data-slide", "0")  # round again
    for n, d in days.items():
        assert d["parts"] == list(range(1, d["total"] + 1)), f"day {n}: parts {d['parts']} of {d['total']}"
    return days


def result12() -> dict[str, Any]:
    """The recap of a real 12-player game the board's fixtures show (web/src/heks/mock/recap12.ts)."""
    text = (WEB / "src" / "heks" / "mock" / "recap12.ts").read_text()
    return dict(json.loads(text[text.index("= {") + 2 : text.rindex("}") + 1]))


@pytest.mark.parametrize(
    ("fixture", "lang"),
    [("board_result12_long", "nl"), ("board_result12_long", "en"), ("board_result12", "nl")],
)
def test_a_twelve_player_recap_reads_at_20px_and_splits_its_busy_days(
    browser: Browser, mock: str, shots: Path, fixture: str, lang: str
) -> None:
    """UX: at 1280×720 every text of every recap slide is at least 20 px and no slide scrolls
    or clips; a day with three long proposals and a table's longest names goes over two slides
    ("Dag 1 (1/2)", "(2/2)") instead of shrinking, and its parts together show the whole day:
    every place, every ballot and every card once, in the day's order."""
    recap = result12()["recap"]
    ctx = browser.new_context(viewport=TV_720, device_scale_factor=1, reduced_motion="reduce")
    page = ctx.new_page()
    page.goto(f"{mock}/mock.html?s={fixture}&lang={lang}")
    page.wait_for_selector(".recap-board")
    days = board_slides(page, lang, shots, f"{fixture}_{lang}")
    assert sorted(days) == [d["day"] for d in recap]
    for d in recap:
        shown = days[d["day"]]
        assert len(shown["places"]) == len({m["place"] for m in d["moves"]}), (d["day"], shown["places"])
        assert len(shown["ballot"]) == len(d["exile"]["ballot"] if d["exile"] else []), (
            d["day"],
            shown["ballot"],
        )
        assert len(shown["cards"]) == len(d["ritual"]["plays"] if d["ritual"] else []), (
            d["day"],
            shown["cards"],
        )
    busy = [d["day"] for d in recap if len(d["teams"]) == 3]
    assert busy, "the fixture has no day with three proposals"
    if fixture == "board_result12_long":
        # the three-proposal days did not fit one slide at 20 px (they were shrunk to 15.8-17.3 px)
        assert all(days[n]["total"] >= 2 for n in busy), {n: days[n]["total"] for n in busy}
    else:
        # at 28 px (issue 31 §3) a 12-player day takes two or three slides, never more
        assert max(d["total"] for d in days.values()) <= 3, {n: d["total"] for n, d in days.items()}
    ctx.close()


@pytest.mark.parametrize(("fixture", "lang"), [("board_result12_long", "nl"), ("board_result12", "en")])
def test_the_sound_hint_at_the_results_keeps_to_the_players_column(
    browser: Browser, mock: str, shots: Path, fixture: str, lang: str
) -> None:
    """UX: a TV nobody has tapped yet still asks for a tap at the results, but the hint covers
    no part of the results and no player's row that shows (it used to lie over the results'
    foot), stays whole on the screen, and reads at 28 px (issue 31 §3)."""
    ctx = browser.new_context(viewport=TV_720, device_scale_factor=1, reduced_motion="reduce")
    page = ctx.new_page()
    page.goto(f"{mock}/mock.html?s={fixture}&lang={lang}")
    page.wait_for_selector(".recap-board")
    hint = page.get_by_role("status").filter(has_text=t("board.sound.unlock.short", lang))
    expect(hint).to_be_visible()
    page.screenshot(path=str(shots / f"{fixture}_{lang}_sound_hint.png"), animations="disabled")
    box = hint.bounding_box()
    assert box is not None

    def overlaps(other: FloatRect) -> bool:
        return not (
            box["x"] + box["width"] <= other["x"]
            or other["x"] + other["width"] <= box["x"]
            or box["y"] + box["height"] <= other["y"]
            or other["y"] + other["height"] <= box["y"]
        )

    # What the hint may not cover is what people read: every piece of the results that shows
    # (each element with text of its own, the slide dots) and every player's row that shows.
    # At the end the results take the whole width (issue 31 §3: 28 px), so the hint sits in
    # their empty foot, not beside them.
    covered = page.evaluate(
        """(hint) => {
            const out = [];
            const seen = (el) => { const r = el.getBoundingClientRect();
                return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden"; };
            const parts = [...document.querySelectorAll(".board-main *, .board-seats li")].filter((el) =>
                seen(el) && (el.matches(".board-seats li") || el.children.length === 0 ||
                    [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())));
            for (const el of parts) {
                const r = el.getBoundingClientRect();
                if (!(hint.x + hint.width <= r.x || r.x + r.width <= hint.x ||
                      hint.y + hint.height <= r.y || r.y + r.height <= hint.y))
                    out.push(el.className + ": " + (el.textContent || "").trim().slice(0, 40));
            }
            return out;
        }""",
        box,
    )
    assert not covered, (box, covered)
    assert box["x"] >= 0 and box["y"] >= 0, box  # whole on the TV
    assert box["x"] + box["width"] <= TV_720["width"] and box["y"] + box["height"] <= TV_720["height"], box
    size = float(hint.evaluate("el => parseFloat(getComputedStyle(el).fontSize)"))
    assert size >= 28, size  # issue 31 §3: every board text at least 28 px
    ctx.close()
