"""The game-agnostic kernel. Imports nothing from the rest of the project."""

from .command import HOST, SYSTEM, TICK, Actor, Command, tick
from .event import HOST_ONLY, NOBODY, PUBLIC, Audience, Event, Viewer, seats, visible
from .game import Game, Handler
from .kernel import apply
from .payload_keys import refuse_unknown_keys
from .rejection import Rejected
from .rng import Rng
from .transcript import FORMAT, Transcript, replay
from .view_parts import NO_SHARED, SplitsViews, view_parts

__all__ = [
    "FORMAT",
    "HOST",
    "HOST_ONLY",
    "NOBODY",
    "NO_SHARED",
    "PUBLIC",
    "SYSTEM",
    "TICK",
    "Actor",
    "Audience",
    "Command",
    "Event",
    "Game",
    "Handler",
    "Rejected",
    "Rng",
    "SplitsViews",
    "Transcript",
    "Viewer",
    "apply",
    "refuse_unknown_keys",
    "replay",
    "seats",
    "tick",
    "view_parts",
    "visible",
]
