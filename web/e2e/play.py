"""Drive a whole Vang de Heks game through the real phone client, one browser context per
player, and take a phone-sized screenshot of every scene each seat reaches.

    .venv/bin/nightfall serve --port 8123 --data-dir /tmp/nf-dev &
    .venv/bin/python web/e2e/play.py --players 5 --out /tmp/shots

Only localhost. Chromium from Debian (/usr/bin/chromium); never a Playwright browser download.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
NAMES = ["Anna", "Bram", "Cas", "Dewi", "Eva", "Fien", "Gijs", "Hugo", "Ilse", "Joep", "Kim", "Lot"]


def phase_of(page: Page) -> str:
    return str(
        page.evaluate(
            """() => { const g = document.querySelector('.game');
                   if (!g) return document.querySelector('.lobby') ? 'LOBBY' : 'NONE';
                   const m = g.className.match(/phase-(\\w+)/); return m ? m[1].toUpperCase() : 'NONE'; }"""
        )
    )


def click_if(page: Page, name: str, exact: bool = True) -> bool:
    loc = page.get_by_role("button", name=name, exact=exact)
    if loc.count() and loc.first.is_enabled():
        loc.first.click()
        return True
    return False


def abilities(page: Page, rng: random.Random) -> bool:
    """Seer check, Pickpocket theft (target, then a card type)."""
    for pattern in (r"^Bekijk ", r"^Steel van ", r"^Neem "):
        btns = page.get_by_role("button", name=re.compile(pattern))
        if btns.count():
            btns.nth(rng.randrange(btns.count())).click()
            return True
    return False


UNNAMED = """() => [...document.querySelectorAll('button, input')]
  .filter(b => !(b.getAttribute('aria-label') || b.textContent || '').trim()
               && !(b.id && document.querySelector(`label[for="${b.id}"]`)) && !b.closest('label'))
  .map(b => b.outerHTML.slice(0, 80))"""


def day_of(page: Page) -> str:
    return str(page.evaluate("() => (document.querySelector('.st-day') || {}).textContent || ''"))


def act(page: Page, rng: random.Random, lazy: bool = False) -> None:
    """One sensible move for whatever scene this phone shows (Dutch UI)."""
    phase = phase_of(page)
    if lazy and phase == "EVENING_ANNOUNCE":
        return  # the host marks this one absent
    if phase in ("DISCUSSION", "PROPOSAL", "APPROVAL_VOTE") and rng.random() < 0.5 and abilities(page, rng):
        return
    for label in ("Klaar", "Bevestig", "OK", "Einde overleg"):
        if click_if(page, label):
            return
    if phase == "DEPART_A":
        frogs = (
            page.locator(".card")
            .filter(has_text="Kikker terugveranderen")
            .locator("button.choice[aria-pressed=false]")
        )
        if frogs.count() > 1 and rng.random() < 0.5:
            frogs.first.click()
            return
        if click_if(page, "Masker opzetten") if rng.random() < 0.3 else False:
            return
        if rng.random() < 0.5 and click_if(page, "Bewaken"):
            return
        places = page.locator(".card button.choice:not([disabled])").filter(
            has_text=re.compile("Bos|Weide|Bron|Oude toren|Grot|Kerkhof")
        )
        pressed = page.locator("button.choice[aria-pressed=true]").filter(
            has_text=re.compile("Bos|Weide|Bron|Oude toren|Grot|Kerkhof")
        )
        if places.count() and not pressed.count() and not page.get_by_text("Je bewaakt").count():
            places.nth(rng.randrange(places.count())).click()
    elif phase == "GUARD_B":
        btns = page.get_by_role("button", name=re.compile("^Bewaak "))
        if btns.count():
            btns.nth(rng.randrange(btns.count())).click()
    elif phase == "WITCH_C":
        win = page.locator(".card.witch")
        if win.count():
            choices = win.locator("button.choice:not([disabled])")
            if choices.count():
                choices.nth(rng.randrange(choices.count())).click()
    elif phase == "PROPOSAL":
        if page.get_by_role("button", name="Voorstel indienen").count():
            toggles = page.get_by_role("button", name=re.compile("kiezen$"))
            m = re.search(r"precies (\d+)", page.inner_text(".scene"))
            k = int(m.group(1)) if m else 2
            for i in range(toggles.count()):
                if page.locator("button.choice[aria-pressed=true]").count() >= k:
                    break
                if toggles.nth(i).get_attribute("aria-pressed") != "true":
                    toggles.nth(i).click()
            click_if(page, "Voorstel indienen")
    elif phase == "APPROVAL_VOTE":
        if page.locator("button.choice[aria-pressed=true]").count() == 0:
            click_if(page, rng.choice(["Voor", "Voor", "Tegen"]))
    elif phase == "RITUAL":
        btns = page.get_by_role("button", name=re.compile("^(Speel |Lege poot)"))
        if btns.count():
            btns.nth(rng.randrange(btns.count())).click()
    elif phase == "EXILE_VOTE" and page.locator("button.choice[aria-pressed=true]").count() == 0:
        btns = page.get_by_role("button", name=re.compile("^(Stem op |Blanco)"))
        if btns.count():
            btns.nth(rng.randrange(btns.count())).click()


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", default="http://127.0.0.1:8123")
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--out", default="/tmp/shots")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--mode", default="unlimited")
    ap.add_argument("--max-seconds", type=int, default=420)
    ap.add_argument("--reload-test", action="store_true")
    ap.add_argument("--english", action="store_true", help="also shoot seat 2 in English")
    ap.add_argument("--play-again", action="store_true")
    ap.add_argument("--every-day", action="store_true", help="a screenshot per scene per day")
    ap.add_argument(
        "--absent-test",
        action="store_true",
        help="the last seat never confirms the announcement; the host marks it absent",
    )
    a = ap.parse_args()
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(a.seed)
    seen: set[tuple[object, str]] = set()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        pages: list[Page] = []
        for _ in range(a.players):
            ctx = browser.new_context(
                viewport={"width": 390, "height": 844}, locale="nl-NL", device_scale_factor=1
            )
            pages.append(ctx.new_page())
        host = pages[0]
        host.goto(a.base + "/")
        host.screenshot(path=str(out / "00_landing.png"), full_page=True)
        host.get_by_label("Jouw naam").fill(NAMES[0])
        host.get_by_role("button", name="Kamer maken").click()
        host.wait_for_url(re.compile(r"/r/[A-Z]{4}$"))
        code = host.url.rsplit("/", 1)[1]
        print("room", code)
        for i, p in enumerate(pages[1:], start=1):
            p.goto(f"{a.base}/r/{code}")
            p.get_by_label("Jouw naam").fill(NAMES[i])
            p.get_by_role("button", name="Neem plaats").click()
            p.locator(".lobby").wait_for()
        host.get_by_text(f"Spelers ({a.players})").wait_for()
        if a.mode == "unlimited":
            host.get_by_role("button", name="Onbeperkte tijd").click()
            host.wait_for_timeout(300)
        host.screenshot(path=str(out / "01_lobby_host.png"), full_page=True)
        pages[1].screenshot(path=str(out / "01_lobby_guest.png"), full_page=True)
        board = browser.new_context(viewport={"width": 1280, "height": 720}, locale="nl-NL").new_page()
        board.goto(f"{a.base}/board/{code}")
        board.locator(".board").wait_for()
        board.screenshot(path=str(out / "01_board_lobby.png"))
        host.get_by_role("button", name="Start het spel").click()
        for p in pages:
            p.locator(".game").wait_for()
        # Hold the role card on every phone and shoot it.
        for i, p in enumerate(pages):
            card = p.get_by_role("button", name="Houd ingedrukt om je rol te zien")
            box = card.bounding_box()
            assert box
            p.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            p.mouse.down()
            p.wait_for_timeout(350)
            p.screenshot(path=str(out / f"02_reveal_held_seat{i + 1}.png"), full_page=True)
            p.mouse.up()
        t0 = time.time()
        reloaded = False
        while time.time() - t0 < a.max_seconds:
            phases = [phase_of(p) for p in pages]
            for i, (p, ph) in enumerate(zip(pages, phases, strict=True)):
                key = (i, f"{ph}-{day_of(p)}" if a.every_day else ph)
                if key not in seen:
                    seen.add(key)
                    p.wait_for_timeout(400)  # let the entry animation settle
                    unnamed = p.evaluate(UNNAMED)
                    if unnamed:
                        print("controls without an accessible name:", ph, unnamed)
                    p.screenshot(
                        path=str(out / f"{len(seen):03d}_{ph.lower()}_seat{i + 1}.png"), full_page=True
                    )
                    if i == 1 and a.english:
                        p.get_by_role("button", name=re.compile("English")).first.click()
                        p.screenshot(
                            path=str(out / f"{len(seen):03d}_{ph.lower()}_seat{i + 1}_en.png"), full_page=True
                        )
                        p.get_by_role("button", name=re.compile("Nederlands")).first.click()
                    if (
                        i == 0
                        and ph in ("DEPART_A", "EVENING_ANNOUNCE")
                        and p.get_by_role("button", name="Hostpaneel openen").count()
                    ):
                        p.get_by_role("button", name="Hostpaneel openen").click()
                        p.screenshot(path=str(out / f"{len(seen):03d}_{ph.lower()}_hostpanel.png"))
                        p.get_by_role("button", name="Hostpaneel sluiten").click()
            if ("board", phases[0]) not in seen:
                seen.add(("board", phases[0]))
                board.wait_for_timeout(300)
                board.screenshot(path=str(out / f"{len(seen):03d}_board_{phases[0].lower()}.png"))
            if a.reload_test and phases[2] == "DISCUSSION" and not reloaded:
                reloaded = True
                t1 = time.time()
                pages[2].reload()
                pages[2].locator(".phase-discussion").wait_for(timeout=5000)
                print(f"reload: back in the same scene after {time.time() - t1:.2f} s")
            if all(ph == "GAME_END" for ph in phases):
                break
            if a.absent_test and phases[0] == "EVENING_ANNOUNCE":
                host.get_by_role("button", name=re.compile("^Hostpaneel openen")).click()
                btn = host.get_by_role("button", name=f"{NAMES[a.players - 1]} afwezig melden")
                if btn.count():
                    host.screenshot(path=str(out / "zz_host_absent.png"))
                    btn.click()
                    print("host marked", NAMES[a.players - 1], "absent")
                    a.absent_test = False
                host.get_by_role("button", name="Hostpaneel sluiten").click()
            for n, p in enumerate(pages):
                try:
                    act(p, rng, lazy=a.absent_test and n == a.players - 1)
                except Exception as e:  # a scene changed under our feet: try again next round
                    print("act:", type(e).__name__, str(e).splitlines()[0][:120])
            pages[0].wait_for_timeout(250)
        print("phases seen:", sorted({ph.split("-")[0] for _, ph in seen}))
        ok = all(phase_of(p) == "GAME_END" for p in pages)
        print("game over" if ok else "did not finish")
        if ok and a.play_again:
            host.get_by_role("button", name="Nog een keer spelen").click()
            for p in pages:
                p.locator(".phase-role_reveal").wait_for(timeout=5000)
            host.screenshot(path=str(out / "zz_play_again_host.png"), full_page=True)
            print("play again: every phone is back at the role reveal")
        browser.close()
        return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
