"""End of the day, all at once (H-END-1): ① attacks, ② turn-back, ③ ingredients. ④ is in flow."""

from __future__ import annotations

from nightfall.engine import Event

from .events import inbox, private, public, secret
from .hand import add_card
from .roles import herb_doctor
from .state import CAT, FROG, HeksState
from .tables import CREEPING_CURSE, INGREDIENT_OF, MIST, PROTECTOR


def position(state: HeksState, seat: int) -> str | None:
    """Where a cat is today: its gather place, the guarded place, or a Witch's chosen place."""
    day = state.day
    if seat == day.guarding:
        return day.guard_place
    if seat in day.place:
        return day.place[seat]
    turn = day.witches.get(seat)
    return turn.place if turn else None


def attacks(state: HeksState, out: list[Event]) -> None:
    """① H-WAT-5/6: all attacks at once, from positions and statuses at the start of ①."""
    day = state.day
    guard = day.guard_place if day.guarding is not None else None  # H-WAT-5 (b)
    hit: set[int] = set()
    for witch, turn in sorted(day.witches.items()):
        creeping = turn.spell == CREEPING_CURSE
        for target in (turn.target, turn.second):
            if target is None:
                continue
            where = position(state, target)
            if not (where == turn.place or creeping):  # (a) fails → missed
                secret(out, "attack", witch=witch, target=target, outcome="missed")
                continue
            if where == guard:  # (a) holds, (b) fails → blocked (H-PRO-5)
                day.repelled = True
                secret(out, "attack", witch=witch, target=target, outcome="blocked")
                if target == day.guarding and turn.place == guard:  # H-PRO-6: she attacked the guard himself
                    hit.add(witch)
                continue
            hit.add(target)
            secret(out, "attack", witch=witch, target=target, outcome="hit")
    for seat in sorted(hit):  # several hits make one frog (H-WAT-6)
        state.player(seat).status = FROG
        day.new_frogs.append(seat)
    for turn in day.witches.values():  # H-SPL-4: Mist closes a place tomorrow
        if turn.spell == MIST and turn.mist_place is not None:
            state.mist_next = turn.mist_place


def gather(state: HeksState, out: list[Event]) -> None:
    """③ H-ING-3/4: seat order, one card of the place's ingredient for each eligible cat."""
    day = state.day
    skip = set(day.new_frogs) | set(day.turned_back)
    if day.guarding is not None:
        skip.add(day.guarding)  # H-PRO-3: guarding costs the day's card
    for p in state.players:
        if p.status != CAT or p.seat in skip:
            continue
        place = day.place.get(p.seat)
        if place is None and p.seat in day.witches:
            place = day.witches[p.seat].place
        if place is None:
            continue
        card = INGREDIENT_OF[place]
        dropped = add_card(p.hand, card)
        private(out, p.seat, "gathered", place=place, ingredient=card, dropped=dropped)


def resolve(state: HeksState, out: list[Event]) -> None:
    day = state.day
    attacks(state, out)
    herb_doctor.turn_back(state, out)
    gather(state, out)
    state.announcement = {
        "day": day.number,
        "new_frogs": list(day.new_frogs),
        "turned_back": list(day.turned_back),
    }
    public(out, "announcement", **state.announcement)
    if day.repelled and day.guarding is not None:  # H-PRO-5, shown with the announcement
        protector = day.guarding
        assert state.player(protector).role == PROTECTOR
        msg = inbox(state, protector, "REPELLED", place=day.guard_place)
        private(out, protector, "repelled", **msg)
