"""A real server for the fault tests: in this event loop (uvicorn on a free
loopback port) or as a separate ``nightfall serve`` process that can be
SIGKILLed (timers shortened through ``NIGHTFALL_HEKS_TIMERS``). Every wait has a timeout, so a broken server fails a test instead
of hanging it."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import uvicorn
import websockets
from websockets.asyncio.client import ClientConnection

from nightfall.games.heks.site import HeksSite
from nightfall.server.app import create_app
from nightfall.server.limits import ServerLimits
from nightfall.server.main import websocket_settings
from nightfall.server.room import RoomOptions
from nightfall.store import SqliteStore

TIMEOUT = 10.0
# How long a `nightfall serve` process may take to answer /api/health. It needs about
# 0.8 s of CPU to start; on a machine whose load average is 40 that took 32 s of wall
# time, so the bound is generous. A server that exits fails at once (``Process.start``).
START_TIMEOUT = 120.0
_VERSION = re.compile(r'"version":(\d+)')


@dataclass
class InLoop:
    url: str
    server: uvicorn.Server
    task: asyncio.Task[None]
    app: Any

    async def stop(self) -> None:
        self.server.should_exit = True
        await asyncio.wait_for(self.task, TIMEOUT)


# These tests play many phones from 127.0.0.1, which on a real LAN are many addresses:
# the per-address limits (tested in tests/server/test_limits.py) are lifted.
UNLIMITED_FLAGS = ["--max-rooms", "0", "--max-sockets-per-address", "0", "--http-rate", "0"]


async def serve_in_loop(
    db: Path,
    timers: Mapping[str, float] | None = None,
    options: RoomOptions | None = None,
    limits: ServerLimits | None = None,
) -> InLoop:
    app = create_app(
        SqliteStore(db),
        catalog={"heks": HeksSite(timers=dict(timers or {}))},
        options=options or RoomOptions(grace_ms=500),
        web_dist=db.parent / "no-dist",
        limits=limits or ServerLimits.unlimited(),
    )
    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", **websocket_settings())
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve())
    for _ in range(500):
        if server.started or task.done():
            break
        await asyncio.sleep(0.01)
    assert server.started, "the server did not start"
    port = server.servers[0].sockets[0].getsockname()[1]
    return InLoop(f"http://127.0.0.1:{port}", server, task, app)


class Process:
    """``nightfall serve`` in its own process."""

    def __init__(self, data_dir: Path, port: int, timers: Mapping[str, float]) -> None:
        self.data_dir = data_dir
        self.port = port
        self.timers = dict(timers)
        self.url = f"http://127.0.0.1:{port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        env = dict(os.environ, NIGHTFALL_HEKS_TIMERS=json.dumps(self.timers))
        log = (self.data_dir / "server.log").open("ab")
        cmd = [
            sys.executable,
            "-m",
            "nightfall.cli",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
        ]
        self.proc = subprocess.Popen(
            [*cmd, "--data-dir", str(self.data_dir), *UNLIMITED_FLAGS],
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        log.close()
        end = time.monotonic() + START_TIMEOUT
        while time.monotonic() < end:
            assert self.proc.poll() is None, (self.data_dir / "server.log").read_text()[-2000:]
            try:
                if httpx.get(f"{self.url}/api/health", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
        raise AssertionError("the server did not start")

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


async def make_table(url: str, names: list[str]) -> tuple[str, list[str]]:
    """A Heks room with ``names`` seated (the first is the host); their tokens."""
    async with httpx.AsyncClient(base_url=url, timeout=TIMEOUT) as http:
        r = await http.post("/api/rooms", json={"name": names[0], "game": "heks"})
        assert r.status_code == 201, r.text
        code, tokens = r.json()["code"], [r.json()["token"]]
        for name in names[1:]:
            j = await http.post(f"/api/rooms/{code}/join", json={"name": name})
            assert j.status_code == 201, j.text
            tokens.append(j.json()["token"])
    return code, tokens


def version_of(raw: str) -> int:
    found = _VERSION.search(raw)
    return int(found.group(1)) if found else -1


async def open_seat(
    url: str, code: str, token: str | None, **kwargs: Any
) -> tuple[ClientConnection, dict[str, Any], dict[str, Any]]:
    """Open a socket and say hello: (socket, welcome, first state)."""
    ws = await asyncio.wait_for(
        websockets.connect(f"{url.replace('http://', 'ws://')}/ws/{code}", max_size=2**20, **kwargs), TIMEOUT
    )
    hello: dict[str, Any] = {"type": "hello", "v": 1}
    if token is not None:
        hello["token"] = token
    await ws.send(json.dumps(hello))
    welcome = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
    assert welcome["type"] == "welcome", welcome
    while True:
        state = json.loads(await asyncio.wait_for(ws.recv(), TIMEOUT))
        if state["type"] == "state":
            return ws, welcome, state


def timers_to_the_vote(approve_seconds: float) -> dict[str, float]:
    """Heks timers where everything before the approve/reject vote runs out at once (random
    places, the witches' auto-choice, auto-confirm after H-TBL-3's short timers, a random
    team) and the vote itself is long: the outage and takeover tests stop a node in it."""
    quick = ("depart", "guard", "confirm", "discuss", "propose")
    return {**dict.fromkeys(quick, 0.3), "witch": 0.2, "approve": approve_seconds}


async def state_where(ws: ClientConnection, phase: str, timeout: float = 15) -> dict[str, Any]:
    """The next `state` message whose view is in `phase`."""

    async def wait() -> dict[str, Any]:
        while True:
            message: dict[str, Any] = json.loads(await ws.recv())
            if message.get("type") == "state" and (message.get("view") or {}).get("phase") == phase:
                return message

    return await asyncio.wait_for(wait(), timeout)


async def command_answer(
    ws: ClientConnection, kind: str, payload: dict[str, Any], cid: str = "c1", timeout: float = 10
) -> dict[str, Any]:
    """Send one command and return the server's answer to it (``ack`` or ``error``),
    skipping the state messages in between."""
    await ws.send(json.dumps({"type": "command", "id": cid, "command": {"type": kind, "payload": payload}}))
    while True:
        answer: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), timeout))
        if answer.get("id") == cid:
            return answer
