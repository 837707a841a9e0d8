"""Issue 20 (16): no raw code on a Russian page or post.

The desk and the pages of several roles are rendered in every phase (creation, day,
night with moves, questions, review before publishing, the published morning, game
over) and their visible text — every folded section opened, form values and choices
included — must hold no ``[A-Z_]{4,}`` token outside the players' nicks: the pages say
the seed's own words (docs/andorra-glossary.md maps each code to its word).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import Served
from .pages import desk_step
from .remote import Remote, create
from .test_browser import SHOTS, desk_phase, page_in_own_context

pytestmark = pytest.mark.browser

CODE = re.compile(r"\b[A-Z_]{4,}\b")
# the engine's lower-case ids that once reached the pages: «Чат клана (mafia)», «от host»
IDS = re.compile(r"\b(?:mafia(?::[a-z]+)?|cops|rebel|host)\b")
URL = re.compile(r"\S*(?:https?://|#t=)\S*")
# The words of the host's own mail settings (A-MAIL-1), as his mail provider writes them: not codes.
TERMS = {"SMTP", "STARTTLS"}
# An all-capitals nick is a nick, not a code: the scan must leave it alone.
CAST = [
    ("OLEG", "BOSS:red"),
    ("Boris", "RECRUITER:red"),
    ("Gena", "BOSS:black"),
    ("Dasha", "SOLDIER:black"),
    ("Stas", "SHERIFF"),
    ("Dima", "DOCTOR"),
    ("Petr", "PV"),
    ("Lev", "JOURNALIST"),
    ("Fira", "FAIRY"),
    ("Shura", "SHMARA"),
    ("Roma", "REBEL"),
    ("Vlad", "VAMPIRE"),
    ("Pasha", "PSYCHO"),
    ("Mira", "MAYOR"),
    ("Pavel", "PV"),
]
NICKS = [n for n, _ in CAST]
SEAT = {n: i + 1 for i, n in enumerate(NICKS)}
# the pages opened: a clan Boss, a recruiter, a Cop, the PV who is recruited, the
# Journalist, the Fairy (gifts), the Shmara (her question), the Rebel
WATCHED = ["OLEG", "Boris", "Stas", "Petr", "Lev", "Fira", "Shura", "Roma"]

VISIBLE_TEXT = """() => {
  for (const d of document.querySelectorAll("details")) d.open = true;
  const parts = [document.body.innerText];
  for (const el of document.querySelectorAll("textarea, input, select")) {
    if (el.tagName === "SELECT") parts.push(...Array.from(el.options, (o) => o.text));
    else if (el.type !== "hidden") parts.push(el.value, el.placeholder || "");
  }
  return parts.join("\\n");
}"""


def raw_codes(text: str, nicks: Iterable[str]) -> list[str]:
    """The code-like tokens of ``text``, once the nicks and the addresses are taken out."""
    text = URL.sub(" ", text)
    for nick in nicks:
        text = re.sub(rf"\b{re.escape(nick)}\b", " ", text)
    return sorted((set(CODE.findall(text)) - TERMS) | set(IDS.findall(text)))


def scan(pages: dict[str, Page], where: str, nicks: Iterable[str]) -> dict[str, list[str]]:
    """Each page's raw codes; ``nicks`` are the players' nicks and the room's code."""
    found: dict[str, list[str]] = {}
    for name, page in pages.items():
        page.wait_for_timeout(150)  # the last state message rendered
        text = page.evaluate(VISIBLE_TEXT)
        codes = raw_codes(text, nicks)
        if codes:
            found[f"{where}: {name}"] = codes
            SHOTS.mkdir(parents=True, exist_ok=True)  # what the page said, to find each code
            (SHOTS / f"scan-{where}-{name}.txt".replace(" ", "_").replace(",", "")).write_text(text)
    return found


def test_the_scan_catches_a_planted_code(chromium: Browser, andorra_server: Served) -> None:
    """The scan can fail: a code planted in a page is found, a capital nick is not."""
    small = [("OLEG", "BOSS"), ("Anya", "PV"), ("Kolya", "DOCTOR")]
    game = create(andorra_server.url, {"players": [{"name": n, "role": r} for n, r in small]})
    page = page_in_own_context(chromium)
    page.goto(game["players"][0]["url"])
    expect(page.get_by_role("heading", name="Вы — OLEG")).to_be_visible()
    assert scan({"OLEG": page}, "day 1", ["OLEG"]) == {}
    page.evaluate("document.querySelector('h2').append(' CARD_SHERIFF')")
    assert scan({"OLEG": page}, "day 1", ["OLEG"]) == {"day 1: OLEG": ["CARD_SHERIFF"]}
    assert raw_codes("OLEG: VEST×1, [mafia:red], PEACEFUL, от host", ["OLEG"]) == [
        "PEACEFUL",
        "VEST",
        "host",
        "mafia:red",
    ]
    page.context.close()


def test_no_raw_codes_in_any_phase(chromium: Browser, andorra_server: Served) -> None:
    base = andorra_server.url
    found: dict[str, list[str]] = {}
    host = page_in_own_context(chromium, phone=False)
    host.goto(f"{base}/a/new")  # creating a game: the role list, the options
    host.get_by_text("Роли: названия, которые можно писать").click()
    found |= scan({"create": host}, "creation", [])

    body = {
        "players": [{"name": n, "role": r} for n, r in CAST],
        "two_clans": True,
        "options": {"reveal_all_at_end": True, "show_full_tally": True},
    }
    game = create(base, body)
    url = {p["name"]: p["url"] for p in game["players"]}
    names = [*NICKS, game["code"]]  # the desk's title names the room
    remote = {p["name"]: Remote(base, game["code"], p["token"]) for p in game["players"]}
    host.goto(game["desk_url"])
    desk_phase(host, "День 1")
    pages = {"desk": host}
    for name in WATCHED:
        page = page_in_own_context(chromium)
        page.goto(url[name])
        expect(page.get_by_role("heading", name=f"Вы — {name}")).to_be_visible()
        pages[name] = page
    found |= scan(pages, "day 1, nothing done", names)

    # Day 1: votes, a blank vote and a vote for oneself (void, A-VOTE-3)
    for voter, voted in [("Stas", "Vlad"), ("Dima", "Vlad"), ("Mira", "Vlad"), ("Fira", "Vlad")]:
        remote[voter].ok("vote", target=SEAT[voted])
    remote["Petr"].ok("vote", target=SEAT["Petr"])
    remote["Lev"].ok("vote", target=SEAT["Gena"])
    remote["Roma"].ok("vote", target=None)
    remote["OLEG"].ok("chat", text="ночью берём Petr", id="m1")
    found |= scan(pages, "day 1, votes", names)
    desk_step(host, "Закрыть день", "Ночь 1")

    # Night 1: moves of both clans (sheets), the Cops, the Fairy's gift, the Shmara's theft
    night = [
        ("OLEG", "OLEG", "SHOOT", "Mira", None),
        ("OLEG", "Boris", "RECRUIT", "Petr", None),
        ("Gena", "Gena", "SHOOT", "Dima", None),
        ("Stas", "Stas", "SEARCH_BOSS", "Gena", None),
        ("Dima", "Dima", "HEAL", "Stas", None),
        ("Lev", "Lev", "JOURNALIST_WATCH", "Gena", None),
        ("Fira", "Fira", "FAIRY_GIFT", "Pavel", {"gift": "CARD_SHERIFF"}),
        ("Shura", "Shura", "SHMARA_STEAL", None, None),
        ("Pasha", "Pasha", "MAKE_EXPLOSIVE", None, None),
    ]
    for sender, player, action, target, params in night:
        payload = {"player": SEAT[player], "action": action, "target": SEAT.get(target or "")}
        if params:
            payload["params"] = params
        remote[sender].ok("move", **payload)
    expect(host.locator("ul.submissions li")).to_have_count(len(night))
    found |= scan(pages, "night 1, moves", names)
    desk_step(host, "Закрыть ночь и посчитать")

    # the questions: the PV's recruitment offer (and the Shmara's item, if she found one)
    desk_phase(host, "ждём ответов")
    expect(pages["Petr"].get_by_text("предложение о вербовке")).to_be_visible()
    found |= scan(pages, "night 1, questions", names)
    prompts = Remote(base, game["code"], game["host_token"]).view()["host"]["prompts"]
    del prompts  # the host's own questions (none in this game)
    for name in ("Petr", "Shura"):
        for pr in remote[name].view()["me"]["prompts"]:
            if not pr["answered"]:
                remote[name].ok("answer", prompt=pr["id"], answer=pr["options"][0])
    desk_phase(host, "итоги у ведущего")
    found |= scan(pages, "night 1, review before publishing", names)
    host.screenshot(path=SHOTS / "scan-desk-review.png", full_page=True)
    desk_step(host, "Опубликовать утро", "День 2")
    remote["Lev"].ok("article", text="Gena не спал этой ночью.")
    remote["Stas"].ok("vote", target=SEAT["Vlad"])  # Vlad is in jail: a void vote (A-VOTE-3 d)
    found |= scan(pages, "day 2, published morning", names)

    # game over: a small game that the village wins on its first night, all roles revealed
    small = [("OLEG", "BOSS"), ("Anya", "PV"), ("Kolya", "PV"), ("Tanya", "DOCTOR")]
    over = create(
        base, {"players": [{"name": n, "role": r} for n, r in small], "options": {"reveal_all_at_end": True}}
    )
    small_remote = {p["name"]: Remote(base, over["code"], p["token"]) for p in over["players"]}
    for voter in ("Anya", "Kolya", "Tanya"):
        small_remote[voter].ok("vote", target=1)
    host.goto(over["desk_url"])
    end = {"desk": host}
    for p in over["players"][:2]:
        page = page_in_own_context(chromium)
        page.goto(p["url"])
        end[p["name"]] = page
    desk_step(host, "Закрыть день")
    desk_step(host, "Закрыть ночь и посчитать")
    desk_step(host, "Опубликовать утро", "Игра окончена")
    # nothing left to close: no «Фазу закроет ведущий» under «Игра окончена»
    expect(host.locator("p.deadline")).to_have_count(0)
    for page in end.values():
        expect(page.locator("p.deadline")).to_have_count(0)
    found |= scan(end, "game over", [*(n for n, _ in small), over["code"]])
    host.screenshot(path=SHOTS / "scan-desk-over.png", full_page=True)
    assert not found, "raw codes on the pages:\n" + "\n".join(
        f"{k}: {', '.join(v)}" for k, v in found.items()
    )
