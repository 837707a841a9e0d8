"""The views of one game, memoised for whoever asks for many of them: the server's rooms
(every seat's view after each command) and the bot driver (a view at nearly every
decision). Speed machinery, not rules: it only calls the builders of ``view`` and
``public_part`` and keeps their answers, so a memoised view is the fresh one
(``tests/games/heks/test_view_memo.py`` compares them after every command).

What is kept, and what it is keyed by:

- per state version (``HeksState.version`` moves on with every accepted command, and a
  refused one changes nothing): the seats the step waits for and the public part, which
  every seat's ``view_parts`` shares (the same object, so a server encodes it once);
- per step: the last list of seats the step waits for, in the steps where nobody starts
  to owe once they have begun (``obligations.SHRINKING_STEPS``: the votes, the ritual, the
  taps), so that the next version's list is that one less the seats that answered
  (``obligations.still_owed``) instead of a pass over the table;
- per step: the public keys that change only with the step (``public_part.step_part``),
  keyed by the step and by everything that can change inside one step (``ViewMemo.step``),
  and step C's witch counts (nothing they count changes in step C);
- on their inputs: the public player list (the host and the statuses) and place list (the
  places closed by the Mist), which outlive a step;
- per game: each seat's ``SeatStatic`` (role, side, whom it knows) and the deck's counts.

All of it belongs to one state object: given another one (a rebuilt game, a copy), the
memo starts again. It holds that object, so its identity cannot be reused while kept.
"""

from __future__ import annotations

from typing import Any

from nightfall.engine import Viewer

from .departure import live_counts
from .obligations import PUBLIC_STEPS, SHRINKING_STEPS, answers, owed, still_owed
from .public_part import place_list, player_list, public_on, roles_in_play, status_key, step_part
from .state import WITCH_C, HeksState
from .view import SeatStatic, audit_view, seat_parts, seat_static, seat_view
from .view_types import HeksOwn, HeksPlace, HeksPlayer, HeksPublicView, HeksView

StepKey = tuple[int, str, bool, int, int | None, int | None]


class ViewMemo:
    """``view`` and ``view_parts`` of ``nightfall.games.heks.view``, answered from what an
    earlier call at the same version (or step, or game) already built."""

    __slots__ = (
        "_counts",
        "_kept",
        "_kept_answers",
        "_kept_step",
        "_owed",
        "_places",
        "_players",
        "_public",
        "_roles",
        "_state",
        "_statics",
        "_step",
        "_step_key",
        "_version",
    )

    def __init__(self) -> None:
        self._state: HeksState | None = None
        self._version = -1
        self._owed: list[int] | None = None
        # The last owed list made in a shrinking step, that step's ``state.step`` and how
        # many had answered it then.
        self._kept: list[int] | None = None
        self._kept_step = -1
        self._kept_answers = 0
        self._public: HeksPublicView | None = None
        self._step_key: StepKey | None = None
        self._step: HeksPublicView | None = None
        # Pieces of the step part that outlive a step, each with what it changes with.
        self._players: tuple[tuple[int, tuple[str, ...]], list[HeksPlayer]] | None = None
        self._places: tuple[frozenset[str], list[HeksPlace]] | None = None
        self._roles: list[int] | None = None
        self._counts: tuple[int, dict[str, int]] | None = None  # step C's witch counts, by step
        self._statics: dict[int, SeatStatic] = {}

    def _at(self, state: HeksState) -> None:
        """Forget what another state or an older version of this one made."""
        if state is not self._state:
            self._state = state
            self._statics = {}
            self._step_key = self._step = self._players = self._places = self._roles = self._counts = None
            self._kept = None
        self._version = state.version
        self._owed = self._public = None

    def owed(self, state: HeksState) -> list[int]:
        """``obligations.owed`` at this version (read only)."""
        if state.version != self._version or state is not self._state:
            self._at(state)
        pending = self._owed
        if pending is None:
            pending = self._owed = self._owed_now(state)
        return pending

    def _owed_now(self, state: HeksState) -> list[int]:
        """``obligations.owed`` at this version, from this step's last list where it may: with
        no new answer since, that list; with one, from its first seat (the bots answer in
        seat order), the rest of it; else ``still_owed``."""
        if state.phase not in SHRINKING_STEPS:
            return owed(state)
        step = state.step  # moves on at every step's start (flow.enter), A to B aside
        answered = answers(state)
        n = len(answered)
        kept = self._kept
        if kept is None or self._kept_step != step:
            pending = owed(state)
        elif n == self._kept_answers:  # the record only grows: the same length, the same seats
            return kept
        elif n == self._kept_answers + 1 and kept and kept[0] in answered:
            pending = kept[1:]  # the one new answer is kept[0]'s
        else:
            pending = still_owed(state, kept)
        self._kept, self._kept_step, self._kept_answers = pending, step, n
        return pending

    def step(self, state: HeksState) -> HeksPublicView:
        """``public_part.step_part`` of this step (read only). Keyed by the step and what a step
        part can change with inside one step: the chief's proposal (PROPOSAL is one step before
        and after it), the host (H-HST-7a) and the deadlines (a server's restart gives the
        running timer its outage back, H-TBL-4). Everything else in it moves only when
        ``state.step`` or the phase does."""
        key = (
            state.step,
            state.phase,
            state.night.members is None,
            state.host,
            state.deadline,
            state.day.depart_deadline,
        )
        if key == self._step_key and state is self._state:
            return self._step  # type: ignore[return-value]  # set with the key
        if state.version != self._version or state is not self._state:
            self._at(state)
        self._step_key, self._step = key, self._new_step(state)
        return self._step

    def _new_step(self, state: HeksState) -> HeksPublicView:
        players_key = (state.host, status_key(state))
        if self._players is None or self._players[0] != players_key:
            self._players = (players_key, player_list(state))
        closed = state.day.closed
        if self._places is None or self._places[0] != closed:
            self._places = (closed, place_list(state))
        if self._roles is None:
            self._roles = roles_in_play(state)
        return step_part(state, self._players[1], self._places[1], self._roles)

    def public(self, state: HeksState) -> HeksPublicView:
        """The public part at this version, one object for every caller: read only."""
        pending = self._pending(state)
        public = self._public
        if public is None:
            public = self._public = public_on(state, self.step(state), pending)
        return public

    def _pending(self, state: HeksState) -> list[int] | None:
        """``owed`` at this version where a view shows it (the public steps); None elsewhere,
        where a seat's view asks ``obligations.owes`` for itself alone."""
        if state.version != self._version or state is not self._state:
            self._at(state)
        pending = self._owed
        if pending is None and state.phase in PUBLIC_STEPS:
            pending = self._owed = self._owed_now(state)
        return pending

    def _witch_counts(self, state: HeksState) -> dict[str, int]:
        """Step C's ``live_counts(for_witches=True)``, once per step (read only)."""
        if self._counts is None or self._counts[0] != state.step:
            self._counts = (state.step, live_counts(state, for_witches=True))
        return self._counts[1]

    def static(self, state: HeksState, seat: int) -> SeatStatic:
        """``view.seat_static`` of ``seat`` (after ``owed`` or ``step``: this state's)."""
        found = self._statics.get(seat)
        if found is None:
            found = self._statics[seat] = seat_static(state, state.players[seat - 1])
        return found

    def view(self, state: HeksState, viewer: Viewer) -> dict[str, Any]:
        """``view.view(state, viewer)``: a new dict the caller owns."""
        if isinstance(viewer, int) and 1 <= viewer <= len(state.players):
            return self.seat(state, viewer)
        if state.version != self._version or state is not self._state:
            self._at(state)
        if viewer in ("public", "host"):
            return dict(self.public(state))
        if viewer == "all":
            return audit_view(state)
        raise ValueError(f"unknown viewer {viewer!r}")

    def seat(self, state: HeksState, seat: int) -> dict[str, Any]:
        """``view.view(state, seat)`` for one of the game's seats (``1 <= seat <= players``,
        not checked: the bot driver asks a view at every decision): a new dict the caller owns."""
        if state.version != self._version or state is not self._state:
            self._at(state)
        phase = state.phase
        pending = self._owed  # ``_pending``, written out
        if pending is None and phase in PUBLIC_STEPS:
            pending = self._owed = self._owed_now(state)
        static = self._statics.get(seat) or self.static(state, seat)
        counts = self._witch_counts(state) if phase == WITCH_C else None
        public = self._public
        if public is None:  # the first view at this version (a bot's, nearly always): one copy
            return seat_view(state, seat, self.step(state), pending, static, counts)  # type: ignore[return-value]
        shared, own = seat_parts(state, seat, public, pending, static, counts)
        if not shared:
            return own  # type: ignore[return-value]  # the guard in step B: his whole view
        whole: dict[str, Any] = dict(shared)
        whole.update(own)  # own's keys are disjoint from the public ones
        return whole

    def parts(
        self, state: HeksState, viewer: Viewer
    ) -> tuple[HeksPublicView | dict[str, Any], HeksOwn | HeksView | dict[str, Any]]:
        """``view.view_parts(state, viewer)``, the shared part the same object at one version."""
        public = self.public(state)  # brings the memo to this version
        if isinstance(viewer, int) and 1 <= viewer <= len(state.players):
            static = self._statics.get(viewer) or self.static(state, viewer)
            counts = self._witch_counts(state) if state.phase == WITCH_C else None
            return seat_parts(state, viewer, public, self._owed, static, counts)
        if viewer in ("public", "host"):
            return public, {}
        return {}, self.view(state, viewer)
