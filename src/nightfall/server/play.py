"""The game currently running (or just ended) in a room: rules, state, record."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from nightfall.engine import Command, Game, Transcript, replay
from nightfall.store import GameRecord


class ReplayFailed(Exception):
    """A stored command that the rules no longer take (or that breaks them): the store was
    damaged or edited, or the rules changed under it. Names the command for the log."""

    def __init__(self, seq: int, command: Command, cause: BaseException) -> None:
        super().__init__(f"stored command seq {seq} ({describe(command)}) does not replay: {cause!r}")
        self.seq = seq
        self.command = command


def describe(command: Command) -> str:
    """A command in one short line for the log (its payload cut at 200 characters)."""
    payload = repr(command.payload)
    if len(payload) > 200:
        payload = payload[:200] + "..."
    return f"{command.type} by {command.actor} at {command.now}: {payload}"


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
        """The state after ``commands``: how a room comes back after a restart.
        ``ReplayFailed`` names the first command that does not replay."""
        transcript = Transcript(game=game.name, config=record.config, seed=record.seed, commands=commands)
        done = 0

        def step(command: Command, events: object) -> None:
            nonlocal done
            done += 1

        try:
            state = replay(game, transcript, on_step=step)
        except Exception as exc:
            if done >= len(commands) or (done == 0 and not _sets_up(game, record)):
                raise  # not a command's fault: the setup or the config
            raise ReplayFailed(done, commands[done], exc) from exc
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


def _sets_up(game: Game[Any], record: GameRecord) -> bool:
    """Does the game's setup work on this record (after a replay failed at its start)?"""
    try:
        game.setup(record.config, record.seed)
    except Exception:
        return False
    return True
