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
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import WebSocket, expect

from .conftest import NewPhone, _serve
from .table import open_table
from .texts import role_of, split_names, t
from .uibot import Phone, Policy, Screen, UiBot, open_secret

pytestmark = pytest.mark.browser

NAMES = [f"Pip{i:02d}" for i in range(1, 13)]  # all as wide: digits are tabular
ALL_ROLES = ["WITCH"] * 3 + ["CROW"] * 2 + ["VILLAGER"] * 2
ALL_ROLES += ["JESTER", "SEER", "HERB_DOCTOR", "PROTECTOR", "PICKPOCKET"]
HEIGHT_PX = 8
TEXT_SHARE = 0.15
LAST_DAY = 2  # every scene of a day, twice; day 3 would only repeat them

# What a neighbour sees of an open sheet (or of a held role card): measured, not classes.
_MEASURE_JS = """([sel, names]) => {
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


def shut(ph: Phone) -> None:
    """Close the phone's secret if it is open; a new scene may have closed it already."""
    close = ph.page.get_by_role("button", name=t("secret.close", ph.lang), exact=True)
    with contextlib.suppress(PlaywrightError):
        if close.count():
            close.click(timeout=5000)


def norm_phase(phase: str) -> str:
    return "DEPART_A" if phase == "GUARD_B" else phase  # step B is step A for the table (H-DEP-13)


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
    where: dict[str, tuple[int, str, int]] = field(default_factory=dict)
    seen: dict[str, tuple[int, str]] = field(default_factory=dict)
    counts: dict[tuple[str, int, str], int] = field(default_factory=dict)
    stage: dict[tuple[int, str, int], str] = field(default_factory=dict)
    checks: list[str] = field(default_factory=list)
    failures: dict[str, str] = field(default_factory=dict)  # "scene: role vs role" -> what differs
    shot: set[tuple[str, str]] = field(default_factory=set)

    def scene_of(self, ph: Phone, phase: str, day: int) -> tuple[int, str, int]:
        key = (day, norm_phase(phase))
        if self.seen.get(ph.name) != key:
            self.seen[ph.name] = key
            n = self.counts.get((ph.name, *key), 0) + 1
            self.counts[(ph.name, *key)] = n
            self.where[ph.name] = (*key, n)
        return self.where[ph.name]

    def hold(self, ph: Phone, s: Screen) -> bool:
        """No tap on a scene before its first look; and the guarding Protector's step B waits
        until every other phone has chosen in step A, so that his guard sheet is compared with
        their sheets after their taps (step B is step A for the table, H-DEP-13)."""
        scene = self.scene_of(ph, s.phase, s.day)
        return scene not in self.stage or (s.phase == "GUARD_B" and self.stage[scene] == "private")

    def __call__(self) -> None:
        scenes = {self.where.get(ph.name) for ph in self.bot.phones}
        if len(scenes) != 1 or None in scenes:
            return
        scene = scenes.pop()
        assert scene is not None
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
            and not self.bot.acted_last
            and (scene[1] != "DEPART_A" or self.sheets(scene, "after every tap in secret"))
        ):
            self.stage[scene] = "public"
            self.bot.private_only = False

    def measure(self, ph: Phone, sel: str) -> dict[str, Any] | None:
        result: dict[str, Any] | None = ph.page.evaluate(
            _MEASURE_JS, [sel, [p.name for p in self.bot.phones]]
        )
        return result

    def sheets(self, scene: tuple[int, str, int], when: str) -> bool:
        """Open, measure and close every phone's secret; False if a phone left the scene."""
        looks: dict[str, dict[str, Any]] = {}
        keys: dict[str, tuple[str, bool]] = {}
        for ph in self.bot.phones:
            s = Screen.read(ph.page, ph.lang)
            if norm_phase(s.phase) != scene[1] or s.day != scene[0]:
                return False
            if s.secret_open:
                shut(ph)
            elif not s.button(s.t("secret.open")):
                continue  # no seat in play here (none at this table): nothing to open
            member = scene[1] == "RITUAL" and ph.name in ritual_members(s)
            try:
                open_secret(ph.page, ph.lang)
                look = self.measure(ph, ".secret-body")
                self.shoot(ph, scene, when)
            except (PlaywrightError, AssertionError):
                look = None  # the scene moved on under our finger (the quarrel's 4 s, say)
            finally:
                shut(ph)
            if look is None or norm_phase(look["phase"]) != scene[1]:
                return False
            looks[ph.name] = look
            keys[ph.name] = (look["status"], member)
        self.compare(scene, when, looks, keys)
        return True

    def role_cards(self, scene: tuple[int, str, int]) -> bool:
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
                look = self.measure(ph, ".rolecard-btn")
                roles[ph.name] = role_of(face.locator(".role-name").inner_text().strip(), ph.lang)
                self.shoot(ph, scene, "held", roles[ph.name])
            finally:
                ph.page.mouse.up()
            if look is None:
                return False
            looks[ph.name] = look
        self.compare(scene, "held", looks, dict.fromkeys(looks, ("CAT", False)), roles)
        return True

    def shoot(self, ph: Phone, scene: tuple[int, str, int], when: str, role: str | None = None) -> None:
        """One screenshot per scene and role, to look at side by side."""
        role = role or self.role(ph)
        key = (f"{scene[1]}_{when}", role)
        if key in self.shot:
            return
        self.shot.add(key)
        tag = re.sub(r"\W+", "_", f"{scene[1]}_{when}").lower()
        ph.page.screenshot(path=str(self.shots / f"{tag}_{role}.png"), animations="disabled")

    def role(self, ph: Phone) -> str:
        return ph.role or "?"

    def compare(
        self,
        scene: tuple[int, str, int],
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
                        self.failures.setdefault(pair, "; ".join(diff))


@pytest.fixture(scope="module")
def slow_witch_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The rule timers but 60 s for the witches' window and the guard's step B: the test opens
    twelve secrets in step C before the witches choose (longer than 15 s on a busy machine),
    and holds the guard's step B until the other phones have been measured after their taps."""
    data = tmp_path_factory.mktemp("nightfall-open-secrets")
    with _serve(data, {"witch": 60, "guard": 60}) as base:  # the fixed deal of every test server
        yield base


def test_open_secrets_look_alike_on_twelve_phones(
    slow_witch_server: str, new_phone: NewPhone, shots: Path
) -> None:
    """H-VIS-6, H-VIS-6a, H-VIS-6b, H-VIS-6c, H-VIS-6d, H-VIS-6e: every open secret alike, in every
    scene of two days (a fixed deal)."""
    phones = open_table(new_phone, slow_witch_server, 12, mode="unlimited", names=NAMES)
    # The Protector guards on day 1 where everyone gathers, so the Witches' attack is repelled
    # and his evening has its card; the first team is voted down, the first exile vote blank.
    bot = UiBot(phones, shots, Policy(reject_first=True, guard_day=1, blank_until=1, decoys=True), seed=12)
    watch = OpenParity(bot, shots)
    bot.watchers.append(watch)
    # Every command each phone sends, with the scene it was in (H-VIS-6b: decoys send nothing).
    # The sockets opened in the lobby: a reload opens them again under the listener.
    sent: list[tuple[str, str, str]] = []

    def record(ph: Phone, frame: str | bytes) -> None:
        try:
            msg = json.loads(frame)
        except ValueError:
            return  # not a JSON message: no command
        if isinstance(msg, dict) and msg.get("type") == "command":
            sent.append((ph.name, watch.where.get(ph.name, (0, "", 0))[1], msg["command"]["type"]))

    def listen(ph: Phone) -> Callable[[WebSocket], None]:
        return lambda ws: ws.on("framesent", lambda frame: record(ph, frame))

    for ph in phones:
        ph.page.on("websocket", listen(ph))
        ph.page.reload()
        expect(ph.page.get_by_role("button", name=t("reveal.hold", ph.lang))).to_be_visible()

    def ended(screens: list[Screen]) -> bool:
        over = all(s.phase == "GAME_END" or s.day > LAST_DAY for s in screens)
        return over or len(watch.failures) > 60

    what = f"every phone past day {LAST_DAY} or at the results screen"
    bot.run_until(ended, timeout=900, what=what, hold=watch.hold)
    assert sorted(ph.role or "?" for ph in phones) == sorted(ALL_ROLES)
    scenes = {label.split(" #")[0].split(" ", 2)[2] for label in watch.checks}
    must = {"ROLE_REVEAL", "DEPART_A", "WITCH_C", "EVENING_ANNOUNCE", "DISCUSSION", "PROPOSAL"}
    must |= {"APPROVAL_VOTE", "RITUAL", "RITUAL_RESULT", "EXILE_VOTE", "VOTE_RESULT_SCENE"}
    print("\ndeal: " + " ".join(f"{ph.name}={ph.role}" for ph in phones))  # the same on every run
    print("\n".join(watch.checks))
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
