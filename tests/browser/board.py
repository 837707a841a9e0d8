"""The TV board under test: a page at a TV's size that must show every scene without
scrolling and without clipping (issue 18 §2)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, ViewportSize

MEASURE = """() => {
  const b = document.querySelector('.board');
  const doc = document.documentElement;
  const clipped = [...document.querySelectorAll('.board .card')]
    .filter((c) => c.scrollHeight > c.clientHeight + 1 || c.scrollWidth > c.clientWidth + 1)
    .map((c) => c.className);
  return {
    phase: b ? b.dataset.phase : null,
    height: doc.scrollHeight, width: doc.scrollWidth, H: innerHeight, W: innerWidth, clipped,
  };
}"""

# The board watches itself: every scene it shows is measured when it appears (one frame
# later, once laid out), so a short scene is not missed between two sweeps of a busy test.
OBSERVE = (
    "(() => { const measure = "
    + MEASURE
    + """;
  window.__boardLog = [];
  let queued = false;
  const look = () => { queued = false; window.__boardLog.push(measure()); };
  new MutationObserver(() => { if (!queued) { queued = true; requestAnimationFrame(look); } })
    .observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  look();
})()"""
)

# What the board logged since the last call, then its measure now (the last entry).
SINCE = "() => { const log = window.__boardLog.splice(0); log.push((" + MEASURE + ")()); return log; }"


@dataclass
class BoardWatch:
    """Measures the board at every sweep; one screenshot per scene, and one per overflow."""

    page: Page
    label: str
    shots: Path | None
    seen: dict[str, Path | None] = field(default_factory=dict)
    overflows: list[tuple[str, dict[str, Any]]] = field(default_factory=list)

    @classmethod
    def open(
        cls, browser: Browser, url: str, size: ViewportSize, shots: Path | None, locale: str = "en-US"
    ) -> BoardWatch:
        ctx = browser.new_context(
            viewport=size, device_scale_factor=1, reduced_motion="reduce", locale=locale
        )
        page = ctx.new_page()
        page.goto(url)
        page.wait_for_selector(".board", timeout=15_000)
        page.evaluate(OBSERVE)
        language = "" if locale == "en-US" else f"-{locale[:2]}"  # two boards of one size apart
        return cls(page, f"{size['width']}x{size['height']}{language}", shots)

    def __call__(self) -> None:
        # the log, and what it shows now (to shoot it), in one call
        log: list[dict[str, Any]] = self.page.evaluate(SINCE)
        for m in log:
            phase = str(m["phase"])
            over = m["height"] > m["H"] or m["width"] > m["W"] or bool(m["clipped"])
            if over and phase not in {p for p, _ in self.overflows}:
                self.overflows.append((phase, m))
                self.shoot(f"OVERFLOW_{phase}")  # what it shows now: maybe a later scene
            if phase not in self.seen:
                # Shot only while it is still up: a scene seen in the log alone has no picture.
                self.seen[phase] = self.shoot(phase) if m is log[-1] else None

    def shoot(self, name: str) -> Path | None:
        if self.shots is None:
            return None
        path = self.shots / f"board_{self.label}_{len(self.seen):02d}_{name.lower()}.png"
        self.page.screenshot(path=str(path), animations="disabled")
        return path

    def close(self) -> None:
        self.page.context.close()
