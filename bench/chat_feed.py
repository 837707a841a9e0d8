"""Benchmark: the bytes a new clan chat message costs each reader (issue 30, finding 5).

An Andorra room (10 players: three in the mafia, two Cops, five without a clan) runs in a
real ``nightfall.server.room.Room`` with every seat and the desk attached through
``Room.attach`` (welcome, state, the chat's first page); writes go nowhere but are
counted per socket. The mafia writes ``--history`` messages, then ``--measure`` more;
the report is the bytes each socket was written per measured message: the mafia's
members, the desk, and a player outside the clan (who must get nothing).

The store answers at once (nothing on disk): this measures what is sent, not the store.
Run it on another checkout's code for the baseline in the same session:

    .venv/bin/python bench/chat_feed.py --history 2000
    PYTHONPATH=/path/to/main/src .venv/bin/python bench/chat_feed.py --history 2000

Target: ≤ 2 KB per new message to each member with 2,000 messages of history.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from typing import Any

from nightfall.games.andorra.site import AndorraSite
from nightfall.server import lobby as tables
from nightfall.server.connection import Connection
from nightfall.server.lobby import PLAYING, Lobby
from nightfall.server.play import Play
from nightfall.server.room import Room, RoomOptions
from nightfall.store import GameRecord

NAMES = ["Anna", "Boris", "Vera", "Gleb", "Dana", "Egor", "Zoya", "Ivan", "Kira", "Lev"]
ROLES = [
    "BOSS",
    "SOLDIER",
    "RECRUITER",
    "SHERIFF",
    "INVESTIGATOR",
    "PV",
    "DOCTOR",
    "MANIAC",
    "PRIEST",
    "VAMPIRE",
]
MAFIA, OUTSIDER = (1, 2, 3), 6  # seats
TEXT = "Ночью идём к Глебу; кто за? " * 3  # ~90 characters, a usual forum chat line


class NoStore:
    """An ``AsyncStore`` that answers at once and keeps nothing."""

    async def append_all(self, items: Any, fence: int | None = None) -> None:
        return None

    async def save_lobby(self, *args: Any) -> None:
        return None


class Counter:
    """Stands for the Starlette WebSocket: counts the bytes written, sends nothing."""

    def __init__(self) -> None:
        self.bytes = 0
        self.messages = 0
        self.send_text = self.write

    def write(self, text: str) -> Any:
        if text.startswith('{"type":"error"'):
            raise SystemExit(f"a chat message was refused: {text}")
        self.bytes += len(text.encode())
        self.messages += 1
        return _done()

    async def close(self, code: int = 1000) -> None:
        return None


async def _done() -> None:
    return None


async def run(history: int, measure: int) -> dict[str, Any]:
    site = AndorraSite()
    host = tables.Member(1, "desk", tables.hash_token("t1"))
    members = [host] + [
        tables.Member(i + 1, n, tables.hash_token(f"t{i + 1}")) for i, n in enumerate(NAMES, 1)
    ]
    lobby = Lobby(
        game="andorra", host=1, members=members, settings={}, status=PLAYING, next_pid=len(members) + 1
    )
    record = GameRecord(
        game_no=1, config={"players": NAMES, "roles": ROLES}, seed=7, seating=[m.pid for m in members[1:]]
    )
    now = [1]
    room = Room(
        "BENCH",
        site,
        NoStore(),  # type: ignore[arg-type]
        lobby,
        2,
        Play.setup(site.make_game(), record),
        RoomOptions(clock=lambda: now[0]),
    )
    room.start()
    sockets: dict[str, Counter] = {}
    conns: dict[int, Connection] = {}
    for who, pid in [("desk", 1), *((f"seat{s}", s + 1) for s in range(1, len(NAMES) + 1))]:
        counter = sockets[who] = Counter()
        conn = Connection(counter)  # type: ignore[arg-type]
        conn.start()
        await room.attach(conn, f"t{pid}")
        conns[pid] = conn
    n = 0

    async def say(count: int) -> None:
        nonlocal n
        for _ in range(count):
            seat = MAFIA[n % len(MAFIA)]
            now[0] += 1
            message = {
                "type": "command",
                "id": n,
                "command": {"type": "chat", "payload": {"text": f"{TEXT}{n}"}},
            }
            await room.request(conns[seat + 1], message)
            n += 1

    t0 = time.perf_counter()
    await say(history)
    history_s = time.perf_counter() - t0
    before = {who: c.bytes for who, c in sockets.items()}
    await say(measure)
    per = {who: (c.bytes - before[who]) / measure for who, c in sockets.items()}
    await room.stop()
    sender_ack = per[f"seat{MAFIA[0]}"]  # a sender also reads his ack; the others only the message
    return {
        "history": history,
        "measure": measure,
        "member_bytes_per_message": round(statistics.median(per[f"seat{s}"] for s in MAFIA), 1),
        "member_max_bytes_per_message": round(max(per[f"seat{s}"] for s in MAFIA), 1),
        "sender_bytes_per_message": round(sender_ack, 1),
        "desk_bytes_per_message": round(per["desk"], 1),
        "outsider_bytes_per_message": round(per[f"seat{OUTSIDER}"], 1),
        "history_seconds": round(history_s, 2),
    }


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--history", type=int, default=2000, help="messages before the measured ones")
    p.add_argument("--measure", type=int, default=30, help="messages measured")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    report = {
        "command": " ".join(["bench/chat_feed.py", *argv]),
        **asyncio.run(run(args.history, args.measure)),
    }
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(
            f"{args.history} messages of history: {report['member_bytes_per_message']} bytes per new message "
            f"to each member (max {report['member_max_bytes_per_message']}), {report['desk_bytes_per_message']} "
            f"to the desk, {report['outsider_bytes_per_message']} to a player outside the clan"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
