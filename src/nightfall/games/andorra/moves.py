"""Night move submission and validation (A-MOVE-1..8, A-CLAN-5/6).

Every rejection names the player, the move and the rule. A valid submission
replaces the player's earlier one (A-MOVE-4); nothing changes on a rejection.
The checks themselves are in ``move_checks``.
"""

from __future__ import annotations

from typing import Any

from nightfall.engine import Command, Event, Rejected
from nightfall.engine.event import Audience

from .clan_heads import item_manager
from .move_checks import (
    check_params,
    clan_items,
    clan_rules,
    clashes,
    is_sheet,
    may_submit_for,
    own_move,
    refuse,
    role_allows,
    role_may,
    seat_arg,
    sheet_clan,
    target_rules,
)
from .roles.actions import ACTIONS
from .roles.codes import Move
from .state import AndorraState, Player

# Re-exported: the form, the view and the role card read these from here.
__all__ = ["accept", "legal_targets", "possible", "role_may", "sheet_clan", "store", "submit", "validate"]


def possible(state: AndorraState, p: Player, code: str) -> bool:
    """Whether ``p`` could make ``code`` tonight as the state stands (A-MOVE-1, A-MOVE-6): he is
    in the game, his role (or his items, A-ITEM-GEN-3) and its limits so far allow the move, and
    some target is legal. The role card lists these; who sends a clan's move (A-MOVE-5, A-CLAN-4)
    and a mate's move of the same type tonight (A-CLAN-5) are the form's business, not the card's."""
    if not p.alive or p.depressed_night == state.world.day:
        return False
    if code == Move.STAY_HOME:
        return True
    if not role_may(p, code):
        return False
    # the clan's diploma is a move of each member, used with «clan» (A-CLAN-4)
    for params in ({}, {"clan": True}) if code == Move.USE_DIPLOMA else ({},):
        try:
            role_allows(state, p, code, params)
        except Rejected:
            continue
        for target in [None, *(q.seat for q in state.world.alive())]:
            try:
                target_rules(state, p, code, target, params)
            except Rejected:
                continue
            return True
    return False


def validate(
    state: AndorraState, actor: Any, payload: dict[str, Any], with_params: bool = True
) -> tuple[Player, dict[str, Any]]:
    """The move as it would be stored, or the refusal; nothing changes. ``with_params=False``
    checks all but the move's fields (the move form finds the legal targets first)."""
    p, code, params = _sent(state, actor, payload)
    if code == Move.STAY_HOME:
        return p, {"action": code, "target": None, "params": {}}
    role_allows(state, p, code, params)
    target = _target(state, p, code, payload.get("target"), params)
    if with_params:
        check_params(state, p, code, params)
    clan_items(state, actor, p, code, params)
    clan_rules(state, actor, p, code)
    return p, {"action": code, "target": target, "params": dict(params)}


def legal_targets(
    state: AndorraState, actor: Any, payload: dict[str, Any], seats: list[int]
) -> tuple[str, list[int]]:
    """The move as stored (its code) and the seats among ``seats`` that ``validate(...,
    with_params=False)`` accepts as its target. The same answer as asking ``validate`` once
    per seat, but the checks that do not read the target run once: the move form asks this
    for every move of every player after each change (bench/desk_actions.py)."""
    try:
        p, code, params = _sent(state, actor, payload)
        if code == Move.STAY_HOME:
            return code, list(seats)  # its target is not read
        role_allows(state, p, code, params)
    except Rejected:
        return "", []
    found = []
    for seat in seats:
        try:
            _target(state, p, code, seat, params)
        except Rejected:
            continue
        found.append(seat)
    if found:
        try:
            clan_items(state, actor, p, code, params)
            clan_rules(state, actor, p, code)
        except Rejected:
            return code, []
    return code, found


def _sent(state: AndorraState, actor: Any, payload: dict[str, Any]) -> tuple[Player, str, dict[str, Any]]:
    """Who the move is for, which move, and whether ``actor`` may send it for him (A-MOVE-5)."""
    world = state.world
    who = payload.get("player", actor)
    if isinstance(who, bool) or not isinstance(who, int) or not 1 <= who <= len(world.players):
        raise Rejected("unknown_seat", rule="A-MOVE-5", player=who)
    p = world.player(who)
    code = payload.get("action")
    if not isinstance(code, str) or code not in ACTIONS:
        raise refuse("unknown_move", "A-MOVE-1", p, str(code))
    # A-SEC-2: who may send for ``p`` is checked first, on the move as sent: a refusal to
    # someone outside p's sheet names only what he sent, never p's items or role.
    sent = code
    manager_for_items = (
        code in (Move.POISON, Move.USE_DIPLOMA)
        and p.clan is not None
        and p.clan.startswith("mafia")
        and item_manager(world, p.clan) == actor
    )
    own_sheet = may_submit_for(world, actor, p)
    if not own_sheet and not manager_for_items:
        raise refuse("not_your_sheet", "A-MOVE-5", p, sent, by=actor)
    if code == Move.POISON and p.role not in ACTIONS[code].roles and "POISON" in p.items:
        code = "GIFT_POISON"  # A-ITEM-POISON-3a: Appendix C names the gifted bottle's use POISON too
        if not own_sheet:  # the clan's bottle is the manager's word, a gifted one is not
            raise refuse("not_your_sheet", "A-MOVE-5", p, sent, by=actor)
    if not p.alive:
        raise refuse("not_alive", "A-MOVE-6", p, code)
    if p.depressed_night == world.day:
        raise refuse("depressed", "A-ROLE-SHERIFF-5", p, code)
    params = payload.get("params") or {}
    if not isinstance(params, dict):
        raise refuse("bad_params", "A-MOVE-6", p, code)
    return p, code, params


def _target(state: AndorraState, p: Player, code: str, raw: Any, params: dict[str, Any]) -> int | None:
    target = target_rules(state, p, code, raw, params)
    if code in (Move.NURSE_REPORT_VH, Move.PROSECUTOR_REPORT):
        target = seat_arg(state.world, raw, p, code)
        # A-ROLE-NURSE-4a: she reports a result she has, so only a player she has tested (the
        # Prosecutor likewise one he has searched); the form offers those and no one else.
        known = p.mem.get("tests" if code == Move.NURSE_REPORT_VH else "searches") or {}
        if str(target) not in known:
            raise refuse("not_tested", "A-ROLE-NURSE-4a", p, code, target=state.world.player(target).nick)
    return target


def submit(state: AndorraState, cmd: Command) -> list[Event]:
    return accept(state, cmd.actor, dict(cmd.payload), cmd.now)


def accept(state: AndorraState, actor: Any, payload: dict[str, Any], now: int, **marks: Any) -> list[Event]:
    """A move validated and stored as sent by ``actor``; ``marks`` are kept with it (the host's
    entry from a PM is ``entered_by="host"``, H-03b)."""
    p, move = validate(state, actor, payload)
    move.update(by=actor, at=now, sheet=is_sheet(state.world, actor, p), **marks)
    counts = store(state, p, move)
    aud = {p.seat} | ({actor} if isinstance(actor, int) else set())
    return [
        Event(
            "move_accepted",
            {"player": p.seat, "action": move["action"], "target": move["target"], "counts": counts, **marks},
            Audience(seats=frozenset(aud), host=True),
        )
    ]


def store(state: AndorraState, p: Player, move: dict[str, Any]) -> bool:
    """A-MOVE-5: the sender's sheet wins. A member's own submission does not replace a move
    the clan's sender (or the host) entered for him; it is kept as his fallback. A sheet entry
    replaces the member's own move, and sets aside a mate's own move of the same type
    (A-CLAN-5). Returns whether the move counts now."""
    key = str(p.seat)
    current = state.submissions.get(key)
    if not sheet_clan(p):  # no sheet: the last valid submission wins (A-MOVE-4)
        state.submissions[key] = move
        return True
    if own_move(move) and current is not None and not own_move(current):
        state.own_moves[key] = move
        return False
    if not own_move(move):
        if current is not None and own_move(current):
            state.own_moves[key] = current
        for seat in clashes(state, p, str(move["action"])):
            state.own_moves[str(seat)] = state.submissions.pop(str(seat))
    else:
        state.own_moves.pop(key, None)
    state.submissions[key] = move
    return True
