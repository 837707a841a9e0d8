"""Day steps A and B: choosing a place, guarding, and the step-A extras (H-DEP-*, H-PRO-1..4)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nightfall.engine import Command, Event, Rejected

from .checks import is_cat, phase_in, place_arg, player_of, seat_arg
from .events import private
from .roles import herb_doctor
from .state import CAT, DEPART_A, GUARD_B, HeksState
from .tables import HERB_DOCTOR, PROTECTOR, WITCH


def depart(state: HeksState, cmd: Command) -> list[Event]:
    """H-DEP-9/10/11, H-ERR-6: a place (or Guard), with optional extras, as one atomic submission."""
    out: list[Event] = []
    me = player_of(state, cmd)
    if state.phase != DEPART_A and state.phase != GUARD_B:  # phase_in, called only to refuse
        phase_in(state, DEPART_A, GUARD_B, rule="H-DEP-10")
    if me.status != CAT:  # is_cat, called only to refuse
        is_cat(me, "H-DEP-9")
    if me.role == WITCH:
        raise Rejected("not_your_step", "H-DEP-1", reason="witches depart in step C")
    p: Mapping[str, Any] = cmd.payload
    day = state.day
    guard = p.get("guard", False)
    if not isinstance(guard, bool):
        raise Rejected("bad_payload", field="guard", reason="expected true or false")
    place = place_arg(state, p) if "place" in p else None
    if place is not None and guard:
        raise Rejected("bad_payload", "H-DEP-9", reason="a place or Guard, not both")
    if guard and me.role != PROTECTOR:
        raise Rejected("not_your_step", "H-DEP-9", reason="only the Protector guards")
    if (place is not None or guard) and me.seat == day.guarding:
        raise Rejected("final", "H-DEP-10", reason="Guard is final")
    # Extras (H-DEP-11): validate all before changing anything.
    has_turn_back = "turn_back" in p
    turn_back = seat_arg(state, p, "turn_back", nullable=True) if has_turn_back else None
    if has_turn_back:
        if me.role != HERB_DOCTOR:
            raise Rejected("not_your_step", "H-HD-1", reason="only the Herb Doctor turns frogs back")
        herb_doctor.validate_target(state, turn_back)
    if "mask" in p:  # B-8: the Jester's mask is gone, so nobody has one
        raise Rejected("not_your_step", "H-JST-1", reason="no role has a mask (balance change B-8)")
    if place is None and not guard and not has_turn_back:
        raise Rejected("bad_payload", reason="nothing to submit: give a place, guard or turn_back")
    if state.phase == GUARD_B and place is None and not guard and me.seat not in day.place:
        raise Rejected("wrong_phase", "H-DEP-10")
    # Mutate.
    if has_turn_back:
        day.turn_back = turn_back
    if guard:
        day.place.pop(me.seat, None)
        day.guarding = me.seat
    elif place is not None:
        day.place[me.seat] = place
        day.auto_place.discard(me.seat)  # chosen by hand after all (H-TBL-2)
    private(
        out,
        me.seat,
        "departed",
        place=day.place.get(me.seat),
        guard=me.seat == day.guarding,
        turn_back=day.turn_back if me.role == HERB_DOCTOR else None,
    )
    return out


def guard_place(state: HeksState, cmd: Command) -> list[Event]:
    """H-DEP-12: the guarding Protector taps one open place; final."""
    out: list[Event] = []
    me = player_of(state, cmd)
    if me.seat != state.day.guarding:
        raise Rejected("not_your_step", "H-DEP-12")
    if state.phase != GUARD_B:  # phase_in, called only to refuse
        phase_in(state, GUARD_B, rule="H-DEP-12")
    place = place_arg(state, cmd.payload)
    state.day.guard_place = place
    private(out, me.seat, "guarding", place=place)
    return out


def live_counts(state: HeksState, *, for_witches: bool) -> dict[str, int]:
    """H-DEP-12 / H-WAT-3: non-witch CAT players per open place, no names.

    The Protector's own view in step B leaves him out; the witches see him at the guarded place.
    """
    counts = dict.fromkeys(state.open_places(), 0)
    day = state.day
    players = state.players
    for seat, place in day.place.items():
        if players[seat - 1].status == CAT and place in counts:
            counts[place] += 1
    if for_witches and day.guarding is not None and day.guard_place in counts:
        counts[day.guard_place] += 1
    return counts


def random_place(state: HeksState) -> str:
    return state.rng.choice(state.open_places())


def default_departure(state: HeksState, seat: int, out: list[Event]) -> None:
    """§10.2 step A at 0 s or absent: a random open place; a Protector who had not chosen gathers."""
    day = state.day
    if seat in day.place or seat == day.guarding:
        return
    day.place[seat] = random_place(state)
    day.auto_place.add(seat)  # H-TBL-2: the seat's phone says where it was sent
    private(out, seat, "departed", place=day.place[seat], guard=False, auto=True)


def default_guard(state: HeksState, out: list[Event]) -> None:
    """§10.2 step B: a random open place."""
    day = state.day
    if day.guarding is None or day.guard_place is not None:
        return
    day.guard_place = random_place(state)
    day.guard_auto = True  # H-TBL-2
    private(out, day.guarding, "guarding", place=day.guard_place, auto=True)
