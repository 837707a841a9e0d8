"""Issue 18 §1, "a glance at a neighbour's phone reveals nothing" (docs/rules/heks.md H-VIS-6).

Nine phones (Table 2.1: the smallest table with every role: two Witches, the Crow, the Jester,
the Seer, the Herb Doctor, the Protector, the Pickpocket and a Villager) play the first two
days of a game through the UI (one fixed deal: tests/seeded_serve.py). At 9 players every role
acts from day 1 (Table 2.2), so two days hold every scene twice, the second behind a day of
history (a check, a theft, a frog); later days only repeat them. In every scene, while each phone's secret is closed, every visible element of
every phone is compared with the same element on the others: its box (in page coordinates),
its colours and its own visible text. Phones are compared with those in the same public
situation only (a cat, a frog or an exiled player; in the proposal, the chief), and the host's
drawer is left out: those differences are public. Player names are all as wide (digits are),
and are normalised, with "you": the own seat is named and left out of some lists, which says
who holds the phone, not what they are.

When: at the start of each scene before anyone taps (every phone is held), and then after
every round of taps made inside the secrets (the place choices, the witches' window, the
Seer's check, the theft, a card played, reading one's messages) until nobody has any left;
only then are the public taps (Ready, Confirm, votes) let through.

How, quickly (tests/browser/held_table.py and uibot.py): the nine pages are measured side by side, one
script each; a page's accessibility tree is read again only when the page has changed; and
the two steps that wait on a clock in Unlimited mode, the witches' window and the quarrel,
are long on this test's server and run out by the test once every look there is taken.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from .clock import Clock
from .conftest import NewPhone
from .held_table import Scene, Scenes, evaluate_all, held_server, norm_phase, quiet, run_out_when
from .table import open_table
from .texts import t
from .uibot import Phone, Policy, Screen, UiBot

pytestmark = pytest.mark.browser

NAMES = [f"Pip{i}" for i in range(1, 10)]  # the same width on every phone: digits are tabular
# Table 2.1 at 9 players with B-9: two Crows and no Villager (the Villager's phone, with nothing
# secret, looks like the Crows' and the Jester's: the decoy line behind the cover).
ALL_ROLES = ["WITCH", "WITCH", "CROW", "CROW", "JESTER", "SEER", "HERB_DOCTOR", "PROTECTOR", "PICKPOCKET"]

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
class LookAlike:
    """Holds the table at each new scene, compares the phones, and lets the taps through."""

    bot: UiBot
    shots: Path
    scenes: Scenes = field(default_factory=Scenes)
    stage: dict[Scene, str] = field(default_factory=dict)  # "private" | "public"
    checks: list[str] = field(default_factory=list)
    compared: int = 0
    screens: dict[str, Screen] = field(default_factory=dict)  # each phone's last read

    def hold(self, ph: Phone, s: Screen) -> bool:
        """No tap on a scene before its first look; public taps only once the secrets are done
        (``bot.private_only``). Called by the bot for every phone it has just read."""
        self.screens[ph.name] = s
        return self.scenes.scene_of(ph, s.phase, s.day) not in self.stage

    def waits(self) -> bool:
        """Whether the test is done with the table's scene (its timer may run out)."""
        scene = self.scenes.common(self.bot.phones)
        return scene is not None and self.stage.get(scene) == "public"

    def __call__(self) -> None:
        """Once per sweep, before the bot reads and taps: where the last sweep saw the phones."""
        scene = self.scenes.common(self.bot.phones)
        if scene is None:
            return
        if scene[1] in ("GAME_END", "OTHER", "GAME", "LOBBY"):  # at the end every role is shown
            self.stage[scene] = "public"
            self.bot.private_only = False
            return
        stage = self.stage.get(scene)
        if stage is None:
            if self.compare(scene, "at the start"):
                self.stage[scene] = "private"
                self.bot.private_only = True
        elif stage == "private" or scene[1] in ("DEPART_A", "WITCH_C"):
            if self.bot.acted_last:
                self.compare(scene, "after taps in secret")
            elif (
                stage == "private"
                and quiet(self.bot, self.screens)
                and self.compare(scene, "with every secret done")
            ):
                self.stage[scene] = "public"
                self.bot.private_only = False

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
            for other in group[1:]:
                self.compared += 1
                one, two = looks[first.name], looks[other.name]
                assert one is not None and two is not None  # only phones with a look are grouped
                diff = differences(one, two)
                if diff:
                    self.fail(label, first, other, diff)
        return True

    def fail(self, label: str, a: Phone, b: Phone, diff: list[str]) -> None:
        tag = re.sub(r"\W+", "_", label)
        for ph in (a, b):  # the two phones as they are now, to look at side by side
            ph.page.screenshot(path=str(self.shots / f"DIFF_{tag}_{ph.name}_{ph.role}.png"), full_page=True)
        raise AssertionError(
            f"{label}: {a.name} ({a.role}) and {b.name} ({b.role}) can be told apart:\n"
            + "\n".join(diff[:12])
        )


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


LAST_DAY = 2


def two_days_done(screens: list[Screen]) -> bool:
    """Every phone past day 2, or at the results (a game may end sooner)."""
    return all((s.phase == "GAME_END" and s.heading("end.title")) or s.day > LAST_DAY for s in screens)


@pytest.fixture(scope="module")
def held(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The fixed deal, with the witches' window and the quarrel run out by the test."""
    with held_server(tmp_path_factory.mktemp("nightfall-look-alike")) as base:
        yield base


def test_every_phone_looks_the_same_in_every_scene(held: str, new_phone: NewPhone, shots: Path) -> None:
    # H-VIS-6, H-VIS-1, H-DEP-13
    t0 = time.monotonic()
    codes: list[str] = []
    phones = open_table(new_phone, held, 9, mode="unlimited", names=NAMES, before_start=codes.append)
    # Day 1 as in the 5-phone game: the Protector guards where everyone gathers (so the
    # Witches' attack is repelled), the first team is voted down and the exile vote is blank.
    # No screenshot of every scene: a failure shoots the two phones it names (LookAlike.fail).
    bot = UiBot(phones, None, Policy(reject_first=True, guard_day=1, blank_until=1), seed=9)
    watch = LookAlike(bot, shots)
    bot.watchers.append(watch)
    what = f"every phone past day {LAST_DAY} or at the results screen"
    clock = Clock(held, codes[0])
    clock.play(
        bot,
        two_days_done,
        timeout=600,
        what=what,
        waits=run_out_when(watch.waits),
        hold=watch.hold,
        witches_at_once=False,
    )
    assert sorted(ph.role or "?" for ph in phones) == sorted(ALL_ROLES)

    # The secrets were used: every private result of issue 18 §1 was shown (in a secret only).
    role = {ph.name: ph.role for ph in phones}
    found = {
        key: [ph.role for ph in phones if ph.found(key)]
        for key in ("seer.result.witch", "seer.result.notwitch", "pp.took", "evening.repelled")
    }
    assert found["seer.result.witch"] + found["seer.result.notwitch"], found
    assert set(found["seer.result.witch"] + found["seer.result.notwitch"]) == {"SEER"}, found
    assert set(found["pp.took"]) == {"PICKPOCKET"}, found
    assert set(found["evening.repelled"]) == {"PROTECTOR"}, found
    for ph in phones:
        if ph.role == "WITCH":
            assert any(f'heading "{t("witch.title")}"' in tree for _p, _d, tree in ph.history), ph.name
        if ph.role == "PROTECTOR":
            assert "GUARD_B" in ph.phases
    scenes = {label.split(" #")[0].split(" ", 2)[2] for label in watch.checks}
    must = {"ROLE_REVEAL", "DEPART_A", "EVENING_ANNOUNCE", "DISCUSSION", "PROPOSAL", "APPROVAL_VOTE"}
    must |= {"REJECT_SCENE", "ACCEPT_SCENE", "RITUAL", "RITUAL_RESULT", "EXILE_VOTE", "VOTE_RESULT_SCENE"}
    assert must <= scenes, f"scenes never compared: {sorted(must - scenes)}"
    print(f"\ntimers run out: {clock.ran}; pages read {bot.reads}, unchanged {bot.reused}")
    print(
        f"\n9 phones, roles {role}; {len(watch.checks)} looks, {watch.compared} phone pairs compared, "
        f"{time.monotonic() - t0:.0f} s\n" + "\n".join(watch.checks)
    )
