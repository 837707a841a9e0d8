"""The contract between the kernel and a game's rules.

A game is a plain definition (boardgame.io style): it knows how to set up a
state from a config and a seed, apply one command, say when its next deadline
is, and render what one viewer may see. The kernel knows nothing about any
particular game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol, TypeAlias, TypeVar

from .command import Command
from .event import Event, Viewer
from .rejection import Rejected

S = TypeVar("S")

#: The one handler signature: a game's handler for one command type takes the state and
#: the command, changes the state in place and returns what happened (validate first).
Handler: TypeAlias = Callable[[S, Command], list[Event]]


class Game(Protocol[S]):
    #: short stable name used in transcripts ("heks", "andorra")
    name: str
    #: the command types the game handles besides ``tick``; the kernel refuses any other (K-CMD-1)
    commands: frozenset[str]

    def setup(self, config: Mapping[str, Any], seed: int) -> S:
        """A fresh state. Raises ``Rejected`` for an invalid config."""
        ...

    def apply(self, state: S, command: Command) -> list[Event]:
        """The game's one handler: apply one command to ``state`` in place and
        return what happened. Called only by ``kernel.apply``, after the common
        rules (docs/rules/kernel.md) admitted the command.

        Must raise ``Rejected`` *before* mutating anything when the command is
        illegal. Must be deterministic: no clock, no I/O, randomness only from
        the RNG kept in ``state``.
        """
        ...

    def refusal(self, state: S, command: Command, refused: Rejected) -> Rejected:
        """``refused`` as the command's sender may see it (most games: unchanged)."""
        ...

    def view(self, state: S, viewer: Viewer) -> dict[str, Any]:
        """Everything ``viewer`` may know, as JSON-ready data."""
        ...

    def next_deadline(self, state: S) -> int | None:
        """The earliest server time (ms) at which a ``tick`` changes something."""
        ...

    def result(self, state: S) -> dict[str, Any] | None:
        """The final result once the game is over, else ``None``."""
        ...

    def snapshot(self, state: S) -> Any:
        """A canonical, comparable, JSON-ready dump of the whole state (tests, audits)."""
        ...
