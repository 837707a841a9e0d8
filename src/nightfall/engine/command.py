"""Commands: everything that can change a game, including the passing of time.

A command carries who sent it, what it asks for and the server time at which it
was accepted (``now``, integer milliseconds). The engine never reads a clock: a
timer expiring is the ``tick`` command sent by the server at (or after) the
deadline, and replaying a transcript replays those ticks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar

T = TypeVar("T")

# A player is addressed by seat number (1-based). Reserved string actors:
#   "system" sends ticks; "host" is a host who is not a player (Andorra's ведущий).
Actor = int | str
SYSTEM: Final = "system"
HOST: Final = "host"  # Final: a Literal["host"], so it is also a Viewer (engine/event.py)

TICK = "tick"


@dataclass(frozen=True, slots=True, init=False)
class Command:
    actor: Actor
    type: str
    payload: Mapping[str, Any] = field(default_factory=dict)
    now: int = 0

    def __init__(
        self, actor: Actor, type: str, payload: Mapping[str, Any] | None = None, now: int = 0
    ) -> None:
        # Frozen to the type checker only (``thaw`` below): a game builds a Command for every tap.
        self.actor = actor  # type: ignore[misc]
        self.type = type  # type: ignore[misc]
        self.payload = {} if payload is None else payload  # type: ignore[misc]
        self.now = now  # type: ignore[misc]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"actor": self.actor, "type": self.type, "now": self.now}
        if self.payload:
            out["payload"] = dict(self.payload)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Command:
        actor = data.get("actor")
        if not isinstance(actor, int | str) or isinstance(actor, bool):
            raise ValueError("command.actor must be a seat number or a reserved name")
        ctype = data.get("type")
        if not isinstance(ctype, str):
            raise ValueError("command.type must be a string")
        payload = data.get("payload", {})
        if not isinstance(payload, Mapping):
            raise ValueError("command.payload must be an object")
        now = data.get("now", 0)
        if not isinstance(now, int) or isinstance(now, bool):
            raise ValueError("command.now must be an integer (ms)")
        return cls(actor=actor, type=ctype, payload=dict(payload), now=now)


def thaw(cls: type[T]) -> type[T]:
    """Take a frozen dataclass's run-time guard off: its fields stay read-only to the type
    checker (mypy refuses any assignment to them outside ``__init__``), but assigning no
    longer raises, so ``__init__`` writes its slots as plain attributes. The guard made a
    Command cost ~4,300 instructions to build instead of ~2,000 (docs/benchmarks.md),
    and a simulated game builds ~350 Commands and ~480 Events."""
    del cls.__setattr__
    del cls.__delattr__
    return cls


thaw(Command)


def tick(now: int) -> Command:
    """The server's clock: 'it is now ``now``', sent at a deadline."""
    return Command(actor=SYSTEM, type=TICK, payload={}, now=now)
