"""The room's Andorra game without sockets: move choices and chat membership."""

from __future__ import annotations

from nightfall.engine import Command, Rejected
from nightfall.server.adapters.andorra import AndorraRoomGame

from .game_data import DAY1, NAMES, NIGHT1, ROLES


def test_cached_move_choices_equal_fresh_ones_after_every_move() -> None:
    game = AndorraRoomGame()
    state = game.setup({"players": NAMES, "roles": ROLES, "schedule": {"start": 0}}, 7)
    now = 1
    for voter, target in DAY1:
        now += 1
        game.apply(state, Command(voter, "vote", {"target": target}, now))
    game.apply(state, Command("host", "end_day", {}, now + 1))
    seats = range(1, len(NAMES) + 1)
    for seat in seats:
        game.options(state, seat)  # fill the cache
    for seat, action, target in [*NIGHT1, (2, "SHOOT", 4), (1, "POISON", 6)]:
        now += 1
        try:
            game.apply(
                state, Command(seat, "move", {"player": seat, "action": action, "target": target}, now)
            )
        except Rejected:
            continue
        for viewer in seats:
            assert game.options(state, viewer) == game._options(state, viewer), (seat, action, viewer)


def test_every_offered_move_is_accepted() -> None:
    game = AndorraRoomGame()
    state = game.setup({"players": NAMES, "roles": ROLES, "schedule": {"start": 0}}, 7)
    game.apply(state, Command("host", "end_day", {}, 5))
    for seat in range(1, len(NAMES) + 1):
        for option in game.options(state, seat):
            for target in option["targets"] or [None]:
                params = {k: (1 if v == "seat" else v[0]) for k, v in option["params"].items()}
                scratch = game.setup({"players": NAMES, "roles": ROLES, "schedule": {"start": 0}}, 7)
                game.apply(scratch, Command("host", "end_day", {}, 5))
                payload = {"player": option["player"], "action": option["action"], "target": target}
                if params:
                    payload["params"] = params
                game.apply(scratch, Command(seat, "move", payload, 6))
