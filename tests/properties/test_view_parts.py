"""The split view (``nightfall.engine.view_parts``) is ``view`` cut in two, never
anything else: over random Vang de Heks games, after every accepted command and
for every viewer, ``{**shared, **own} == view(state, viewer)`` with the same key
order (``view`` being the rules' fresh ``games.heks.view.view``, the parts the game's
memoised ones, as a server gets them), the two parts share no key, and every seat that
gets a shared part gets the same object (the server encodes it once for all of them).
H-VIS-1 holds because ``view`` holds it (test_heks_properties.py) and the parts add nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nightfall.engine import NO_SHARED, Command, Event, Viewer, view_parts
from nightfall.games.heks import HeksGame, HeksState
from nightfall.games.heks import view as rules_view
from nightfall.games.heks.bots import play_game
from nightfall.games.heks.bots.random_bot import RandomBot


def check_parts(game: HeksGame, state: HeksState) -> int:
    """Checks every viewer of ``state``; returns how many views it compared."""
    shared_objects: set[int] = set()
    viewers: list[Viewer] = [*state.seats(), "public", "host"]
    for viewer in viewers:
        shared, own = view_parts(game, state, viewer)
        whole = rules_view.view(state, viewer)
        assert not set(shared) & set(own), f"{viewer}: keys in both parts"
        merged = {**shared, **own}
        assert merged == whole, f"{viewer}: the parts are not the view"
        assert list(merged) == list(whole), f"{viewer}: key order differs"
        if shared:
            shared_objects.add(id(shared))
    assert len(shared_objects) <= 1, "seats got different shared parts at one state"
    return len(viewers)


class PartsCheckingGame(HeksGame):
    def __init__(self) -> None:
        super().__init__()
        self.compared = 0

    def apply(self, state: HeksState, command: Command) -> list[Event]:
        events = super().apply(state, command)
        self.compared += check_parts(self, state)
        return events


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(min_value=4, max_value=12),
    mode=st.sampled_from(["timed", "unlimited"]),
    seed=st.integers(min_value=0, max_value=2**48),
)
def test_the_parts_are_the_view_in_every_state(players: int, mode: str, seed: int) -> None:
    # H-VIS-1 (the view is the only source), H-DEP-12 (the guard's own clock: no shared part)
    game = PartsCheckingGame()
    config: dict[str, Any] = {"players": [f"P{i}" for i in range(players)], "mode": mode}
    play_game(config, seed, RandomBot(idle_rate=0.15, illegal_rate=0.1), game=game)
    assert game.compared > 50


def test_the_check_fails_when_a_part_lies() -> None:
    class Lying(HeksGame):
        def view_parts(self, state: HeksState, viewer: Viewer) -> tuple[dict[str, Any], dict[str, Any]]:
            shared, own = super().view_parts(state, viewer)
            return shared, {**own, "extra": 1}

    game = Lying()
    state = game.setup({"players": [f"P{i}" for i in range(5)]}, 3)
    try:
        check_parts(game, state)
    except AssertionError:
        return
    raise AssertionError("a lying split went unnoticed")


def test_a_game_without_parts_shares_nothing() -> None:
    class Plain:
        name = "plain"

        def view(self, state: Mapping[str, Any], viewer: Viewer) -> dict[str, Any]:
            return {"n": state["n"], "viewer": viewer}

    shared, own = view_parts(Plain(), {"n": 1}, 2)  # type: ignore[arg-type]
    assert shared is NO_SHARED and own == {"n": 1, "viewer": 2}
