"""The kernel: ``apply`` and ``view`` for any game, and nothing else.

``apply(game, state, command) -> (state, events)`` is the one path by which a
command reaches a game: it enforces the rules common to every game first (only
the system's clock sends ``tick``), so a game's handlers never see a command
the common rules forbid. For speed the game updates the state object in place
(the simulator runs thousands of games); the contract that keeps this safe is
validate-then-mutate: a command that raises ``Rejected`` has changed nothing.
"""

from __future__ import annotations

from typing import Any, TypeVar

from .command import SYSTEM, TICK, Command
from .event import Event, Viewer
from .game import Game
from .rejection import Rejected

S = TypeVar("S")


def apply(game: Game[S], state: S, command: Command) -> tuple[S, list[Event]]:
    if command.type == TICK and command.actor != SYSTEM:
        # K-TICK-1: time passes only by the server's clock, never by a player's say-so.
        raise Rejected("not_your_step", rule="K-TICK-1", reason="only the server's clock ticks")
    events = game.apply(state, command)
    return state, events


def view(game: Game[S], state: S, viewer: Viewer) -> dict[str, Any]:
    """The only way state leaves the engine."""
    return game.view(state, viewer)
