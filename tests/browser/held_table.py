"""The held table of the look-alike game (test_look_alike.py: closed_pages.py, open_sheets.py).

It plays two days through the UI and holds every phone at the start of each scene until the
test has measured them all. What its measures share lives here:

- :class:`Scenes`: which scene each phone is in, as the player meets it (day, scene, the n-th
  time that day), step B counted as step A (H-DEP-13);
- :func:`evaluate_all`: one script run on every page at once (started on each page, then
  collected), so that measuring nine or twelve phones costs about one phone's time;
- :func:`run_out_when`: when ``clock.Clock.play`` (the test's hand on the server's clock,
  tests/browser/clock.py) runs out a held table's timer. In Unlimited
  mode the only timers are the witches' window (15 s) and the quarrel (4 s) (H-TIM-2): the
  test servers set them long (:data:`LONG_TIMERS`), so that no check races them on a busy
  machine, and the test runs each one out (``POST /test/run-out``, tests/run_out_route.py)
  as soon as every phone has been measured and has nothing left to tap there.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from .clock import Waits, settled
from .conftest import _serve
from .uibot import Phone, Screen, UiBot

# The steps with a timer in Unlimited mode (H-TIM-2), and their lengths on the test servers:
# long enough that nothing the test checks ever runs into them; the test runs them out.
TIMED_SCENES = ("WITCH_C", "QUARREL")
LONG_TIMERS: dict[str, float] = {"witch": 300, "quarrel": 300}

Scene = tuple[int, str, int]  # (day, scene, n-th time that day)


def norm_phase(phase: str) -> str:
    return "DEPART_A" if phase == "GUARD_B" else phase  # step B is step A for the table (H-DEP-13)


@contextlib.contextmanager
def held_server(data: Path) -> Iterator[str]:
    """A test server (the fixed deal) whose witches' window and quarrel wait for the test."""
    with _serve(data, LONG_TIMERS) as base:
        yield base


@dataclass
class Scenes:
    """Where each phone is: the scene as its player meets it."""

    where: dict[str, Scene] = field(default_factory=dict)
    seen: dict[str, tuple[int, str]] = field(default_factory=dict)
    counts: dict[tuple[str, int, str], int] = field(default_factory=dict)

    def scene_of(self, ph: Phone, phase: str, day: int) -> Scene:
        key = (day, norm_phase(phase))
        if self.seen.get(ph.name) != key:
            self.seen[ph.name] = key
            n = self.counts.get((ph.name, *key), 0) + 1
            self.counts[(ph.name, *key)] = n
            self.where[ph.name] = (*key, n)
        return self.where[ph.name]

    def common(self, phones: list[Phone]) -> Scene | None:
        """The scene every phone was last seen in, if they are all in one."""
        scenes = {self.where.get(ph.name) for ph in phones}
        return scenes.pop() if len(scenes) == 1 else None


_START = """([arg]) => {
  window.__heldLook = new Promise((resolve) => setTimeout(async () => {
    try { resolve(await (%s)(arg)); } catch (e) { resolve({ error: String(e) }); }
  }, 0));
}"""


def evaluate_all(pages: list[Page], script: str, args: list[Any]) -> list[Any]:
    """``page.evaluate(script, arg)`` on every page, run side by side: the script starts on
    every page before the first result is read. A page that fails gives None."""
    started: list[bool] = []
    for page, arg in zip(pages, args, strict=True):
        try:
            page.evaluate(_START % script, [arg])
            started.append(True)
        except PlaywrightError:
            started.append(False)
    out: list[Any] = []
    for page, ok in zip(pages, started, strict=True):
        try:
            out.append(page.evaluate("() => window.__heldLook") if ok else None)
        except PlaywrightError:
            out.append(None)  # the page went away under us (a reload): measure again
    return out


def quiet(bot: UiBot, screens: dict[str, Screen]) -> bool:
    """:func:`settled`, from each phone's last read (the watchers' view between sweeps): a tap
    the last sweep made, or one whose effect the page does not show yet, is not done."""
    if any(ph.name not in screens for ph in bot.phones):
        return False
    return settled(bot, [screens[ph.name] for ph in bot.phones])


def run_out_when(ready: Callable[[], bool]) -> Waits:
    """:meth:`Clock.play`'s ``waits`` for a held table: a phone waits on its step's timer in
    a timed step (:data:`TIMED_SCENES`), once ``ready()`` says every look there is taken."""
    return lambda s: s.phase in TIMED_SCENES and ready()
