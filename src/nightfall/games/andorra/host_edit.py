"""The host's state editor (H-03c): what the seed leaves to the host (§02, «решающее слово
остается за ведущим»): kill, revive, jail, release, give or take an item, change a role or a
clan.

``host_edit {op, seat, ...}`` in the day or the night. An edit does exactly what it names
(no succession, no message, no line in the morning post: the host announces his decision
himself), is kept in the host log with what it changed, and is replayed like every command.
At night, the edited player's stored moves that the new state no longer allows are dropped
(H-03d). A refusal changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nightfall.engine import HOST, HOST_ONLY, Command, Event, Rejected

from .items import DISPLAY_ONLY, ITEM_NAMES
from .moves import validate
from .reports.review import clan_word
from .roles.catalogue import LONERS, MAFIA, PEACEFUL, ROLES
from .roles.codes import Role
from .state import ALIVE, DAY, DEAD, JAILED_JAILER, JAILED_LYNCH, NIGHT, AndorraState, Clan, Player

RULE = "H-03c"
# The side a clan gives its members (A-CLAN-1, A-RECRUIT): the mafia's, the Cops', the Rebel's.
CLAN_SIDE = {"cops": PEACEFUL, "rebel": LONERS}
# The clans an edit may start when the game has none yet (a mafia clan comes from the deal only).
NEW_CLANS = {"cops": "COPS", "rebel": "REBEL"}


def _reject(code: str, p: Player | None = None, **params: Any) -> Rejected:
    if p is not None:
        params["player"] = p.nick
    return Rejected(code, rule=RULE, **params)


def _kill(state: AndorraState, p: Player, payload: dict[str, Any]) -> dict[str, Any]:
    if not p.alive:
        raise _reject("edit_not_alive", p)
    p.status = DEAD
    p.death = {"night": None, "day": state.world.day, "cause": "HOST"}
    return {}


def _revive(state: AndorraState, p: Player, payload: dict[str, Any]) -> dict[str, Any]:
    """H-03e: back as he was when he died (role, clan and its place, items); his death and
    what was killing him (poisonings, a bite) are gone."""
    if p.status != DEAD:
        raise _reject("edit_not_dead", p)
    p.status, p.death, p.poisonings, p.bitten_night = ALIVE, None, [], None
    return {}


def _jail(state: AndorraState, p: Player, payload: dict[str, Any]) -> dict[str, Any]:
    """H-03f: jailed as by the day's vote (out of the game, role shown as A-REVEAL-3 shows
    a vote-jailed player's without a Jailer)."""
    if not p.alive:
        raise _reject("edit_not_alive", p)
    p.status, p.revealed = JAILED_LYNCH, True
    return {}


def _release(state: AndorraState, p: Player, payload: dict[str, Any]) -> dict[str, Any]:
    if p.status not in (JAILED_LYNCH, JAILED_JAILER):
        raise _reject("edit_not_jailed", p)
    p.status = ALIVE
    if p.seat in state.world.jailed_unrevealed:
        state.world.jailed_unrevealed.remove(p.seat)
    return {}


def _item(payload: dict[str, Any]) -> str:
    """An item a player can hold: not a display-only one (A-SETUP-10: the pistol and the
    knife are shown from the role, never held, stolen or used)."""
    item = payload.get("item")
    if not isinstance(item, str) or item not in ITEM_NAMES or item in DISPLAY_ONLY:
        raise _reject("edit_bad_item", item=item)
    return item


def _give_item(state: AndorraState, p: Player, payload: dict[str, Any]) -> dict[str, Any]:
    """H-03g: an item given in the day works the coming night; given at night, from the next
    night, like a gift received at night (A-ITEM-GEN-3)."""
    item = _item(payload)
    world = state.world
    p.give(item, world.day - 1 if state.phase == DAY else world.day)
    return {"item": item}


def _take_item(state: AndorraState, p: Player, payload: dict[str, Any]) -> dict[str, Any]:
    item = _item(payload)
    if p.count(item) < 1:
        raise _reject("edit_no_item", p, item=item)
    p.take(item)
    return {"item": item}


def _side(p: Player) -> str:
    """A clan member is on his clan's side; anyone else on his role's."""
    if p.clan is not None:
        return MAFIA if p.clan.startswith("mafia") else CLAN_SIDE.get(p.clan, ROLES[p.role].faction)
    return ROLES[p.role].faction


def _set_role(state: AndorraState, p: Player, payload: dict[str, Any]) -> dict[str, Any]:
    """H-03h: the new role with a fresh memory of its own (counters, targets); items and clan
    stay as they are (the host gives or takes them separately); a Ghoul stops being one, a
    Follower made the Rebel leads the group. The role counts as taken, so no PV may choose a
    second one (A-RCHANGE-2); the replaced role is not freed, as no role ever is (A-ROLE-PV-6)."""
    role = payload.get("role")
    if not isinstance(role, str) or role not in ROLES:
        raise _reject("unknown_role", role=role, valid=", ".join(r.ru for r in ROLES.values()))
    if role == p.role and not p.ghoul:
        raise _reject("edit_same_role", p, role=role)
    before = p.role
    p.role, p.ghoul, p.mem = role, False, {}
    if role not in state.world.roles_taken:
        state.world.roles_taken.append(role)
    if role == Role.REBEL:
        p.follower = False
    p.faction = _side(p)
    return {"role": role, "from": before}


def _set_clan(state: AndorraState, p: Player, payload: dict[str, Any]) -> dict[str, Any]:
    """H-03i: into a clan (its last member, by the order of joining: A-CLAN-2) and onto its
    side, or out of any clan (``clan`` null) and back to his role's side; the cap of five is
    the host's to judge (A-SETUP-3a)."""
    world = state.world
    clan = payload.get("clan")
    if clan is not None and (
        not isinstance(clan, str) or (clan not in world.clans and clan not in NEW_CLANS)
    ):
        raise _reject("edit_bad_clan", clan=clan)
    if clan == p.clan:
        raise _reject("edit_same_clan", p)
    before = p.clan
    if clan in NEW_CLANS:  # the Cops or the Rebel's group, as the deal or a PV's choice starts them
        world.clans.setdefault(clan, Clan(clan, NEW_CLANS[clan]))
    p.clan = clan
    p.join_key = [world.day, p.seat] if clan is not None else []
    p.follower = clan == "rebel" and p.role != Role.REBEL
    p.faction = _side(p)
    if before is not None and world.clan_manager.get(before) == p.seat:
        del world.clan_manager[before]
    return {"clan": clan, "from": before}


OPS: dict[str, Callable[[AndorraState, Player, dict[str, Any]], dict[str, Any]]] = {
    "kill": _kill,
    "revive": _revive,
    "jail": _jail,
    "release": _release,
    "give_item": _give_item,
    "take_item": _take_item,
    "set_role": _set_role,
    "set_clan": _set_clan,
}


def edit(state: AndorraState, cmd: Command) -> list[Event]:
    if cmd.actor != HOST:
        raise Rejected("not_host", rule=RULE, actor=cmd.actor)
    if state.phase not in (DAY, NIGHT):
        raise Rejected("wrong_phase", rule=RULE, phase=state.phase, expected=[DAY, NIGHT])
    payload = dict(cmd.payload)
    op, seat = payload.get("op"), payload.get("seat")
    if not isinstance(op, str) or op not in OPS:
        raise _reject("edit_bad_op", op=op)
    world = state.world
    if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= len(world.players):
        raise _reject("bad_target", seat=seat)
    p = world.player(seat)
    details = OPS[op](state, p, payload)
    dropped = _drop_moves(state, p) if state.phase == NIGHT else []
    state.host_log.append(
        {
            "day": world.day,
            "phase": state.phase,
            "edit": op,
            "seat": seat,
            **details,
            "dropped": dropped,
            "at": cmd.now,
        }
    )
    return [Event("host_edit", {"op": op, "seat": seat, **details}, HOST_ONLY)]


def _drop_moves(state: AndorraState, p: Player) -> list[str]:
    """H-03d: the edited player's stored moves (the one that counts and his fallback) that
    the new state no longer allows are dropped; returns their action codes."""
    dropped = []
    for store in (state.submissions, state.own_moves):
        mv = store.get(str(p.seat))
        if mv is None:
            continue
        try:
            validate(
                state,
                mv["by"],
                {"player": p.seat, "action": mv["action"], "target": mv["target"], "params": mv["params"]},
            )
        except Rejected:
            del store[str(p.seat)]
            dropped.append(str(mv["action"]))
    return dropped


def choices(state: AndorraState) -> dict[str, list[dict[str, str]]]:
    """What the desk's editor offers, from the engine's own tables: every role and item by its
    Russian name, the game's clans and the two an edit may start."""
    world = state.world
    clans = list(world.clans) + [c for c in NEW_CLANS if c not in world.clans]
    return {
        "roles": [{"code": code, "ru": r.ru} for code, r in ROLES.items()],
        "items": [
            {"code": code, "ru": ru} for code, (ru, _) in ITEM_NAMES.items() if code not in DISPLAY_ONLY
        ],
        "clans": [{"code": c, "ru": clan_word(world, c)} for c in clans],
    }
