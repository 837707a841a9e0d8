"""Benchmark: the server's own work per command, without sockets.

``bench/load.py`` measures the whole server against a raw baseline; its floor
(``--floor``) shows that sockets, a durable store and a message per seat cost
little next to that (docs/benchmarks.md, "The floor"). What is left is the
server's own work: the room's task and inbox, the rules, the store hand-off,
building each seat's message, the outboxes. This measures exactly that, in one
process, in seconds, so a change can be judged at once:

1. plays ``--games`` complete 10-player Vang de Heks games with the heuristic bots
   (the engine only) and keeps their transcripts;
2. replays each transcript through a real ``nightfall.server.room.Room``:
   every seat has a ``Connection`` whose writes go nowhere, each command is
   a protocol message through ``Room.request``, each tick goes through the
   room's task, every game in its own room at once (so the store's group commit
   batches, as on a busy server); the store is the real SQLite store (``--store sqlite``,
   WAL, ``synchronous=FULL``, on ``--data-root``) or one that answers at once
   (``--store none``);
3. reports CPU per accepted command and per message the seats would have been
   sent, as medians over ``--repeat`` runs, with a fixed pure-Python
   calibration workload timed in the same process (ratios hold on a noisy
   machine).

    .venv/bin/python bench/room_pipeline.py
    .venv/bin/python bench/room_pipeline.py --games 20 --store none --profile /tmp/room.prof
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from calibration import calibration
from nightfall.engine import TICK, Transcript
from nightfall.games.heks.bots import BOTS, play_game
from nightfall.games.heks.site import HeksSite
from nightfall.server import lobby as tables
from nightfall.server.connection import Connection
from nightfall.server.lobby import PLAYING, Lobby
from nightfall.server.play import Play
from nightfall.server.room import Room, RoomOptions
from nightfall.server.storage import AsyncStore
from nightfall.store import GameRecord, RoomRecord, SqliteStore

PLAYERS = [f"P{i}" for i in range(1, 11)]


class NoStore:
    """An ``AsyncStore`` that answers at once and keeps nothing."""

    async def append_all(self, items: Any, fence: int | None = None) -> None:
        return None

    async def save_lobby(self, *args: Any) -> None:
        return None


class Outbox:
    """What a socket's ASGI send would have written: counted, nothing else."""

    def __init__(self) -> None:
        self.messages = 0

    def write(self, text: str) -> Any:
        self.messages += 1
        return _done()


async def _done() -> None:
    return None


class Socket:
    """Stands for the Starlette WebSocket: text goes to the outbox, close does nothing.
    (Through ``send_text``, not ``Connection(write=...)``, so the same script also
    measures commits from before that parameter, for A/B runs.)"""

    def __init__(self, outbox: Outbox) -> None:
        self.send_text = outbox.write

    async def close(self, code: int = 1000) -> None:
        return None


def transcripts(games: int, seed: int) -> list[Transcript]:
    bots = {s: BOTS["heuristic"]() for s in range(1, len(PLAYERS) + 1)}
    return [play_game({"players": PLAYERS, "mode": "timed"}, seed + i, bots).transcript for i in range(games)]


async def replay(transcript: Transcript, store: Any, code: str) -> tuple[int, int, int]:
    """Replay one game through a room; (accepted commands, messages written, rejections)."""
    now = [0]
    members = [tables.Member(i, name, tables.hash_token(f"t{i}")) for i, name in enumerate(PLAYERS, 1)]
    lobby = Lobby(
        game="heks", host=1, members=members, settings={}, status=PLAYING, next_pid=len(members) + 1
    )
    record = GameRecord(
        game_no=1, config=dict(transcript.config), seed=transcript.seed, seating=[m.pid for m in members]
    )
    if isinstance(store, AsyncStore):
        await store.create_room(RoomRecord(code, "heks", "lobby", lobby.to_json(), 1))
        await store.start_game(code, record, lobby.to_json(), 2)
    adapter = HeksSite(timers={})
    room = Room(
        code,
        adapter,
        store,
        lobby,
        2,
        Play.setup(adapter.make_game(), record),
        RoomOptions(clock=lambda: now[0]),
    )
    outboxes: dict[int, Outbox] = {}
    conns: dict[int, Connection] = {}
    for member in members:
        outbox = outboxes[member.pid] = Outbox()
        conn = Connection(Socket(outbox))  # type: ignore[arg-type]
        conn.pid = member.pid
        conn.start()
        conns[member.pid] = conn
        room.conns.append(conn)
        room.core.presence.connect(member.pid)
    room.start()
    rejected = 0
    try:
        for n, command in enumerate(transcript.commands):
            now[0] = command.now
            if command.type == TICK:  # sent by "system", through the room task like a due timer
                await room.call(room.committer.tick)
                continue
            assert isinstance(command.actor, int)
            message = {
                "type": "command",
                "id": n,
                "command": {"type": command.type, "payload": dict(command.payload)},
            }
            await room.request(conns[command.actor], message)
        if room.play is None or room.play.seq != len(transcript.commands):
            rejected = len(transcript.commands) - (room.play.seq if room.play else 0)
    finally:
        await room.stop()
    return len(transcript.commands), sum(o.messages for o in outboxes.values()), rejected


async def run(
    games: list[Transcript], store_kind: str, data_root: str, profile: cProfile.Profile | None
) -> dict[str, float]:
    directory = tempfile.mkdtemp(prefix="nf-pipeline-", dir=data_root)
    store: Any = (
        AsyncStore(SqliteStore(Path(directory) / "pipeline.sqlite3")) if store_kind == "sqlite" else NoStore()
    )
    commands = messages = rejected = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    if profile is not None:
        profile.enable()
    # Every game in its own room at once, as a busy server has them: the store's group
    # commit then batches what the rooms append meanwhile, as it does there.
    for c, m, r in await asyncio.gather(*(replay(t, store, f"R{i:05d}") for i, t in enumerate(games))):
        commands, messages, rejected = commands + c, messages + m, rejected + r
    if profile is not None:
        profile.disable()
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    if isinstance(store, AsyncStore):
        await store.close()
    return {
        "commands": commands,
        "messages": messages,
        "rejected": rejected,
        "cpu_us_per_command": 1e6 * cpu / commands,
        "cpu_us_per_message": 1e6 * cpu / messages,
        "messages_per_command": messages / commands,
        "wall_s": wall,
    }


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=30, help="games per run")
    p.add_argument("--repeat", type=int, default=3, help="runs (the median is reported)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--store", choices=("sqlite", "none"), default="sqlite")
    p.add_argument("--data-root", default="/tmp", help="where the SQLite store's temporary directory goes")
    p.add_argument("--profile", help="write a cProfile of the last run here")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    print(f"playing {args.games} 10-player games with the heuristic bots ...", file=sys.stderr)
    games = transcripts(args.games, args.seed)
    calib = [calibration() for _ in range(3)]
    runs = []
    for i in range(args.repeat):
        profile = cProfile.Profile() if args.profile and i == args.repeat - 1 else None
        runs.append(asyncio.run(run(games, args.store, args.data_root, profile)))
        print(
            f"run {i + 1}/{args.repeat}: {runs[-1]['cpu_us_per_command']:.1f} us CPU per command, "
            f"{runs[-1]['cpu_us_per_message']:.2f} us per message",
            file=sys.stderr,
        )
        if profile is not None:
            profile.dump_stats(args.profile)
    calib += [calibration() for _ in range(3)]
    median = {key: statistics.median(r[key] for r in runs) for key in runs[0]}
    report = {
        "command": " ".join(["bench/room_pipeline.py", *argv]),
        "store": args.store,
        "games": args.games,
        "commands": int(median["commands"]),
        "rejected": int(median["rejected"]),
        "messages_per_command": round(median["messages_per_command"], 2),
        "cpu_us_per_command": round(median["cpu_us_per_command"], 1),
        "cpu_us_per_message": round(median["cpu_us_per_message"], 2),
        "calibration_ms": round(statistics.median(calib) * 1000, 2),
        # CPU per command in calibration units: comparable across machines and loads.
        "command_per_calibration": round(median["cpu_us_per_command"] / (statistics.median(calib) * 1e6), 5),
    }
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(
            f"{report['commands']} commands per run ({report['rejected']} rejected), {report['messages_per_command']} "
            f"messages per command; CPU {report['cpu_us_per_command']} us per command, "
            f"{report['cpu_us_per_message']} us per message (store: {args.store}); "
            f"calibration {report['calibration_ms']} ms"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
