"""A bot that picks uniformly among legal-looking options, and sometimes misbehaves.

With ``illegal_rate`` > 0 it also sends commands the rules forbid (wrong phase,
bad targets, malformed payloads), which the property tests use to check that
rejections change nothing.
"""

from __future__ import annotations

from typing import Any

from nightfall.engine import Rng

from ..roles.seer import WINDOW as SEER_WINDOW
from ..state import CONFIRM_SCENES
from ..tables import EMPTY_PAW
from .base import Action, cats, frogs, open_places
from .table_talk import TableTalk

_JUNK: list[Action] = [
    ("exile_vote", {"target": "Anna"}),
    ("propose", {"members": "all"}),
    ("depart", {"place": "P9"}),
    ("approve", {"vote": "maybe"}),
    ("play_card", {"card": "GOLD"}),
    ("seer_check", {"target": 99}),
    ("witch_spell", {"spell": "FIREBALL"}),
    ("mark_absent", {"seat": 1}),
    ("force_continue", {}),
    ("confirm", {"step": -1}),
    ("teleport", {}),
    ("ready", {}),
    ("end_discussion", {}),
    ("pickpocket_take", {"ingredient": "MUSHROOM"}),
]


class RandomBot:
    def __init__(self, idle_rate: float = 0.05, illegal_rate: float = 0.0) -> None:
        self.idle_rate = idle_rate
        self.illegal_rate = illegal_rate

    def act(self, view: dict[str, Any], rng: Rng, talk: TableTalk) -> list[Action]:
        out: list[Action] = []
        if self.illegal_rate and rng.below(1000) < self.illegal_rate * 1000:
            junk = rng.choice(_JUNK)
            out.append((junk[0], dict(junk[1])))
        if rng.below(1000) < self.idle_rate * 1000:
            return out  # sometimes a player stalls: timers and the host must cope
        out.extend(self._legal(view, rng))
        return out

    def _legal(self, view: dict[str, Any], rng: Rng) -> list[Action]:
        me = view["me"]
        phase = view["phase"]
        seat = me["seat"]
        if phase == "ROLE_REVEAL" or (me["owes"] and phase in CONFIRM_SCENES):
            return [("ready" if phase == "ROLE_REVEAL" else "confirm", {})]
        others = [s for s in cats(view) if s != seat]  # after the taps: most calls are taps
        acts: list[Action] = []
        if (
            me["role"] == "SEER"
            and me["status"] == "CAT"
            and not me["seer"]["used"]
            and phase in SEER_WINDOW  # the rule's own window (H-SEE-1)
            and view["day"] >= view["seer_from"]  # H-SEE-4
        ):
            targets = [p["seat"] for p in view["players"] if p["status"] != "EXILED" and p["seat"] != seat]
            if rng.below(2):
                acts.append(("seer_check", {"target": rng.choice(targets)}))
        pp = me.get("pickpocket")
        if pp and me["status"] == "CAT" and pp["window_open"] and not pp["done"] and others:
            if pp["target"] is None:
                acts.append(("pickpocket_target", {"target": rng.choice(others)}))
            elif pp["seen"]:
                acts.append(("pickpocket_take", {"ingredient": rng.choice(pp["seen"])}))
        if not me["owes"]:
            return acts
        if phase == "DEPART_A":
            payload: dict[str, Any] = {"place": rng.choice(open_places(view))}
            if me["role"] == "PROTECTOR" and rng.below(2):
                payload = {"guard": True}
            if me["role"] == "HERB_DOCTOR" and frogs(view) and rng.below(2):
                payload["turn_back"] = rng.choice(frogs(view))
            acts.append(("depart", payload))
        elif phase == "GUARD_B":
            acts.append(("guard_place", {"place": rng.choice(open_places(view))}))
        elif phase == "WITCH_C" and me.get("witch"):
            acts.extend(self._witch(view, me["witch"], seat, rng))
        elif phase == "DISCUSSION":
            acts.append(("end_discussion", {}))
        elif phase == "PROPOSAL":
            acts.append(("propose", {"members": rng.sample(cats(view), len(view["recipe"]))}))
        elif phase == "APPROVAL_VOTE":
            acts.append(("approve", {"vote": rng.choice(["for", "against"])}))
        elif phase == "RITUAL":
            hand = me["hand"]
            acts.append(("play_card", {"card": rng.choice(hand) if hand else EMPTY_PAW}))
        elif phase == "EXILE_VOTE":
            acts.append(("exile_vote", {"target": rng.choice([*others, None])}))
        return acts

    def _witch(self, view: dict[str, Any], w: dict[str, Any], seat: int, rng: Rng) -> list[Action]:
        if w["place"] is None:
            return [("witch_place", {"place": rng.choice(open_places(view))})]
        if not w["spell_chosen"]:
            options: list[str | None] = [None, *w["available_spells"]]
            spell = rng.choice(options)
            payload: dict[str, Any] = {"spell": spell}
            if spell == "MIST":
                payload["mist_place"] = rng.choice(open_places(view))
            return [("witch_spell", payload)]
        if not w["target_chosen"]:
            others = [s for s in cats(view) if s != seat]
            return [("witch_target", {"target": rng.choice([*others, None])})]
        if not w["second_chosen"]:
            others = [s for s in cats(view) if s not in (seat, w["target"])]
            return [("witch_second", {"target": rng.choice([*others, None])})]
        return []
