"""``view(state, viewer)``: the only way game state leaves the engine (§11, H-VIS-1..4).

The public part is computed once per state version and shared by every viewer;
each seat then gets only its own private part on top.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any, cast

from nightfall.engine import Viewer

from . import departure, exile_count, obligations, witches
from .obligations import is_public_step, owed
from .roles import jester
from .state import (
    APPROVAL_VOTE,
    DEPART_A,
    EXILE_VOTE,
    GAME_END,
    GUARD_B,
    PROPOSAL,
    RITUAL,
    WITCH_C,
    HeksState,
    Player,
)
from .tables import CROW, HERB_DOCTOR, INGREDIENT_OF, PICKPOCKET, PLACES, PROTECTOR, SEER, SIDE, WITCH
from .view_types import (
    HeksChoice,
    HeksHostExtras,
    HeksMe,
    HeksOwn,
    HeksPlace,
    HeksPlayer,
    HeksProgress,
    HeksPublicView,
    HeksView,
)

_SECRET_STEPS = (DEPART_A, GUARD_B)
_STATUS = attrgetter("status")


def cached_owed(state: HeksState) -> list[int]:
    cached = state.cache.get("owed")
    if cached is not None and cached[0] == state.version:
        return cached[1]  # type: ignore[no-any-return]
    pending = owed(state)
    state.cache["owed"] = (state.version, pending)
    return pending


_VOTE_PHASES = frozenset({APPROVAL_VOTE, EXILE_VOTE})


def _progress(state: HeksState, pending: list[int]) -> HeksProgress | None:
    """Counts only, for everyone, in public steps (§11; names are the host's, H-HST-3)."""
    phase = state.phase
    if not is_public_step(phase):
        return None
    night = state.night
    if phase in _VOTE_PHASES:
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
    # Without exile_quorum/exile_needed, which _fresh_public adds (H-EXC-8): bots copy this part.
    return {  # type: ignore[typeddict-item]
        "game": "heks",
        "step": state.step,
        "phase": DEPART_A if phase == GUARD_B else phase,  # H-DEP-13
        "deadline": day.depart_deadline if phase in _SECRET_STEPS else state.deadline,
        "deadline_total": day.depart_timer_ms if phase in _SECRET_STEPS else state.timer_ms,
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
        # Set per version by _fresh_public; here so that setting them replaces values in the
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
    view = _fresh_public(state)
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


def _fresh_public(state: HeksState) -> HeksPublicView:
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
    view["exile_needed"] = None if quorum is None else exile_count.votes_needed(state)
    return view


_CHIEF_PHASES = frozenset({PROPOSAL, APPROVAL_VOTE, "ACCEPT_SCENE", "REJECT_SCENE", RITUAL})


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
    if phase in _VOTE_PHASES:
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
    fresh = _fresh_public(state)
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
        "can_force_continue": phase in _SECRET_STEPS,
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
