"""Screenshot every dev fixture (src/mock/fixtures.ts) at phone size.

(cd web && npx vite --port 5199 --strictPort &) ; .venv/bin/python web/e2e/fixtures.py --out /tmp/fx
"""

from __future__ import annotations

import argparse
from pathlib import Path

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


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", default="http://127.0.0.1:5199")
    ap.add_argument("--out", default="/tmp/fx")
    ap.add_argument("--lang", default="nl")
    a = ap.parse_args()
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        page = b.new_page(viewport={"width": 390, "height": 844})
        page.goto(a.base + "/mock.html")
        names = page.locator("a").all_inner_texts()
        for n in names:
            if n.startswith("board"):
                page.set_viewport_size({"width": 1280, "height": 720})
            else:
                page.set_viewport_size({"width": 390, "height": 844})
            page.goto(f"{a.base}/mock.html?s={n}&lang={a.lang}")
            page.wait_for_timeout(700)
            page.screenshot(path=str(out / f"{n}.png"), full_page=True)
        b.close()
        print(len(names), "fixtures")


if __name__ == "__main__":
    main()
