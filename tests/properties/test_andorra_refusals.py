"""No refusal tells a secret (A-SEC-2, issue 30): two Andorra games that differ only in what
one player may not know about another (the other's items, role, clan, or a question waiting
for him) answer every command that player can send in the same bytes.

The pairs are built from one dealt game: state A as dealt, state B with one hidden fact of a
player X changed. The sender O is never X's clan mate (a mate or the clan's sender may know
more), and the test first checks that O's own view is the same in both, so the fact is
really hidden from him. Then every command type a seat can send, with fields aimed at X,
must be accepted in both or refused in both with the same JSON."""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from nightfall.engine import HOST, Command, Rejected, kernel
from nightfall.games.andorra.roles.actions import ACTIONS
from nightfall.games.andorra.roles.catalogue import ROLES
from nightfall.games.andorra.site import AndorraSiteGame
from nightfall.games.andorra.site.chat import RoomState, track_clans

SITE = AndorraSiteGame()
NAMES = ["Anna", "Boris", "Vera", "Gleb", "Dana", "Egor", "Zoya", "Ivan", "Kira", "Lev"]
CAST = ["BOSS", "RECRUITER", "SHERIFF", "PV", "PV", "DOCTOR", "MANIAC", "JOURNALIST", "PRIEST", "VAMPIRE"]
BOSS, RECRUITER, RECRUITED = 1, 2, 4  # the night's recruitment asks seat 4 (RESOLVING)
PLAIN_ROLES = ("PV", "DOCTOR", "MANIAC", "JOURNALIST", "PRIEST")  # no clan of their own
SEAT_COMMANDS = ("vote", "edit_vote", "move", "answer", "clan_poll", "article", "chat")
HOST_COMMANDS = ("end_day", "end_night", "publish", "penalty", "replace", "host_edit", "correct", "pm_vote")
ITEM_MOVES = ["POISON", "GIFT_POISON", "USE_DIPLOMA", "USE_VEST", "HEAL", "STAY_HOME"]
THEIR_ID = "5f" * 16  # the id of the question state B asks X (an attacker's perfect guess)
NOW = 10_000


def _game(phase: str, seed: int) -> RoomState:
    state = SITE.setup({"players": NAMES, "roles": CAST, "gifts": {"4": "DIPLOMA", "5": "DIPLOMA"}}, seed)
    if phase == "DAY":
        return state
    kernel.apply(SITE, state, Command(HOST, "end_day", {}, 1))
    if phase == "RESOLVING":
        move = {"player": RECRUITER, "action": "RECRUIT", "target": RECRUITED}
        kernel.apply(SITE, state, Command(BOSS, "move", move, 2))
        kernel.apply(SITE, state, Command(HOST, "end_night", {}, 3))
        assert state.game.phase == "RESOLVING"
    return state


def _hide(state: RoomState, x: int, o: int, fact: str, role: str) -> bool:
    """State B: one hidden fact of X changed. False when it cannot be changed here."""
    world = state.game.world
    p = world.player(x)
    if fact == "items":
        p.give("POISON", 0)  # a gifted bottle (A-ITEM-POISON-3a) and a vest
        p.give("VEST", 0)
    elif fact == "role":
        if p.role not in PLAIN_ROLES or role == p.role:
            return False
        p.role, p.faction = role, ROLES[role].faction
    elif fact == "clan":
        others = [c for c in world.clans if c != world.player(o).clan]
        if p.clan is not None or not others:
            return False
        p.clan, p.join_key = others[0], [0, x]
        track_clans(state)
    elif fact == "question":
        pending = state.game.pending
        if (
            state.game.phase != "RESOLVING"
            or pending is None
            or any(q["seat"] == x for q in pending["prompts"])
        ):
            return False
        pending["prompts"].append(
            {
                "id": THEIR_ID,
                "seat": x,
                "kind": "RECRUIT_ASK",
                "key": "MSG-RECRUIT-ASK",
                "params": {},
                "options": ["да", "нет"],
                "default": "нет",
            }
        )
    return True


def _payload(ctype: str, x: int, o: int, pick: Any) -> dict[str, Any]:
    target = pick(st.sampled_from([x, o, None, 0, 99]))
    if ctype in ("vote", "edit_vote"):
        return {"target": target}
    if ctype in ("move", "correct"):
        params = pick(st.sampled_from([{}, {}, {}, {}, {}, {"clan": True}, {"vote": x}, {"prefer": [x]}]))
        # the item moves first: they read the player's items (A-ITEM-POISON-3a, A-CLAN-4)
        action = pick(st.one_of(st.sampled_from(ITEM_MOVES), st.sampled_from(sorted(ACTIONS))))
        return {"player": pick(st.sampled_from([x, o])), "action": action, "target": target, "params": params}
    if ctype == "answer":
        prompt = pick(st.sampled_from([THEIR_ID, f"N1:RECRUIT:{x}", f"N1:PV_ROLE:{x}", "0" * 32, 5]))
        return {"prompt": prompt, "answer": pick(st.sampled_from(["да", "нет", None, x]))}
    if ctype == "clan_poll":
        return {"candidate": pick(st.sampled_from([x, o]))}
    if ctype in ("article", "chat"):
        return {"text": "Вчера было тихо."}
    if ctype == "host_edit":
        return {"op": "kill", "seat": x}
    about_x: dict[str, dict[str, Any]] = {"penalty": {"seat": x}, "replace": {"seat": x, "nick": "Yana"}}
    return about_x.get(ctype, {"from": x} if ctype == "pm_vote" else {})


def _answer(state: RoomState, cmd: Command) -> str:
    """What the sender reads: accepted, or the refusal's JSON (code, params, rule, words)."""
    try:
        kernel.apply(SITE, state, cmd)
    except Rejected as refused:
        return json.dumps(SITE.refusal(state, cmd, refused).to_json(), sort_keys=True, ensure_ascii=False)
    return "accepted"


def _outsiders(w: Any, x: int) -> list[int]:
    """The seats outside X's clan (X's clan mates and its sender may know more)."""
    clan = w.player(x).clan
    return [p.seat for p in w.players if p.seat != x and (clan is None or p.clan != clan)]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    fact=st.sampled_from(["items", "role", "clan", "question"]),
    phase=st.sampled_from(["DAY", "NIGHT", "RESOLVING"]),
    seed=st.integers(0, 2**32),
    role=st.sampled_from(PLAIN_ROLES),
    ctype=st.sampled_from(SEAT_COMMANDS + SEAT_COMMANDS[2:4] + HOST_COMMANDS),
    data=st.data(),
)
def test_a_hidden_fact_never_changes_a_refusal(
    fact: str, phase: str, seed: int, role: str, ctype: str, data: st.DataObject
) -> None:
    """A-SEC-2, A-SEC-1 (A-MOVE-5, A-DATA-I, A-CLAN-4): same answer, byte for byte."""
    if ctype == "move":  # a move is read only at night (A-MOVE-4)
        phase = "NIGHT"
    a = _game("RESOLVING" if fact == "question" else phase, seed)
    world = a.game.world
    seats = [p.seat for p in world.players]
    if fact == "role":
        seats = [s for s in seats if world.player(s).role in PLAIN_ROLES and world.player(s).role != role]
    elif fact in ("clan", "question"):
        seats = [s for s in seats if world.player(s).clan is None and s != RECRUITED]
    x = data.draw(st.sampled_from(seats), label="x")
    o = data.draw(st.sampled_from(_outsiders(world, x)), label="o")
    b = copy.deepcopy(a)
    assert _hide(b, x, o, fact, role)
    assert SITE.view(a, o) == SITE.view(b, o), f"the changed {fact} of seat {x} shows to seat {o}"
    cmd = Command(o, ctype, _payload(ctype, x, o, data.draw), NOW)
    got_a, got_b = _answer(a, cmd), _answer(b, cmd)
    event(f"{ctype}: {got_a[:40]}")
    assert got_a == got_b, f"A-SEC-2: seat {o} tells seat {x}'s {fact} apart by {cmd}:\n{got_a}\n{got_b}"
