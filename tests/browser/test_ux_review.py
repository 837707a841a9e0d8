"""The UX review of Vang de Heks at the phone's 390×844 and the TV's 1280×720, on the
dev-only mock.html fixtures (web/src/heks/mock/fixtures.ts): each test names the finding
it keeps fixed."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

from .board import MEASURE
from .conftest import PHONE, NewPhone
from .table import create_room, join_room, open_table
from .texts import join_names, pattern, t
from .uibot import Policy, UiBot, held_card, open_secret

pytestmark = pytest.mark.browser

TV: ViewportSize = {"width": 1280, "height": 720}


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    ctx: BrowserContext = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=1, reduced_motion="reduce"
    )
    yield ctx.new_page()
    ctx.close()


# Is the element's middle the topmost thing there (nothing fixed lies over it)?
ON_TOP = """(el) => {
  el.scrollIntoView({ block: 'end' });
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return hit !== null && (hit === el || el.contains(hit));
}"""


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_the_host_bar_covers_neither_the_chiefs_submit_nor_the_role_card_and_says_what_it_counts(
    phone: Page, mock: str, shots: Path, lang: str
) -> None:
    """UX review 1 (H-HST-3): the host who is chief scrolls to the end of the proposal; the
    fixed host bar lies below "submit" and the role card, and reads "3 not ready"."""
    phone.goto(f"{mock}/mock.html?s=chief_host&lang={lang}")
    bar = phone.get_by_role("button", name=re.compile("^" + re.escape(t("host.open", lang))))
    expect(bar).to_have_text(f"{t('host.open', lang)} · {t('host.notReady', lang, n=3)}")
    submit = phone.get_by_role("button", name=t("proposal.submit", lang))
    assert submit.evaluate(ON_TOP), "the host bar covers the chief's submit button"
    card = phone.locator("footer.mine").first
    assert card.evaluate(ON_TOP), "the host bar covers the role card"
    phone.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    phone.screenshot(path=str(shots / f"chief_host_bottom-{lang}.png"), animations="disabled")
    bar_top = bar.evaluate("(b) => b.getBoundingClientRect().top")
    last = phone.locator(".game-page > *:not(.hostpanel)").last
    assert last.evaluate("(e) => e.getBoundingClientRect().bottom") <= bar_top


# Is the element's middle the topmost thing there, where the page shows it now (no scrolling)?
SHOWN_ON_TOP = """(el) => {
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return r.bottom <= innerHeight && hit !== null && (hit === el || el.contains(hit));
}"""


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_a_scene_opens_with_its_confirm_clear_of_the_host_bar(
    phone: Page, mock: str, shots: Path, lang: str
) -> None:
    """Play-test (12 phones): at a 12-player vote's result the host's Confirm sat under his
    fixed bar until he scrolled. A scene that begins with its main button under the closed bar
    scrolls just enough to show it, as the host meets it, without a scroll of his."""
    phone.goto(f"{mock}/mock.html?s=voteres12&lang={lang}")
    confirm = phone.get_by_role("button", name=t("btn.confirm", lang), exact=True)
    expect(confirm).to_be_visible()
    expect(
        phone.get_by_role("button", name=re.compile("^" + re.escape(t("host.open", lang))))
    ).to_be_visible()
    phone.wait_for_function(
        "() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))"
    )
    phone.screenshot(path=str(shots / f"voteres12_host-{lang}.png"), animations="disabled")
    assert confirm.evaluate(SHOWN_ON_TOP), "the host bar covers Confirm when the scene begins"


# Per name in the lobby's list: the lines its text takes and whether a word was split.
NAME_LINES = """() => Array.from(document.querySelectorAll('.seats .seat-name')).map((el) => {
  const range = document.createRange();
  range.selectNodeContents(el);
  const lines = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
  return { text: el.innerText, lines, width: el.getBoundingClientRect().width };
})"""


def test_the_host_lobby_keeps_names_whole_and_labels_its_icon_buttons(
    server: str, new_phone: NewPhone, shots: Path
) -> None:
    """UX review 2 (H-SET-3): at 390 px the host's list shows each name on one line (not
    "Bra / m" beside four buttons); ★ ✕ ▲ ▼ have accessible names, tooltips and a legend."""
    host, bram, wil = new_phone(), new_phone(), new_phone()
    code = create_room(host, server, "Anna")
    join_room(bram, server, code, "Bram")
    join_room(wil, server, code, "Wilhelmina")
    expect(host.locator(".seats li")).to_have_count(3)
    host.screenshot(path=str(shots / "lobby_host.png"), full_page=True, animations="disabled")
    rows = host.evaluate(NAME_LINES)
    assert [r["lines"] for r in rows] == [1, 1, 1], rows
    assert min(r["width"] for r in rows) >= 150, rows
    for key in ("lobby.makeHost", "lobby.remove", "lobby.up", "lobby.down"):
        button = host.get_by_role("button", name=t(key, name="Wilhelmina"))
        expect(button).to_have_attribute("title", t(key, name="Wilhelmina"))
    expect(host.get_by_text(t("lobby.legend"))).to_be_visible()
    assert host.evaluate("document.documentElement.scrollWidth") <= 390
    expect(bram.get_by_text(t("lobby.legend"))).to_have_count(0)  # players move nobody


@pytest.mark.parametrize("fixture", ["witch_spell", "witch_target"])
def test_the_witch_window_counts_down_like_every_timed_step(
    phone: Page, mock: str, shots: Path, fixture: str
) -> None:
    """UX review 5 (H-WAT-2/3): the witch's window shows the running "Nog 0:05" beside "after
    15 seconds the choice is made automatically"."""
    phone.goto(f"{mock}/mock.html?s={fixture}&lang=nl")
    phone.get_by_role("button", name=t("secret.open", "nl"), exact=True).click()
    sheet = phone.get_by_role("dialog", name=t("secret.title", "nl"))
    timer = sheet.get_by_role("timer")
    expect(timer).to_have_text(re.compile(r"^Nog 0:\d\d$"))
    first = timer.inner_text()
    expect(timer).not_to_have_text(first, timeout=3000)  # it runs
    expect(sheet.get_by_text(t("witch.auto", "nl", n=15))).to_be_visible()
    phone.screenshot(path=str(shots / f"{fixture}.png"), full_page=True, animations="disabled")


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_the_quarrel_says_what_the_pause_is_for_once_and_fits_the_phone(
    browser: Browser, phone: Page, mock: str, shots: Path, lang: str
) -> None:
    """UX review 6 (H-RIT-10): the phone's quarrel says what comes next and stays inside 390
    px while it shakes; the board shows "Who was it?!" once (its header), the body explains."""
    phone.goto(f"{mock}/mock.html?s=knights_vote&phase=QUARREL&lang={lang}")
    expect(phone.get_by_role("alert")).to_have_text(t("quarrel.title", lang))
    expect(phone.get_by_text(t("quarrel.text", lang))).to_be_visible()
    for _ in range(5):  # through the shake's frames
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        phone.wait_for_timeout(90)
    phone.screenshot(path=str(shots / f"quarrel-phone-{lang}.png"), animations="disabled")
    ctx = browser.new_context(viewport=TV, device_scale_factor=1, reduced_motion="reduce")
    board = ctx.new_page()
    board.goto(f"{mock}/mock.html?s=board_discussion12&phase=QUARREL&lang={lang}")
    expect(board.get_by_text(t("quarrel.title", lang), exact=True)).to_have_count(1)
    expect(board.get_by_text(t("quarrel.text", lang))).to_be_visible()
    board.screenshot(path=str(shots / f"quarrel-board-{lang}.png"), animations="disabled")
    ctx.close()


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_the_board_and_the_phones_name_a_scene_alike_and_the_board_never_says_day_0(
    browser: Browser, mock: str, shots: Path, lang: str
) -> None:
    """UX review 8 (H-SEQ-1): the board's scene titles are the phones' ("Kies een plek", "De
    eend kondigt aan"); the vote's result is not "yesterday's" under that vote's day; while
    the roles are dealt the header reads "Getting ready", not "Day 0"."""
    assert t("phase.DEPART_A", lang) == t("phase.GUARD_B", lang) == t("depart.title", lang)
    assert t("phase.EVENING_ANNOUNCE", lang) == t("evening.title", lang)
    ctx = browser.new_context(viewport=TV, device_scale_factor=1, reduced_motion="reduce")
    board = ctx.new_page()
    board.goto(f"{mock}/mock.html?s=board_depart12&phase=ROLE_REVEAL&lang={lang}")
    expect(board.locator(".board-day")).to_have_text(t("hdr.prep", lang))
    board.screenshot(path=str(shots / f"reveal-board-{lang}.png"), animations="disabled")
    board.goto(f"{mock}/mock.html?s=board_voteres12&lang={lang}")
    expect(board.locator(".board-phase-title")).to_have_text(t("phase.VOTE_RESULT_SCENE", lang))
    board.screenshot(path=str(shots / f"voteres-board-{lang}.png"), animations="disabled")
    assert "gisteren" not in t("phase.VOTE_RESULT_SCENE", lang).lower()
    assert "yesterday" not in t("phase.VOTE_RESULT_SCENE", lang).lower()
    ctx.close()


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_a_cat_the_timer_chose_for_reads_it_in_his_secret_later_that_day(
    phone: Page, mock: str, shots: Path, lang: str
) -> None:
    """UX review 4 (H-TBL-2, H-HST-2): the cat whose place the departure's timer chose is told
    where he was sent when he opens his secret in the discussion (not only in the witches'
    15 s), and the card the ritual's timer played reads "(automatically)"."""
    phone.goto(f"{mock}/mock.html?s=idle_evening&lang={lang}")
    phone.get_by_role("button", name=t("secret.open", lang), exact=True).click()
    sheet = phone.get_by_role("dialog", name=t("secret.title", lang))
    place = t("place.P4", lang)
    expect(sheet.get_by_role("status")).to_have_text(t("notice.place", lang, place=place))
    ingredient = t("ing.MUSHROOM", lang)
    sheet.get_by_role("button", name=t("secret.more", lang)).click()  # the messages (H-VIS-6c)
    expect(sheet.get_by_text(t("ritual.played.auto", lang, ingredient=ingredient))).to_be_visible()
    phone.screenshot(path=str(shots / f"idle_evening-{lang}.png"), full_page=True, animations="disabled")


def test_a_late_joiner_watches_on_a_phone_page_and_is_not_in_the_evenings_score(
    fast_server: str, new_phone: NewPhone, phone: Page, mock: str, shots: Path
) -> None:
    """UX review 3: a phone joining a running game sees a phone's page (the game is under
    way, its step and players), not the TV board squeezed to 390 px; the evening's score
    lists only who played, not the late joiner with "0× won"."""
    phones = open_table(new_phone, fast_server, 4, mode="unlimited")
    code = phones[0].page.url.rstrip("/").rsplit("/", 1)[-1]
    late = new_phone()
    join_room(late, fast_server, code, "Eva", wait=False)
    expect(late.get_by_text(t("lobby.late", name="Eva"))).to_be_visible()
    expect(late.get_by_text(t("watch.text"))).to_be_visible()
    expect(late.get_by_text(t("watch.title"))).to_have_count(0)  # the notice above says it
    expect(late.locator(".board")).to_have_count(0)
    expect(late.get_by_role("heading", name=t("phase.ROLE_REVEAL"))).to_be_visible()
    expect(late.locator(".watch .seats li")).to_have_count(4)
    expect(late.get_by_role("button", name="Nederlands")).to_have_count(1)  # one language switch
    assert late.evaluate("document.documentElement.scrollWidth") <= 390
    late.screenshot(path=str(shots / "late_joiner_watch.png"), full_page=True, animations="disabled")

    phone.goto(f"{mock}/mock.html?s=score_late&lang=en")
    rows = phone.get_by_test_id("evening-score").locator(".score-rows li")
    expect(rows).to_have_count(2)
    expect(rows.filter(has_text="Late")).to_have_count(0)
    # Issue 34 §3: what real tables on this server did with the deck, in words
    expect(phone.locator(".real-tables")).to_have_text(
        "12 games here: village 7, witches 4, Jester 1 · 5.2 days on average"
    )
    phone.screenshot(path=str(shots / "real_tables.png"), full_page=True, animations="disabled")


# The smallest font size (px) of each kind of text the sofa must read on the board.
SIZES = """() => {
  const px = (sel) => {
    const all = [...document.querySelectorAll(sel)].filter((e) => e.offsetParent !== null && e.innerText.trim());
    return all.length ? Math.min(...all.map((e) => parseFloat(getComputedStyle(e).fontSize))) : null;
  };
  return {
    label: px('.tally-label'), code: px('.board-qr-small span'), seat: px('.board-seats .seat-no'),
    progress: px('.board .progress'), chip: px('.board .chips li'),
  };
}"""


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_the_boards_small_print_is_readable_from_the_sofa(
    browser: Browser, mock: str, shots: Path, lang: str
) -> None:
    """UX review 7: at 1280×720 the header's labels are at least 18 px, the room code, seat
    numbers, "x/7 ready · waiting for", vote and role chips at least 20 px, and no 12-player
    scene scrolls or clips (MEASURE)."""
    ctx = browser.new_context(viewport=TV, device_scale_factor=1, reduced_motion="reduce")
    page = ctx.new_page()
    for name in ("board_voteres12", "board_discussion12", "board_result12", "board_approval12"):
        page.goto(f"{mock}/mock.html?s={name}&lang={lang}")
        page.wait_for_selector(".board")
        sizes = page.evaluate(SIZES)
        assert sizes["label"] is not None and sizes["label"] >= 18, (name, sizes)
        small = {k: v for k, v in sizes.items() if k != "label" and v is not None}
        assert small and min(small.values()) >= 20, (name, sizes)
        m = page.evaluate(MEASURE)
        assert m["height"] <= m["H"] and m["width"] <= m["W"] and not m["clipped"], (name, m)
        page.screenshot(path=str(shots / f"{name}-{lang}.png"), animations="disabled")
    ctx.close()


def test_the_end_recap_gives_its_days_the_width_they_need(browser: Browser, mock: str, shots: Path) -> None:
    """UX review 7: at the end the recap takes the board's width (the players a narrow strip),
    so the 12-player days read at 20 px or more instead of 14-17 px; a day with three long
    proposals goes over two slides rather than shrink (no slide scrolls or clips)."""
    ctx = browser.new_context(viewport=TV, device_scale_factor=1, reduced_motion="reduce")
    page = ctx.new_page()
    page.goto(f"{mock}/mock.html?s=board_result12&lang=nl")
    page.wait_for_selector(".board")
    sizes = []
    for i in range(1, page.locator(".recap-dots span").count()):
        page.keyboard.press("ArrowRight")
        expect(page.locator(".recap-board")).to_have_attribute("data-slide", str(i))
        day = page.locator(".recap-day")
        sizes.append(day.evaluate("(d) => parseFloat(getComputedStyle(d).fontSize)"))
        assert day.evaluate("(d) => d.scrollHeight <= d.clientHeight"), i
        m = page.evaluate(MEASURE)
        assert m["height"] <= m["H"] and m["width"] <= m["W"] and not m["clipped"], (i, m)
        page.screenshot(path=str(shots / f"recap12-slide{i}.png"), animations="disabled")
    assert min(sizes) >= 20, sizes  # the busiest days too (were 13.7, then 15.8 px)
    ctx.close()


def test_a_double_tap_on_start_starts_the_game_once_without_an_error(
    server: str, new_phone: NewPhone, shots: Path
) -> None:
    """Play review 1 (H-SET-1): the host taps "Start" twice quickly. The game starts once,
    and her phone does not greet the table with "That is not possible in this state of the
    room" (the second tap used to reach the server after the game had started)."""
    host, *others = (new_phone() for _ in range(4))
    code = create_room(host, server, "Anna")
    for page, name in zip(others, ("Bram", "Cas", "Dewi"), strict=True):
        join_room(page, server, code, name)
    expect(host.locator(".seats li")).to_have_count(4)
    host.get_by_role("button", name=t("lobby.start"), exact=True).dblclick()
    expect(host.get_by_role("button", name=t("reveal.hold"))).to_be_visible()
    host.wait_for_timeout(1500)  # the second tap's answer, had it been sent
    host.screenshot(path=str(shots / "started.png"), animations="disabled")
    # Counted once, not awaited: the error's toast would go away by itself after 4 s.
    assert host.get_by_role("alert").all_inner_texts() == []


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_an_all_blank_vote_result_has_no_empty_tally(phone: Page, mock: str, shots: Path, lang: str) -> None:
    """Play review 2 (H-EXV-4, H-EXC-5): when everyone voted blank, the result says so and
    lists the ballots, without a "Tally" heading over an empty list."""
    phone.goto(f"{mock}/mock.html?s=voteres_blank&lang={lang}")
    expect(phone.get_by_text(t("voteres.allblank", lang))).to_be_visible()
    expect(phone.get_by_role("heading", name=t("voteres.ballot", lang))).to_be_visible()
    phone.screenshot(path=str(shots / f"voteres_blank-{lang}.png"), full_page=True, animations="disabled")
    expect(phone.get_by_role("heading", name=t("voteres.tally", lang))).to_have_count(0)


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_a_five_player_table_says_what_an_exile_needs_and_why_nobody_was_exiled(
    phone: Page, browser: Browser, mock: str, shots: Path, lang: str
) -> None:
    """H-EXC-8 (B-13): at 5 players an exile before the knights' day needs 4 of the 5 ballots.
    The vote says so on the phone and on the board; a leader with 3 of 5 is not exiled, and
    the result says who led, with how many, what was needed and that nobody goes. On the
    knights' day the vote says nothing of a quorum."""
    phone.goto(f"{mock}/mock.html?s=exile_quorum&lang={lang}")
    expect(phone.get_by_text(t("exile.quorum", lang, n=4, total=5))).to_be_visible()
    phone.screenshot(path=str(shots / f"exile_quorum-{lang}.png"), full_page=True, animations="disabled")
    phone.goto(f"{mock}/mock.html?s=knights_vote5&lang={lang}")
    # issue 31 §3: the knights' day has its own scene
    expect(phone.get_by_text(t("knights.scene.text", lang))).to_be_visible()
    expect(phone.get_by_text(pattern("exile.quorum", lang))).to_have_count(0)
    phone.goto(f"{mock}/mock.html?s=voteres_noquorum&lang={lang}")
    said = t("voteres.noquorum", lang, name="Bram", n=3, total=5, needed=4)
    expect(phone.get_by_text(said)).to_be_visible()
    expect(phone.get_by_text(t("voteres.allblank", lang))).to_have_count(0)
    phone.screenshot(path=str(shots / f"voteres_noquorum-{lang}.png"), full_page=True, animations="disabled")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    ctx = browser.new_context(viewport=TV, device_scale_factor=1, reduced_motion="reduce")
    board = ctx.new_page()
    board.goto(f"{mock}/mock.html?s=board_exile_quorum&lang={lang}")
    expect(board.get_by_text(t("exile.quorum", lang, n=4, total=5))).to_be_visible()
    board.screenshot(path=str(shots / f"exile_quorum-board-{lang}.png"), animations="disabled")
    board.goto(f"{mock}/mock.html?s=board_voteres_noquorum&lang={lang}")
    expect(board.get_by_text(said)).to_be_visible()
    board.screenshot(path=str(shots / f"voteres_noquorum-board-{lang}.png"), animations="disabled")
    m = board.evaluate(MEASURE)
    assert m["height"] <= m["H"] and m["width"] <= m["W"] and not m["clipped"], m
    ctx.close()


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_a_phone_that_loses_its_link_with_the_secret_open_says_so_over_the_secret(
    fast_server: str, new_phone: NewPhone, shots: Path, lang: str
) -> None:
    """Play review 3 (H-DEP-4, H-VIS-6): a player's link drops while she chooses her place
    in her secret. The sheet lay over the page's "No connection" banner, so her tap only
    said "Sending…"; now the banner shows over the sheet's foot, and its Close stays free."""
    phones = open_table(new_phone, fast_server, 4, mode="unlimited", langs={1: lang})
    bot = UiBot(phones, None, Policy())
    departing = "DEPART_A"  # everyone holds still there: she has all the time she needs
    bot.run_until(
        lambda ss: all(s.phase == departing for s in ss),
        60,
        "the departure",
        hold=lambda _ph, s: s.phase == departing,
    )
    page = phones[1].page
    sheet = open_secret(page, lang)
    page.context.set_offline(True)
    banner = page.get_by_text(t("conn.offline", lang))
    expect(banner).to_be_visible()
    page.screenshot(path=str(shots / f"offline_secret-{lang}.png"), animations="disabled")
    assert banner.evaluate(ON_TOP), "the open secret hides the 'No connection' banner"
    close = sheet.get_by_role("button", name=t("secret.close", lang))
    assert close.evaluate(ON_TOP), "the banner covers the secret's Close button"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.context.set_offline(False)
    expect(banner).to_have_count(0)


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_the_boards_results_tell_the_last_days_news_when_the_day_ended_the_game(
    browser: Browser, mock: str, shots: Path, lang: str
) -> None:
    """Play review 4 (H-ERR-4): the witches took over at the end of day 3, so no evening
    scene came; the phones' results said who did not come back, the TV's only who won. Now
    the board's first results slide tells the duck's news too, at 12 long names without
    scrolling or clipping."""
    ctx = browser.new_context(viewport=TV, device_scale_factor=1, reduced_motion="reduce")
    page = ctx.new_page()
    page.goto(f"{mock}/mock.html?s=board_takeover12&lang={lang}")
    page.wait_for_selector(".board")
    frogs = join_names(["Anne-Marie", "Evangeline", "Gijsbert", "Ilse-Marie"], lang)
    expect(page.get_by_text(t("evening.frog.many", lang, names=frogs))).to_be_visible()
    expect(page.get_by_text(t("evening.turned", lang, name="Bartholomeus"))).to_be_visible()
    m = page.evaluate(MEASURE)
    page.screenshot(path=str(shots / f"takeover12-{lang}.png"), animations="disabled")
    assert m["height"] <= m["H"] and m["width"] <= m["W"] and not m["clipped"], m
    ctx.close()


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_the_crows_card_speaks_of_a_jester_only_at_a_table_with_one(
    phone: Page, mock: str, lang: str
) -> None:
    """Play review 5 (H-START-2, H-JST-3): at 7 players there is no Jester (Table 2.1), yet
    the Crow's card said "You know the witches and the Jester" and named none; she read it
    as a Jester kept from her. With a Jester at the table the card still names him."""
    for fixture, key in (("reveal_crow7", "ability.CROW.nojester"), ("reveal_crow", "ability.CROW")):
        phone.goto(f"{mock}/mock.html?s={fixture}&lang={lang}")
        with held_card(phone, lang) as face:
            expect(face.locator(".role-ability")).to_have_text(t(key, lang))
            jester = face.get_by_text(
                re.compile("^" + re.escape(t("role.jester.known", lang).split("{name}")[0]))
            )
            expect(jester).to_have_count(0 if fixture == "reveal_crow7" else 1)


@pytest.mark.parametrize(("fixture", "lang"), [("frog_depart", "nl"), ("exiled_depart", "en")])
def test_a_frog_and_an_exiled_player_see_the_departure_step_and_its_clock(
    phone: Page, mock: str, shots: Path, fixture: str, lang: str
) -> None:
    """UX review 3: in every other scene a frog or an exiled player sees the step and its
    countdown; at the departure they saw only the recipe, with nothing to say what the table
    was doing or for how long."""
    phone.goto(f"{mock}/mock.html?s={fixture}&lang={lang}")
    expect(phone.get_by_role("heading", name=t("depart.watch.title", lang))).to_be_visible()
    expect(phone.get_by_role("timer", name=t("timer.label", lang))).to_be_visible()
    phone.screenshot(path=str(shots / f"{fixture}_{lang}.png"), full_page=True, animations="disabled")


@pytest.mark.parametrize(
    ("fixture", "text"), [("frog_depart", "pond.text"), ("frog_nodoctor", "pond.text.nodoctor")]
)
def test_a_frog_waits_for_the_herb_doctor_only_where_one_is_dealt(
    phone: Page, mock: str, fixture: str, text: str
) -> None:
    """Play-test, 6 players: every frog read that it waits for the Herb Doctor to turn it back,
    at a table dealt without one (Table 2.1 at 4 and 6): false hope, and a hint at a role the
    table does not have. The line follows the dealt roles (H-TBL-7)."""
    phone.goto(f"{mock}/mock.html?s={fixture}&lang=en")
    expect(phone.locator(".pond")).to_contain_text(t(text))
    other = "pond.text.nodoctor" if text == "pond.text" else "pond.text"
    expect(phone.get_by_text(t(other))).to_have_count(0)
