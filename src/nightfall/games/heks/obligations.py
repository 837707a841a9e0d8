"""Who still owes input in the current step (§10.2 'Who acts')."""

from __future__ import annotations

from collections.abc import Collection

from .state import (
    APPROVAL_VOTE,
    CAT,
    CONFIRM_SCENES,
    DEPART_A,
    DISCUSSION,
    EXILE_VOTE,
    GUARD_B,
    PROPOSAL,
    RITUAL,
    ROLE_REVEAL,
    HeksState,
)
from .tables import WITCH


def owed(state: HeksState) -> list[int]:
    """Seats whose input the current step waits for, in seat order.

    (Attributes read in the comprehensions are bound to locals first: this runs
    for every view and most commands.)
    """
    phase = state.phase
    if phase == ROLE_REVEAL or phase in CONFIRM_SCENES:
        done = state.done
        return [s for s in state.seats() if s not in done]
    if phase == DEPART_A:
        day = state.day
        placed = day.place
        guarding = day.guarding
        return [
            p.seat
            for p in state.players
            if p.status == CAT and p.role != WITCH and p.seat not in placed and p.seat != guarding
        ]
    if phase == GUARD_B:
        g = state.day.guarding
        return [g] if g is not None and state.day.guard_place is None else []
    if phase == DISCUSSION:
        done = state.done
        return [p.seat for p in state.players if p.status == CAT and p.seat not in done]
    if phase == PROPOSAL:
        chief = state.night.chief
        return [chief] if chief is not None and state.night.members is None else []
    if phase in (APPROVAL_VOTE, EXILE_VOTE):
        votes = state.night.votes
        return [p.seat for p in state.players if p.status == CAT and p.seat not in votes]
    if phase == RITUAL:
        members = state.night.members or []
        plays = state.night.plays
        return [s for s in members if s not in plays]
    return []  # WITCH_C, QUARREL, GAME_END wait for the clock or nothing


# The steps whose owed seats are a list fixed when the step begins (the seats, the cats,
# the ritual's members) less those in a record of answers that only grows during the step
# (``done``, the votes, the plays: a vote is switched, never withdrawn, H-EXV-2). Nobody
# starts to owe in them once they have begun, which ``still_owed`` relies on.
SHRINKING_STEPS = frozenset({ROLE_REVEAL, *CONFIRM_SCENES, DISCUSSION, APPROVAL_VOTE, EXILE_VOTE, RITUAL})


def answers(state: HeksState) -> Collection[int]:
    """In one of the ``SHRINKING_STEPS``: the seats that answered the step so far (its
    record of answers, only read), whose length grows by one with every new answer."""
    phase = state.phase
    if phase in (APPROVAL_VOTE, EXILE_VOTE):
        return state.night.votes
    if phase == RITUAL:
        return state.night.plays
    return state.done


def still_owed(state: HeksState, earlier: list[int]) -> list[int]:
    """``owed(state)`` in one of the ``SHRINKING_STEPS``, given ``earlier`` (only read), the
    list ``owed`` gave at an earlier version of this same step: the seats of it that have
    not answered yet. (No status changes inside these steps: a seat turns frog or is
    exiled only as a step ends, ``flow.end_witches`` and ``flow.close_exile_vote``.)"""
    answered = answers(state)
    return [s for s in earlier if s not in answered]


def owes(state: HeksState, seat: int) -> bool:
    """``seat in owed(state)``, for one seat without listing them all (a bot's view asks this
    once per decision, nearly always at a state version whose list nobody has made yet)."""
    phase = state.phase
    if phase == ROLE_REVEAL or phase in CONFIRM_SCENES:
        return seat not in state.done
    p = state.players[seat - 1]
    if phase == DEPART_A:
        day = state.day
        return p.status == CAT and p.role != WITCH and seat not in day.place and seat != day.guarding
    if phase == GUARD_B:
        return seat == state.day.guarding and state.day.guard_place is None
    if phase == DISCUSSION:
        return p.status == CAT and seat not in state.done
    if phase == PROPOSAL:
        return seat == state.night.chief and state.night.members is None
    if phase in (APPROVAL_VOTE, EXILE_VOTE):
        return p.status == CAT and seat not in state.night.votes
    if phase == RITUAL:
        return seat in (state.night.members or ()) and seat not in state.night.plays
    return False


def waits(state: HeksState) -> bool:
    """True while some input is still owed: ``bool(owed(state))``, stopping at the first
    (plain loops: the flow asks this after every input). The loops start from the last
    seat: players tend to answer in seat order (the bot driver always does), so a seat
    that still owes is met at once instead of after every seat that answered."""
    phase = state.phase
    if phase == ROLE_REVEAL or phase in CONFIRM_SCENES:
        return len(state.done) < len(state.players)
    if phase in (APPROVAL_VOTE, EXILE_VOTE):
        votes = state.night.votes
        for p in reversed(state.players):  # noqa: SIM110  (a loop: no generator per call)
            if p.status == CAT and p.seat not in votes:
                return True
        return False
    if phase == DEPART_A:
        day = state.day
        placed = day.place
        guarding = day.guarding
        for p in reversed(state.players):
            if p.status == CAT and p.role != WITCH and p.seat not in placed and p.seat != guarding:
                return True
        return False
    if phase == DISCUSSION:
        done = state.done
        for p in reversed(state.players):  # noqa: SIM110  (a loop: no generator per call)
            if p.status == CAT and p.seat not in done:
                return True
        return False
    if phase == RITUAL:
        plays = state.night.plays
        for s in reversed(state.night.members or ()):  # noqa: SIM110
            if s not in plays:
                return True
        return False
    return bool(owed(state))


# H-HST-3: steps whose pending names the host may see (not departure A/B, not step C).
PUBLIC_STEPS = frozenset(
    {ROLE_REVEAL, *CONFIRM_SCENES, DISCUSSION, PROPOSAL, APPROVAL_VOTE, RITUAL, EXILE_VOTE}
)


def is_public_step(phase: str) -> bool:
    """H-HST-3: steps whose pending names the host may see (not departure A/B, not step C)."""
    return phase in PUBLIC_STEPS
