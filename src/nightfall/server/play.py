"""The game currently running (or just ended) in a room: rules, state, record."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from nightfall.engine import Command, Game, Transcript, replay
from nightfall.store import GameRecord


@dataclass(slots=True)
class Play:
    game: Game[Any]
    state: Any
    record: GameRecord
    seq: int = 0  # accepted commands so far
    last_now: int = 0  # command times never go backwards, even if the clock does
    # pid -> seat, built on first use: seats are looked up for every view of every change.
    _seats: dict[int, int] | None = field(default=None, repr=False, compare=False)

    @classmethod
    def setup(cls, game: Game[Any], record: GameRecord) -> Play:
        return cls(game=game, state=game.setup(record.config, record.seed), record=record)

    @classmethod
    def rebuild(cls, game: Game[Any], record: GameRecord, commands: list[Command]) -> Play:
        """The state after ``commands``: how a room comes back after a restart."""
        transcript = Transcript(game=game.name, config=record.config, seed=record.seed, commands=commands)
        state = replay(game, transcript)
        last_now = commands[-1].now if commands else 0
        return cls(game=game, state=state, record=record, seq=len(commands), last_now=last_now)

    @property
    def over(self) -> bool:
        return self.record.result is not None

    def seat_of(self, pid: int) -> int | None:
        seats = self._seats
        if seats is None:  # a game's seating never changes once it has started
            seats = self._seats = {}
            for seat, member in enumerate(self.record.seating, 1):
                seats.setdefault(member, seat)  # the first seat, as ``list.index`` gave
        return seats.get(pid)
