"""The test's hand on the server's game clock (``tests/run_out_route.py``): run out the
timer a table waits on, then wait for every phone to show that the step is over.

A table that plays at the bots' pace spends most of a game waiting on timers that nothing
in the test measures: the witches' 15 s (H-GAT-4), the 4 s quarrel, a discussion nobody
ends. :meth:`Clock.play` runs those out as soon as the table is *settled* on them: a sweep in which
no phone tapped anything and no tap is still on its way, with every phone in one of the
steps the test names. Which steps those are is the test's choice; nothing else changes.
"""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Callable
from typing import Any

from playwright.sync_api import expect

from .uibot import Hold, Screen, UiBot

# A tap whose screen has not changed yet is still on its way (UiBot.sweep waits 2 s on it).
TAP_IN_FLIGHT_S = 2.0


def run_out(base: str, code: str, phase: str | None = None, day: int | None = None) -> dict[str, Any]:
    """Run out room ``code``'s running timer now (no-op unless it is in ``phase`` of ``day``)."""
    query = "&".join(f"{k}={v}" for k, v in (("phase", phase), ("day", day)) if v is not None)
    req = urllib.request.Request(f"{base}/test/run-out/{code}?{query}", method="POST", data=b"")
    with urllib.request.urlopen(req, timeout=30) as r:
        answer: dict[str, Any] = json.loads(r.read())
    return answer


def settled(bot: UiBot, screens: list[Screen]) -> bool:
    """The last sweep tapped nothing, and every phone's last tap has shown its effect and
    been answered (no "Sending…": a timer run out before would race the tap)."""
    now = time.monotonic()
    return not bot.acted_last and all(
        (ph.last_sig != s.signature or now - ph.last_at >= TAP_IN_FLIGHT_S) and not s.shows("conn.sending")
        for ph, s in zip(bot.phones, screens, strict=True)
    )


Waits = Callable[[Screen], bool]


class Clock:
    """One room's timers, run out by the test: ``ran`` lists the (phase, day) it ran out."""

    def __init__(self, base: str, code: str) -> None:
        self.base = base
        self.code = code
        self.ran: list[tuple[str, int]] = []

    def run_out(self, bot: UiBot, phase: str, day: int) -> bool:
        """Run out ``phase`` of ``day`` and wait until no phone shows it any more."""
        ran = bool(run_out(self.base, self.code, phase, day or None)["ran"])
        if ran:
            self.ran.append((phase, day))
        for ph in bot.phones:
            expect(ph.page.locator(f".game.phase-{phase.lower()}")).to_have_count(0)
        return ran

    def play(
        self,
        bot: UiBot,
        done: Callable[[list[Screen]], bool],
        timeout: float,
        what: str,
        waits: Waits,
        hold: Hold | None = None,
        witches_at_once: bool = True,
    ) -> list[Screen]:
        """``bot.run_until``, except that when the table is settled and every phone ``waits``
        on its step's timer, that timer is run out at once. With ``witches_at_once`` the
        witches play their step each on her own page (:func:`serve_witches`); a test that
        measures the table after every round of taps plays them one tap a sweep."""
        end = time.monotonic() + timeout
        while True:
            screens, acted = bot.sweep(hold)
            if witches_at_once:
                acted = serve_witches(bot, screens, hold) or acted
            bot.acted_last = acted
            if done(screens):
                return screens
            if time.monotonic() > end:
                raise AssertionError(
                    f"timed out after {timeout:.0f} s waiting for {what}\n{bot.describe(screens)}"
                )
            steps = {(s.phase, s.day) for s in screens}
            if len(steps) == 1 and settled(bot, screens) and all(waits(s) for s in screens):
                ((phase, day),) = steps
                self.run_out(bot, phase, day)
                continue
            if not acted:
                bot.phones[0].page.wait_for_timeout(120)


def serve_witches(bot: UiBot, screens: list[Screen], hold: Hold | None) -> bool:
    """The witches act at once when their step begins, each on her own page until she has
    nothing left to choose, rather than one tap per sweep of every page: the witches' 15 s
    (H-GAT-4) are real time, and a sweep of many pages on a busy machine takes seconds."""
    acted = False
    for ph, first in zip(bot.phones, screens, strict=True):
        if ph.role != "WITCH" or ph.idle or first.phase != "WITCH_C" or ("WITCH_C", first.day) in ph.secrets:
            continue
        for _ in range(40):  # open, place, spell, target, second, close: a few taps, each read anew
            s = Screen.read(ph.page, ph.lang)
            ph.note(s.phase)
            ph.record(s)
            if s.phase != "WITCH_C" or s.day != first.day or (hold is not None and hold(ph, s)):
                break
            if s.phase not in ("LOBBY", "OTHER", "GAME"):
                bot.shoot(ph, bot.scene_key(ph, s))
            if s.signature == ph.last_sig and time.monotonic() - ph.last_at < TAP_IN_FLIGHT_S:
                ph.page.wait_for_timeout(100)  # our last tap is still on its way
                continue
            if not bot.act(ph, s):
                break
            acted = True
            ph.last_sig, ph.last_at = s.signature, time.monotonic()
            if ("WITCH_C", s.day) in ph.secrets:
                break
    return acted
