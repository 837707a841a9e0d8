"""The kernel: ``apply`` and ``view`` for any game, and nothing else.

``apply(game, state, command) -> (state, events)`` is the one path by which a
command reaches a game, in the manner of a boardgame.io reducer: the kernel
checks the rules common to every game (docs/rules/kernel.md) and keeps the
state's clock, then hands the command to the game's one handler,
``game.apply(state, command) -> events``. A game's handlers therefore never see
a command the common rules forbid, and no game repeats them.

For speed the game updates the state object in place (the simulator runs
thousands of games); the contract that keeps this safe is validate-then-mutate:
a command that raises ``Rejected`` has changed nothing. Every refusal, the
kernel's and the game's own, is worded by ``game.refusal`` for its sender, so a
game can keep a secret (Heks hides its step B) in the kernel's refusals too.
"""

from __future__ import annotations

from typing import Protocol, TypeVar

from .command import SYSTEM, TICK, Command
from .event import Event
from .game import Game
from .rejection import Rejected


class Clocked(Protocol):
    """A state with the kernel's clock: the ``now`` of the last command it took."""

    now: int


S = TypeVar("S")
C = TypeVar("C", bound=Clocked)


def apply(game: Game[C], state: C, command: Command) -> tuple[C, list[Event]]:
    try:
        # The common rules first, in this order (written out here, not in a function of
        # their own: a simulated game passes here ~400 times, docs/benchmarks.md).
        ctype = command.type
        if ctype == TICK:
            if command.actor != SYSTEM:
                # K-TICK-1: time passes only by the server's clock, never by a player's say-so.
                raise Rejected("not_your_step", rule="K-TICK-1", reason="only the server's clock ticks")
        elif ctype not in game.commands:
            # K-CMD-1: a game sees only the command types it declares.
            raise Rejected("unknown_command", rule="K-CMD-1", type=ctype)
        if command.now < state.now:
            raise Rejected("bad_payload", rule="K-TIME-1", field="now", reason="time cannot go backwards")
        if game.result(state) is not None:
            # K-OVER-1: after the end nothing changes the game.
            raise Rejected("game_over", rule="K-OVER-1")
        deadline = game.next_deadline(state)
        if ctype == TICK:
            if deadline is None or command.now < deadline:
                # K-TICK-2: a tick is the clock reaching a deadline; before one it means nothing.
                raise Rejected("not_due", rule="K-TICK-2", deadline=deadline)
        elif deadline is not None and command.now >= deadline and command.actor != SYSTEM:
            # K-LATE-1: time is up; the deadline's tick goes first, so a late command never counts.
            # The system's own commands (the clock's) are never late.
            raise Rejected("too_late", rule="K-LATE-1", deadline=deadline)
        events = game.apply(state, command)
    except Rejected as refused:
        raise game.refusal(state, command, refused) from None
    state.now = command.now  # K-TIME-1: the clock moves only forward, and only by a command
    return state, events
