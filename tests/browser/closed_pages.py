"""The closed page, compared across phones (H-VIS-6, H-VIS-1, H-DEP-13; issue 18 §1).

While a phone's secret is closed, every visible element of its page is compared with the same
element on the others: its box (in page coordinates), its colours and its own visible text;
and the page's height. Phones are compared with those in the same public situation only (a
cat, a frog or an exiled player; in the proposal, the chief), and the host's drawer is left
out: those differences are public. Player names are all as wide (digits are), and are
normalised, with "you": the own seat is named and left out of some lists, which says who holds
the phone, not what they are. tests/browser/test_look_alike.py calls :class:`ClosedPages` at
every held scene.
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Error as PlaywrightError

from .held_table import Scene, evaluate_all, norm_phase
from .texts import t
from .uibot import Phone, UiBot

# Every visible element, in document order: what a person looking across the table could see.
_LOOK_JS = """([names, you]) => {
  const norm = (s) => {
    for (const n of names) s = s.split(n).join("<name>");
    return s.split(" (" + you + ")").join("").replace(new RegExp("\\\\b" + you + "\\\\b", "g"), "<name>");
  };
  const items = [];
  const names_ = [];
  if (document.querySelector(".secret-sheet")) return null;  // open: the owner is looking
  // A phone that lost its link for a moment says so at the top (issue 18 §5): no role in it.
  if (document.querySelector(".conn-banner")) return { offline: true, phase: "" };
  for (const el of document.body.querySelectorAll("*")) {
    if (el.closest(".hostpanel, .toast, .sending-pill, script, style")) continue;
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    const cs = getComputedStyle(el);
    const timer = el.closest("[role=timer]");
    const text = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join("").trim();
    const fill = el.classList.contains("meter-fill");  // fills with time, not with the role
    const cls = typeof el.className === "string" ? el.className.trim().split(/\\s+/).slice(0, 3).join(".") : "";
    names_.push(el.tagName.toLowerCase() + (cls ? "." + cls : ""));  // for the message only: classes are not seen
    items.push([
      el.tagName.toLowerCase(),
      [Math.round(r.left + scrollX), Math.round(r.top + scrollY), fill ? 0 : Math.round(r.width), Math.round(r.height)],
      // a countdown turns red in its last 10 s: the same deadline on every phone, read at other moments
      timer ? "" : [cs.color, cs.backgroundColor, cs.backgroundImage, cs.borderTopColor, cs.borderLeftColor, cs.opacity, cs.fill, cs.boxShadow].join(" | "),
      timer ? "" : norm(text),
    ]);
  }
  const chief = document.querySelector(".st-chief");
  const game = document.querySelector(".game");
  const phase = game ? (game.className.match(/phase-(\\w+)/) || ["", "game"])[1].toUpperCase() : "OTHER";
  return {
    phase,
    items,
    names: names_,
    // the room the page keeps below for the host's bar is the body's padding: public, as the bar
    // (a page is never shorter than the screen)
    height: Math.max(
      document.documentElement.scrollHeight - (parseFloat(getComputedStyle(document.body).paddingBottom) || 0),
      document.documentElement.clientHeight,
    ),
    status: game ? game.dataset.status : "",
    chief: chief ? chief.textContent : "",
  };
}"""


@dataclass
class ClosedPages:
    """Compares the closed pages of every phone; a failure is kept, not raised (the game plays
    on, so that the open sheets are measured too), with screenshots of the first few pairs."""

    bot: UiBot
    shots: Path
    checks: list[str] = field(default_factory=list)
    failures: dict[str, str] = field(default_factory=dict)  # "scene: A (role) and B (role)" -> diff
    compared: int = 0

    def compare(self, scene: Scene, when: str) -> bool:
        """Compare the phones whose secret is closed; False if one has left the scene meanwhile."""
        you = t("you")
        names = [p.name for p in self.bot.phones]
        found = evaluate_all([ph.page for ph in self.bot.phones], _LOOK_JS, [[names, you]] * len(names))
        if any(look is not None and "error" in look for look in found):
            return False  # the page changed under the script: look again
        looks = {ph.name: look for ph, look in zip(self.bot.phones, found, strict=True)}
        if any(look is not None and norm_phase(look["phase"]) != scene[1] for look in looks.values()):
            return False  # a phone left the scene meanwhile, or shows its link banner: look again
        groups: dict[tuple[str, bool], list[Phone]] = {}
        for ph in self.bot.phones:
            look = looks[ph.name]
            if look is None:
                continue  # its secret is open right now
            chief = scene[1] == "PROPOSAL" and look["chief"].endswith(ph.name)
            groups.setdefault((look["status"], chief), []).append(ph)
        label = f"day {scene[0]} {scene[1]} #{scene[2]} {when}"
        self.checks.append(f"{label}: {sorted(len(g) for g in groups.values())}")
        for group in groups.values():
            first = group[0]
            for other in group[1:]:  # the same, exactly: the first against each of the others
                self.compared += 1
                one, two = looks[first.name], looks[other.name]
                assert one is not None and two is not None  # only phones with a look are grouped
                diff = differences(one, two)
                if diff:
                    self.fail(label, first, other, diff)
        return True

    def fail(self, label: str, a: Phone, b: Phone, diff: list[str]) -> None:
        pair = f"{label}: {a.name} ({a.role}) and {b.name} ({b.role})"
        if pair in self.failures:
            return
        if len(self.failures) < 3:  # the two phones as they are now, to look at side by side
            tag = re.sub(r"\W+", "_", label)
            for ph in (a, b):
                path = self.shots / f"DIFF_{tag}_{ph.name}_{ph.role}.png"
                with contextlib.suppress(PlaywrightError):  # best effort: it may have moved on
                    ph.page.screenshot(path=str(path), full_page=True)
        self.failures[pair] = "\n".join(diff[:12])


def differences(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    out = []
    if a["height"] != b["height"]:
        out.append(f"page height {a['height']} != {b['height']}")
    for i, (x, y) in enumerate(zip(a["items"], b["items"], strict=False)):
        if x != y:
            out.append(f"element {i} {a['names'][i]}: {x}\n    != {b['names'][i]}: {y}")
    if len(a["items"]) != len(b["items"]):
        extra = a["items"][len(b["items"]) :] or b["items"][len(a["items"]) :]
        out.append(f"{len(a['items'])} != {len(b['items'])} visible elements; extra: {extra[:3]}")
    return out
