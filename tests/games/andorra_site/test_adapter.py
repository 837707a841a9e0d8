"""The room's Andorra game without sockets: move choices and chat membership."""

from __future__ import annotations

from typing import Any

import pytest

from nightfall.engine import Command, Rejected, kernel
from nightfall.games.andorra.site import AndorraSiteGame

from .game_data import DAY1, NAMES, NIGHT1, ROLES


def test_cached_move_choices_equal_fresh_ones_after_every_move() -> None:
    game = AndorraSiteGame()
    state = game.setup({"players": NAMES, "roles": ROLES, "schedule": {"start": 0}}, 7)
    now = 1
    for voter, target in DAY1:
        now += 1
        kernel.apply(game, state, Command(voter, "vote", {"target": target}, now))
    kernel.apply(game, state, Command("host", "end_day", {}, now + 1))
    seats = range(1, len(NAMES) + 1)
    for seat in seats:
        game.options(state, seat)  # fill the cache
    accepted = 0
    for seat, action, target in [*NIGHT1, (2, "SHOOT", 4), (1, "POISON", 6)]:
        now += 1
        try:
            kernel.apply(
                game, state, Command(seat, "move", {"player": seat, "action": action, "target": target}, now)
            )
            accepted += 1
        except Rejected:
            pass  # a refused move changes nothing: the cache must still be right
        for viewer in seats:
            assert game.options(state, viewer) == game._options(state, viewer), (seat, action, viewer)
    # The worked example's night moves are all taken, so the cache was checked after real changes.
    assert accepted >= len(NIGHT1), f"only {accepted} of {len(NIGHT1)} moves of the night were accepted"


def fill(field: Any) -> Any:
    """A value for one field of the move form, of the shape the form says."""
    first = field["choices"][0]["value"]
    if field["kind"] == "one":
        return first
    if field["kind"] == "ranked":
        return [c["value"] for c in field["choices"][: field["max"]]]
    if field["kind"] == "per_voter":
        return {str(field["voters"][0]["value"]): first}
    return [{"voter": field["voters"][0]["value"], "target": None}]  # the Swindler's changes


PREFERENCES = ["REBEL", "REANIMATOR", "SHMARA", "BOSS", "DOCTOR", "PV", "PV", "SHERIFF"]


@pytest.mark.parametrize("roles", [ROLES, PREFERENCES], ids=["cast", "preferences"])
def test_every_offered_move_is_accepted(roles: list[str]) -> None:
    # every shape the form offers (A-ROLE-REBEL-9, A-ROLE-REANIMATOR-4, A-ROLE-SHMARA-5) passes
    game = AndorraSiteGame()
    state = game.setup({"players": NAMES, "roles": roles, "schedule": {"start": 0}}, 7)
    kernel.apply(game, state, Command("host", "end_day", {}, 5))
    offered = set()
    for seat in range(1, len(NAMES) + 1):
        for option in game.options(state, seat):
            offered.add(option["action"])
            targets: list[int | None] = list(option["targets"] or []) or [None]
            for target in targets:
                params = {f["name"]: fill(f) for f in option["fields"]}
                scratch = game.setup({"players": NAMES, "roles": roles, "schedule": {"start": 0}}, 7)
                kernel.apply(game, scratch, Command("host", "end_day", {}, 5))
                payload = {"player": option["player"], "action": option["action"], "target": target}
                if params:
                    payload["params"] = params
                kernel.apply(game, scratch, Command(seat, "move", payload, 6))
    if roles is PREFERENCES:
        assert {"REBEL_VOTES", "REANIMATE", "SHMARA_CLONIDINE"} <= offered


def test_malformed_params_are_refused_before_they_can_stop_the_night() -> None:
    game = AndorraSiteGame()
    config = {"players": ["A", "B", "C", "D"], "roles": ["BOSS", "REBEL", "DOCTOR", "REANIMATOR"]}
    state = game.setup({**config, "schedule": {"start": 0}}, 1)
    kernel.apply(game, state, Command("host", "end_day", {}, 1))
    bad: list[tuple[int, dict[str, Any]]] = [
        (2, {"action": "REBEL_VOTES", "params": {"all": "x"}}),
        (2, {"action": "REBEL_VOTES", "params": {"mapping": {"1": "x"}}}),
        (4, {"action": "REANIMATE", "params": {"prefer": ["x"]}}),
        (3, {"action": "HEAL", "target": 3, "params": {"_invalid": True}}),
        (3, {"action": "HEAL", "target": 3, "params": []}),
    ]
    for seat, payload in bad:
        with pytest.raises(Rejected) as caught:
            kernel.apply(game, state, Command(seat, "move", {"player": seat, **payload}, 2))
        assert caught.value.code in ("bad_params", "unknown_param")
    kernel.apply(
        game, state, Command(2, "move", {"player": 2, "action": "REBEL_VOTES", "params": {"all": 1}}, 2)
    )
    kernel.apply(game, state, Command("host", "end_night", {}, 3))  # resolves
    assert game.view(state, "host")["phase"] in ("REVIEW", "RESOLVING")


def test_the_form_knows_every_move_of_the_engine() -> None:
    from nightfall.games.andorra.roles.actions import ACTIONS
    from nightfall.games.andorra.site.form import MOVE_CODES

    assert set(MOVE_CODES) == set(ACTIONS)


def test_swindler_gets_the_voters_he_may_change() -> None:
    game = AndorraSiteGame()
    roles = ["BOSS", "SWINDLER", "DOCTOR", "REBEL", "PV", "SHERIFF"]
    state = game.setup({"players": list("ABCDEF"), "roles": roles, "schedule": {"start": 0}}, 1)
    for i, (voter, target) in enumerate([(1, 3), (3, 1), (4, 1), (5, 3), (6, 1)]):
        kernel.apply(game, state, Command(voter, "vote", {"target": target}, 10 + i))
    kernel.apply(game, state, Command("host", "end_day", {}, 30))
    change = next(o for o in game.options(state, 2) if o["action"] == "SWINDLER_CHANGE")
    (changes,) = change["fields"]
    assert [v["value"] for v in changes["voters"]] == [4, 5, 6] and changes["max"] == 1
    rebel = next(o for o in game.options(state, 4) if o["action"] == "REBEL_VOTES")
    # A-ROLE-REBEL-9 / Q-21: only the Swindler (seat 2) cast no vote: his is the one unused vote
    mapping, every = rebel["fields"]
    assert mapping["name"] == "mapping" and [v["value"] for v in mapping["voters"]] == [2]
    assert every["name"] == "all" and not every["required"]


def test_a_jailed_clan_member_can_no_longer_post_in_the_clan_chat() -> None:
    # A-GEN-6: killed and jailed players do not write; the site's only place to write
    # is the clan chat, so the chat refuses them (not_alive) and keeps what they wrote
    game = AndorraSiteGame()
    roles = ["BOSS", "SOLDIER", "SHERIFF", "DOCTOR", "PV", "PV"]
    state = game.setup({"players": list("ABCDEF"), "roles": roles, "schedule": {"start": 0}}, 1)
    kernel.apply(game, state, Command(2, "chat", {"text": "before"}, 1))
    for i, voter in enumerate((1, 3, 4, 5, 6)):
        kernel.apply(game, state, Command(voter, "vote", {"target": 2}, 10 + i))  # the Soldier is jailed
    kernel.apply(game, state, Command("host", "end_day", {}, 30))
    kernel.apply(game, state, Command("host", "end_night", {}, 31))
    kernel.apply(game, state, Command("host", "publish", {}, 32))
    assert next(p for p in game.view(state, "public")["players"] if p["seat"] == 2)["status"] != "ALIVE"
    with pytest.raises(Rejected) as refused:
        kernel.apply(game, state, Command(2, "chat", {"text": "after"}, 33))
    assert refused.value.code == "not_alive"
    kernel.apply(game, state, Command(1, "chat", {"text": "still here"}, 34))  # the living Boss still writes
    assert [m["text"] for m in state.chat] == ["before", "still here"]
