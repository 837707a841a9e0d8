"""The phase machine of H-SEQ-1: entering steps and moving on when a step is complete.

Each transition is a small named function. Command handlers record input and
then call ``advance``; the clock (``tick``) calls ``on_deadline``. Nothing here
parses commands.
"""

from __future__ import annotations

from nightfall.engine import Event

from . import curse_meter, day_resolution, defaults, exile_count, recap, ritual_result, victory
from .events import private, public
from .obligations import owed, waits
from .roles import pickpocket
from .state import (
    ACCEPT_SCENE,
    APPROVAL_VOTE,
    CAT,
    DEPART_A,
    DISCUSSION,
    EVENING_ANNOUNCE,
    EXILE_VOTE,
    GAME_END,
    GUARD_B,
    PROPOSAL,
    QUARREL,
    REJECT_SCENE,
    RITUAL,
    RITUAL_RESULT,
    ROLE_REVEAL,
    VOTE_RESULT_SCENE,
    WITCH_C,
    Day,
    HeksState,
    Night,
    WitchTurn,
)
from .tables import INGREDIENT_OF, INGREDIENT_ORDER, WINNER_OF, WITCH


def timer_ms(state: HeksState, key: str) -> int | None:
    return state.timers_ms.get(key)


def enter(state: HeksState, phase: str, now: int, out: list[Event], timer: str | None = None) -> None:
    state.phase = phase
    state.step += 1
    state.done = set()
    if state.absent:  # almost always empty: no new set per step on the simulations' hot path
        state.absent = set()
    ms = timer_ms(state, timer) if timer else None
    state.deadline = now + ms if ms is not None else None
    state.timer_ms = ms
    public(out, "phase", phase=phase, day=state.day.number, deadline=state.deadline)


# ---- morning and day ----------------------------------------------------------------


def begin_day(state: HeksState, now: int, out: list[Event]) -> None:
    """MORNING: new day, curse meter reset (H-CUR-3), Mist closure (H-SPL-4), recipe (H-MORN-3)."""
    number = state.day.number + 1
    closed = frozenset({state.mist_next}) if state.mist_next else frozenset()
    state.mist_next = None
    state.day = Day(number=number, closed=closed)
    state.night = Night()
    state.curse = 0
    state.approval_result = None
    state.last_ritual = None
    cats = len(state.cats())
    k = min(state.params.recipe, cats)
    fixed = state.fixed_recipes
    if fixed is not None and number <= len(fixed):
        recipe = list(fixed[number - 1])
    else:
        pool = [INGREDIENT_OF[p] for p in state.open_places()]
        recipe = state.rng.sample(pool, k)
    recipe.sort(key=INGREDIENT_ORDER.__getitem__)
    state.day.recipe = recipe
    public(
        out,
        "morning",
        day=number,
        recipe=recipe,
        closed=sorted(closed),
        knights_day=number == state.params.knights_day,
    )
    enter(state, DEPART_A, now, out, "depart")
    state.day.depart_deadline = state.deadline
    state.day.depart_started = now
    state.day.depart_timer_ms = state.timer_ms


def close_departure(state: HeksState, now: int, out: list[Event]) -> None:
    """Step A is complete: step B if the Protector guards (H-DEP-9), else step C."""
    if state.day.guarding is not None and state.day.guard_place is None:
        # H-DEP-13: step B is invisible to everyone else, so the public step does not move.
        state.phase = GUARD_B
        ms = timer_ms(state, "guard")
        state.deadline = now + ms if ms is not None else None
        state.timer_ms = ms
        private(
            out, state.day.guarding, "phase", phase=GUARD_B, day=state.day.number, deadline=state.deadline
        )
        return
    begin_witches(state, now, out)


def begin_witches(state: HeksState, now: int, out: list[Event]) -> None:
    """Step C: always the full T_WITCH (H-GAT-4)."""
    day = state.day
    day.witches = {p.seat: WitchTurn() for p in state.players if p.role == WITCH and p.status == CAT}
    enter(state, WITCH_C, now, out, "witch")


def end_witches(state: HeksState, now: int, out: list[Event]) -> None:
    """H-END-1: resolve the day, then H-PRI-2, then the evening (or the end, H-ERR-4)."""
    first = len(out)
    day_resolution.resolve(state, out)
    recap.day_resolved(state, out[first:])
    reason = victory.check_end_of_day(state)
    if reason is not None:
        end_game(state, reason, now, out)
        return
    enter(state, EVENING_ANNOUNCE, now, out, "confirm")


# ---- evening and night -----------------------------------------------------------


def begin_discussion(state: HeksState, now: int, out: list[Event]) -> None:
    enter(state, DISCUSSION, now, out, "discuss")


def next_chief(state: HeksState) -> int:
    """H-CHF-5: the first CAT seat after lastChiefSeat, cyclically; Day 1 starts at seat 1 itself."""
    n = len(state.players)
    start = 1 if state.last_chief is None else state.last_chief % n + 1
    for i in range(n):
        seat = (start - 1 + i) % n + 1
        if state.player(seat).status == CAT:
            return seat
    raise AssertionError("a night always has cats (§14.3)")


def begin_proposal(state: HeksState, now: int, out: list[Event]) -> None:
    chief = next_chief(state)
    state.last_chief = chief
    state.night = Night(chief=chief)
    cats = len(state.cats())
    if cats < len(state.day.recipe):  # H-RIT-3 / H-CHF-6: truncate to k'
        state.day.recipe = state.day.recipe[:cats]
        public(out, "recipe_truncated", recipe=list(state.day.recipe))
    public(out, "chief", chief=chief)
    enter(state, PROPOSAL, now, out, "propose")


def begin_approval(state: HeksState, now: int, out: list[Event]) -> None:
    if not state.day.approval_opened:
        state.day.approval_opened = True
        pickpocket.on_window_close(state, out)  # H-PP-1, H-ERR-7
    enter(state, APPROVAL_VOTE, now, out, "approve")


def close_approval(state: HeksState, now: int, out: list[Event]) -> None:
    """H-APR-5/7/8: For > Against over all CAT players, auto votes counted as For."""
    votes = state.night.votes
    yes = [s for s in sorted(votes) if votes[s] == "for"]
    no = [s for s in sorted(votes) if votes[s] == "against"]
    accepted = len(yes) > len(no)
    state.approval_result = {
        "members": list(state.night.members or []),
        "for": yes,
        "against": no,
        "auto": sorted(state.night.auto),
        "accepted": accepted,
    }
    public(out, "approval_result", **state.approval_result)
    recap.team_voted(state)
    if accepted:
        enter(state, ACCEPT_SCENE, now, out, "confirm")
    else:
        curse_meter.raise_curse(state, out)
        enter(state, REJECT_SCENE, now, out, "confirm")


def after_reject_scene(state: HeksState, now: int, out: list[Event]) -> None:
    """H-CUR-1 / H-CUR-2: the next chief proposes, or straight to the vote when the meter is full."""
    if curse_meter.is_full(state):
        state.last_ritual = "CURSE_FAILED"
        begin_exile_vote(state, now, out)
    else:
        begin_proposal(state, now, out)


def begin_ritual(state: HeksState, now: int, out: list[Event]) -> None:
    state.ritual_progress = 0
    enter(state, RITUAL, now, out, "ritual")


def close_ritual(state: HeksState, now: int, out: list[Event]) -> None:
    ritual_result.resolve(state, out)
    recap.ritual_done(state)
    enter(state, RITUAL_RESULT, now, out, "confirm")


def after_ritual_result(state: HeksState, now: int, out: list[Event]) -> None:
    """H-RIT-8: seals complete → the results screen, no quarrel; else the 4 s quarrel (H-RIT-10)."""
    if state.pending_result is not None:
        end_game(state, state.pending_result, now, out)
        return
    enter(state, QUARREL, now, out, "quarrel")


def begin_exile_vote(state: HeksState, now: int, out: list[Event]) -> None:
    state.night.votes = {}
    state.night.auto = set()
    enter(state, EXILE_VOTE, now, out, "exile")


def close_exile_vote(state: HeksState, now: int, out: list[Event]) -> None:
    exiled = exile_count.count(state, out)
    recap.exile_counted(state)
    knights = state.day.number == state.params.knights_day
    reason = victory.check_end_of_vote(state, exiled, knights)
    if reason is not None:
        end_game(state, reason, now, out)
        return
    enter(state, VOTE_RESULT_SCENE, now, out, "confirm")


def end_game(state: HeksState, reason: str, now: int, out: list[Event]) -> None:
    """H-VIS-2: roles, winner, reason and score; plus the day's announcement when the day ended it (H-ERR-4)."""
    roles = {str(p.seat): p.role for p in state.players}
    state.result = {
        "winner": WINNER_OF[reason],
        "reason": reason,
        "score": victory.score(state),
        "day": state.day.number,
        "roles": roles,
        "winners": victory.winning_seats(WINNER_OF[reason], roles),
        "announcement": state.announcement if state.phase == WITCH_C else None,
        "recap": recap.recap(state),
    }
    state.pending_result = None
    enter(state, GAME_END, now, out)
    public(out, "game_over", **state.result)


# ---- the step machine ------------------------------------------------------------

_ON_COMPLETE = {
    ROLE_REVEAL: begin_day,
    VOTE_RESULT_SCENE: begin_day,
    DEPART_A: close_departure,
    GUARD_B: begin_witches,
    EVENING_ANNOUNCE: begin_discussion,
    DISCUSSION: begin_proposal,
    PROPOSAL: begin_approval,
    APPROVAL_VOTE: close_approval,
    ACCEPT_SCENE: begin_ritual,
    REJECT_SCENE: after_reject_scene,
    RITUAL: close_ritual,
    RITUAL_RESULT: after_ritual_result,
    EXILE_VOTE: close_exile_vote,
}


def advance(state: HeksState, now: int, out: list[Event]) -> None:
    """Move on while the current step has all the input it waits for."""
    while True:
        step = _ON_COMPLETE.get(state.phase)
        if step is None or waits(state):
            return
        before = (state.phase, state.step)
        step(state, now, out)
        if (state.phase, state.step) == before:
            return


def on_deadline(state: HeksState, now: int, out: list[Event]) -> None:
    """The clock reached the step's deadline: fixed scenes end, waiting steps get defaults."""
    phase = state.phase
    if phase == WITCH_C:
        defaults.witch_auto_choices(state, out)  # H-WAT-4
        end_witches(state, now, out)
    elif phase == QUARREL:
        begin_exile_vote(state, now, out)
    elif phase == DISCUSSION:
        begin_proposal(state, now, out)  # H-DIS-2: at 0 s → the proposal
    else:
        for seat in owed(state):  # H-TIM-4: defaults drawn in seat order
            defaults.timeout_default(state, seat, now, out)
    advance(state, now, out)
