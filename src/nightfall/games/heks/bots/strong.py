"""Strong bots: every seat plays from a belief over role assignments (``belief.py``).

Village: the Seer checks the seat she is least sure of and announces every reading; everyone says what they hold; chiefs pick the team most likely to
hold no Witch that can still make the recipe, and tell each member which card to
play; votes follow the belief, and the exile vote weighs the chance of hitting
the Jester. Witch side: attack the most useful villagers (the Seer first),
disguise when suspected, lie about their hands to get into the circle, sabotage
once per team (and not always, to stay credible), bluff Seer readings, and vote
with the table against innocents, never against the Jester they were shown
(H-JST-3). The Jester sabotages and invites suspicion, and plays a fake Seer at a
table he has seen exile on claims alone (``jester.py``). Decisions are in
``strong_moves.py``; what one decision reads, in ``strong_context.py``.
"""

from __future__ import annotations

from typing import Any

from nightfall.engine import Rng

from ..tables import CROW, JESTER, PICKPOCKET, SEER, WITCH
from . import strong_moves as mv
from .base import Action, cats
from .belief import PublicBelief, SeatBelief
from .jester import TableReading, fake_readings
from .strong_context import Ctx
from .table_talk import TableTalk

_AFTER_RITUAL = frozenset({"RITUAL_RESULT", "QUARREL", "EXILE_VOTE"})  # the ritual's result is shown


_ABILITY_ROLES = frozenset({SEER, PICKPOCKET})


class StrongBot:
    """One instance per seat."""

    def __init__(self) -> None:
        self.me: SeatBelief | None = None
        self.role: str | None = None
        self.read_seen: set[tuple[int, int]] = set()
        self.fake_seer = False  # a Witch who bluffs Seer readings
        self.claimed_day = 0
        self.talk: TableTalk | None = None  # the game's table talk, kept for the scene taps
        self.reading: TableReading | None = None  # the Jester's: does the table exile on claims alone?

    # ---- what the seat sees ----
    def _public(self, view: dict[str, Any], talk: TableTalk) -> PublicBelief:
        """Take in the public facts of ``view`` the table's belief has not seen (every seat
        offers them at each of its ~40 steps a game, so the checks come cheapest first)."""
        pub: PublicBelief | None = talk.belief
        if pub is None:
            # the dealt deck's Witch and Jester counts (H-DECK-9), not Table 2.1's row
            pub = talk.belief = PublicBelief.new(len(view["players"]), view.get("roles_in_play"))
        elif pub.claims_read == len(talk.claims) and pub.seen_step == (view["step"], view["phase"]):
            return pub  # a view of the step whose facts an earlier view gave (every seat's, at each look)
        result = view.get("vote_result")
        if result and result["day"] not in pub.exile_days and result.get("outcome") == "EXILED":
            pub.exile_days.add(result["day"])
            pub.exiled(result["exiled"], bool(result["was_witch"]))
            votes = {b["voter"]: b["target"] for b in result["ballot"] if b["target"] is not None}
            pub.ballot(votes, result["exiled"], bool(result["was_witch"]))
        ann = view.get("announcement")
        if ann and ann["new_frogs"] and ann["day"] not in pub.frog_days:
            pub.frog_days.add(ann["day"])
            pub.frogs(ann["new_frogs"])
        if view["phase"] in _AFTER_RITUAL and view["day"] not in pub.ritual_days:
            approval, last = view.get("approval_result"), view.get("last_ritual")
            if approval and approval["accepted"] and last:
                pub.ritual_days.add(view["day"])
                pub.ritual(list(approval["members"]), last == "FAILURE", approval["for"], approval["against"])
        claims = talk.claims
        if pub.claims_read < len(claims):
            for claim in claims[pub.claims_read :]:
                pub.claim(claim.speaker, claim.target, claim.witch)
            pub.claims_read = len(claims)
        pub.seen_step = (view["step"], view["phase"])
        return pub

    def _private(self, view: dict[str, Any]) -> SeatBelief:
        me = view["me"]
        if self.me is None:
            self.role = me["role"]
            self.me = SeatBelief(
                me["seat"], me["role"], frozenset(me["known_witches"]), me.get("known_jester")
            )
            if self.role == JESTER:
                self.reading = TableReading(me["seat"])
        for msg in me["inbox"]:
            if msg["kind"] == "SEER_RESULT" and (msg["day"], msg["target"]) not in self.read_seen:
                self.read_seen.add((msg["day"], msg["target"]))
                self.me.read(msg["target"], msg["result"] == "WITCH")
        return self.me

    def tap(self, public: dict[str, Any], command: str, owes: bool) -> list[Action] | None:
        """Scene taps: take in the public facts of the scene, then tap."""
        if self.me is None or self.talk is None or command == "end_discussion":
            return None  # the first view (role) and the discussion (talk) need the whole view
        self._public(public, self.talk)
        if self.reading is not None:
            self.reading.observe(public, self.talk)
        return [(command, {})] if owes else []

    def act(self, view: dict[str, Any], rng: Rng, talk: TableTalk) -> list[Action]:
        self.talk = talk
        pub = self._public(view, talk)
        me_b = self._private(view)
        if self.reading is not None:
            self.reading.observe(view, talk)
        me = view["me"]
        phase = view["phase"]
        ctx = Ctx(view, talk, pub, me_b, rng)
        acts: list[Action] = []
        if me["status"] == "CAT":
            if self.role in _ABILITY_ROLES:  # the only roles _abilities acts for
                acts.extend(self._abilities(ctx))
            if phase == "DISCUSSION" and self.claimed_day != view["day"]:
                self.claimed_day = view["day"]
                self._talk(ctx)
        if not me["owes"]:
            return acts
        if phase in ("ROLE_REVEAL",):
            acts.append(("ready", {}))
        elif phase in mv.CONFIRMS:
            acts.append(("confirm", {}))
        elif phase == "DISCUSSION":
            acts.append(("end_discussion", {}))
        elif phase == "DEPART_A":
            acts.append(("depart", mv.depart(ctx)))
        elif phase == "GUARD_B":
            acts.append(("guard_place", {"place": mv.guard_place(ctx)}))
        elif phase == "WITCH_C" and me.get("witch"):
            acts.extend(mv.witch_turn(ctx))
        elif phase == "PROPOSAL":
            acts.append(("propose", {"members": mv.propose(ctx)}))
        elif phase == "APPROVAL_VOTE":
            acts.append(("approve", {"vote": mv.approve(ctx)}))
        elif phase == "RITUAL":
            acts.append(("play_card", {"card": mv.play_card(ctx)}))
        elif phase == "EXILE_VOTE":
            acts.append(("exile_vote", {"target": mv.exile(ctx)}))
        return acts

    def _abilities(self, ctx: Ctx) -> list[Action]:
        view, me = ctx.view, ctx.view["me"]
        out: list[Action] = []
        if me["role"] == SEER:
            if not me["seer"]["used"] and view["phase"] == "DISCUSSION" and view["day"] >= view["seer_from"]:
                target = mv.seer_target(ctx)
                if target is not None:
                    out.append(("seer_check", {"target": target}))
            for msg in me["inbox"]:  # announce every reading at once: the table needs them
                if msg["kind"] == "SEER_RESULT" and not any(
                    c.speaker == me["seat"] and c.target == msg["target"] and c.day == msg["day"]
                    for c in ctx.talk.claims
                ):
                    ctx.talk.announce(msg["day"], me["seat"], msg["target"], msg["result"] == "WITCH")
        pp = me.get("pickpocket")
        if me["role"] == PICKPOCKET and pp and pp["window_open"] and not pp["done"]:
            if pp["target"] is None and view["phase"] == "PROPOSAL":  # after everyone said what they hold
                target = mv.pickpocket_target(ctx)
                if target is not None:
                    out.append(("pickpocket_target", {"target": target}))
            elif pp["target"] is not None and pp["seen"] is not None:
                mv.check_hand_claim(ctx, pp["target"], pp["seen"])
                if pp["seen"]:
                    out.append(("pickpocket_take", {"ingredient": mv.pickpocket_take(ctx, pp["seen"])}))
        return out

    def _talk(self, ctx: Ctx) -> None:
        """The evening discussion: say what you hold (the witch side lies); maybe bluff a reading."""
        view, me, talk = ctx.view, ctx.view["me"], ctx.talk
        talk.say_hand(me["seat"], view["day"], mv.hand_claim(ctx))
        if me["role"] == WITCH:
            partners = [s for s in me["known_witches"] if s in cats(view)]
            if all(me["seat"] < s for s in partners):  # one bluffer per coven: the lowest seat
                self.fake_seer = self.fake_seer or (view["day"] == 1 and ctx.rng.below(100) < 45)
            if self.fake_seer:
                target = mv.bluff_target(ctx)
                if target is not None:
                    talk.announce(view["day"], me["seat"], target, True)
        elif self.reading is not None:
            for target in fake_readings(self.reading, view, talk):
                talk.announce(view["day"], me["seat"], target, False)
        elif me["role"] == CROW and view["day"] == 1 and ctx.rng.below(100) < 25:
            target = mv.bluff_target(ctx)
            if target is not None:
                talk.announce(view["day"], me["seat"], target, True)
