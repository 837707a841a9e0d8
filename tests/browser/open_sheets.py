"""The open secret, measured on every phone (H-VIS-6, H-VIS-6a..6e; issue 31 §1).

What a neighbour sees of an open sheet at arm's length, or of a held role card: the height of
its contents (within :data:`HEIGHT_PX`), its colours (every background and border colour, and
the colour of every text, as a set), its tappable elements (how many, and how many on each
row) and the length of its text (within :data:`TEXT_SHARE`, names normalised). Measured, not
read from classes. :class:`OpenSheets` opens, measures and closes every phone's secret at once
(one script per phone, side by side: :func:`held_table.evaluate_all`) and compares the phones
in the same public situation; tests/browser/test_look_alike.py calls it at every held scene,
tests/browser/test_open_secret_languages.py uses the measure on the development fixtures.
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Error as PlaywrightError

from .held_table import Scene, evaluate_all, norm_phase
from .texts import role_of, split_names, t
from .uibot import Phone, Screen, UiBot, held_card

HEIGHT_PX = 8
TEXT_SHARE = 0.15

# What a neighbour sees of an open sheet (or of a held role card): measured, not classes.
MEASURE_FN = """(sel, names) => {
  const root = document.querySelector(sel);
  if (!root) return null;
  const norm = (s) => {
    for (const n of names) s = s.split(n).join("Name");
    return s;
  };
  const seen = (el) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  const top = root.getBoundingClientRect().top;
  const taps = [...root.querySelectorAll("button, a[href], input, select, textarea")].filter(seen);
  const rows = [];
  let last = null;
  for (const b of taps) {
    const y = Math.round(b.getBoundingClientRect().top - top);
    if (last !== null && Math.abs(y - last) <= 2) rows[rows.length - 1] += 1;
    else rows.push(1);
    last = y;
  }
  const colours = new Set();
  for (const el of [root, ...root.querySelectorAll("*")]) {
    if (!seen(el)) continue;
    if (el.closest("[role=timer], .meter")) continue;  // a countdown turns red near its end
    const cs = getComputedStyle(el);
    if (cs.backgroundColor !== "rgba(0, 0, 0, 0)") colours.add("background " + cs.backgroundColor);
    if (cs.backgroundImage !== "none") colours.add("image " + cs.backgroundImage);
    if (parseFloat(cs.borderTopWidth) > 0) colours.add("border " + cs.borderTopColor);
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (own) colours.add("text " + cs.color);
  }
  const text = norm(root.innerText).replace(/\\s+/g, " ").trim();
  return {
    height: Math.round(root.getBoundingClientRect().height),
    taps: taps.length,
    rows,
    colours: [...colours].sort(),
    chars: text.length,
    text: text.slice(0, 160),
    phase: (() => {
      const g = document.querySelector(".game");
      const m = g ? g.className.match(/phase-(\\w+)/) : null;
      return m ? m[1].toUpperCase() : "";
    })(),
    status: (document.querySelector(".game") || { dataset: {} }).dataset.status || "",
  };
}"""
MEASURE_JS = "([sel, names]) => (" + MEASURE_FN + ")(sel, names)"

# The same for the open secret, in one call per phone: the tap on the cover, the sheet's
# measures once it is there, the tap on Close (no round trip between them). The day is read
# from the status bar before and after, so a measure is of one scene. Null: no cover (no seat).
_OPEN_MEASURE_JS = """async ([names, dayHead]) => {
  const measure = MEASURE;
  const pause = () => new Promise((r) => setTimeout(r, 10));
  const until = async (ok) => {
    for (let i = 0; i < 500; i++) {  // 5 s
      if (ok()) return true;
      await pause();
    }
    return false;
  };
  const sheet = () => document.querySelector(".secret-sheet");
  const shut = async () => {
    const close = document.querySelector(".secret-sheet .secret-close");
    if (close) close.click();
    return until(() => !sheet());
  };
  const day = () => {  // the status bar's "Day N", the first on the page
    const text = (document.querySelector(".game-page") || { innerText: "" }).innerText;
    const at = text.indexOf(dayHead);
    return at < 0 ? 0 : parseInt(text.slice(at + dayHead.length), 10) || 0;
  };
  const before = day();
  if (sheet() && !(await shut())) return { error: "the sheet did not close" };
  const cover = document.querySelector(".secret-cover");
  if (!cover) return null;
  cover.click();
  if (!(await until(() => document.querySelector(".secret-body")))) return { error: "the sheet did not open" };
  const look = measure(".secret-body", names);
  const after = day();
  await shut();
  return look && { ...look, day: before === after ? after : -1 };
}""".replace("MEASURE", MEASURE_FN)


def differences(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    out = []
    if abs(a["height"] - b["height"]) > HEIGHT_PX:
        out.append(f"height {a['height']} != {b['height']} px")
    if a["taps"] != b["taps"] or a["rows"] != b["rows"]:
        out.append(f"tappables {a['taps']} in rows {a['rows']} != {b['taps']} in rows {b['rows']}")
    if a["colours"] != b["colours"]:
        only_a = sorted(set(a["colours"]) - set(b["colours"]))
        only_b = sorted(set(b["colours"]) - set(a["colours"]))
        out.append(f"colours only in one: {only_a} / only in the other: {only_b}")
    longer, shorter = max(a["chars"], b["chars"]), min(a["chars"], b["chars"])
    if longer and (longer - shorter) / longer > TEXT_SHARE:
        out.append(f"text {a['chars']} != {b['chars']} chars: {a['text']!r} / {b['text']!r}")
    return out


def ritual_members(s: Screen) -> list[str]:
    head = re.escape(s.t("ritual.members").split("{names}")[0])
    m = re.search(head + r"""(.+?)['"]?$""", s.snapshot, re.M)
    return split_names(m.group(1), s.lang) if m else []


@dataclass
class OpenSheets:
    """Opens and measures every phone's secret (or holds its role card) and compares the
    phones in the same public situation (a cat, a frog or an exiled player; in the ritual, a
    member of the circle or not): those differences are public. A failure is kept, not
    raised, with screenshots of the first few pairs (DIFF_*.png, their secrets open)."""

    bot: UiBot
    shots: Path
    screens: dict[str, Screen]  # each phone's last read (the watcher's): who is in the ritual
    checks: list[str] = field(default_factory=list)
    failures: dict[str, str] = field(default_factory=dict)  # "scene: role vs role" -> what differs

    def sheets(self, scene: Scene, when: str) -> bool:
        """Open, measure and close every phone's secret, all phones at once; False if a phone
        left the scene meanwhile (the next sweep measures again)."""
        phones = self.bot.phones
        names = [ph.name for ph in phones]
        heads = [t("hdr.day", ph.lang).split("{n}")[0] for ph in phones]
        found = evaluate_all([ph.page for ph in phones], _OPEN_MEASURE_JS, [[names, h] for h in heads])
        looks: dict[str, dict[str, Any]] = {}
        keys: dict[str, tuple[str, bool]] = {}
        for ph, look in zip(phones, found, strict=True):
            if look is None:
                continue  # no seat in play here (none at this table): nothing to open
            if "error" in look or norm_phase(look["phase"]) != scene[1] or look["day"] != scene[0]:
                return False  # the scene moved on under our finger, or the page reloaded
            s = self.screens.get(ph.name)
            member = scene[1] == "RITUAL" and s is not None and ph.name in ritual_members(s)
            looks[ph.name] = look
            keys[ph.name] = (look["status"], member)
        self.compare(scene, when, looks, keys)
        return True

    def role_cards(self, scene: Scene) -> bool:
        """Hold every phone's role card, measure its face, let go."""
        looks: dict[str, dict[str, Any]] = {}
        roles: dict[str, str] = {}
        for ph in self.bot.phones:
            with held_card(ph.page, ph.lang) as face:
                look = ph.page.evaluate(MEASURE_JS, [".rolecard-btn", [p.name for p in self.bot.phones]])
                roles[ph.name] = role_of(face.locator(".role-name").inner_text().strip(), ph.lang)
            if look is None:
                return False
            looks[ph.name] = look
        self.compare(scene, "held", looks, dict.fromkeys(looks, ("CAT", False)), roles)
        return True

    def shoot(self, ph: Phone, label: str, held: bool) -> None:
        """A phone of a pair that can be told apart, with what was compared shown (best effort:
        the scene may have moved on since)."""
        tag = re.sub(r"\W+", "_", label).lower()
        path = str(self.shots / f"DIFF_{tag}_{ph.name}_{self.role(ph)}.png")
        with contextlib.suppress(PlaywrightError):
            if held:
                ph.page.screenshot(path=path, animations="disabled")
                return
            ph.page.evaluate("() => document.querySelector('.secret-cover')?.click()")
            ph.page.wait_for_selector(".secret-body", timeout=2000)
            ph.page.screenshot(path=path, animations="disabled")
            ph.page.evaluate("() => document.querySelector('.secret-sheet .secret-close')?.click()")

    def role(self, ph: Phone) -> str:
        return ph.role or "?"

    def compare(
        self,
        scene: Scene,
        when: str,
        looks: dict[str, dict[str, Any]],
        keys: dict[str, tuple[str, bool]],
        roles: dict[str, str] | None = None,
    ) -> None:
        roles = roles or {ph.name: self.role(ph) for ph in self.bot.phones}
        label = f"day {scene[0]} {scene[1]} #{scene[2]} {when}"
        groups: dict[tuple[str, bool], list[Phone]] = {}
        for ph in self.bot.phones:
            if ph.name in looks:
                groups.setdefault(keys[ph.name], []).append(ph)
        self.checks.append(f"{label}: groups {sorted(len(g) for g in groups.values())}")
        for group in groups.values():  # every pair: the limits hold for the two farthest apart
            for i, one in enumerate(group):
                for other in group[i + 1 :]:
                    diff = differences(looks[one.name], looks[other.name])
                    if diff:
                        pair = f"{label}: {roles[one.name]} vs {roles[other.name]}"
                        if pair not in self.failures and len(self.failures) < 6:
                            for ph in (one, other):  # screenshots of the first few only
                                self.shoot(ph, label, when == "held")
                        self.failures.setdefault(pair, "; ".join(diff))
