"""A heuristic bot per side, playing from its own view and the table talk.

Village: the Seer announces results; chiefs propose themselves and cleared
players; everyone rejects teams with a named witch and votes out the most
suspected cat (named witches first, then members of failed rituals).
Witches: attack where the counts are high, avoid the place where an attack
failed before (the guard's pattern), sabotage rituals when they can, and vote
with the village's suspicion against non-witches. The Jester acts suspicious.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from nightfall.engine import Rng

from ..tables import EMPTY_PAW, INGREDIENT_OF
from .base import Action, cats, frogs, open_places
from .random_bot import RandomBot
from .table_talk import TableTalk

_SEAT = itemgetter("seat")


class HeuristicBot:
    """One instance per seat: it remembers what its seat saw."""

    def __init__(self) -> None:
        self.failed_teams: list[list[int]] = []
        self._times_failed: dict[int, float] = {}  # seat -> how many failed teams it was in
        self.seen_ritual_day: int = 0
        self.failed_attack_place: str | None = None
        self.my_attack: tuple[int, str, int] | None = None  # (day, place, target)
        self.fallback = RandomBot(idle_rate=0.0)
        self.role: str | None = None  # known from the first view
        # _suspicion's inputs only grow (claims, failed teams, the inbox): its last answer
        # holds while their lengths are the same
        self._sus: tuple[tuple[int, int, int], dict[int, float]] | None = None
        # The Seer sent a check since her last announcements: its result may be in her inbox,
        # unannounced, and only her whole view shows it (``tap`` must then decline)
        self._check_sent = False

    # ---- what the seat believes ----
    def _suspicion(self, view: dict[str, Any], talk: TableTalk) -> dict[int, float]:
        """Seat -> how suspect this seat finds it (read-only: it is cached)."""
        me = view["me"]
        # Only a Seer's inbox holds Seer results (H-SEE-3): other seats' messages change nothing here
        seer = me["role"] == "SEER"
        key = (len(talk.claims), len(self.failed_teams), len(me["inbox"]) if seer else 0)
        if self._sus is not None and self._sus[0] == key:
            return self._sus[1]
        score: dict[int, float] = dict.fromkeys(map(_SEAT, view["players"]), 0.0)
        seat = me["seat"]
        for claim in talk.claims:
            if claim.speaker == seat or claim.target == seat:
                continue
            score[claim.target] += 10.0 if claim.witch else -6.0
        for s, times in self._times_failed.items():  # +1 per failed team (whole numbers: exact in any order)
            score[s] += times
        for msg in me["inbox"] if seer else ():  # my own Seer results are certain
            if msg["kind"] == "SEER_RESULT":
                score[msg["target"]] += 100.0 if msg["result"] == "WITCH" else -100.0
        score[me["seat"]] = -1000.0
        self._sus = (key, score)
        return score

    def _remember(self, view: dict[str, Any]) -> None:
        last = view.get("last_ritual")
        if last == "FAILURE" and view["day"] != self.seen_ritual_day and view.get("proposal"):
            self.failed_teams.append(list(view["proposal"]))
            for s in view["proposal"]:
                self._times_failed[s] = self._times_failed.get(s, 0.0) + 1.0
            self.seen_ritual_day = view["day"]
        if self.my_attack is None:  # nearly always: what follows is about the witch's own attack
            return
        ann = view.get("announcement")
        if ann and ann["day"] == self.my_attack[0]:
            _day, place, target = self.my_attack
            if target not in ann["new_frogs"]:
                self.failed_attack_place = place
            self.my_attack = None

    def tap(self, public: dict[str, Any], command: str, owes: bool) -> list[Action] | None:
        """``act`` in a tap step: it only remembers public facts there and taps. Not so in the
        discussion for the Seer (she checks then) and the Pickpocket (he steals then), nor for
        the Seer while a check she sent may have a result she has not announced: those need
        the whole view. (In the other tap steps their ``act`` does nothing more than tap: the
        Pickpocket's window is the discussion and the proposal, and the Seer announces only
        results of her own checks, all of them at the first ``act`` after each.)"""
        role = self.role
        if role is None and command == "ready":
            # the role is read at the first act; before it (the reveal) every act only says ready
            return [(command, {})] if owes else []
        if role is None or (
            (role == "SEER" or role == "PICKPOCKET") and (command == "end_discussion" or self._check_sent)
        ):
            return None
        # Else ``_remember`` is a no-op: a failed ritual stays the last one for days, and it is
        # taken in once a day.
        if self.my_attack is not None or (
            public.get("last_ritual") == "FAILURE" and public["day"] != self.seen_ritual_day
        ):
            self._remember(public)
        return [(command, {})] if owes else []

    def act(self, view: dict[str, Any], rng: Rng, talk: TableTalk) -> list[Action]:
        if self.my_attack is not None or (  # as in ``tap``
            view.get("last_ritual") == "FAILURE" and view["day"] != self.seen_ritual_day
        ):
            self._remember(view)
        me = view["me"]
        role = self.role = me["role"]
        phase = view["phase"]
        witch_side = role in ("WITCH",)
        acts: list[Action] = []
        # Abilities first: the Seer checks and announces; the Pickpocket steals a recipe card.
        if (
            role == "SEER"
            and me["status"] == "CAT"
            and not me["seer"]["used"]
            and phase == "DISCUSSION"
            and view["day"] >= view["seer_from"]  # H-SEE-4
        ):
            checked = {m["target"] for m in me["inbox"] if m["kind"] == "SEER_RESULT"}
            options = [
                p["seat"]
                for p in view["players"]
                if p["status"] != "EXILED" and p["seat"] != me["seat"] and p["seat"] not in checked
            ]
            if options:
                acts.append(("seer_check", {"target": rng.choice(options)}))
        for msg in me["inbox"] if role == "SEER" else ():  # only the Seer announces her results
            if (
                msg["kind"] == "SEER_RESULT"
                and msg["day"] == view["day"]
                and not any(c.speaker == me["seat"] and c.target == msg["target"] for c in talk.claims)
            ):
                talk.announce(view["day"], me["seat"], msg["target"], msg["result"] == "WITCH")
        self._check_sent = bool(acts)  # the only action so far can be her check
        pp = me.get("pickpocket")
        if pp and me["status"] == "CAT" and pp["window_open"] and not pp["done"]:
            others = [s for s in cats(view) if s != me["seat"]]
            if pp["target"] is None and others:
                acts.append(("pickpocket_target", {"target": rng.choice(others)}))
            elif pp["seen"]:
                wanted = [c for c in pp["seen"] if c in view["recipe"] and c not in me["hand"]]
                acts.append(("pickpocket_take", {"ingredient": (wanted or pp["seen"])[0]}))
        if not me["owes"]:
            return acts
        if phase == "DEPART_A":
            acts.append(("depart", self._depart(view, rng)))
        elif phase == "GUARD_B":
            counts = me["guard"]["counts"]
            acts.append(("guard_place", {"place": max(counts, key=lambda p: (counts[p], rng.below(100)))}))
        elif phase == "WITCH_C" and me.get("witch"):
            acts.extend(self._witch(view, rng))
        elif phase == "PROPOSAL":
            acts.append(("propose", {"members": self._team(view, talk, rng)}))
        elif phase == "APPROVAL_VOTE":
            acts.append(("approve", {"vote": self._approve(view, talk, witch_side)}))
        elif phase == "RITUAL":
            acts.append(("play_card", {"card": self._card(view, witch_side, rng)}))
        elif phase == "EXILE_VOTE":
            acts.append(("exile_vote", {"target": self._exile(view, talk, witch_side, rng)}))
        else:
            acts.extend(self.fallback._legal(view, rng))
        return acts

    def _depart(self, view: dict[str, Any], rng: Rng) -> dict[str, Any]:
        me = view["me"]
        places = open_places(view)
        # Go where a recipe ingredient grows, so rituals can succeed.
        recipe, hand = view["recipe"], me["hand"]
        wanted = [p for p in places if INGREDIENT_OF[p] in recipe and INGREDIENT_OF[p] not in hand]
        payload: dict[str, Any] = {"place": rng.choice(wanted or places)}
        if me["role"] == "PROTECTOR" and rng.below(3) == 0:
            payload = {"guard": True}
        if me["role"] == "HERB_DOCTOR" and frogs(view):
            payload["turn_back"] = rng.choice(frogs(view))
        return payload

    def _witch(self, view: dict[str, Any], rng: Rng) -> list[Action]:
        w = view["me"]["witch"]
        me = view["me"]
        if w["place"] is None:
            # sorted(counts, key=lambda p: (counts[p] - ..., rng.below(100)))[-1] without a call per
            # place: the same draws in order, and the index keeps the last of equal keys, as [-1] does
            counts = w["counts"]
            avoid = self.failed_attack_place
            places = list(counts)
            n = len(places)
            heads = [counts[p] - (2 if p == avoid else 0) for p in places]
            place = max(zip(heads, rng.below_many(100, n), range(n), places, strict=True))[3]
            return [("witch_place", {"place": place})]
        if not w["spell_chosen"]:
            spells = w["available_spells"]
            for pick in ("CREEPING_CURSE", "TWIN_HEX", "DISGUISE"):
                if pick in spells:
                    return [("witch_spell", {"spell": pick})]
            return [("witch_spell", {"spell": None})]
        if w["target_chosen"] and w["second_chosen"]:
            return []  # her turn is complete
        targets = [s for s in cats(view) if s != me["seat"] and s not in me["known_witches"]]
        if not w["target_chosen"]:
            target = rng.choice(targets) if targets else None
            if target is not None:
                self.my_attack = (view["day"], w["place"], target)
            return [("witch_target", {"target": target})]
        rest = [s for s in targets if s != w["target"]]
        return [("witch_second", {"target": rng.choice(rest) if rest else None})]

    def _team(self, view: dict[str, Any], talk: TableTalk, rng: Rng) -> list[int]:
        me = view["me"]
        size = len(view["recipe"])
        sus = self._suspicion(view, talk)
        pool = [s for s in cats(view) if s != me["seat"]]
        # pool.sort(key=lambda s: (head(s), rng.below(100))) without a call per seat: the same
        # draws in order, and the index keeps equal keys in their order, as the stable sort does
        if me["role"] == "WITCH":  # bring a fellow witch along to sabotage
            known = me["known_witches"]
            heads: list[Any] = [s not in known for s in pool]
        else:
            heads = [sus[s] for s in pool]
        n = len(pool)
        pool = [t[3] for t in sorted(zip(heads, rng.below_many(100, n), range(n), pool, strict=True))]
        return sorted([me["seat"], *pool[: size - 1]])

    def _approve(self, view: dict[str, Any], talk: TableTalk, witch_side: bool) -> str:
        team = view.get("proposal") or []
        me = view["me"]
        if witch_side:
            return "for" if any(s in me["known_witches"] or s == me["seat"] for s in team) else "against"
        sus = self._suspicion(view, talk)
        if view["curse"] >= 2:  # a third rejection spoils the night anyway
            return "for"
        return "against" if any(sus[s] >= 5 for s in team) else "for"

    def _card(self, view: dict[str, Any], witch_side: bool, rng: Rng) -> str:
        hand: list[str] = view["me"]["hand"]
        if not hand:
            return EMPTY_PAW
        recipe: list[str] = view["recipe"]
        if witch_side:
            bad = [c for c in hand if c not in recipe]
            return bad[0] if bad else hand[0]
        good = [c for c in hand if c in recipe]
        return rng.choice(good) if good else hand[0]

    def _exile(self, view: dict[str, Any], talk: TableTalk, witch_side: bool, rng: Rng) -> int | None:
        me = view["me"]
        sus = self._suspicion(view, talk)
        seat = me["seat"]
        options = [s for s in cats(view) if s != seat]  # the other cats
        if witch_side:
            options = [s for s in options if s not in me["known_witches"]]
        if not options:
            return None
        # max(options, key=lambda s: (sus[s], rng.below(100))) without a call per option: the
        # same draws in the same order, and -index keeps the first of equal keys, as max does
        n = len(options)
        draws = rng.below_many(100, n)
        best = max(zip(map(sus.__getitem__, options), draws, range(0, -n, -1), options, strict=True))[3]
        if me["role"] == "JESTER":
            return rng.choice(options)
        return best if sus[best] > 0 or witch_side else None
