"""The move form asks ``moves.legal_targets`` for a move's targets, with the validator's checks
that do not read the target made once (bench/desk_actions.py): the answer must be exactly the
validator's own, asked once per seat (A-MOVE-1..8, A-CLAN-4..6), for every player, every move
and every sender: the player, a clan mate (the sender of a sheet, A-MOVE-5) and the host."""

from __future__ import annotations

from typing import Any

from nightfall.engine import HOST, Command, Rejected, kernel
from nightfall.games.andorra.moves import legal_targets, validate
from nightfall.games.andorra.roles.actions import ACTIONS

from .test_move_form import SEAT, night_one


def _one_by_one(state: Any, actor: Any, player: int, action: str, params: dict[str, Any]) -> set[int]:
    found = set()
    for seat in range(1, len(state.world.players) + 1):
        payload = {"player": player, "action": action, "target": seat, "params": params}
        try:
            _, move = validate(state, actor, payload, with_params=False)
        except Rejected:
            continue
        if move["action"] == action:
            found.add(seat)
    return found


def _same_everywhere(state: Any) -> int:
    seats = list(range(1, len(state.world.players) + 1))
    checked = 0
    for player in seats:
        for actor in (HOST, player, *seats[:3]):
            for action in ACTIONS:
                for params in ({}, {"clan": True}):
                    code, found = legal_targets(
                        state, actor, {"player": player, "action": action, "params": params}, seats
                    )
                    fast = set(found) if code == action else set()
                    assert fast == _one_by_one(state, actor, player, action, params), (
                        player,
                        actor,
                        action,
                        params,
                    )
                    checked += bool(fast)
    return checked


def test_legal_targets_are_the_validators_own_on_night_one_and_after_moves() -> None:
    game, state = night_one()
    assert _same_everywhere(state.game) > 50  # many moves have targets: the check compares something
    for actor, action, target in [
        (SEAT["Boss"], "SHOOT", SEAT["Doc"]),  # the sheet now holds a mafia move: a clash for mates
        (SEAT["Doc"], "HEAL", SEAT["Doc"]),
        (SEAT["Tele"], "TELEPATH_WATCH", SEAT["Sher"]),
    ]:
        payload = {"player": actor, "action": action, "target": target}
        try:
            kernel.apply(game, state, Command(actor, "move", payload, 40))
        except Rejected:
            continue
    _same_everywhere(state.game)
