"""Plain records the store reads and writes. JSON-ready dicts stay opaque here:
the store does not know what a lobby or a config means."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from nightfall.engine import Command


@dataclass(slots=True)
class RoomRecord:
    code: str
    game: str
    status: str  # "lobby" | "playing" | "ended" | "closed"
    lobby: dict[str, Any]
    revision: int
    updated_ms: int = 0  # when the store last wrote the room (wall clock, ms); set on load


@dataclass(slots=True)
class GameRecord:
    """One game played in a room. ``seating`` maps seats to the room's members."""

    game_no: int
    config: dict[str, Any]
    seed: int
    seating: list[Any]
    result: dict[str, Any] | None = None


@dataclass(slots=True)
class StoredRoom:
    room: RoomRecord
    game: GameRecord | None  # the latest game, if any
    commands: list[Command] = field(default_factory=list)  # the latest game's, in order
