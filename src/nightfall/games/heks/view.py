"""``view(state, viewer)``: the only way game state leaves the engine (§11, H-VIS-1..4).

A seat's view is said once, by ``seat_parts``: the public part (``public_part``) and the
seat's own keys on top, or, for the guard in step B, a whole view of his own (H-DEP-12).
``view`` merges the two; a server takes them apart (``view_parts``), and a memo that
keeps the public part for many viewers (``view_memo.ViewMemo``) calls the same functions.
Everything here is a pure function of the state: nothing is cached in it.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from nightfall.engine import Viewer

from . import departure, witches
from .obligations import is_public_step, owed, owes
from .public_part import SECRET_STEPS, VOTE_PHASES, public_on, public_view, step_part
from .roles import jester
from .state import (
    EXILE_VOTE,
    GAME_END,
    GUARD_B,
    PROPOSAL,
    RITUAL,
    WITCH_C,
    HeksState,
    Player,
)
from .tables import CROW, HERB_DOCTOR, INGREDIENT_OF, PICKPOCKET, PROTECTOR, SEER, SIDE, WITCH
from .view_types import (
    HeksChoice,
    HeksHostExtras,
    HeksMe,
    HeksOwn,
    HeksPublicView,
    HeksView,
)


class SeatStatic(NamedTuple):
    """What a seat knows from the deal on: it never changes during a game (nor does the role)."""

    side: str
    known_witches: list[int]  # H-START-2 (read only: each view copies it)
    known_jester: int | None  # H-JST-3


def _known_witches(state: HeksState, me: Player) -> list[int]:
    """H-START-2: a Witch sees the other Witches; the Crow sees all Witches; nobody sees the Crow."""
    if me.role == WITCH:
        return [p.seat for p in state.players if p.role == WITCH and p.seat != me.seat]
    if me.role == CROW:
        return [p.seat for p in state.players if p.role == WITCH]
    return []


def _choice(state: HeksState, me: Player) -> HeksChoice | None:
    phase = state.phase
    day = state.day
    if phase in VOTE_PHASES:
        vote = state.night.votes.get(me.seat)
        if vote is None:
            return None
        if phase == EXILE_VOTE:
            return {"vote": None if vote == "blank" else int(vote), "auto": me.seat in state.night.auto}
        return {"vote": vote, "auto": me.seat in state.night.auto}
    if phase == RITUAL and me.seat in state.night.plays:
        return {"card": state.night.plays[me.seat]}
    if day.number == 0:
        return None
    choice: HeksChoice = {}
    if me.seat in day.place:
        choice["place"] = day.place[me.seat]
        choice["ingredient"] = INGREDIENT_OF[day.place[me.seat]]
        choice["auto"] = me.seat in day.auto_place  # H-TBL-2: "you were sent to the Meadow"
    if me.seat == day.guarding:
        choice["guard"] = True
        choice["guard_place"] = day.guard_place
        choice["auto"] = day.guard_auto
    if me.role == HERB_DOCTOR:
        choice["turn_back"] = day.turn_back
    turn = day.witches.get(me.seat)
    if turn is not None:
        choice["place"] = turn.place
        choice["ingredient"] = INGREDIENT_OF[turn.place] if turn.place else None
    return choice or None


def seat_static(state: HeksState, me: Player) -> SeatStatic:
    """A seat's side and whom it knows (H-START-2, H-JST-3), as the deal left them."""
    return SeatStatic(SIDE[me.role], _known_witches(state, me), jester.known_to(state, me))


_ROLE_PARTS = frozenset({WITCH, PROTECTOR, SEER, PICKPOCKET})  # the roles role_parts adds keys for


def role_parts(
    state: HeksState, me: Player, mine: HeksMe, known_jester: int | None, counts: dict[str, int] | None = None
) -> None:
    """The keys of ``me`` that only some roles have, added to ``mine`` (``known_jester``:
    ``SeatStatic.known_jester``; ``counts``: step C's ``witch_counts`` of ``seat_parts``)."""
    seat, day, phase = me.seat, state.day, state.phase
    if me.role == WITCH:
        turn = day.witches.get(seat)
        if phase == WITCH_C and turn is not None:
            mine["witch"] = {
                # H-WAT-3: static during step C; a dict of this view's own
                "counts": departure.live_counts(state, for_witches=True) if counts is None else dict(counts),
                "available_spells": witches.available(state, seat),
                "reserved": dict(day.reserved),
                "place": turn.place,
                "spell_chosen": turn.spell_chosen,
                "spell": turn.spell,
                "mist_place": turn.mist_place,
                "target_chosen": turn.target_chosen,
                "target": turn.target,
                "second_chosen": turn.second_chosen,
                "second": turn.second,
            }
    elif me.role == PROTECTOR:
        if phase == GUARD_B and seat == day.guarding:
            mine["guard"] = {
                "counts": departure.live_counts(state, for_witches=False),  # H-DEP-12
                # his page shows the table's step-A clock, like every other page (H-DEP-13, H-VIS-6)
                "table_deadline": day.depart_deadline,
            }
    elif me.role == SEER:
        mine["seer"] = {"used": day.seer_used}
    elif me.role == PICKPOCKET:
        mine["pickpocket"] = {
            "target": day.pickpocket_target,
            "seen": day.pickpocket_seen,
            "done": day.pickpocket_done,
            "window_open": phase in ("DISCUSSION", PROPOSAL) and not day.approval_opened,
        }
    if known_jester is not None:  # H-JST-3 (B-7): a Witch or Crow is shown the Jester
        mine["known_jester"] = known_jester


def seat_parts(
    state: HeksState,
    seat: int,
    public: HeksPublicView,
    pending: list[int] | None,
    static: SeatStatic,
    witch_counts: dict[str, int] | None = None,
) -> tuple[HeksPublicView | dict[str, Any], HeksOwn | dict[str, Any]]:
    """A seat's view, the one definition: ``(public, own)``, the public part at this version
    and the seat's own keys, or ``({}, whole view)`` for the guard in step B, who shares
    nothing (H-DEP-12). ``public`` is only read (a memo may share it); ``static`` is the
    seat's ``seat_static``. ``pending`` is ``obligations.owed`` at this version, which may
    be left out (None) outside the public steps, where only this seat's part of it shows;
    ``witch_counts`` is ``departure.live_counts(for_witches=True)`` if the caller kept it
    for step C (nothing it counts changes during step C)."""
    me = state.players[seat - 1]  # state.player(seat), inlined: this runs for every view
    day = state.day
    phase = state.phase
    mine: HeksMe = {  # one literal: seat, role, side, known_witches, then the live keys
        "seat": seat,
        "role": me.role,
        "side": static.side,
        "known_witches": list(static.known_witches),
        "status": me.status,
        "hand": list(me.hand),
        # the step waits for this seat (step C waits for the clock, but each Witch has a turn)
        "owes": seat in day.witches
        if phase == WITCH_C
        else (seat in pending if pending is not None else owes(state, seat)),
        "choice": _choice(state, me),
        "inbox": list(state.inbox.get(seat, ())),
    }
    if seat in state.absent:  # H-TBL-5: only in her own part, and only while the step lasts
        mine["absent"] = True
    if me.role == WITCH:
        mine["spells_cast"] = sorted(state.spells_cast)  # §11: the witches see casts/reservations live
    if me.role in _ROLE_PARTS or static.known_jester is not None:  # a call fewer for the rest
        role_parts(state, me, mine, static.known_jester, witch_counts)
    own: HeksOwn = {"me": mine}
    if seat == state.host:
        own["host"] = _host_extras(state, pending)
    if phase == GUARD_B and seat == day.guarding:
        # H-DEP-12: the guard's clock is not the public one; this seat shares nothing.
        out: dict[str, Any] = dict(public)
        out["phase"] = GUARD_B
        out["deadline"] = state.deadline
        out["deadline_total"] = state.timer_ms
        out.update(own)
        return {}, out
    return public, own


def seat_view(
    state: HeksState,
    seat: int,
    step: HeksPublicView,
    pending: list[int] | None,
    static: SeatStatic,
    witch_counts: dict[str, int] | None = None,
) -> HeksView:
    """``{**public, **own}`` of ``seat_parts`` (its arguments, with ``public_part.step_part``
    for the public part), with one dict copy: the public part is made for this view
    (``public_on``) and the seat's keys are added to it in place."""
    fresh = public_on(state, step, pending)
    shared, own = seat_parts(state, seat, fresh, pending, static, witch_counts)
    whole: dict[str, Any] = own if shared is not fresh else fresh  # type: ignore[assignment]
    if shared is fresh:
        whole.update(own)  # own's keys are disjoint from the public ones
    return whole  # type: ignore[return-value]  # HeksPublicView and HeksOwn make a HeksView


def _host_extras(state: HeksState, pending: list[int] | None) -> HeksHostExtras:
    """H-HST-3/4: names of pending players in public steps only; Force continue in departure."""
    phase = state.phase
    return {
        "pending": (owed(state) if pending is None else list(pending)) if is_public_step(phase) else None,
        "can_mark_absent": phase not in (WITCH_C, "QUARREL", GAME_END),
        "can_force_continue": phase in SECRET_STEPS,
    }


def audit_view(state: HeksState) -> dict[str, Any]:
    """Everything, for replays, audits and bug reports (never sent to a player)."""
    from .snapshot import snapshot

    out = dict(public_view(state))
    out["phase"] = state.phase
    out["deadline"] = state.deadline
    out["state"] = snapshot(state)
    return out


def view_parts(
    state: HeksState, viewer: Viewer
) -> tuple[HeksPublicView | dict[str, Any], HeksOwn | HeksView | dict[str, Any]]:
    """``view`` cut into (shared, own) for servers (``nightfall.engine.view_parts``)."""
    if isinstance(viewer, int) and 1 <= viewer <= len(state.players):
        pending = owed(state)
        public = public_on(state, step_part(state), pending)
        return seat_parts(state, viewer, public, pending, seat_static(state, state.players[viewer - 1]))
    if viewer in ("public", "host"):
        return public_view(state), {}
    return {}, view(state, viewer)


def view(state: HeksState, viewer: Viewer) -> HeksView | dict[str, Any]:
    # Seats first: they are nearly every call, and no int equals "all", "public" or "host".
    if isinstance(viewer, int) and 1 <= viewer <= len(state.players):
        static = seat_static(state, state.players[viewer - 1])
        return seat_view(state, viewer, step_part(state), owed(state), static)
    if viewer == "all":
        return audit_view(state)
    if viewer in ("public", "host"):
        return public_view(state)  # type: ignore[return-value]  # HeksView less ``me``
    raise ValueError(f"unknown viewer {viewer!r}")
