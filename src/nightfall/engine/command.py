"""Commands: everything that can change a game, including the passing of time.

A command carries who sent it, what it asks for and the server time at which it
was accepted (``now``, integer milliseconds). The engine never reads a clock: a
timer expiring is the ``tick`` command sent by the server at (or after) the
deadline, and replaying a transcript replays those ticks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

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
        # Still frozen (assignment raises), but built by writing the slots directly:
        # the generated __init__ goes through object.__setattr__ per field, 1.7x slower,
        # and a game builds a Command for every tap (docs/benchmarks.md, issue 2).
        _set_actor(self, actor)
        _set_type(self, type)
        _set_payload(self, {} if payload is None else payload)
        _set_now(self, now)

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


_set_actor = Command.__dict__["actor"].__set__  # the slot's own descriptor
_set_type = Command.__dict__["type"].__set__  # the slot's own descriptor
_set_payload = Command.__dict__["payload"].__set__  # the slot's own descriptor
_set_now = Command.__dict__["now"].__set__  # the slot's own descriptor


def tick(now: int) -> Command:
    """The server's clock: 'it is now ``now``', sent at a deadline."""
    return Command(actor=SYSTEM, type=TICK, payload={}, now=now)
