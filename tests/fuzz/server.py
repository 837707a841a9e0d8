"""A real server on a loopback port, run by uvicorn in a background thread, so
that hypothesis (which drives plain functions) can talk to it with blocking
clients. The test reads the rooms' revisions directly to prove that a bad
request changed nothing."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from websockets.sync.client import ClientConnection, connect

from nightfall.games.heks.site import HeksSite
from nightfall.games.registry import Catalog
from nightfall.server.app import create_app
from nightfall.server.limits import ServerLimits
from nightfall.server.main import websocket_settings
from nightfall.server.room import Room, RoomOptions
from nightfall.store import SqliteStore

TIMEOUT = 5.0


class ThreadServer:
    def __init__(
        self,
        db: Path,
        options: RoomOptions | None = None,
        limits: ServerLimits | None = None,
        catalog: Catalog | None = None,
    ) -> None:
        self.app = create_app(
            SqliteStore(db),
            catalog=catalog or {"heks": HeksSite()},
            options=options or RoomOptions(grace_ms=1000),
            web_dist=db.parent / "no-dist",
            limits=limits,
        )
        config = uvicorn.Config(
            self.app, host="127.0.0.1", port=0, log_level="critical", lifespan="on", **websocket_settings()
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        end = time.monotonic() + 20
        while not self.server.started:
            assert self.thread.is_alive() and time.monotonic() < end, "the server did not start"
            time.sleep(0.01)
        port = self.server.servers[0].sockets[0].getsockname()[1]
        self.url = f"http://127.0.0.1:{port}"
        self.ws_url = f"ws://127.0.0.1:{port}"
        self.http = httpx.Client(base_url=self.url, timeout=TIMEOUT)

    def stop(self) -> None:
        self.http.close()
        self.server.should_exit = True
        self.thread.join(TIMEOUT)

    def room(self, code: str) -> Room:
        room: Room = self.app.state.rooms._rooms[code]
        return room

    def alive(self) -> bool:
        return self.thread.is_alive() and self.http.get("/api/health").status_code == 200

    # -- clients -------------------------------------------------------------

    def table(self, names: list[str]) -> tuple[str, list[str]]:
        r = self.http.post("/api/rooms", json={"name": names[0], "game": "heks"})
        assert r.status_code == 201, r.text
        code, tokens = r.json()["code"], [r.json()["token"]]
        for name in names[1:]:
            j = self.http.post(f"/api/rooms/{code}/join", json={"name": name})
            assert j.status_code == 201, j.text
            tokens.append(j.json()["token"])
        return code, tokens

    def open(self, code: str) -> ClientConnection:
        return connect(f"{self.ws_url}/ws/{code}", max_size=2**20, open_timeout=TIMEOUT, close_timeout=1)

    def seat(self, code: str, token: str | None) -> tuple[ClientConnection, dict[str, Any]]:
        """A socket past hello: (socket, its first state)."""
        ws = self.open(code)
        hello: dict[str, Any] = {"type": "hello", "v": 1}
        if token is not None:
            hello["token"] = token
        ws.send(json.dumps(hello))
        welcome = json.loads(ws.recv(TIMEOUT))
        assert welcome["type"] == "welcome", welcome
        return ws, next_of(ws, "state")


def next_of(ws: ClientConnection, *kinds: str, timeout: float = TIMEOUT) -> dict[str, Any]:
    """The next message of one of ``kinds`` (presence and state updates in between are skipped)."""
    end = time.monotonic() + timeout
    while True:
        message: dict[str, Any] = json.loads(ws.recv(max(0.01, end - time.monotonic())))
        if message["type"] in kinds:
            return message
