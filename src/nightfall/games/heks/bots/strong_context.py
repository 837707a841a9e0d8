"""What one strong bot's decision reads: its seat's view, the table talk and the beliefs,
with the lookups a decision repeats (marginals, claimed hands, which recipe ingredients a
seat can play) cached for the length of that one decision."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from nightfall.engine import Rng

from ..tables import CROW, WITCH
from .base import cats
from .belief import PublicBelief, SeatBelief
from .table_talk import TableTalk
from .team_cover import member_code


class Ctx:
    """Made for every act (~250 a game), so a plain class: its caches are made when first used."""

    __slots__ = (
        "_can",
        "_cats",
        "_codes",
        "_hands",
        "_jest",
        "_marg",
        "me",
        "pub",
        "rng",
        "seat",
        "talk",
        "view",
    )

    def __init__(
        self, view: dict[str, Any], talk: TableTalk, pub: PublicBelief, me: SeatBelief, rng: Rng
    ) -> None:
        self.view = view
        self.talk = talk
        self.pub = pub
        self.me = me
        self.rng = rng
        self.seat: int = me.seat
        self._marg: tuple[list[float], list[float]] | None = None
        # claimed(seat) or (), per seat: a chief or voter scores up to 35 teams per act, each
        # member's hand was looked up once per recipe ingredient
        self._hands: dict[int, tuple[str, ...]] | None = None
        # seat -> the indices of the recipe's first k ingredients its claimed hand holds, per k
        self._can: dict[tuple[int, int], tuple[int, ...]] | None = None
        self._codes: dict[int, list[int]] | None = None  # k -> seat -> team_cover.member_code
        self._jest: list[float] | None = None
        self._cats: list[int] | None = None

    @property
    def role(self) -> str:
        return self.me.role

    @property
    def witch_side(self) -> bool:
        return self.me.role in (WITCH, CROW)

    @property
    def partners(self) -> set[int]:
        """The Witches this seat knows (itself included, for a Witch)."""
        return set(self.me.known_witches) | ({self.seat} if self.role == WITCH else set())

    def marg(self) -> tuple[list[float], list[float]]:
        """This seat's (P(Witch), P(Jester)) per seat, as Python floats (the same values as
        the arrays: indexing a list is cheaper than making a numpy scalar per read)."""
        if self._marg is None:
            pw, pj = self.me.marginals(self.pub)
            self._marg = pw.tolist(), pj.tolist()
        return self._marg

    def table(self) -> list[float]:
        """What the table as a whole believes of each seat: P(Witch), from public facts only."""
        return self.pub.table()

    def cats(self) -> list[int]:
        """``cats(view)``, listed once per decision (read-only)."""
        if self._cats is None:
            self._cats = cats(self.view)
        return self._cats

    def others(self) -> list[int]:
        seat = self.seat
        return [s for s in self.cats() if s != seat]

    def team_size(self) -> int:
        return min(len(self.view["recipe"]), len(self.cats()))

    def claimed(self, seat: int) -> tuple[str, ...] | None:
        if seat == self.seat:
            return tuple(self.view["me"]["hand"])
        said = self.talk.hands.get(seat)
        return said[1] if said and said[0] == self.view["day"] else None

    def can(self, seat: int, k: int) -> tuple[int, ...]:
        """The indices of today's first ``k`` recipe ingredients that ``seat``'s claimed hand holds."""
        key = (seat, k)
        if self._can is None:
            self._can = {}
        can = self._can.get(key)
        if can is None:
            hand = self.hand_of(seat)
            recipe = self.view["recipe"][:k]
            can = self._can[key] = tuple(i for i, c in enumerate(recipe) if c in hand)
        return can

    def codes(self, k: int) -> list[int]:
        """Per seat (index 0 unused), ``team_cover.member_code`` of the mask of ``can(seat, k)``:
        a team's code is the sum over its members, for scoring many teams of k. The other
        seats' codes come from their claims, shared by every seat's decisions until a claim."""
        if self._codes is None:
            self._codes = {}
        codes = self._codes.get(k)
        if codes is None:
            view, talk = self.view, self.talk
            # bit i of a seat's mask: its hand holds the recipe's i-th ingredient (i < k), as in can()
            recipe = tuple(view["recipe"][:k])
            bits: dict[str, int] = {}
            for i, c in enumerate(recipe):
                bits[c] = bits.get(c, 0) | 1 << i
            day = view["day"]
            key = (day, recipe, talk.said)
            said = talk.cover_codes.get(key)
            if said is None:
                if len(talk.cover_codes) > 16:
                    talk.cover_codes.clear()
                said = [0] * (len(view["players"]) + 1)
                for p in view["players"]:
                    claim = talk.hands.get(p["seat"])
                    said[p["seat"]] = _code(claim[1] if claim and claim[0] == day else (), bits)
                talk.cover_codes[key] = said
            codes = self._codes[k] = said.copy()
            codes[self.seat] = _code(view["me"]["hand"], bits)
        return codes

    def jest(self) -> list[float]:
        """Per seat, the factor a team's worth takes for holding it: 1 - 0.6 P(Jester), and
        exactly 1.0 for this seat (so a product over a team skips it to the last bit)."""
        if self._jest is None:
            _, pj = self.marg()
            self._jest = [1 - 0.6 * p for p in pj]
            self._jest[self.seat] = 1.0
        return self._jest

    def hand_of(self, seat: int) -> tuple[str, ...]:
        """``claimed(seat) or ()``, cached for this decision: within one act the table talk
        changes only this seat's own claim, and ``claimed`` reads this seat's hand from the view."""
        if self._hands is None:
            self._hands = {}
        hand = self._hands.get(seat)
        if hand is None:
            hand = self._hands[seat] = self.claimed(seat) or ()
        return hand


def _code(hand: Iterable[str], bits: dict[str, int]) -> int:
    mask = 0
    for c in hand:
        mask |= bits.get(c, 0)
    return member_code(mask)
