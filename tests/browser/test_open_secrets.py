"""Issue 31 §1, "open secrets look alike" (docs/rules/heks.md H-VIS-6, H-VIS-6a..6e).

The table opens its secrets at the same moment, so the *open* sheet must not give the role away
at arm's length either (tests/browser/test_look_alike.py compares the closed pages only). Twelve
phones (Table 2.1 at 12 players: three Witches, two Crows, the Jester, the Seer, the Herb
Doctor, the Protector, the Pickpocket and two Villagers) play a whole game through the UI. At
the start of every scene, before anyone taps, the test opens the secret on every phone, measures
the open sheet and closes it again; in step A it does so once more after every phone has made
its (real or decoy) taps. The role card is held on every phone in the role reveal and measured
the same way. Phones are compared with those in the same public situation only (a cat, a frog
or an exiled player; in the ritual, a member of the circle or not): those differences are
public.

Compared per sheet: the height of its contents (within 8 px), its colours (every background
and border colour, and the colour of every text, as a set), its tappable elements (how many,
and how many on each row) and the length of its text (within 15 %, names normalised).

The deal does not matter: every role is at a 12-player table, every phone is measured, and a
failure names the scene and the two roles, whoever holds them. It is fixed all the same
(tests/seeded_serve.py), so that every run plays the same game. At 12 players every role acts
from day 1 (the witches attack, the Seer checks: Table 2.2), so the test plays two days and
stops: the second day's sheets are those of phones with a day of history behind them (a
check, a theft, a repelled attack, a frog), and later days only repeat its scenes.

How, quickly (tests/browser/held_table.py and uibot.py): each phone's secret is opened, measured and
closed by one script (a tap on the cover, the measures, a tap on Close), on all twelve pages
side by side; a page's accessibility tree is read again only when the page has changed; and
the witches' window and the quarrel, the only clocks of Unlimited mode, are long on this
test's server and run out by the test once every sheet there is measured and the witches
have chosen. A failure shoots the two phones it names, their secrets open (DIFF_*.png).
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from .clock import Clock
from .conftest import NewPhone
from .held_table import Scene, Scenes, evaluate_all, held_server, norm_phase, quiet, run_out_when
from .table import open_table
from .texts import role_of, split_names, t
from .uibot import Phone, Policy, Screen, UiBot

pytestmark = pytest.mark.browser

NAMES = [f"Pip{i:02d}" for i in range(1, 13)]  # all as wide: digits are tabular
ALL_ROLES = ["WITCH"] * 3 + ["CROW"] * 2 + ["VILLAGER"] * 2
ALL_ROLES += ["JESTER", "SEER", "HERB_DOCTOR", "PROTECTOR", "PICKPOCKET"]
HEIGHT_PX = 8
TEXT_SHARE = 0.15
LAST_DAY = 2  # every scene of a day, twice; day 3 would only repeat them

# What a neighbour sees of an open sheet (or of a held role card): measured, not classes.
_MEASURE_FN = """(sel, names) => {
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
_MEASURE_JS = "([sel, names]) => (" + _MEASURE_FN + ")(sel, names)"

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
}""".replace("MEASURE", _MEASURE_FN)


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
class OpenParity:
    """Holds the table at each new scene, opens and measures every phone's secret, then lets
    the taps through (first those made in secret, then the public ones)."""

    bot: UiBot
    shots: Path
    scenes: Scenes = field(default_factory=Scenes)
    stage: dict[Scene, str] = field(default_factory=dict)
    checks: list[str] = field(default_factory=list)
    failures: dict[str, str] = field(default_factory=dict)  # "scene: role vs role" -> what differs
    screens: dict[str, Screen] = field(default_factory=dict)  # each phone's last read

    def hold(self, ph: Phone, s: Screen) -> bool:
        """No tap on a scene before its first look; and the guarding Protector's step B waits
        until every other phone has chosen in step A, so that his guard sheet is compared with
        their sheets after their taps (step B is step A for the table, H-DEP-13)."""
        self.screens[ph.name] = s
        scene = self.scenes.scene_of(ph, s.phase, s.day)
        return scene not in self.stage or (s.phase == "GUARD_B" and self.stage[scene] == "private")

    def waits(self) -> bool:
        """Whether the test is done with the table's scene (its timer may run out)."""
        scene = self.scenes.common(self.bot.phones)
        return scene is not None and self.stage.get(scene) == "public"

    def __call__(self) -> None:
        scene = self.scenes.common(self.bot.phones)
        if scene is None:
            return
        if scene[1] in ("GAME_END", "OTHER", "GAME", "LOBBY"):  # at the end every role is shown
            self.stage[scene] = "public"
            self.bot.private_only = False
            return
        stage = self.stage.get(scene)
        if stage is None:
            done = self.role_cards(scene) if scene[1] == "ROLE_REVEAL" else self.sheets(scene, "at the start")
            if done:
                self.stage[scene] = "private"
                self.bot.private_only = True
        elif (
            stage == "private"
            and quiet(self.bot, self.screens)  # every tap in secret made and shown
            and (scene[1] != "DEPART_A" or self.sheets(scene, "after every tap in secret"))
        ):
            self.stage[scene] = "public"
            self.bot.private_only = False

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
            card = ph.page.get_by_role("button", name=t("reveal.hold", ph.lang)).first
            card.scroll_into_view_if_needed()
            box = card.bounding_box()
            assert box is not None
            ph.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            ph.page.mouse.down()
            try:
                face = ph.page.get_by_test_id("role-face")
                face.wait_for(timeout=5000)
                look = ph.page.evaluate(_MEASURE_JS, [".rolecard-btn", [p.name for p in self.bot.phones]])
                roles[ph.name] = role_of(face.locator(".role-name").inner_text().strip(), ph.lang)
            finally:
                ph.page.mouse.up()
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


@pytest.fixture(scope="module")
def held(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The fixed deal, with the witches' window and the quarrel run out by the test: each waits
    until twelve secrets have been opened and measured and the witches have chosen."""
    with held_server(tmp_path_factory.mktemp("nightfall-open-secrets")) as base:
        yield base


def test_open_secrets_look_alike_on_twelve_phones(held: str, new_phone: NewPhone, shots: Path) -> None:
    """H-VIS-6, H-VIS-6a, H-VIS-6b, H-VIS-6c, H-VIS-6d, H-VIS-6e: every open secret alike, in every
    scene of two days (a fixed deal)."""
    # Every command each phone sends, with the scene it was in (H-VIS-6b: decoys send nothing),
    # heard from the moment each page opens.
    sent: list[tuple[str, str, str]] = []
    owner: dict[Page, Phone] = {}

    def record(page: Page, frame: str | bytes) -> None:
        try:
            msg = json.loads(frame)
        except ValueError:
            return  # not a JSON message: no command
        ph = owner.get(page)
        if ph is not None and isinstance(msg, dict) and msg.get("type") == "command":
            sent.append((ph.name, watch.scenes.where.get(ph.name, (0, "", 0))[1], msg["command"]["type"]))

    def listened(**kwargs: Any) -> Page:
        page = new_phone(**kwargs)
        page.on("websocket", lambda ws: ws.on("framesent", lambda frame: record(page, frame)))
        return page

    codes: list[str] = []
    phones = open_table(listened, held, 12, mode="unlimited", names=NAMES, before_start=codes.append)
    owner.update((ph.page, ph) for ph in phones)
    # The Protector guards on day 1 where everyone gathers, so the Witches' attack is repelled
    # and his evening has its card; the first team is voted down, the first exile vote blank.
    bot = UiBot(phones, None, Policy(reject_first=True, guard_day=1, blank_until=1, decoys=True), seed=12)
    watch = OpenParity(bot, shots)
    bot.watchers.append(watch)

    def ended(screens: list[Screen]) -> bool:
        over = all(s.phase == "GAME_END" or s.day > LAST_DAY for s in screens)
        return over or len(watch.failures) > 60

    what = f"every phone past day {LAST_DAY} or at the results screen"
    clock = Clock(held, codes[0])
    clock.play(
        bot,
        ended,
        timeout=900,
        what=what,
        waits=run_out_when(watch.waits),
        hold=watch.hold,
        witches_at_once=False,
    )
    assert sorted(ph.role or "?" for ph in phones) == sorted(ALL_ROLES)
    scenes = {label.split(" #")[0].split(" ", 2)[2] for label in watch.checks}
    must = {"ROLE_REVEAL", "DEPART_A", "WITCH_C", "EVENING_ANNOUNCE", "DISCUSSION", "PROPOSAL"}
    must |= {"APPROVAL_VOTE", "RITUAL", "RITUAL_RESULT", "EXILE_VOTE", "VOTE_RESULT_SCENE"}
    print("\ndeal: " + " ".join(f"{ph.name}={ph.role}" for ph in phones))  # the same on every run
    print("\n".join(watch.checks))
    print(f"timers run out: {clock.ran}; pages read {bot.reads}, unchanged {bot.reused}")
    assert not watch.failures, f"{len(watch.failures)} open secrets can be told apart:\n" + "\n".join(
        f"{k}: {v}" for k, v in watch.failures.items()
    )
    assert must <= scenes, f"scenes never compared: {sorted(must - scenes)}"
    repelled = [ph.role for ph in phones if ph.found("evening.repelled")]
    assert repelled == ["PROTECTOR"], f"the repelled attack was never shown: {repelled}"

    # H-VIS-6b: the decoys were tapped, and not one of them left its phone.
    role = {ph.name: ph.role for ph in phones}
    decoyed = {ph.role for ph in phones if ph.found("suspect.done") and ph.found("cat.done")}
    assert {"VILLAGER", "CROW", "JESTER", "PROTECTOR"} <= decoyed, f"decoys never tapped: {decoyed}"
    assert sent, "no command frame was seen"
    for name, scene, command in sent:
        if scene == "WITCH_C":
            assert role[name] == "WITCH", f"{name} ({role[name]}) sent {command} in step C"
        if scene == "DISCUSSION" and role[name] not in ("SEER", "PICKPOCKET"):
            assert command == "end_discussion", f"{name} ({role[name]}) sent {command} in the discussion"
