"""Reconnect checks against a running server: reload, a second tab, going offline and back,
and a wake-up (visibilitychange). Each must bring the phone back to its seat and scene
within 2 seconds.

    .venv/bin/python web/e2e/reconnect.py --base http://127.0.0.1:8123
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import urllib.request

from playwright.sync_api import sync_playwright

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


def post(url: str, body: dict[str, object]) -> dict[str, object]:
    req = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req) as r:
        return json.loads(r.read())  # type: ignore[no-any-return]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", default="http://127.0.0.1:8123")
    a = ap.parse_args()
    failures = 0
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        ctx = b.new_context(viewport={"width": 390, "height": 844}, locale="nl-NL")
        page = ctx.new_page()
        page.goto(a.base + "/")
        page.get_by_label("Jouw naam").fill("Anna")
        page.get_by_role("button", name="Kamer maken").click()
        page.wait_for_url("**/r/*")
        code = page.url.rsplit("/", 1)[1]
        for name in ("Bram", "Cas", "Dewi"):
            post(f"{a.base}/api/rooms/{code}/join", {"name": name})
        page.get_by_text("Spelers (4)").wait_for()
        page.get_by_role("button", name="Start het spel").click()
        page.locator(".phase-role_reveal").wait_for()

        def check(label: str, fn) -> None:  # type: ignore[no-untyped-def]
            nonlocal failures
            t0 = time.time()
            fn()
            page.locator(".phase-role_reveal").wait_for(timeout=5000)
            page.locator(".conn-banner").wait_for(state="detached", timeout=5000)
            dt = time.time() - t0
            ok = dt <= 2.0
            failures += 0 if ok else 1
            print(f"{'ok  ' if ok else 'SLOW'} {label}: back at the seat and scene in {dt:.2f} s")

        check("reload", lambda: page.reload())

        ctx.set_offline(True)
        page.evaluate("() => window.dispatchEvent(new Event('offline'))")
        page.wait_for_timeout(3000)
        print("     while offline the banner shows:", page.locator(".conn-banner").count() > 0)

        def online() -> None:
            ctx.set_offline(False)
            page.evaluate("() => window.dispatchEvent(new Event('online'))")

        check("back online after 3 s offline", online)

        def wake() -> None:
            page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")

        check("wake-up probe", wake)
        tab = ctx.new_page()
        t0 = time.time()
        tab.goto(f"{a.base}/r/{code}")
        tab.locator(".phase-role_reveal").wait_for(timeout=5000)
        dt = time.time() - t0
        print(f"{'ok  ' if dt <= 2 else 'SLOW'} new tab: same seat and scene in {dt:.2f} s")
        failures += 0 if dt <= 2 else 1
        b.close()
    print(f"{4 - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
