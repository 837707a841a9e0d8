"""A "UI bot": plays Vang de Heks on real phone pages, only by reading the screen and tapping.

Each round it reads every phone's accessibility tree (``aria_snapshot``), decides on one
sensible tap from what that screen offers, and taps it with ``get_by_role("button", name=...)``.
It never talks to the server itself and knows nothing a person at the table would not:
a phone learns its own role by pressing and holding its role card, and acts in secret (a
place, a check, a card) by opening its secret, as every phone at the table does (H-VIS-6).

Button names come from the client's catalogs (``texts.py``) in each phone's own language
(``Phone.lang``, the browser context's locale), so the same bot plays in English and in
Dutch; the scene comes from the client's ``phase-*`` class, which no language changes.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import random
import re
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page, expect

from .texts import PLACES, pattern, role_of, split_names, t

_BUTTON = re.compile(r"""^\s*- '?button "((?:[^"\\]|\\.)*)"((?:\s*\[[^\]]*\])*)""")
_ALERT = re.compile(r"^\s*- alert:\s*(.+)$")
_UNNAMED = re.compile(
    r"^\s*- '?(button|textbox|checkbox|link)( \[[^\]]*\])*:?\s*$|^\s*- '?(button|textbox|link):\s"
)
_PHASE_JS = """() => {
  const g = document.querySelector('.game');
  if (g) { const m = g.className.match(/phase-(\\w+)/); return m ? m[1].toUpperCase() : 'GAME'; }
  if (document.querySelector('.lobby')) return 'LOBBY';
  return 'OTHER';
}"""


def open_secret(page: Page, lang: str = "en") -> Locator:
    """Tap the phone's secret cover (H-VIS-6); returns the opened sheet."""
    page.get_by_role("button", name=t("secret.open", lang), exact=True).click()
    sheet = page.get_by_role("dialog", name=t("secret.title", lang))
    expect(sheet).to_be_visible()
    return sheet


def close_secret(page: Page, lang: str = "en") -> None:
    page.get_by_role("button", name=t("secret.close", lang), exact=True).click()
    expect(page.get_by_role("dialog", name=t("secret.title", lang))).to_have_count(0)


@contextlib.contextmanager
def held_card(page: Page, lang: str = "en") -> Iterator[Locator]:
    """Press and hold the phone's role card as a finger does; yields its face while held,
    then lets go (the role shows only while held, H-VIS-6)."""
    card = page.get_by_role("button", name=t("reveal.hold", lang)).first
    card.scroll_into_view_if_needed()
    box = card.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    try:
        face = page.get_by_test_id("role-face")
        face.wait_for(timeout=5000)
        yield face
    finally:
        page.mouse.up()


CONFIRM_SCENES = ("VOTE_RESULT_SCENE", "EVENING_ANNOUNCE", "ACCEPT_SCENE", "REJECT_SCENE", "RITUAL_RESULT")


def _num(key: str, lang: str = "en") -> re.Pattern[str]:
    """A catalog text as an unanchored regex whose placeholders match numbers."""
    parts = re.split(r"\{\w+\}", t(key, lang))
    return re.compile(r"(\d+)".join(re.escape(p) for p in parts))


def find_pattern(key: str, lang: str = "en") -> re.Pattern[str]:
    """A catalog text as an unanchored regex: names match one word, other placeholders a phrase."""
    parts = re.split(r"(\{\w+\})", t(key, lang))
    rx = "".join(
        (r"(\w+)" if p in ("{name}", "{names}") else r"(.+?)") if p.startswith("{") else re.escape(p)
        for p in parts
    )
    return re.compile(rx + (r"(?=[\s.\"']|$)" if parts[-1].startswith("{") else ""))


# Counts the page's DOM changes, but for the countdowns (they tick every 250 ms and no check or
# tap reads their digits), and reads the scene (``_PHASE_JS``) in the same call, the first of
# ``Screen.read``'s two (a call fewer per read). -1: the counter was just installed (a new
# page, or a reload).
_CHANGES_JS = """() => [(() => {
  if (window.__uibotChanges === undefined) {
    window.__uibotChanges = 0;
    const ticking = (node) => {
      const el = node.nodeType === 1 ? node : node.parentElement;
      return el !== null && el.closest("[role=timer], .meter") !== null;
    };
    new MutationObserver((records) => {
      if (records.some((r) => !ticking(r.target))) window.__uibotChanges += 1;
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    return -1;
  }
  return window.__uibotChanges;
})(), (PHASE)()]""".replace("PHASE", _PHASE_JS)


@dataclass(frozen=True)
class Button:
    name: str
    pressed: bool
    disabled: bool


@dataclass
class Screen:
    """What one phone shows: the scene (from the client's ``phase-*`` class) and its a11y tree."""

    phase: str
    snapshot: str
    buttons: list[Button]
    alerts: list[str]
    unnamed: list[str]  # controls without an accessible name
    lang: str = "en"  # the phone's language: catalog texts are looked up in it

    @classmethod
    def read(cls, page: Page, lang: str = "en", phase: str | None = None) -> Screen:
        """``phase``: the scene the caller has just read (``_CHANGES_JS``), if it has."""
        # The scene class is read before and after the a11y tree, so both are of one scene.
        if phase is None:
            phase = str(page.evaluate(_PHASE_JS))
        for _ in range(5):
            snap = page.locator("body").aria_snapshot()
            again = str(page.evaluate(_PHASE_JS))
            if again == phase:
                break
            phase = again
        buttons: list[Button] = []
        alerts: list[str] = []
        unnamed = [line.strip() for line in snap.splitlines() if _UNNAMED.match(line)]
        for line in snap.splitlines():
            m = _BUTTON.match(line)
            if m:
                attrs = m.group(2)
                name = json.loads(f'"{m.group(1)}"')
                buttons.append(Button(name, "[pressed]" in attrs, "[disabled]" in attrs))
                continue
            a = _ALERT.match(line)
            if a:
                alerts.append(a.group(1).strip().strip("'\""))
        return cls(phase, snap, buttons, alerts, unnamed, lang)

    def t(self, key: str, **params: object) -> str:
        """The catalog text ``key`` in this phone's language."""
        return t(key, self.lang, **params)

    def button(self, name: str) -> Button | None:
        return next((b for b in self.buttons if b.name == name), None)

    def matching(self, key: str) -> list[tuple[Button, re.Match[str]]]:
        """Enabled buttons whose name is the catalog text ``key`` (placeholders = groups)."""
        pat = pattern(key, self.lang)
        out = []
        for b in self.buttons:
            m = pat.match(b.name)
            if m and not b.disabled:
                out.append((b, m))
        return out

    def heading(self, key: str, **params: object) -> bool:
        return f'heading "{self.t(key, **params)}"' in self.snapshot

    def shows(self, key: str, **params: object) -> bool:
        return self.t(key, **params) in self.snapshot

    def number(self, key: str) -> int | None:
        m = _num(key, self.lang).search(self.snapshot)
        return int(m.group(1)) if m else None

    @property
    def day(self) -> int:
        return self.number("hdr.day") or 0

    @property
    def curse(self) -> int | None:
        """The curse meter, from its image label ("Curse meter 1/3")."""
        m = re.search(re.escape(self.t("hdr.curse")) + r" (\d+)/\d+", self.snapshot)
        return int(m.group(1)) if m else None

    @property
    def secret_open(self) -> bool:
        """The phone's secret is open (the page under it is inert, out of the a11y tree)."""
        return f'dialog "{self.t("secret.title")}"' in self.snapshot

    @property
    def signature(self) -> tuple[object, ...]:
        return (self.phase, tuple(self.buttons))


@dataclass(eq=False)
class Phone:
    page: Page
    name: str
    lang: str = "en"
    role: str | None = None
    team: list[str] = field(default_factory=list)  # witches this phone knows (Witch, Crow)
    idle: bool = False  # never taps anything (a stalled player)
    last_sig: tuple[object, ...] | None = None
    last_at: float = 0.0
    phases: list[str] = field(default_factory=list)
    timeline: list[tuple[float, str]] = field(default_factory=list)
    history: list[tuple[str, int, str]] = field(default_factory=list)  # (scene, day, a11y tree)
    secrets: set[tuple[str, int]] = field(default_factory=set)  # (scene, day) whose secret was read

    def record(self, s: Screen) -> None:
        """Keep every distinct screen this phone showed (countdown ticks ignored)."""
        tree = "\n".join(line for line in s.snapshot.splitlines() if 'timer "' not in line)
        if not self.history or self.history[-1][0] != s.phase or self.history[-1][2] != tree:
            self.history.append((s.phase, s.day, tree))

    def found(self, key: str, phase: str | None = None) -> list[tuple[int, tuple[str, ...]]]:
        """(day, placeholders) of every distinct showing of catalog text ``key`` on this phone."""
        rx = find_pattern(key, self.lang)
        out: list[tuple[int, tuple[str, ...]]] = []
        for ph, day, tree in self.history:
            if phase is None or ph == phase:
                for m in rx.finditer(tree):
                    if (day, m.groups()) not in out:
                        out.append((day, m.groups()))
        return out

    def note(self, phase: str) -> None:
        if not self.phases or self.phases[-1] != phase:
            self.phases.append(phase)
            self.timeline.append((time.monotonic(), phase))


@dataclass
class Policy:
    """How the table plays. Every choice is one a person could make from their own screen."""

    reject_first: bool = False  # everyone votes Against the very first proposal (day 1, curse 0)
    guard_day: int = 0  # the Protector guards on this day (0: never); the Witches spare him then
    blank_until: int = 0  # the exile votes of days 1..blank_until are all Blank
    turn_back: bool = True  # the Herb Doctor turns a frog back
    abilities: bool = True  # the Seer checks and the Pickpocket steals in the discussion
    end_discussion: bool = True  # False: the table talks until the discussion timer runs out
    approve_day1: bool = True  # False: nobody votes For/Against on day 1 (Timed: auto For)
    decoys: bool = False  # every cat also makes the decoy picks of steps C and the day (H-VIS-6a)


Hold = Callable[[Phone, Screen], bool]


class UiBot:
    def __init__(
        self,
        phones: list[Phone],
        shots: Path | None,
        policy: Policy,
        seed: int = 1,
        only: set[str] | None = None,
    ) -> None:
        self.phones = phones
        self.shots = shots
        self.only = only  # shoot only these scene keys (None: every scene type met)
        self.policy = policy
        self.rng = random.Random(seed)
        self.seen: dict[str, Path | None] = {}  # scene key -> its screenshot
        self.alerts: list[str] = []
        self.names = [p.name for p in phones]
        self.timed_phases: set[str] = set()  # scenes that showed a running countdown
        self.unnamed: set[tuple[str, str]] = set()  # (scene, control) without an accessible name
        self.watchers: list[Callable[[], None]] = []  # called once per sweep (e.g. a TV board check)
        self.wide: dict[str, int] = {}  # scene key -> page width, where a scene is wider than the phone
        self.private_only = False  # True: act only inside the secret (the look-alike test's pause)
        self.acted_last = False  # whether the last sweep tapped anything
        self.missed = False  # a tap of the last act() did not land (the scene changed, a slow page)
        self.last: dict[str, tuple[int, Screen]] = {}  # phone -> (its page's change count, its read)
        self.reads = 0  # trees read
        self.reused = 0  # reads saved: the page had not changed

    # -- reading -------------------------------------------------------------

    def read(self, ph: Phone) -> Screen:
        """What the phone shows now. Its accessibility tree is read again only when the page
        has changed since its last read: at most moments most phones wait unchanged while a
        few tap, and the tree is a sweep's dearest read. The change counter is read before the
        tree, so a change during the read is seen at the next sweep."""
        phase: str | None = None
        try:
            count, seen = ph.page.evaluate(_CHANGES_JS)
            changes, phase = int(count), str(seen)
        except PlaywrightError:
            changes = -1
        last = self.last.get(ph.name)
        if changes >= 0 and last is not None and last[0] == changes:
            self.reused += 1
            return last[1]
        s = Screen.read(ph.page, ph.lang, phase)
        self.reads += 1
        if changes >= 0:
            self.last[ph.name] = (changes, s)
        else:
            self.last.pop(ph.name, None)
        return s

    def scene_key(self, ph: Phone, s: Screen) -> str:
        p = s.phase
        if p not in (*CONFIRM_SCENES, "ROLE_REVEAL", "GAME_END"):
            if s.shows("pond.text") or s.shows("pond.text.nodoctor"):
                return "frog"
            if s.shows("spectator.text"):
                return "exiled"
        keys = {
            "ROLE_REVEAL": "role_card",
            "VOTE_RESULT_SCENE": "vote_result",
            "DEPART_A": "departure",
            "EVENING_ANNOUNCE": "announcement",
            "APPROVAL_VOTE": "approval",
            "ACCEPT_SCENE": "accept",
            "REJECT_SCENE": "reject",
            "RITUAL_RESULT": "ritual_result",
            "QUARREL": "quarrel",
            "EXILE_VOTE": "exile_vote",
            "GAME_END": "results",
        }
        if s.secret_open:
            return self.secret_key(s)
        if p == "DEPART_A":
            return "departure" if s.heading("depart.title") else "departure_outsider"
        if p == "GUARD_B":
            return "departure"  # the guard's public part is step A's (H-DEP-13, H-VIS-6)
        if p == "WITCH_C":
            return "gathering_pond" if s.shows("gather.pond") else "gathering"
        if p == "PROPOSAL":
            return "proposal" if s.button(s.t("proposal.submit")) else "proposal_wait"
        if p == "RITUAL":
            return "ritual_wait"
        return keys.get(p, p.lower())

    def secret_key(self, s: Screen) -> str:
        """The scene key of an open secret, by what it offers."""
        p = s.phase
        if p == "DEPART_A":
            return "departure_decoy" if s.shows("depart.witch.prompt") else "departure_secret"
        if p == "GUARD_B":
            return "guard"
        if p == "WITCH_C":
            return "witch_window" if s.heading("witch.title") else "gathering_secret"
        if p == "RITUAL" and (s.button(s.t("ritual.emptypaw")) or s.matching("ritual.playcard")):
            return "ritual"  # a member's card first: the day's task (H-VIS-6a) lies below it
        if s.heading("suspect.title"):
            return "suspect"
        if s.heading("seer.title"):
            return "seer"
        if s.heading("pp.title"):
            return "pickpocket"
        if p == "EVENING_ANNOUNCE" and find_pattern("evening.repelled", s.lang).search(s.snapshot):
            return "repelled"
        return f"secret_{p.lower()}"

    def shoot(self, ph: Phone, key: str) -> None:
        if key in self.seen:
            return
        width = int(ph.page.evaluate("document.documentElement.scrollWidth - innerWidth"))
        if width > 0:  # a phone must never scroll sideways (a long word, a timer beside a title)
            self.wide[key] = width
        path = None
        if self.shots is not None and (self.only is None or key in self.only):
            path = self.shots / f"{len(self.seen):02d}_{key}_{ph.name}.png"
            # Patient: a page on a machine busy with other work waits long for a frame.
            png = ph.page.screenshot(path=str(path), full_page=True, animations="disabled", timeout=45_000)
            assert png, f"empty screenshot of {key}"
        self.seen[key] = path

    def read_role(self, ph: Phone) -> None:
        """Press and hold the role card, read it (and shoot it), let go."""
        with held_card(ph.page, ph.lang) as face:
            ph.role = role_of(face.locator(".role-name").inner_text().strip(), ph.lang)
            team = face.locator(".role-team")  # the Witches, then the Jester (H-JST-3, B-7)
            for i in range(team.count()):
                text = team.nth(i).inner_text().strip()
                for key in ("role.witches.other", "role.witches.other.one", "role.witches.crow"):
                    m = pattern(key, ph.lang).match(text)
                    if m:
                        ph.team = split_names(m.group(1), ph.lang)
            self.shoot(ph, "role_card")
            if ph.role in ("WITCH", "CROW", "JESTER", "PICKPOCKET", "SEER"):
                self.shoot(ph, f"role_card_{ph.role.lower()}")

    # -- tapping -------------------------------------------------------------

    def tap(self, ph: Phone, s: Screen, name: str) -> bool:
        b = s.button(name)
        if b is None or b.disabled:
            return False
        try:
            ph.page.get_by_role("button", name=name, exact=True).first.click(timeout=1500)
        except PlaywrightError:
            self.missed = True
            return False  # the scene changed under our finger; read again next round
        return True

    def tap_first(self, ph: Phone, s: Screen, buttons: Iterable[Button]) -> bool:
        return any(self.tap(ph, s, b.name) for b in buttons)

    # -- one sensible move per scene ----------------------------------------

    def act(self, ph: Phone, s: Screen) -> bool:
        self.missed = False
        if s.secret_open:
            if self.private(ph, s):
                return True
            if self.missed or s.shows("conn.sending"):
                return False  # a tap that did not land, or is not answered yet: not done here
            ph.secrets.add((s.phase, s.day))
            return self.tap(ph, s, s.t("secret.close"))
        if (s.phase, s.day) not in ph.secrets and self.wants_secret(ph, s):
            return self.tap(ph, s, s.t("secret.open"))
        if self.private_only:
            return False
        return self.public(ph, s)

    def wants_secret(self, ph: Phone, s: Screen) -> bool:
        """Whether this phone opens its secret in this scene: when it has something to do or
        read there (a person would open it in every scene; the bot saves the taps)."""
        p = s.phase
        if p in ("DEPART_A", "GUARD_B"):
            return s.heading("depart.title")  # every cat, Witches too (they tap a decoy)
        if p == "WITCH_C":
            return (self.policy.decoys or ph.role == "WITCH") and not s.shows("gather.pond")
        if p == "EVENING_ANNOUNCE":
            return ph.role == "PROTECTOR"
        if p == "DISCUSSION":
            return self.policy.abilities and (self.policy.decoys or ph.role in ("SEER", "PICKPOCKET"))
        if p == "RITUAL":
            head = re.escape(s.t("ritual.members").split("{names}")[0])
            m = re.search(head + r"""(.+?)['"]?$""", s.snapshot, re.M)
            return m is not None and ph.name in split_names(m.group(1), s.lang)
        if p == "EXILE_VOTE":
            return bool(s.matching("exile.vote"))  # a cat reads today's messages (a theft)
        return False

    def private(self, ph: Phone, s: Screen) -> bool:
        """One sensible tap inside the open secret, or False when there is nothing left to do."""
        p = s.phase
        if p == "GUARD_B" and s.heading("guard.title"):
            return self.tap_first(ph, s, [b for b, _ in s.matching("guard.place")])
        if p in ("DEPART_A", "GUARD_B"):
            return self.depart(ph, s)  # a Witch's places are decoys: she taps one as everyone does
        if p == "WITCH_C" and s.heading("witch.title"):
            return self.witch(ph, s)
        if p == "WITCH_C" and s.heading("cat.title"):  # a cat's decoy steps (H-VIS-6a)
            for key in ("cat.place", "cat.suspect"):
                if s.matching(key):
                    return self.tap(ph, s, s.matching(key)[0][0].name)
            return self.tap(ph, s, s.t("witch.nospell"))
        if p == "EXILE_VOTE" and not s.heading("inbox.title"):
            return self.tap(ph, s, s.t("secret.more"))  # the messages are one tap further (H-VIS-6c)
        if p == "DISCUSSION" and self.policy.abilities:
            return self.ability(ph, s)
        if p == "RITUAL":
            cards = [b for b, _ in s.matching("ritual.playcard")]
            empty = s.button(s.t("ritual.emptypaw"))
            return self.tap_first(ph, s, cards + ([empty] if empty else []))
        return False

    def public(self, ph: Phone, s: Screen) -> bool:
        p = s.phase
        if p == "ROLE_REVEAL":
            if ph.role is None and s.button(s.t("reveal.hold")):
                self.read_role(ph)
            return self.tap(ph, s, s.t("btn.ready"))
        if p in ("VOTE_RESULT_SCENE", "EVENING_ANNOUNCE", "ACCEPT_SCENE", "REJECT_SCENE"):
            return self.tap(ph, s, s.t("btn.confirm"))
        if p == "RITUAL_RESULT":
            return self.tap(ph, s, s.t("btn.ok"))
        if p == "DISCUSSION":
            return self.policy.end_discussion and self.tap(ph, s, s.t("discuss.end"))
        if p == "PROPOSAL":
            return self.propose(ph, s)
        if p == "APPROVAL_VOTE":
            if not self.policy.approve_day1 and s.day == 1:
                return False
            ballot = [s.button(s.t(k)) for k in ("approve.for", "approve.against")]
            if any(b is not None and b.pressed for b in ballot):
                return False
            against = self.policy.reject_first and s.day == 1 and s.curse == 0
            return self.tap(ph, s, s.t("approve.against" if against else "approve.for"))
        if p == "EXILE_VOTE":
            votes = [b for b, _ in s.matching("exile.vote")]
            blank = s.button(s.t("exile.blank"))
            if blank is None or blank.pressed or any(b.pressed for b in votes):
                return False
            if s.day <= self.policy.blank_until:
                return self.tap(ph, s, blank.name)
            return self.tap_first(ph, s, votes[:1])  # the first cat on the list: a table consensus
        return False

    def place_buttons(self, s: Screen) -> list[Button]:
        names = [s.t(f"place.{p}") for p in PLACES]
        return [b for b in s.buttons if any(b.name == n or b.name.startswith(n + " ") for n in names)]

    def depart(self, ph: Phone, s: Screen) -> bool:
        if not s.heading("depart.title"):
            return False
        if self.policy.turn_back:  # the Herb Doctor's one button names the next frog at each tap
            nobody = s.button(s.t("depart.turnback.cycle", name=s.t("depart.turnback.nobody")))
            if nobody is not None and self.tap(ph, s, nobody.name):
                return True
        places = self.place_buttons(s)
        if not places or any(b.pressed for b in places):
            return False
        if s.day == self.policy.guard_day and self.tap(ph, s, s.t("depart.guard")):
            return True
        return self.tap_first(ph, s, [b for b in places if not b.disabled][:1])

    def witch(self, ph: Phone, s: Screen) -> bool:
        if s.heading("witch.step.place"):
            best: tuple[int, str] | None = None
            for b in self.place_buttons(s):
                m = re.search(r"(\d+)$", b.name)
                n = int(m.group(1)) if m else 0
                if not b.disabled and (best is None or n > best[0]):
                    best = (n, b.name)
            return best is not None and self.tap(ph, s, best[1])
        if s.heading("witch.step.spell"):
            return self.tap(ph, s, s.t("witch.nospell"))
        if s.heading("witch.step.mist"):
            return self.tap(ph, s, s.t("btn.back"))
        if s.heading("witch.step.target"):
            cats = [b for b in s.buttons if b.name in self.names and b.name not in ph.team and not b.disabled]
            if s.day == self.policy.guard_day:
                # The guard is meant to drive an attack off; an attack on the guarding
                # Protector himself would catch the Witch instead (H-PRO-6).
                protector = {p.name for p in self.phones if p.role == "PROTECTOR"}
                cats = [b for b in cats if b.name not in protector] or cats
            if not {"seer", "pickpocket"} & set(self.seen):
                # Until the Seer's or the Pickpocket's scene was met, the Witches spare both: a
                # frog has no ability (H-ROL-1), and a game where day 1's attacks frogged both
                # and day 2's take-over ended it never showed either scene (CI, 1 game in ~12).
                able = {p.name for p in self.phones if p.role in ("SEER", "PICKPOCKET")}
                cats = [b for b in cats if b.name not in able] or cats
            if cats:
                return self.tap(ph, s, self.rng.choice(cats).name)
            return self.tap(ph, s, s.t("witch.noattack"))
        if s.heading("witch.step.second"):
            return self.tap(ph, s, s.t("witch.nosecond"))
        return False

    def ability(self, ph: Phone, s: Screen) -> bool:
        for key in ("seer.check", "pp.target", "suspect.pick"):
            options = [b for b, _ in s.matching(key)]
            if options:
                return self.tap(ph, s, self.rng.choice(options).name)
        return self.tap_first(ph, s, [b for b, _ in s.matching("pp.take")])

    def propose(self, ph: Phone, s: Screen) -> bool:
        submit = s.button(s.t("proposal.submit"))
        if submit is None:
            return False
        m = _num("proposal.you", s.lang).search(s.snapshot)
        k = int(m.group(1)) if m else 0
        toggles = s.matching("proposal.toggle")
        chosen = sum(1 for b, _ in toggles if b.pressed)
        for b, _ in toggles:
            if chosen >= k:
                break
            if not b.pressed and self.tap(ph, s, b.name):
                chosen += 1
        try:
            ph.page.get_by_role("button", name=t("proposal.submit", ph.lang), exact=True).click(timeout=1500)
        except PlaywrightError:
            return False
        return True

    # -- the loop ------------------------------------------------------------

    def sweep(self, hold: Hold | None = None) -> tuple[list[Screen], bool]:
        screens: list[Screen] = []
        acted = False
        for watch in self.watchers:
            watch()
        for ph in self.phones:
            s = self.read(ph)
            screens.append(s)
            ph.note(s.phase)
            ph.record(s)
            for a in s.alerts:
                if a != s.t("quarrel.title") and a not in self.alerts:
                    self.alerts.append(a)
            self.unnamed.update((s.phase, u) for u in s.unnamed)
            if f'timer "{s.t("timer.label")}"' in s.snapshot:
                self.timed_phases.add(s.phase)
            if s.phase not in ("LOBBY", "OTHER", "GAME", "ROLE_REVEAL"):  # role cards: read_role
                self.shoot(ph, self.scene_key(ph, s))
            if ph.idle or (hold is not None and hold(ph, s)):
                continue
            now = time.monotonic()
            if s.signature == ph.last_sig and now - ph.last_at < 2.0:
                continue  # our last tap is still on its way
            if self.act(ph, s):
                ph.last_sig, ph.last_at = s.signature, now
                acted = True
            if s.phase == "DISCUSSION" and self.policy.abilities:
                acted = self.serve_abilities(s.day, hold) or acted
        self.acted_last = acted
        return screens, acted

    def serve_abilities(self, day: int, hold: Hold | None) -> bool:
        """Once one phone shows the discussion, the Seer and the Pickpocket act before the
        rest of the sweep: a sweep reads every phone and the boards, and on a busy machine two
        sweeps (open the secret, then choose) can take longer than a short discussion timer."""
        acted = False
        for ph in self.phones:
            if ph.role not in ("SEER", "PICKPOCKET") or ph.idle:
                continue
            for _ in range(40):  # open, choose, (take,) close: a few taps, each read anew
                if ("DISCUSSION", day) in ph.secrets:
                    break
                s = self.read(ph)
                ph.note(s.phase)
                ph.record(s)
                if s.phase != "DISCUSSION" or s.day != day or (hold is not None and hold(ph, s)):
                    break
                self.shoot(ph, self.scene_key(ph, s))
                if s.signature == ph.last_sig and time.monotonic() - ph.last_at < 2.0:
                    ph.page.wait_for_timeout(100)  # our last tap is still on its way
                    continue
                if not self.act(ph, s):
                    break
                acted = True
                ph.last_sig, ph.last_at = s.signature, time.monotonic()
        return acted

    def run_until(
        self,
        done: Callable[[list[Screen]], bool],
        timeout: float,
        what: str,
        hold: Hold | None = None,
    ) -> list[Screen]:
        end = time.monotonic() + timeout
        while True:
            screens, acted = self.sweep(hold)
            if done(screens):
                return screens
            if time.monotonic() > end:
                raise AssertionError(
                    f"timed out after {timeout:.0f} s waiting for {what}\n{self.describe(screens)}"
                )
            if not acted:
                self.phones[0].page.wait_for_timeout(120)

    def timeline(self, ph: Phone | None = None) -> str:
        """How long one phone (the host's by default) spent in each scene, for -s runs."""
        tl = (ph or self.phones[0]).timeline
        if not tl:
            return ""
        rows = [f"{p}:{b - a:.1f}" for (a, p), (b, _) in itertools.pairwise(tl)]
        return " ".join([*rows, tl[-1][1]])

    def describe(self, screens: list[Screen]) -> str:
        rows = []
        for ph, s in zip(self.phones, screens, strict=True):
            btns = ", ".join(b.name + ("*" if b.pressed else "") for b in s.buttons)
            rows.append(f"  {ph.name} ({ph.role}): {s.phase} day {s.day} [{btns}]")
        rows.append(f"  alerts: {self.alerts}")
        return "\n".join(rows)
