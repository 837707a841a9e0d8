"""The kernel: ``apply`` and ``view`` for any game, and nothing else.

``apply(game, state, command) -> (state, events)``. For speed the game updates
the state object in place (a 12-player game applies hundreds of commands per
game and the simulator runs thousands of games); the contract that keeps this
safe is validate-then-mutate: a command that raises ``Rejected`` has changed
nothing. ``apply_pure`` copies first for callers that must keep the old state.
"""

from __future__ import annotations

import copy
from typing import Any, TypeVar

from .command import Command
from .event import Event, Viewer
from .game import Game

S = TypeVar("S")


def apply(game: Game[S], state: S, command: Command) -> tuple[S, list[Event]]:
    events = game.apply(state, command)
    return state, events


def apply_pure(game: Game[S], state: S, command: Command) -> tuple[S, list[Event]]:
    fresh = copy.deepcopy(state)
    events = game.apply(fresh, command)
    return fresh, events


def view(game: Game[S], state: S, viewer: Viewer) -> dict[str, Any]:
    """The only way state leaves the engine."""
    return game.view(state, viewer)
