"""A belief over role assignments, for the strong bots.

What decides the game is who the Witches are, and (from 9 players up) who the
Jester is, because exiling him hands him the game (H-WIN-7). So a
hypothesis is (the set of Witch seats, the Jester's seat or none): at most
C(12,3) x 9 = 1,980 of them. The table's public facts (claims, exiles and what
they revealed, new frogs, performed rituals and who was on them, approval and
exile ballots) weigh every hypothesis once per game, shared by all seats
(``PublicBelief``); each seat then conditions on what only it knows (its own
role, the Witches it was shown, its own Seer readings) when it asks.

Likelihoods are rough models of how people (and these bots) play, not exact
probabilities; hard facts (an exile's "was / was not a witch", one's own role,
a "Witch" reading) are exact.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations, repeat
from typing import Any

import numpy as np
import numpy.typing as npt

from ..tables import CROW, JESTER, ROLE_COLUMNS, ROLE_TABLE, WITCH

Vec = npt.NDArray[np.float64]

# How a claim "X is / is not a witch" by speaker S is explained under a hypothesis.
HONEST_LIE = 0.03  # a non-witch (the Crow, really) accusing an innocent
DISGUISE = 0.12  # a Witch reading "Not a witch": she cast Disguise that day
WITCH_ACCUSES_INNOCENT = 0.5
WITCH_ACCUSES_PARTNER = 0.02
WITCH_CLEARS_PARTNER = 0.4
WITCH_CLEARS_INNOCENT = 0.15
JESTER_CLAIMS = 0.1
FROG_IS_WITCH = 0.05  # witches know each other, so a frog is rarely one of them
RITUAL_FAIL_CLEAN = 0.25  # an honest team fails (missing or duplicated cards)
RITUAL_FAIL_DIRTY = 0.95
FLOOR = 1e-4  # soft evidence never rules a hypothesis out


_BIT = [1 << s for s in range(64)]


@dataclass(frozen=True, slots=True)
class Space:
    """Every hypothesis for a player count: witch membership and Jester indicator per seat."""

    players: int
    witches: int
    witch: npt.NDArray[np.float64]  # (H, players + 1): 1 where the seat is a Witch
    jester: npt.NDArray[np.float64]  # (H, players + 1): 1 where the seat is the Jester
    has_jester: bool
    bits: npt.NDArray[np.int64]  # (H,): the Witch seats as a bit mask (bit s = seat s), for p_clean
    # The hypotheses list each set of Witch seats once per Jester seat, in consecutive rows,
    # so p_clean's 0/1 matrix is built on the distinct sets (220 at 12 players, not 1,980)
    # and each row repeated: the same matrix, a ninth of the bit work.
    set_bits: npt.NDArray[np.int64]  # (W,): each set of Witch seats as a bit mask, in row order
    per_set: int  # rows per set: the Jester's possible seats, or 1 without a Jester
    # witch.T and jester.T, contiguous: a seat's column is read as a row (the same values,
    # without a strided pass over (H, players + 1) for every fact and every reading)
    wcol: npt.NDArray[np.float64]  # (players + 1, H)
    jcol: npt.NDArray[np.float64]  # (players + 1, H)
    jbits: npt.NDArray[np.int64]  # (H,): the Jester's seat as a bit mask (0: no Jester)


@cache
def space(players: int, nw: int | None = None, nj: int | None = None) -> Space:
    """Hypotheses for ``nw`` Witches and ``nj`` (0 or 1) Jesters; Table 2.1's row by default.
    A host's deck (H-DECK-9) gives its own counts: the deck is public."""
    counts = dict(zip(ROLE_COLUMNS, ROLE_TABLE[players], strict=True))
    nw = counts[WITCH] if nw is None else nw
    nj = counts[JESTER] if nj is None else nj
    rows_w: list[tuple[int, ...]] = []
    rows_j: list[int] = []
    for ws in combinations(range(1, players + 1), nw):
        for j in [s for s in range(1, players + 1) if s not in ws] if nj else [0]:
            rows_w.append(ws)
            rows_j.append(j)
    h = len(rows_w)
    wm = np.zeros((h, players + 1))
    jm = np.zeros((h, players + 1))
    for i, (ws, j) in enumerate(zip(rows_w, rows_j, strict=True)):
        wm[i, list(ws)] = 1.0
        if j:
            jm[i, j] = 1.0
    bits = np.array([sum(1 << s for s in ws) for ws in rows_w], dtype=np.int64)
    per_set = players - nw if nj else 1
    set_bits = bits[::per_set].copy()
    assert np.array_equal(np.repeat(set_bits, per_set), bits), "each set's rows are consecutive"
    jbits = np.array([1 << j if j else 0 for j in rows_j], dtype=np.int64)
    wcol, jcol = np.ascontiguousarray(wm.T), np.ascontiguousarray(jm.T)
    return Space(players, nw, wm, jm, bool(nj), bits, set_bits, per_set, wcol, jcol, jbits)


@cache
def _no_jester(players: int) -> Vec:
    """P(Jester) of every seat where none is dealt: zeros, read only (shared by every seat)."""
    zeros = np.zeros(players + 1)
    zeros.flags.writeable = False
    return zeros


@dataclass(slots=True)
class PublicBelief:
    """Weights from public facts only; every seat of a game shares one."""

    space: Space
    weights: Vec
    # the days whose exile, new frogs and ritual have been taken in (every seat offers them)
    exile_days: set[int] = field(default_factory=set)
    frog_days: set[int] = field(default_factory=set)
    ritual_days: set[int] = field(default_factory=set)
    claims_read: int = 0
    # the public step (``step``, ``phase``) of the last view whose facts were taken in: the
    # facts read (results, announcements, the ritual) change only when a step begins, so
    # no other view of that step need be read again while no claim is made
    seen_step: tuple[int, str] | None = None
    version: int = 0
    _table: tuple[int, list[float]] | None = None

    def table(self) -> list[float]:
        """P(Witch) per seat from the public facts alone, cached per version (no move reads
        the table's P(Jester), so its product is not made)."""
        if self._table is None or self._table[0] != self.version:
            self._table = (self.version, (self.weights @ self.space.witch).tolist())
        return self._table[1]

    @classmethod
    def new(cls, players: int, roles_in_play: list[int] | None = None) -> PublicBelief:
        """``roles_in_play``: the deck's counts in ROLE_COLUMNS order (the view's, H-DECK-9)."""
        if roles_in_play is None:
            sp = space(players)
        else:
            row = dict(zip(ROLE_COLUMNS, roles_in_play, strict=True))
            sp = space(players, row[WITCH], row[JESTER])
        return cls(sp, np.ones(sp.witch.shape[0]))

    def _times(self, factor: Vec) -> None:
        self.weights = self.weights * factor
        total = self.weights.sum()
        if total > 0:
            self.weights /= total
        self.version += 1

    # ---- public facts ----
    def claim(self, speaker: int, target: int, witch: bool) -> None:
        sw, tw = self.space.wcol[speaker], self.space.wcol[target]
        sj = self.space.jcol[speaker]
        if witch:
            honest = tw + (1 - tw) * HONEST_LIE  # the Jester has no mask (B-8): he reads "Not a witch"
            liar = tw * WITCH_ACCUSES_PARTNER + (1 - tw) * WITCH_ACCUSES_INNOCENT
        else:
            honest = tw * DISGUISE + (1 - tw)
            liar = tw * WITCH_CLEARS_PARTNER + (1 - tw) * WITCH_CLEARS_INNOCENT
        if self.space.has_jester:
            factor = sw * liar + sj * JESTER_CLAIMS + (1 - sw - sj) * honest
        else:  # the same floats: sj is 0.0, so its term adds 0.0 and takes 0.0 from 1 - sw
            factor = sw * liar + (1 - sw) * honest
        self._times(np.maximum(factor, FLOOR))

    def exiled(self, seat: int, was_witch: bool) -> None:
        sp = self.space
        tw = sp.wcol[seat]
        if was_witch:
            self._times(tw)
        else:  # without a Jester dealt, the factor 1 - P(Jester) is 1.0 throughout
            self._times((1 - tw) * (1 - sp.jcol[seat]) if sp.has_jester else 1 - tw)

    def frogs(self, seats: Iterable[int]) -> None:
        factor = np.ones_like(self.weights)
        for s in seats:
            factor *= 1 - self.space.wcol[s] * (1 - FROG_IS_WITCH)
        self._times(factor)

    def dirty(self, team: Iterable[int]) -> Vec:
        """Per hypothesis: 1 where the team holds a Witch or the Jester (he spoils circles too,
        to draw the suspicion he wins by)."""
        sp = self.space
        team_bits = sum(map(_BIT.__getitem__, team))
        # the same 0.0/1.0 as min(witches on the team + Jester on the team, 1), from bit masks
        spoilers = sp.bits | sp.jbits if sp.has_jester else sp.bits
        out: Vec = ((spoilers & team_bits) != 0).astype(np.float64)
        return out

    def ritual(self, team: list[int], failed: bool, voters_for: list[int], voters_against: list[int]) -> None:
        d = self.dirty(team)
        if failed:
            factor = d * RITUAL_FAIL_DIRTY + (1 - d) * RITUAL_FAIL_CLEAN
        else:
            factor = d * (1 - RITUAL_FAIL_DIRTY) + (1 - d) * (1 - RITUAL_FAIL_CLEAN)
        # Witches approve teams that hold a witch and reject clean ones, more often than not.
        w = self.space.wcol
        if voters_for:
            lean_for = d * 0.4 - (1 - d) * 0.3  # the same array every voter used to recompute
            for v in voters_for:
                factor = factor * (1 + w[v] * lean_for)
        if voters_against:
            lean_against = (1 - d) * 0.4 - d * 0.3
            for v in voters_against:
                factor = factor * (1 + w[v] * lean_against)
        self._times(np.maximum(factor, FLOOR))

    def ballot(self, votes: dict[int, int], exiled: int | None, was_witch: bool) -> None:
        """Who voted for a player the exile revealed: witches rarely vote out their own."""
        if exiled is None:
            return
        w = self.space.wcol
        factor = np.ones_like(self.weights)
        for voter, target in votes.items():
            if target == exiled:
                factor *= 1 + w[voter] * (-0.6 if was_witch else 0.3)
        self._times(factor)


@dataclass(slots=True)
class SeatBelief:
    """One seat's belief: the public weights times what only this seat knows."""

    seat: int
    role: str
    known_witches: frozenset[int]
    known_jester: int | None = None  # H-JST-3: the witch side is shown the Jester
    readings: dict[int, list[bool]] = field(default_factory=dict)  # own Seer readings: True = "Witch"
    extra: dict[int, float] = field(default_factory=dict)  # private evidence: seat -> witch likelihood ratio
    _cache: tuple[tuple[int, int], Vec, Vec] | None = None
    _weights: tuple[tuple[int, int], Vec] | None = None
    _private: int = 0
    memo: dict[Any, Any] = field(default_factory=dict)  # the bot's own caches, valid per belief version
    memo_key: tuple[int, int] = (-1, -1)
    _mask_of: tuple[Space, Vec] | None = None  # role, seat and known witches never change

    def fresh_memo(self, pub: PublicBelief) -> dict[Any, Any]:
        """A cache that is emptied whenever this seat's belief changes."""
        key = (pub.version, self._private)
        if key != self.memo_key:
            self.memo = {}
            self.memo_key = key
        return self.memo

    def read(self, target: int, witch: bool) -> None:
        self.readings.setdefault(target, []).append(witch)
        self._private += 1

    def suspect(self, seat: int, ratio: float) -> None:
        """Private evidence that ``seat`` is a Witch (``ratio`` times likelier if she is)."""
        self.extra[seat] = self.extra.get(seat, 1.0) * ratio
        self._private += 1

    def _mask(self, sp: Space) -> Vec:
        if self._mask_of is None or self._mask_of[0] is not sp:
            self._mask_of = (sp, self._fresh_mask(sp))
        return self._mask_of[1]

    def _fresh_mask(self, sp: Space) -> Vec:
        w, j, s = sp.wcol, sp.jcol, self.seat
        if self.role in (WITCH, CROW):
            known = set(self.known_witches) | ({s} if self.role == WITCH else set())
            mask = np.ones(w.shape[1])
            for seat in range(1, sp.players + 1):
                mask *= w[seat] if seat in known else 1 - w[seat]
            if sp.has_jester:
                mask = mask * (1 - j[s])
            shown: Vec = mask * j[self.known_jester] if self.known_jester else mask
            return shown
        if self.role == JESTER:
            return np.array(j[s])
        villager: Vec = (1 - w[s]) * (1 - j[s]) if sp.has_jester else 1 - w[s]
        return villager

    def weights(self, pub: PublicBelief) -> Vec:
        key = (pub.version, self._private)
        if self._weights is not None and self._weights[0] == key:
            return self._weights[1]
        w = self._fresh_weights(pub)
        self._weights = (key, w)
        return w

    def _fresh_weights(self, pub: PublicBelief) -> Vec:
        sp = pub.space
        out = pub.weights * self._mask(sp)
        for target, rs in self.readings.items():
            tw = sp.wcol[target]
            for witch in rs:  # H-SEE-3: only a Witch reads "Witch" (the Jester's mask is gone, B-8)
                out = out * tw if witch else out * (tw * DISGUISE + (1 - tw))
        for target, ratio in self.extra.items():
            out = out * (1 + (ratio - 1) * sp.wcol[target])
        total = out.sum()
        if total <= 0:  # contradictory soft evidence: fall back on what is certain
            out = self._mask(sp) * (pub.weights > 0)
            total = out.sum()
        normed: Vec = out / max(float(total), 1e-300)
        return normed

    def marginals(self, pub: PublicBelief) -> tuple[Vec, Vec]:
        """(P(seat is a Witch), P(seat is the Jester)), indexed by seat (index 0 unused)."""
        key = (pub.version, self._private)
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1], self._cache[2]
        w = self.weights(pub)
        sp = pub.space
        # Without a Jester dealt every P(Jester) is 0.0: the product would only add zeros.
        pw, pj = w @ sp.witch, (w @ sp.jester if sp.has_jester else _no_jester(sp.players))
        self._cache = (key, pw, pj)
        return pw, pj

    def p_clean(self, pub: PublicBelief, teams: list[list[int]]) -> list[float]:
        """For each team, the probability that it holds no Witch."""
        w = self.weights(pub)
        # (H, teams): 1.0 where the hypothesis puts no Witch on the team, from bit masks (an
        # AND per cell) rather than a (H, players) x (players, teams) product; the same 0/1
        # matrix, so the same product with w to the last bit.
        sp = pub.space
        team_bits = np.array(list(map(sum, map(map, repeat(_BIT.__getitem__), teams))), dtype=np.int64)
        clean = np.repeat(((sp.set_bits[:, None] & team_bits) == 0).astype(np.float64), sp.per_set, axis=0)
        out: list[float] = (w @ clean).tolist()
        return out
