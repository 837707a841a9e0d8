"""Property tests: random legal games never crash and stay valid; resolution does not
depend on submission order; no view leaks another player's private information."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nightfall.engine import HOST, Command, Rejected, kernel
from nightfall.games.andorra import AndorraGame
from nightfall.games.andorra.items import GIFT_LIST
from nightfall.games.andorra.roles.action_spec import ITEM, NON_UNDEAD
from nightfall.games.andorra.roles.actions import ACTIONS
from nightfall.games.andorra.roles.catalogue import LONERS, ROLES
from nightfall.games.andorra.state import AndorraState
from nightfall.games.andorra.view import render_messages

G = AndorraGame()
UNIQUE = [r for r in ROLES if ROLES[r].base and r not in ("SOLDIER",)]
STATUSES = {"ALIVE", "DEAD", "JAILED_LYNCH", "JAILED_JAILER"}


@st.composite
def setups(draw: Any) -> tuple[list[str], int]:
    n = draw(st.integers(8, 30))
    k = draw(st.integers(3, min(n, len(UNIQUE))))
    roles = draw(st.permutations(UNIQUE))[:k]
    if "INVESTIGATOR" in roles and "SHERIFF" not in roles:
        roles.remove("INVESTIGATOR")
    soldiers = draw(st.integers(0, 5 - sum(1 for r in roles if ROLES[r].clan_role)))
    roles += ["SOLDIER"] * min(soldiers, n - len(roles))
    roles += ["PV"] * (n - len(roles))
    return roles, draw(st.integers(0, 2**32))


def _candidates(state: AndorraState, seat: int) -> list[str]:
    p = state.world.player(seat)
    out = []
    for code, spec in ACTIONS.items():
        if (
            p.role in spec.roles
            or NON_UNDEAD in spec.roles
            or ITEM in spec.roles
            or "*rebel_shooter" in spec.roles
        ):
            out.append(code)
    return out


def _params(code: str, rnd: Any, n: int) -> dict[str, Any]:
    return {
        "vote": rnd.randint(1, n),
        "new_target": rnd.randint(1, n),
        "gift": rnd.choice(GIFT_LIST),
        "kind": rnd.choice(["tour", "excursion"]),
        "role": rnd.choice([r for r in ROLES if ROLES[r].faction == LONERS]),
        "changes": [{"voter": rnd.randint(1, n), "target": rnd.randint(1, n)}],
        "all": rnd.randint(1, n),
        "take": list(GIFT_LIST),
        "prefer": list(range(1, n + 1)),
    }


def _try(state: AndorraState, cmd: Command) -> bool:
    try:
        kernel.apply(G, state, cmd)
        return True
    except Rejected:
        return False


def _random_night(state: AndorraState, rnd: Any, now: int) -> list[Command]:
    """Random votes then random moves; returns the accepted move commands."""
    n = len(state.world.players)
    for p in state.world.alive():
        if rnd.random() < 0.8:
            _try(state, Command(p.seat, "vote", {"target": rnd.choice([None, *range(1, n + 1)])}, now))
    kernel.apply(G, state, Command(HOST, "end_day", {}, now))
    accepted = []
    alive = [q.seat for q in state.world.alive()]
    for p in state.world.alive():
        for _ in range(4):  # a few random tries; rejected ones change nothing
            code = rnd.choice(_candidates(state, p.seat))
            payload = {"player": p.seat, "action": code, "params": _params(code, rnd, n)}
            if ACTIONS[code].target not in ("none", "jailed_today"):
                payload["target"] = rnd.choice(alive)
            cmd = Command(p.seat, "move", payload, now)
            if _try(state, cmd):
                accepted.append(cmd)
                break
    return accepted


def _finish_night(state: AndorraState, now: int) -> None:
    kernel.apply(G, state, Command(HOST, "end_night", {}, now))
    if state.phase == "RESOLVING":
        kernel.apply(G, state, Command(HOST, "close_prompts", {}, now))
    kernel.apply(G, state, Command(HOST, "publish", {}, now))


def _check_valid(state: AndorraState) -> None:
    world = state.world
    assert all(p.status in STATUSES for p in world.players)
    for clan in world.clans.values():
        if clan.kind == "MAFIA":
            assert clan.poison >= 0 and clan.diploma >= 0
    assert all(all(v for v in p.items.values()) for p in world.players)
    for viewer in ("all", *range(1, len(world.players) + 1)):
        G.view(state, viewer)  # every message and post renders
    if state.phase == "OVER":
        assert world.winner is not None


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setups(), st.randoms(use_true_random=False))
def test_random_games_stay_valid(setup: tuple[list[str], int], rnd: Any) -> None:  # A-MOVE-6, A-ORDER-2
    roles, seed = setup
    state = G.setup({"players": [f"p{i}" for i in range(len(roles))], "roles": roles}, seed)
    for night in range(1, 4):
        if state.phase == "OVER":
            break
        _random_night(state, rnd, night)
        _finish_night(state, night)
        _check_valid(state)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setups(), st.randoms(use_true_random=False))
def test_submission_order_does_not_matter(
    setup: tuple[list[str], int], rnd: Any
) -> None:  # A-ORDER-4, A-MOVE-4, A-MOVE-5
    roles, seed = setup
    state = G.setup({"players": [f"p{i}" for i in range(len(roles))], "roles": roles}, seed)
    accepted = _random_night(state, rnd, 1)
    other = copy.deepcopy(state)
    other.submissions = {}
    shuffled = list(accepted)
    rnd.shuffle(shuffled)
    for cmd in shuffled:
        # A member's own move that the sender's sheet set aside (A-MOVE-5) is refused when the
        # sheet's move comes first; the moves that count are the same either way.
        _try(other, cmd)
    _finish_night(state, 2)
    _finish_night(other, 2)
    assert G.snapshot(state)["world"] == G.snapshot(other)["world"]
    assert state.posts == other.posts
    assert render_messages(state, "all") == render_messages(other, "all")


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setups(), st.randoms(use_true_random=False))
def test_views_leak_nothing(setup: tuple[list[str], int], rnd: Any) -> None:  # A-MSG-3, A-VOTE-20, A-RES-1
    roles, seed = setup
    state = G.setup({"players": [f"p{i}" for i in range(len(roles))], "roles": roles}, seed)
    for night in range(1, 3):
        if state.phase == "OVER":
            break
        _random_night(state, rnd, night)
        _finish_night(state, night)
    world = state.world
    for seat in range(1, len(world.players) + 1):
        v = G.view(state, seat)
        assert "host" not in v
        mine = [m for m in state.messages if seat in m["audience"]]
        assert len(v["me"]["inbox"]) == len(mine)
        for m in mine:  # personal messages are his; channel messages are his clan's (A-CLAN-7)
            assert m["to"] == seat or (m["channel"] is not None and world.player(seat).clan == m["channel"])
        for q in v["players"]:
            if q["seat"] != seat and q["status"] == "ALIVE":
                assert "role" not in q  # no living player's role in the public list
        for k in v["me"]["knows"]:
            other = world.player(k["seat"])
            assert (other.clan is not None and other.clan == world.player(seat).clan) or k.get("ghoul")
        pub = G.view(state, "public")
        assert "me" not in pub and "host" not in pub
