"""``view(state, viewer)``: the only way game state leaves the engine (§11, H-VIS-1..4).

The public part is computed once per state version and shared by every viewer;
each seat then gets only its own private part on top.
"""

from __future__ import annotations

from typing import Any, cast

from nightfall.engine import Viewer

from . import departure, obligations, witches
from .obligations import is_public_step
from .public_part import SECRET_STEPS, VOTE_PHASES, cached_owed, fresh_public, public_view
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


def seat_view(state: HeksState, seat: int) -> HeksView:
    """``{**shared, **own}`` of ``seat_view_parts``, built with one copy of the public part.

    The public part is built fresh for this call (from the step part and the
    progress, both cached per version) and this seat's keys are added to it in
    place: one dict copy per view instead of two (cache a public dict, then copy
    it again to merge).
    """
    fresh = fresh_public(state)
    shared, own = _seat_parts(state, seat, fresh)
    if shared is fresh:
        whole = cast(HeksView, fresh)
        whole.update(
            cast(HeksView, own)
        )  # own's keys are disjoint from the public ones: same keys, same order
        return whole
    return cast(HeksView, own)  # the guard in step B: ``own`` is already his whole view


def seat_view_parts(
    state: HeksState, seat: int
) -> tuple[HeksPublicView | dict[str, Any], HeksOwn | HeksView]:
    """The seat's view as (the shared public part, the seat's own keys): see
    ``nightfall.engine.view_parts``. The shared part is the cached public view
    itself, so a server encodes it once per state version for all seats."""
    return _seat_parts(state, seat, public_view(state))


def seat_static(state: HeksState, me: Player) -> tuple[str, list[int], int | None]:
    """(side, known witches, known Jester) of a seat: they never change during a game (nor does
    the role)."""
    static = state.cache.get(me.seat)
    if static is None:
        static = state.cache[me.seat] = (SIDE[me.role], _known_witches(state, me), jester.known_to(state, me))
    return static


def seat_owes(state: HeksState, seat: int) -> bool:
    """``me.owes``: whether the step waits for this seat's input."""
    if state.phase == WITCH_C:
        return seat in state.day.witches
    cached = state.cache.get("owed")  # the list, if a view at this version made it already
    if cached is not None and cached[0] == state.version:
        return seat in cached[1]
    return obligations.owes(state, seat)


def role_parts(state: HeksState, me: Player, mine: HeksMe, known_jester: int | None) -> None:
    """The keys of ``me`` that only some roles have, added to ``mine`` (``known_jester``:
    the third of ``seat_static``)."""
    seat, day, phase = me.seat, state.day, state.phase
    if me.role == WITCH:
        turn = day.witches.get(seat)
        if phase == WITCH_C and turn is not None:
            mine["witch"] = {
                "counts": departure.witch_counts(state),  # H-WAT-3
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


def _seat_parts(
    state: HeksState, seat: int, base: HeksPublicView
) -> tuple[HeksPublicView | dict[str, Any], HeksOwn | HeksView]:
    """``(base, own)``, or ``({}, whole view)`` for the guard in step B; ``base`` is the public part."""
    me = state.players[seat - 1]  # state.player(seat), inlined: this runs for every view
    day = state.day
    phase = state.phase
    static = seat_static(state, me)
    mine: HeksMe = {  # one literal: seat, role, side, known_witches, then the live keys
        "seat": seat,
        "role": me.role,
        "side": static[0],
        "known_witches": list(static[1]),
        "status": me.status,
        "hand": list(me.hand),
        "owes": seat_owes(state, seat),
        "choice": _choice(state, me),
        "inbox": list(state.inbox.get(seat, ())),
    }
    if seat in state.absent:  # H-TBL-5: only in her own part, and only while the step lasts
        mine["absent"] = True
    if me.role == WITCH:
        mine["spells_cast"] = sorted(state.spells_cast)  # §11: the witches see casts/reservations live
    role_parts(state, me, mine, static[2])
    own: HeksOwn = {"me": mine}
    if seat == state.host:
        own["host"] = _host_extras(state)
    if phase == GUARD_B and seat == day.guarding:
        # H-DEP-12: the guard's clock is not the public one; this seat shares nothing.
        out = cast(HeksView, dict(base))
        out["phase"] = GUARD_B
        out["deadline"] = state.deadline
        out["deadline_total"] = state.timer_ms
        out.update(cast(HeksView, own))
        return {}, out
    return base, own


def _host_extras(state: HeksState) -> HeksHostExtras:
    """H-HST-3/4: names of pending players in public steps only; Force continue in departure."""
    phase = state.phase
    return {
        "pending": cached_owed(state) if is_public_step(phase) else None,
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
        return seat_view_parts(state, viewer)
    if viewer in ("public", "host"):
        return public_view(state), {}
    return {}, view(state, viewer)


def view(state: HeksState, viewer: Viewer) -> HeksView | dict[str, Any]:
    # Seats first: they are nearly every call, and no int equals "all", "public" or "host".
    if isinstance(viewer, int) and 1 <= viewer <= len(state.players):
        return seat_view(state, viewer)
    if viewer == "all":
        return audit_view(state)
    if viewer in ("public", "host"):
        return cast(HeksView, public_view(state).copy())
    raise ValueError(f"unknown viewer {viewer!r}")
