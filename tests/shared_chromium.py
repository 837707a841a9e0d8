"""One Chromium per test process, shared by every browser test (tests/browser and the
Andorra site's ``*_browser.py``).

Starting Playwright, launching Chromium, opening a blank page and closing it all again costs
~0.9 CPU-s (measured five times in a row), and the browser tier did it once per module, ~47
times a run. The
browser is shared, its pages are not: each module's fixture closes the contexts its tests
left open (so no page of an earlier module keeps rendering or holding a socket), and a test
opens contexts of its own.

Playwright's sync API keeps an event loop running in this thread while it is open, which an
asyncio test must not meet: the root conftest closes the browser before every test that is
not marked ``browser`` and at the session's end (``tests/conftest.py``), so a mixed run pays
a launch only where it moves from the other tiers to a browser test.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from tests.local_servers import CHROMIUM, CHROMIUM_ARGS

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Playwright

_open: tuple[Playwright, Browser] | None = None


def chromium() -> Browser:
    """The process's Chromium, launched on first use (or again after a crash)."""
    global _open
    if _open is not None and not _open[1].is_connected():
        close()
    if _open is None:
        from playwright.sync_api import sync_playwright

        pw = sync_playwright().start()
        try:
            browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        except BaseException:
            pw.stop()
            raise
        _open = (pw, browser)
    return _open[1]


def close_pages(browser: Browser) -> None:
    """Closes every context (and so every page) still open in ``browser``."""
    for ctx in list(browser.contexts):
        with contextlib.suppress(Exception):
            ctx.close()


def close() -> None:
    """Closes the browser and stops Playwright, if they are open."""
    global _open
    if _open is None:
        return
    pw, browser = _open
    _open = None
    with contextlib.suppress(Exception):
        browser.close()
    pw.stop()
