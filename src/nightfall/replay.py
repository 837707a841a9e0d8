"""``nightfall replay FILE``: what one viewer saw of a recorded game, and how it ended.

Replaying is deterministic: the same transcript gives byte-for-byte the same
output on every run (the RNG is pinned and lives in the state).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from nightfall.engine import Rejected, Transcript, Viewer, kernel, visible
from nightfall.games import registry


def parse_viewer(text: str) -> Viewer:
    if text in ("all", "public", "host"):
        return text  # type: ignore[return-value]
    try:
        return int(text)
    except ValueError:
        raise SystemExit(f"--viewer: expected a seat number, host, public or all; got {text!r}") from None


def main(args: argparse.Namespace) -> int:
    path = Path(args.file)
    try:
        transcript = Transcript.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        print(f"replay: no such file: {path}", file=sys.stderr)
        return 2
    except (ValueError, json.JSONDecodeError) as exc:
        print(f"replay: {path}: {exc}", file=sys.stderr)
        return 2
    try:
        game = registry.get(transcript.game)
    except KeyError:
        print(f"replay: {path}: unknown game {transcript.game!r}", file=sys.stderr)
        return 2
    viewer = parse_viewer(args.viewer)
    lines: list[dict[str, Any]] = []
    try:
        state = game.setup(transcript.config, transcript.seed)
        for i, command in enumerate(transcript.commands):
            try:
                _, events = kernel.apply(game, state, command)
            except Rejected as exc:
                print(
                    f"replay: {path}: command {i} was rejected ({exc}); the transcript does not match the rules",
                    file=sys.stderr,
                )
                return 1
            for event in visible(events, viewer):
                lines.append({"i": i, "now": command.now, **event.to_json()})
    except Rejected as exc:
        print(f"replay: {path}: bad config: {exc}", file=sys.stderr)
        return 1
    result = game.result(state)
    if args.json:
        print(
            json.dumps(
                {"viewer": viewer, "events": lines, "result": result}, ensure_ascii=False, sort_keys=True
            )
        )
        return 0
    for line in lines:
        data = {k: v for k, v in line.items() if k not in ("i", "now", "type")}
        detail = " ".join(f"{k}={json.dumps(v, ensure_ascii=False, sort_keys=True)}" for k, v in data.items())
        print(f"{line['now'] / 1000:9.1f}s  {line['type']:<18} {detail}")
    if result is None:
        print("(game not finished)")
    else:
        # Each game's result has its own keys (Heks: winner, reason, score; Andorra others).
        first = [k for k in ("winner", "reason") if k in result]
        keys = first + sorted(k for k in result if k not in first)
        print("RESULT " + " ".join(f"{k}={_plain(result[k])}" for k in keys))
    return 0


def _plain(value: object) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, sort_keys=True)
