"""The raw baseline for ``bench/load.py``: a minimal Starlette WebSocket server.

No game, no store, no rooms logic: a client joins room ``/ws/{room}`` by
connecting; every text frame it sends makes the server broadcast one message
of ``--size`` bytes to everyone in that room. The message is JSON and names
the sender, so a client can run a closed loop (send again when its own
broadcast comes back). Same uvicorn settings as ``nightfall serve``, including
no permessage-deflate (until 2026-11-29 evening the baseline compressed while
the server did not, which made the baseline look twice as slow).

    python bench/baseline_server.py --port 8766 --size 2500
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict

from starlette.applications import Starlette
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect


def build_app(size: int) -> Starlette:
    rooms: dict[str, set[WebSocket]] = defaultdict(set)
    overhead = len(json.dumps({"from": "", "n": 0, "pad": ""}, separators=(",", ":")))

    async def endpoint(ws: WebSocket) -> None:
        await ws.accept()
        room = rooms[ws.path_params["room"]]
        room.add(ws)
        n = 0
        try:
            while True:
                sender = await ws.receive_text()
                n += 1
                pad = "x" * max(0, size - overhead - len(sender) - len(str(n)))
                text = json.dumps({"from": sender, "n": n, "pad": pad}, separators=(",", ":"))
                for peer in list(room):
                    try:
                        await peer.send_text(text)
                    except Exception:
                        room.discard(peer)
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

    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8766)
    p.add_argument("--size", type=int, default=2500, help="bytes per broadcast message")
    args = p.parse_args(argv)
    uvicorn.run(
        build_app(args.size),
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
