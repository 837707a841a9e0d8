"""The public part of a Vang de Heks view: what every seat, the board and the audience see
(H-VIS-1), cached per step and per state version. Seat parts are in ``view``."""

from __future__ import annotations

from collections import Counter
from operator import attrgetter

from . import exile_count, witches
from .obligations import is_public_step, owed
from .state import (
    APPROVAL_VOTE,
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
    HeksProgress,
    HeksPublicView,
    HeksStall,
)

SECRET_STEPS = (DEPART_A, GUARD_B)
_STATUS = attrgetter("status")

_CHIEF_PHASES = frozenset({PROPOSAL, APPROVAL_VOTE, "ACCEPT_SCENE", "REJECT_SCENE", RITUAL})


def cached_owed(state: HeksState) -> list[int]:
    cached = state.cache.get("owed")
    if cached is not None and cached[0] == state.version:
        return cached[1]  # type: ignore[no-any-return]
    pending = owed(state)
    state.cache["owed"] = (state.version, pending)
    return pending


VOTE_PHASES = frozenset({APPROVAL_VOTE, EXILE_VOTE})


def _progress(state: HeksState, pending: list[int]) -> HeksProgress | None:
    """Counts only, for everyone, in public steps (§11; names are the host's, H-HST-3)."""
    phase = state.phase
    if not is_public_step(phase):
        return None
    night = state.night
    if phase in VOTE_PHASES:
        total = len(pending) + len(night.votes)
    elif phase == RITUAL:
        total = len(night.members or [])
    else:
        total = len(pending) + len(state.done)
    return {"done": total - len(pending), "total": total}


def _step_part(state: HeksState) -> HeksPublicView:
    """Everything public that can only change when the step (or the phase) changes."""
    phase = state.phase
    day = state.day
    # H-SEQ-1 / H-MORN-2: yesterday's vote result is the first scene of the new day.
    number = day.number + 1 if phase == "VOTE_RESULT_SCENE" else day.number
    night = state.night
    members = night.members
    # Without exile_quorum/exile_needed, which fresh_public adds (H-EXC-8): bots copy this part.
    return {  # type: ignore[typeddict-item]
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
        "places": _places(state),
        "unlocked_spells": witches.unlocked(state),
        "players": _players(state),
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
        # H-DECK-9: bots read the deck here (their belief's hypotheses, bots/belief.py); shared,
        # read-only, and fresh_public gives each full view a list of its own.
        "roles_in_play": _roles_in_play(state),
        # Set per version by fresh_public; here so that setting them replaces values in the
        # copied dict instead of growing it (same key order: these are the last public keys).
        "progress": None,
        "waiting": None,
    }


def _places(state: HeksState) -> list[HeksPlace]:
    """The public place list; it only changes with the Mist's closure (per day), so it is
    cached on its inputs and shared between steps, like the step part is between versions."""
    closed = state.day.closed
    key = (closed, state.params.places)
    cached = state.cache.get("places")
    if cached is None or cached[0] != key:
        places: list[HeksPlace] = [
            {"id": p, "open": p not in closed, "ingredient": INGREDIENT_OF[p]}
            for p in PLACES[: state.params.places]
        ]
        cached = state.cache["places"] = (key, places)
    return cached[1]


def _players(state: HeksState) -> list[HeksPlayer]:
    """The public player list, cached on what can change in it: the host and the statuses
    (seats and names never change during a game)."""
    host = state.host
    key = (host, *map(_STATUS, state.players))
    cached = state.cache.get("players")
    if cached is None or cached[0] != key:
        players: list[HeksPlayer] = [
            {"seat": p.seat, "name": p.name, "status": p.status, "host": p.seat == host}
            for p in state.players
        ]
        cached = state.cache["players"] = (key, players)
    return cached[1]


def public_view(state: HeksState) -> HeksPublicView:
    """The public part: built once per state version, its step-static part once per step."""
    cached = state.cache.get("public")
    if cached is not None and cached[0] == state.version:
        return cached[1]  # type: ignore[no-any-return]
    view = fresh_public(state)
    state.cache["public"] = (state.version, view)
    return view


def step_view(state: HeksState) -> HeksPublicView:
    """The public view without its live progress count: cached per step and shared, so
    read-only. Bots answering a scene tap read it instead of a whole view."""
    key = (state.step, state.phase, state.night.members is None, state.host)  # pass_host (H-HST-7a)
    base = state.cache.get("step")
    if base is None or base[0] != key:
        base = (key, _step_part(state))
        state.cache["step"] = base
    return base[1]


def fresh_public(state: HeksState) -> HeksPublicView:
    """The public part at this version as a new dict, not cached: the caller owns it."""
    cached = state.cache.get("progress")
    if cached is None or cached[0] != state.version:
        pending = cached_owed(state)
        waiting = list(pending) if is_public_step(state.phase) else None  # H-TBL-1
        cached = (state.version, step_view(state), _progress(state, pending), waiting)
        state.cache["progress"] = cached
    step_part: HeksPublicView = cached[1]
    view = step_part.copy()
    view["progress"] = cached[2]  # replace the step part's placeholders, in place
    view["waiting"] = cached[3]
    # H-EXC-8. Not in the step part: every bot view copies that part, and two more keys there
    # cost a simulated 12-player game 0.15 M instructions (bench/heks_instructions.py).
    quorum = state.params.quorum
    view["exile_quorum"] = None if quorum is None else list(quorum)
    view["exile_needed"] = None if quorum is None else exile_count.votes_needed(state, day=view["day"])
    view["stall"] = _stall(state)
    view["roles_in_play"] = _roles_in_play(state)
    return view


def _roles_in_play(state: HeksState) -> list[int]:
    """H-TBL-7, H-DECK-9: the dealt deck's counts (Table 2.1's row or the host's deck), as a new
    list per view (the caller owns it); worked out once per game (it runs for every view)."""
    row = state.cache.get("roles_in_play")
    if row is None:
        counts = Counter(p.role for p in state.players)
        row = state.cache["roles_in_play"] = [counts[r] for r in ROLE_COLUMNS]
    return list(row)


def _stall(state: HeksState) -> HeksStall | None:
    """H-TBL-6: the same for every viewer, whoever owes the step (step B included, H-DEP-13)."""
    after = state.stall_ms.get("depart")
    if after is None or state.phase not in SECRET_STEPS:
        return None
    return {"since": state.day.depart_started, "after_ms": after}
