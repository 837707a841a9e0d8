"""The raw baseline for ``bench/load.py``: a minimal Starlette WebSocket server.

No game, no store, no rooms logic: a client joins room ``/ws/{room}`` by
connecting; every text frame it sends makes the server broadcast one message
of ``--size`` bytes to everyone in that room. The message is JSON and names
the sender, so a client can run a closed loop (send again when its own
broadcast comes back). Same uvicorn settings as ``nightfall serve``, including
no permessage-deflate (until 2026-11-29 evening the baseline compressed while
the server did not, which made the baseline look twice as slow).

``--floor DB`` adds the least that any server with Nightfall's duties must do
for each incoming message, and nothing else (no rules, no views, no room task):

- append it durably to SQLite (WAL, ``synchronous=FULL``, group commit on one
  worker thread, like ``nightfall.server.storage``) and wait for the commit;
- send every seat a message of its own (``"seat"`` differs, so each is encoded
  for its seat, as each seat's view is);
- acknowledge the sender with a small ack, as the protocol does.

Its ratio to the plain baseline is a ceiling for Nightfall's: see
docs/benchmarks.md, "The floor".

    python bench/baseline_server.py --port 8766 --size 2500
    python bench/baseline_server.py --port 8766 --size 2500 --floor /tmp/floor.sqlite3
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import sys
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor

import orjson
from starlette.applications import Starlette
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect


class GroupCommit:
    """Durable appends, one transaction (one fsync) for everything waiting."""

    def __init__(self, path: str) -> None:
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute(
            "CREATE TABLE IF NOT EXISTS log (room TEXT, seq INTEGER, body TEXT, PRIMARY KEY (room, seq))"
        )
        self._pool = ThreadPoolExecutor(max_workers=1)
        self._waiting: list[tuple[tuple[str, int, str], asyncio.Future[None]]] = []
        self._flusher: asyncio.Task[None] | None = None

    def _write(self, rows: list[tuple[str, int, str]]) -> None:
        self._db.execute("BEGIN")
        self._db.executemany("INSERT INTO log VALUES (?, ?, ?)", rows)
        self._db.execute("COMMIT")

    async def append(self, room: str, seq: int, body: str) -> None:
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append(((room, seq, body), done))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush())
        await done

    async def _flush(self) -> None:
        loop = asyncio.get_running_loop()
        while self._waiting:
            batch, self._waiting = self._waiting, []
            await loop.run_in_executor(self._pool, self._write, [row for row, _ in batch])
            for _, done in batch:
                done.set_result(None)


def build_app(size: int, floor: str | None = None) -> Starlette:
    rooms: dict[str, set[WebSocket]] = defaultdict(set)
    seqs: dict[str, int] = defaultdict(int)
    overhead = len(json.dumps({"from": "", "n": 0, "pad": ""}, separators=(",", ":")))
    store = GroupCommit(floor) if floor else None

    async def endpoint(ws: WebSocket) -> None:
        await ws.accept()
        code = ws.path_params["room"]
        room = rooms[code]
        room.add(ws)
        n = 0
        try:
            while True:
                sender = await ws.receive_text()
                n += 1
                pad = "x" * max(0, size - overhead - len(sender) - len(str(n)))
                if store is None:
                    text = json.dumps({"from": sender, "n": n, "pad": pad}, separators=(",", ":"))
                    for peer in list(room):
                        try:
                            await peer.send_text(text)
                        except Exception:
                            room.discard(peer)
                    continue
                seqs[code] += 1
                await store.append(code, seqs[code], sender)
                for seat, peer in enumerate(list(room)):
                    message = {"from": sender, "n": n, "seat": seat, "pad": pad[:-8]}
                    try:
                        await peer.send_text(orjson.dumps(message).decode())
                    except Exception:
                        room.discard(peer)
                await ws.send_text(orjson.dumps({"type": "ack", "id": n, "version": seqs[code]}).decode())
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            room.discard(ws)

    async def health(request: object) -> object:
        from starlette.responses import JSONResponse

        return JSONResponse({"ok": True})

    return Starlette(routes=[Route("/api/health", health), WebSocketRoute("/ws/{room}", endpoint)])


def main(argv: list[str]) -> int:
    import uvicorn

    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8766)
    p.add_argument("--size", type=int, default=2500, help="bytes per broadcast message")
    p.add_argument(
        "--floor", metavar="DB", help="also do Nightfall's least duties, storing in this SQLite file"
    )
    args = p.parse_args(argv)
    uvicorn.run(
        build_app(args.size, args.floor),
        host=args.host,
        port=args.port,
        ws_max_size=65536,
        ws_ping_interval=20,
        ws_ping_timeout=20,
        ws_per_message_deflate=False,  # as nightfall serve: no compression, whatever clients offer
        log_level="warning",
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
