"""Transcripts: a game is (game name, config, seed, commands).

The same format is the persistence log, the test format, the bug-report format
and the input of ``nightfall replay``. Only accepted commands are recorded; a
rejected command is not part of the game. See docs/transcripts.md.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from . import kernel
from .command import Command
from .event import Event
from .game import Game

FORMAT = "nightfall-transcript/1"


@dataclass(slots=True)
class Transcript:
    game: str
    config: dict[str, Any]
    seed: int
    commands: list[Command] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "config": self.config,
            "seed": self.seed,
            "commands": [c.to_json() for c in self.commands],
        }

    def dumps(self) -> str:
        """Canonical text: one command per line so diffs and bug reports stay readable."""
        head = {k: v for k, v in self.to_json().items() if k != "commands"}
        lines = [json.dumps(c.to_json(), ensure_ascii=False, sort_keys=True) for c in self.commands]
        body = ",\n    ".join(lines)
        text = json.dumps(head, ensure_ascii=False, sort_keys=True, indent=2)[:-2]
        return (
            f'{text},\n  "commands": [\n    {body}\n  ]\n}}\n'
            if lines
            else f'{text},\n  "commands": []\n}}\n'
        )

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Transcript:
        if data.get("format") != FORMAT:
            raise ValueError(f"not a transcript: format must be {FORMAT!r}")
        game = data.get("game")
        if not isinstance(game, str):
            raise ValueError("transcript.game must be a string")
        config = data.get("config", {})
        if not isinstance(config, dict):
            raise ValueError("transcript.config must be an object")
        seed = data.get("seed")
        if not isinstance(seed, int):
            raise ValueError("transcript.seed must be an integer")
        raw = data.get("commands", [])
        if not isinstance(raw, list):
            raise ValueError("transcript.commands must be a list")
        commands = []
        for i, c in enumerate(raw):
            try:
                commands.append(Command.from_json(c))
            except (ValueError, AttributeError) as exc:
                raise ValueError(f"transcript.commands[{i}]: {exc}") from exc
        return cls(game=game, config=config, seed=seed, commands=commands)

    @classmethod
    def loads(cls, text: str) -> Transcript:
        return cls.from_json(json.loads(text))


def replay(
    game: Game[Any],
    transcript: Transcript,
    on_step: Callable[[Command, list[Event]], None] | None = None,
) -> Any:
    """Rebuild the state by applying every command in order.

    A transcript holds only accepted commands, so a rejection during replay
    means the transcript and the rules disagree: it propagates.
    """
    state = game.setup(transcript.config, transcript.seed)
    for command in transcript.commands:
        _, events = kernel.apply(game, state, command)
        if on_step is not None:
            on_step(command, events)
    return state
