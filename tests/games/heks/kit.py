"""A small scenario DSL for Vang de Heks that reads like the spec (design §5).

Everything goes through the engine's public contract only: ``game.setup``,
``game.apply``, ``game.view``, ``game.next_deadline``, ``game.result`` and
``game.snapshot`` (docs/heks-commands.md). Nothing reads internal state.

Names are players' names, places are the spec's English names ("Forest",
"Spring", ...) and ingredients are the §14.2 short names (Mu, Mo, SW, OF, Cr,
Cw); ``Empty`` is the Empty paw. Hands come back as short names, oldest first.

The clock only moves when a test says so (``advance``, ``wait``,
``wait_deadline``): every command carries the scenario's current ``now``.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from nightfall.engine import Command, Event, Rejected, kernel, tick
from nightfall.games.heks import HeksGame

INGREDIENTS = {
    "Mu": "MUSHROOM",
    "Mo": "MOONFLOWER",
    "SW": "SPRINGWATER",
    "OF": "OWL_FEATHER",
    "Cr": "CRYSTAL",
    "Cw": "COBWEB",
    "Empty": "EMPTY",
}
SHORT = {v: k for k, v in INGREDIENTS.items()}
PLACES = {
    "Forest": "P1",
    "Meadow": "P2",
    "Spring": "P3",
    "Tower": "P4",
    "Old Tower": "P4",
    "Cave": "P5",
    "Churchyard": "P6",
}
PLACE_NAME = {"P1": "Forest", "P2": "Meadow", "P3": "Spring", "P4": "Tower", "P5": "Cave", "P6": "Churchyard"}
SPELLS = {
    "Mist": "MIST",
    "Disguise": "DISGUISE",
    "Creeping Curse": "CREEPING_CURSE",
    "Twin Hex": "TWIN_HEX",
}

# A fixed deal per player count that follows Table 2.1 (with balance changes B-5, B-6, B-9,
# B-15, B-16), for focused rule tests. 4: Anna Seer, Bram Witch, Cas Protector, Dewi Crow;
# 5: Anna Crow, Bram Witch, Cas Villager, Dewi Herb Doctor, Eva Protector;
# 6: Anna Seer, Bram Witch, Cas Crow, Dewi Pickpocket, Eva Protector, Fien Villager;
# 7: Anna Seer, Bram Witch, Cas Crow, Dewi Herb Doctor, Eva Protector, Fien Witch,
# Guus Pickpocket; 9: Anna Seer, Bram Witch, Cas Villager, Dewi, Eva, Fien, Guus as at 7,
# Hein Jester, Iris Crow.
DEALS: dict[int, list[str]] = {
    4: ["SEER", "WITCH", "PROTECTOR", "CROW"],
    5: ["CROW", "WITCH", "VILLAGER", "HERB_DOCTOR", "PROTECTOR"],
    6: ["SEER", "WITCH", "CROW", "PICKPOCKET", "PROTECTOR", "VILLAGER"],
    7: ["SEER", "WITCH", "CROW", "HERB_DOCTOR", "PROTECTOR", "WITCH", "PICKPOCKET"],
    9: ["SEER", "WITCH", "CROW", "HERB_DOCTOR", "PROTECTOR", "WITCH", "PICKPOCKET", "JESTER", "CROW"],
}
# The 7-player table lets the witches attack from day 3 and the Seer check from day 2 (B-11,
# B-12; test_rules_first_days.py). Tests of mechanics that play out on day 1 (attacks, spells,
# the Seer's window) use the 7-player deal with Table 2.2's A = E = 1, as at 8-12 players
# (the test-only config "from_days", Decision 11 in docs/rules/heks.md).
DAY_ONE: dict[str, int] = {"attacks": 1, "seer": 1}
# The 5- and 6-player tables count the exile vote with a quorum of 3/4 of the ballots before
# the knights' day (B-13, H-EXC-8), and at 5 players the witches attack from day 3 (B-14).
# Tests of other rules that use the 5-player deal (or §14.1's positions) with an attack
# before day 3 or a plurality exile replay under the row they were written for: A = 1
# (ATTACKS_DAY_ONE) and no Q (PLURALITY), the test-only "from_days" and "quorum" (Decision 11).
# B-13 and B-14 themselves are tested on the real table (test_rules_quorum.py).
PLURALITY: dict[str, Any] = {"quorum": None}
ATTACKS_DAY_ONE: dict[str, int] = {"attacks": 1}
NAMES = ["Anna", "Bram", "Cas", "Dewi", "Eva", "Fien", "Guus", "Hein", "Iris", "Jan", "Kees", "Lies"]

_UNSET: Any = object()


def ing(name: str) -> str:
    """An ingredient id from a short name ("Mu"), an id ("MUSHROOM") or "Mushroom"."""
    if name in INGREDIENTS:
        return INGREDIENTS[name]
    if name.upper().replace(" ", "_") in SHORT:
        return name.upper().replace(" ", "_")
    raise KeyError(name)


def place_id(name: str) -> str:
    """A place id from the spec's English name ("Forest") or an id ("P1")."""
    return PLACES.get(name, name)


def spell_id(name: str | None) -> str | None:
    """A spell id from its English name ("Mist"), an id ("MIST") or None (no spell)."""
    return None if name is None else SPELLS.get(name, name)


class Scenario:
    """One game under test plus a clock. ``fork()`` branches for counterfactuals."""

    def __init__(
        self,
        players: Sequence[tuple[str, str]],
        *,
        mode: str = "timed",
        recipes: Sequence[Sequence[str]] | None = None,
        discuss_seconds: int = 180,
        host: int = 1,
        seed: int = 7,
        start_ms: int = 1_000_000,
        extra: Mapping[str, Any] | None = None,
        from_days: Mapping[str, int] | None = None,
    ) -> None:
        self.names = [n for n, _ in players]
        self.roles = {n: r for n, r in players}
        self.config: dict[str, Any] = {
            "players": list(self.names),
            "host": host,
            "mode": mode,
            "discuss_seconds": discuss_seconds,
            "roles": [r for _, r in players],
        }
        if recipes is not None:
            self.config["recipes"] = [[ing(i) for i in day] for day in recipes]
        if from_days is not None:
            self.config["from_days"] = dict(from_days)
        if extra:
            self.config.update(extra)
        self.game = HeksGame()
        self.seed = seed
        self.state = self.game.setup(self.config, seed)
        self.log: list[Command] = []  # accepted commands: the game's transcript
        self.now = start_ms
        self.host = host
        self.entered_at = start_ms  # when the current phase began (tracked after each command)
        self._phase = self.phase

    # ---------------------------------------------------------------- presets
    @classmethod
    def standard(cls, n: int, **kw: Any) -> Scenario:
        """n players named Anna, Bram, ... with the fixed deal DEALS[n]."""
        return cls(list(zip(NAMES[:n], DEALS[n], strict=True)), **kw)

    @classmethod
    def five_player_example(cls, **kw: Any) -> Scenario:
        """§14.1: Timed, T_DISCUSS 180 s, the example's recipes, and its deal under B-5
        (docs/rules/heks.md "Balance changes": at 5 players a Crow plays instead of the Seer),
        on today's 5-player row; ``kw`` (``from_days``, ``extra``) adds test-only knobs."""
        return cls(
            [
                ("Anna", "CROW"),
                ("Bram", "WITCH"),
                ("Cas", "VILLAGER"),
                ("Dewi", "HERB_DOCTOR"),
                ("Eva", "PROTECTOR"),
            ],
            mode="timed",
            discuss_seconds=180,
            recipes=[["Mu", "SW"], ["Mo", "SW"], ["Mu", "Mo"], ["Mo", "SW"]],
            **kw,
        )

    @classmethod
    def twelve_player_example(cls) -> Scenario:
        """§14.2: Unlimited, with the example's deal and recipes; under B-9 (docs/rules/heks.md,
        "Balance changes") a second Crow plays at 12 players instead of a Villager: Lot."""
        return cls(
            [
                ("Ada", "VILLAGER"),
                ("Bo", "WITCH"),
                ("Cor", "SEER"),
                ("Daan", "CROW"),
                ("Els", "PICKPOCKET"),
                ("Fem", "WITCH"),
                ("Gijs", "HERB_DOCTOR"),
                ("Hugo", "JESTER"),
                ("Ilse", "PROTECTOR"),
                ("Joep", "VILLAGER"),
                ("Kim", "WITCH"),
                ("Lot", "CROW"),
            ],
            mode="unlimited",
            recipes=[
                ["Mu", "SW", "OF", "Cr"],
                ["Mo", "SW", "Cr", "Cw"],
                ["Mu", "OF", "Cr", "Cw"],
                ["Mu", "Mo", "SW", "Cw"],
                ["Mo", "SW", "OF", "Cr"],
            ],
        )

    def fork(self) -> Scenario:
        return copy.deepcopy(self)

    # ------------------------------------------------------------- plumbing
    def seat(self, who: str | int) -> int:
        if isinstance(who, int):
            return who
        return self.names.index(who) + 1

    def name(self, seat: int) -> str:
        return self.names[seat - 1]

    def names_of(self, seats: Iterable[int]) -> list[str]:
        return [self.name(s) for s in seats]

    def send(self, who: str | int, ctype: str, **payload: Any) -> list[Event]:
        actor: str | int = who if who == "system" else self.seat(who)
        command = Command(actor=actor, type=ctype, payload=payload, now=self.now)
        _, events = kernel.apply(self.game, self.state, command)
        self.log.append(command)
        self._track()
        return events

    def _track(self) -> None:
        phase = self.phase
        if phase != self._phase:
            self._phase = phase
            self.entered_at = self.now

    def snapshot(self) -> Any:
        return self.game.snapshot(self.state)

    def reject(self, who: str | int, ctype: str, **payload: Any) -> Rejected:
        """Send a command that must be rejected; assert the state did not change."""
        before = copy.deepcopy(self.snapshot())
        try:
            self.send(who, ctype, **payload)
        except Rejected as exc:
            after = self.snapshot()
            assert after == before, f"rejected {ctype} changed the state"
            return exc
        raise AssertionError(f"{ctype} {payload} by {who} was accepted, expected a rejection")

    def tick(self) -> list[Event]:
        command = tick(self.now)
        _, events = kernel.apply(self.game, self.state, command)
        self.log.append(command)
        self._track()
        return events

    def early_tick(self) -> None:
        """A tick before the deadline must change nothing (the engine may refuse it)."""
        before = copy.deepcopy(self.snapshot())
        try:
            self.tick()
        except Rejected:
            assert self.snapshot() == before

    def advance(self, seconds: float) -> None:
        """Move the clock without telling the engine (the next command carries it)."""
        self.now += int(seconds * 1000)

    def wait(self, seconds: float) -> list[Event]:
        self.advance(seconds)
        return self.tick()

    def deadline(self) -> int | None:
        return self.game.next_deadline(self.state)

    def seconds_left(self) -> float | None:
        d = self.deadline()
        return None if d is None else (d - self.now) / 1000

    def wait_deadline(self) -> list[Event]:
        d = self.deadline()
        assert d is not None, f"no deadline in phase {self.phase}"
        self.now = max(self.now, d)
        return self.tick()

    # ---------------------------------------------------------------- views
    def view(self, who: str | int = "public") -> dict[str, Any]:
        if who in ("public", "all"):
            return self.game.view(self.state, who)  # type: ignore[arg-type]
        return self.game.view(self.state, self.seat(who))

    def me(self, who: str | int) -> dict[str, Any]:
        me = self.view(who)["me"]
        assert isinstance(me, dict)
        return me

    @property
    def phase(self) -> str:
        """The true phase, from the audit view: GUARD_B is masked as DEPART_A elsewhere (H-DEP-13)."""
        return str(self.view("all")["phase"])

    @property
    def day(self) -> int:
        return int(self.view()["day"])

    def status(self, who: str) -> str:
        for p in self.view()["players"]:
            if p["seat"] == self.seat(who):
                return str(p["status"])
        raise KeyError(who)

    def statuses(self) -> dict[str, str]:
        return {self.name(p["seat"]): p["status"] for p in self.view()["players"]}

    def frogs(self) -> list[str]:
        return [n for n, s in self.statuses().items() if s == "FROG"]

    def cats(self) -> list[str]:
        return [n for n, s in self.statuses().items() if s == "CAT"]

    def hand(self, who: str) -> list[str]:
        return [SHORT[c] for c in self.me(who)["hand"]]

    def hands(self, *who: str) -> dict[str, list[str]]:
        return {n: self.hand(n) for n in (who or self.names)}

    def recipe(self) -> list[str]:
        return [SHORT[c] for c in self.view()["recipe"]]

    def chief(self) -> str | None:
        c = self.view()["chief"]
        return None if c is None else self.name(c)

    def open_places(self) -> list[str]:
        return [PLACE_NAME[p["id"]] for p in self.view()["places"] if p["open"]]

    def unlocked(self) -> list[str]:
        return list(self.view()["unlocked_spells"])

    def announcement(self, who: str | int = "public") -> dict[str, list[str]]:
        a = self.view(who)["announcement"]
        assert a is not None, "no announcement in view"
        return {"new_frogs": self.names_of(a["new_frogs"]), "turned_back": self.names_of(a["turned_back"])}

    def approval(self) -> dict[str, Any]:
        r = self.view()["approval_result"]
        assert r is not None
        return {
            "for": self.names_of(r["for"]),
            "against": self.names_of(r["against"]),
            "auto": self.names_of(r.get("auto", [])),
            "accepted": r["accepted"],
        }

    def vote_result(self) -> dict[str, Any]:
        r: dict[str, Any] | None = self.view()["vote_result"]
        assert r is not None
        return r

    def vote_outcome(self) -> str:
        return str(self.vote_result()["outcome"])

    def tally(self) -> dict[str, int]:
        return {self.name(int(s)): n for s, n in self.vote_result()["tally"].items() if n}

    def exiled(self) -> str | None:
        e = self.vote_result()["exiled"]
        return None if e is None else self.name(e)

    def result(self) -> dict[str, Any] | None:
        return self.game.result(self.state)

    def inbox(self, who: str, kind: str | None = None) -> list[dict[str, Any]]:
        items = list(self.me(who).get("inbox") or [])
        return [i for i in items if kind is None or i.get("kind") == kind]

    def witch_counts(self, who: str) -> dict[str, int]:
        """The count window of a CAT Witch in step C (H-WAT-3), keyed by place name."""
        w = self.me(who)["witch"]
        assert w is not None, f"{who} has no witch window"
        return {PLACE_NAME[p]: n for p, n in w["counts"].items()}

    def guard_counts(self, who: str) -> dict[str, int]:
        """The guarding Protector's live count window in step B (H-DEP-12)."""
        g = self.me(who)["guard"]
        assert g is not None, f"{who} has no guard window"
        return {PLACE_NAME[p]: n for p, n in g["counts"].items()}

    def witch_spells(self, who: str) -> list[str]:
        """Spells this Witch may still select now (H-SPL-2, H-SPL-3)."""
        return list(self.me(who)["witch"]["available_spells"])

    # -------------------------------------------------------------- actions
    def all_ready(self, absent: Iterable[str] = ()) -> None:
        self._everyone("ready", absent)

    def confirm_all(self, absent: Iterable[str] = ()) -> None:
        """Every player (frogs and exiled included) confirms the scene (H-EVE-2, OQ-11)."""
        before = self.phase
        self._everyone("confirm", absent)
        assert self.phase != before, f"{before} did not move on after everyone confirmed"

    def _everyone(self, ctype: str, absent: Iterable[str]) -> None:
        away = set(absent)
        for n in self.names:
            if n not in away:
                self.send(n, ctype)
        for n in self.names:
            if n in away:
                self.mark_absent(n)

    def mark_absent(self, who: str, by: str | None = None) -> list[Event]:
        return self.send(by or self.host, "mark_absent", seat=self.seat(who))

    def force_continue(self, by: str | None = None) -> list[Event]:
        return self.send(by or self.host, "force_continue")

    def depart(
        self,
        who: str,
        place: str | None = None,
        *,
        guard: bool = False,
        turn_back: str | None = _UNSET,
        mask: bool | None = None,
    ) -> list[Event]:
        payload: dict[str, Any] = {}
        if place is not None:
            payload["place"] = place_id(place)
        if guard:
            payload["guard"] = True
        if turn_back is not _UNSET:
            payload["turn_back"] = None if turn_back is None else self.seat(turn_back)
        if mask is not None:
            payload["mask"] = mask
        return self.send(who, "depart", **payload)

    def guard(self, who: str, place: str) -> list[Event]:
        return self.send(who, "guard_place", place=place_id(place))

    def witch(
        self,
        who: str,
        place: str,
        spell: str | None = None,
        target: str | None = None,
        *,
        mist: str | None = None,
        second: str | None = _UNSET,
    ) -> None:
        """A Witch's three taps in their fixed order (H-WAT-2), plus Twin Hex's second target."""
        self.send(who, "witch_place", place=place_id(place))
        sp: dict[str, Any] = {"spell": spell_id(spell)}
        if mist is not None:
            sp["mist_place"] = place_id(mist)
        self.send(who, "witch_spell", **sp)
        if target is None and self.me(who)["witch"]["target_chosen"]:
            return  # H-WAT-9: before day A the spell closes the target step ("No attack")
        self.send(who, "witch_target", target=None if target is None else self.seat(target))
        if second is not _UNSET:
            self.send(who, "witch_second", target=None if second is None else self.seat(second))

    def wait_witch_window(self) -> None:
        """Step C lasts exactly T_WITCH = 15 s from its start (H-GAT-4), then resolves."""
        assert self.phase == "WITCH_C", self.phase
        end = self.entered_at + 15_000
        assert self.deadline() == end, "step C must last exactly 15 s"
        self.now = end - 1
        self.early_tick()
        assert self.phase == "WITCH_C", "step C ended before 15 s"
        self.now = end
        self.tick()
        assert self.phase != "WITCH_C"

    def end_discussion(self, *who: str) -> None:
        for n in who:
            self.send(n, "end_discussion")

    def end_discussion_all(self) -> None:
        """Every CAT player taps End discussion (H-DIS-2, H-DIS-3)."""
        assert self.phase == "DISCUSSION", self.phase
        self.end_discussion(*self.cats())
        assert self.phase == "PROPOSAL", self.phase

    def seer(self, who: str, target: str) -> str:
        """A Seer check; returns "WITCH" or "NOT_WITCH" as shown privately to the Seer (H-SEE-3)."""
        before = len(self.inbox(who, "SEER_RESULT"))
        self.send(who, "seer_check", target=self.seat(target))
        results = self.inbox(who, "SEER_RESULT")
        assert len(results) == before + 1, "the Seer must see the result at once"
        last = results[-1]
        assert last["target"] == self.seat(target)
        return str(last["result"])

    def steal(self, who: str, target: str) -> list[str]:
        """The Pickpocket picks a target and sees the whole hand (H-PP-3)."""
        self.send(who, "pickpocket_target", target=self.seat(target))
        seen = self.me(who)["pickpocket"]["seen"]
        return [SHORT[c] for c in seen]

    def take(self, who: str, ingredient: str) -> list[Event]:
        return self.send(who, "pickpocket_take", ingredient=ing(ingredient))

    def propose(self, chief: str, members: Sequence[str]) -> None:
        assert self.phase == "PROPOSAL", self.phase
        assert self.chief() == chief, f"chief is {self.chief()}, not {chief}"
        self.send(chief, "propose", members=[self.seat(m) for m in members])

    def approve(self, For: Iterable[str] = (), Against: Iterable[str] = ()) -> dict[str, Any]:
        """Approve/reject votes; returns the announced result (H-APR-2)."""
        for n in For:
            self.send(n, "approve", vote="for")
        for n in Against:
            self.send(n, "approve", vote="against")
        return self.approval()

    def play(self, who: str, card: str) -> list[Event]:
        return self.send(who, "play_card", card=ing(card))

    def exile_vote(self, who: str, target: str | None) -> list[Event]:
        return self.send(who, "exile_vote", target=None if target is None else self.seat(target))

    def exile_votes(self, ballots: Mapping[str, str | None]) -> None:
        for voter, target in ballots.items():
            self.exile_vote(voter, target)

    def wait_quarrel(self) -> None:
        """The quarrel lasts exactly T_QUARREL = 4 s (H-RIT-2, H-RIT-10), then the exile vote opens."""
        assert self.phase == "QUARREL", self.phase
        end = self.entered_at + 4_000
        assert self.deadline() == end, "the quarrel must last exactly 4 s"
        self.now = end - 1
        self.early_tick()
        assert self.phase == "QUARREL"
        self.now = end
        self.tick()
        assert self.phase == "EXILE_VOTE", self.phase

    # ------------------------------------------------------------- shortcuts
    def gather_at(self, place: str, attack: str | None = None) -> None:
        """Step A and C in one line: every CAT non-witch goes to ``place`` (seat order), every
        CAT Witch goes there too with no spell and attacks ``attack``; then the 15 s pass."""
        cats = self.cats()
        for n in cats:
            if self.roles[n] != "WITCH":
                self.depart(n, place)
        for n in cats:
            if self.roles[n] == "WITCH":
                self.witch(n, place, None, attack)
        self.wait_witch_window()

    def quiet_day(
        self, gather: str = "Forest", members: Sequence[str] | None = None, exile: str | None = None
    ) -> None:
        """A day with no attack and a spoiled ritual, ending in an all-blank vote (or exiling ``exile``).

        Every CAT non-witch gathers at ``gather``; every CAT Witch goes there too and
        casts nothing. The team (default: the first CATs in seat order) plays the oldest
        card of each hand; hands hold only ``gather``'s ingredient from Day 1 on, so the
        ritual has a duplicate and fails (H-RIT-6) and F rises by 1 (H-SET-8).
        """
        if self.phase == "VOTE_RESULT_SCENE":
            self.confirm_all()
        assert self.phase == "DEPART_A", self.phase
        cats = self.cats()
        for n in cats:
            if self.roles[n] != "WITCH":
                self.depart(n, gather)
        for n in cats:
            if self.roles[n] == "WITCH":
                self.witch(n, gather)
        self.finish_day(members, exile)

    def to_ritual(self, team: Sequence[str]) -> None:
        """From the evening announcement (or the discussion, or the proposal) to the ritual:
        every CAT ends the discussion, the chief proposes ``team``, every CAT approves
        (H-DIS-2, H-CHF-1, H-APR-2, H-APR-6) and everyone confirms the accepted team."""
        if self.phase == "EVENING_ANNOUNCE":
            self.confirm_all()
        if self.phase == "DISCUSSION":
            self.end_discussion_all()
        self.propose(str(self.chief()), team)
        self.approve(For=self.cats())
        self.confirm_all()
        assert self.phase == "RITUAL", self.phase

    def to_exile_vote(self, team: Sequence[str], card: str = "Mu") -> None:
        """From the evening (or the discussion) to the open exile vote: ``team`` performs the
        ritual, each member playing ``card``; the result scene and the quarrel pass (H-RIT-2)."""
        self.to_ritual(team)
        for member in team:
            self.play(member, card)
        self.confirm_all()
        self.wait_quarrel()

    def finish_day(self, members: Sequence[str] | None = None, exile: str | None = None) -> None:
        """From step C or the evening on: a spoiled ritual (see ``quiet_day``), then the vote."""
        if self.phase == "WITCH_C":
            self.wait_witch_window()
        if self.phase == "GAME_END":
            return
        if self.phase == "EVENING_ANNOUNCE":
            self.confirm_all()
        if self.phase == "DISCUSSION":
            self.end_discussion_all()
        cats = self.cats()
        size = int(self.view()["recipe_size"])
        team = list(members or cats[:size])
        self.to_ritual(team)
        for m in team:
            h = self.hand(m)
            self.play(m, h[0] if h else "Empty")
        assert self.view()["last_ritual"] == "FAILURE"
        self.confirm_all()
        self.wait_quarrel()
        self.exile_votes({n: exile if n != exile else None for n in cats})
        assert self.vote_outcome() == ("ALL_BLANK" if exile is None else "EXILED")
