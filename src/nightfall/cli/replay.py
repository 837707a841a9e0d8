"""``nightfall replay FILE``: what one viewer saw of a recorded game, and how it ended.

Replaying is deterministic: the same transcript gives byte-for-byte the same
output on every run (the RNG is pinned and lives in the state).

``nightfall replay --room CODE`` replays a room's latest game from the server's
store instead: its game is found by the name the room is stored under, and its
log is a transcript of that game's rules (``--save FILE`` writes it out).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from nightfall.engine import Rejected, Transcript, Viewer, kernel, visible
from nightfall.games import registry
from nightfall.store import EventStore, open_store


def parse_viewer(text: str) -> Viewer:
    if text in ("all", "public", "host"):
        return text  # type: ignore[return-value]
    try:
        return int(text)
    except ValueError:
        raise SystemExit(f"--viewer: expected a seat number, host, public or all; got {text!r}") from None


def stored_transcript(store: EventStore, code: str) -> Transcript:
    """The latest game of room ``code`` as a transcript; ``LookupError`` if it has none."""
    stored = store.load_room(code.strip().upper())
    if stored is None:
        raise LookupError(f"no room {code!r} in the store")
    if stored.game is None:
        raise LookupError(f"room {stored.room.code} has not started a game")
    try:
        site = registry.site(stored.room.game)
    except KeyError:
        raise LookupError(f"room {stored.room.code}: unknown game {stored.room.game!r}") from None
    return Transcript(
        game=site.make_game().name,
        config=stored.game.config,
        seed=stored.game.seed,
        commands=[site.redact(c) for c in stored.commands],  # no secret leaves in a transcript
    )


def _from_store(args: argparse.Namespace) -> Transcript | int:
    try:
        store = open_store(args.store)
    except (OSError, ValueError, RuntimeError) as exc:
        print(f"replay: {args.store}: {exc}", file=sys.stderr)
        return 2
    try:
        transcript = stored_transcript(store, args.room)
    except LookupError as exc:
        print(f"replay: {args.store}: {exc.args[0]}", file=sys.stderr)
        return 2
    finally:
        store.close()
    if args.save:
        Path(args.save).write_text(transcript.dumps(), encoding="utf-8")
    return transcript


def _from_file(file: str) -> Transcript | int:
    path = Path(file)
    try:
        return Transcript.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        print(f"replay: no such file: {path}", file=sys.stderr)
        return 2
    except (ValueError, json.JSONDecodeError) as exc:
        print(f"replay: {path}: {exc}", file=sys.stderr)
        return 2


def main(args: argparse.Namespace) -> int:
    args.room = getattr(args, "room", None)  # a Namespace built by hand may have only ``file``
    if (args.file is None) == (args.room is None):
        print("replay: name a transcript FILE or a stored --room CODE (one of them)", file=sys.stderr)
        return 2
    loaded = _from_file(args.file) if args.file is not None else _from_store(args)
    if isinstance(loaded, int):
        return loaded
    transcript = loaded
    path = Path(args.file) if args.file is not None else Path(f"{args.store}#{args.room}")
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
