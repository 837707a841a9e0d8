"""The public part of a Vang de Heks view: what every seat, the board and the audience see
(H-VIS-1). Seat parts are in ``view``.

Pure functions of the state, built fresh on every call: the rules say what the public part
is and nothing more. It comes in two layers because a memo may keep the first longer than
the second (``view_memo.ViewMemo``): ``step_part`` (what can only change with the step)
and ``public_on`` (the step part with this version's live keys).
"""

from __future__ import annotations

from collections import Counter
from operator import attrgetter

from . import exile_count, witches
from .obligations import PUBLIC_STEPS, owed
from .state import (
    APPROVAL_VOTE,
    CAT,
    DEPART_A,
    EXILE_VOTE,
    GAME_END,
    GUARD_B,
    PROPOSAL,
    RITUAL,
    HeksState,
)
from .tables import INGREDIENT_OF, PLACES, ROLE_COLUMNS
from .view_types import (
    HeksPlace,
    HeksPlayer,
    HeksPublicView,
    HeksStall,
)

SECRET_STEPS = (DEPART_A, GUARD_B)
_STATUS = attrgetter("status")

_CHIEF_PHASES = frozenset({PROPOSAL, APPROVAL_VOTE, "ACCEPT_SCENE", "REJECT_SCENE", RITUAL})
VOTE_PHASES = frozenset({APPROVAL_VOTE, EXILE_VOTE})


def step_part(
    state: HeksState,
    players: list[HeksPlayer] | None = None,
    places: list[HeksPlace] | None = None,
    roles: list[int] | None = None,
) -> HeksPublicView:
    """Everything public that can only change when the step (or the phase) changes, as a new
    dict. Its live keys (``progress``, ``waiting``) are None here: ``public_on`` sets them.
    ``players``, ``places`` and ``roles``: ``player_list``, ``place_list`` and
    ``roles_in_play`` of this state, if the caller kept them (they change more slowly)."""
    phase = state.phase
    day = state.day
    # H-SEQ-1 / H-MORN-2: yesterday's vote result is the first scene of the new day.
    number = day.number + 1 if phase == "VOTE_RESULT_SCENE" else day.number
    night = state.night
    members = night.members
    quorum = state.params.quorum
    return {
        "game": "heks",
        "step": state.step,
        "phase": DEPART_A if phase == GUARD_B else phase,  # H-DEP-13
        "deadline": day.depart_deadline if phase in SECRET_STEPS else state.deadline,
        "deadline_total": day.depart_timer_ms if phase in SECRET_STEPS else state.timer_ms,
        "mode": state.mode,
        "day": number,
        "knights_day": state.params.knights_day,
        "is_knights_day": number == state.params.knights_day,
        "attacks_from": state.params.attacks_from,  # H-WAT-9
        "seer_from": state.params.seer_from,  # H-SEE-4
        "seals": state.seals,
        "seals_needed": state.params.seals,
        "spoiled": state.spoiled,
        "curse": state.curse,
        "curse_max": 3,
        "recipe": list(day.recipe),
        "recipe_size": state.params.recipe,
        "places": place_list(state) if places is None else places,
        "unlocked_spells": witches.unlocked(state),
        "players": player_list(state) if players is None else players,
        "chief": night.chief if phase in _CHIEF_PHASES else None,
        "proposal": list(members) if members is not None else None,
        "proposal_auto": members is not None and night.proposal_auto,  # H-TBL-2
        "announcement": state.announcement
        if state.announcement and state.announcement["day"] == day.number
        else None,
        "approval_result": state.approval_result,
        "last_ritual": state.last_ritual,
        # Yesterday's ballot in its scene; at the end only if today's vote ended the game (H-EXC-5).
        "vote_result": state.vote_result
        if phase == "VOTE_RESULT_SCENE"
        or (phase == GAME_END and state.vote_result is not None and state.vote_result["day"] == day.number)
        else None,
        "result": state.result,
        # H-DECK-9: bots read the deck here (their belief's hypotheses, bots/belief.py)
        "roles_in_play": roles_in_play(state) if roles is None else roles,
        # Set per version by public_on; here so that setting them replaces values in the
        # copied dict instead of growing it (the key order is the view's).
        "progress": None,
        "waiting": None,
        # H-EXC-8: the quorum and the votes it needs today (the cats change only between steps).
        "exile_quorum": None if quorum is None else list(quorum),
        "exile_needed": None
        if quorum is None
        else exile_count.votes_needed(state, sum(map(CAT.__eq__, map(_STATUS, state.players))), day=number),
        "stall": _stall(state),
    }


def place_list(state: HeksState) -> list[HeksPlace]:
    """The public place list (H-SPL-4: a place closed by yesterday's Mist shows closed)."""
    closed = state.day.closed
    return [
        {"id": p, "open": p not in closed, "ingredient": INGREDIENT_OF[p]}
        for p in PLACES[: state.params.places]
    ]


def player_list(state: HeksState) -> list[HeksPlayer]:
    """The public player list: seats, names, statuses and who is host."""
    host = state.host
    return [
        {"seat": p.seat, "name": p.name, "status": p.status, "host": p.seat == host} for p in state.players
    ]


def public_view(state: HeksState) -> HeksPublicView:
    """The public part at this version, as a new dict: the caller owns it."""
    return public_on(state, step_part(state), owed(state))


def public_on(state: HeksState, step: HeksPublicView, pending: list[int] | None) -> HeksPublicView:
    """The public part at this version, as a new dict, from this step's ``step_part`` (only
    read: it may be shared) and ``pending`` (``obligations.owed`` at this version; not read,
    and may be None, outside the public steps)."""
    view = step.copy()
    phase = state.phase
    if phase in PUBLIC_STEPS:  # obligations.is_public_step; else both stay None (H-HST-4)
        if pending is None:
            pending = owed(state)
        # The progress: counts only, for everyone, in public steps (§11; names are the
        # host's, H-HST-3); it replaces the step part's placeholder, as ``waiting`` does.
        left = len(pending)
        if phase in VOTE_PHASES:
            total = left + len(state.night.votes)
        elif phase == RITUAL:
            total = len(state.night.members or ())
        else:
            total = left + len(state.done)
        view["progress"] = {"done": total - left, "total": total}
        view["waiting"] = list(pending)  # H-TBL-1
    return view


def roles_in_play(state: HeksState) -> list[int]:
    """H-TBL-7, H-DECK-9: the dealt deck's counts (Table 2.1's row or the host's deck)."""
    counts = Counter(p.role for p in state.players)
    return [counts[r] for r in ROLE_COLUMNS]


def status_key(state: HeksState) -> tuple[str, ...]:
    """What ``player_list`` changes with: the statuses (with the host, ``state.host``)."""
    return tuple(map(_STATUS, state.players))


def _stall(state: HeksState) -> HeksStall | None:
    """H-TBL-6: the same for every viewer, whoever owes the step (step B included, H-DEP-13)."""
    after = state.stall_ms.get("depart")
    if after is None or state.phase not in SECRET_STEPS:
        return None
    return {"since": state.day.depart_started, "after_ms": after}
