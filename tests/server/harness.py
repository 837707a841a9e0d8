"""A real server in the test's event loop (uvicorn on a free port) and small
clients for it. Every wait has a timeout, so a broken server fails a test
instead of hanging it."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import uvicorn
import websockets
from websockets.asyncio.client import ClientConnection

from nightfall.games.registry import Catalog
from nightfall.server.app import create_app
from nightfall.server.clock import now_ms
from nightfall.server.limits import ServerLimits
from nightfall.server.main import websocket_settings
from nightfall.server.room import RoomOptions
from nightfall.store import SqliteStore

from .toy import ToyAdapter

TIMEOUT = 5.0


class FakeClock:
    """A monotonic clock (seconds) that moves only when told: for ``ServerLimits.clock``,
    so rate limits are tested by counting, not by sleeping."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class FakeMsClock:
    """The rooms' clock (``RoomOptions.clock``, ms) moved by hand: game deadlines and
    idle times without waiting. It starts at the real time because the store stamps
    each room's last write with the real time (what a restart compares it with)."""

    def __init__(self) -> None:
        self.now = now_ms()

    def __call__(self) -> int:
        return self.now

    def advance(self, ms: int) -> None:
        self.now += ms

    def minutes(self, n: float) -> None:
        self.advance(int(n * 60_000))


class Ws:
    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.seen: list[dict[str, Any]] = []
        self._ids = 0

    async def send(self, message: dict[str, Any] | str) -> None:
        await self.ws.send(message if isinstance(message, str) else json.dumps(message))

    async def recv(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        raw = await asyncio.wait_for(self.ws.recv(), timeout)
        message: dict[str, Any] = json.loads(raw)
        self.seen.append(message)
        return message

    async def expect(self, kind: str, timeout: float = TIMEOUT, **match: Any) -> dict[str, Any]:
        """Skip messages until one of ``kind`` whose top-level fields match."""

        async def find() -> dict[str, Any]:
            while True:
                message = await self.recv(timeout)
                if message["type"] == kind and all(message.get(k) == v for k, v in match.items()):
                    return message

        return await asyncio.wait_for(find(), timeout)

    async def state_where(
        self, pred: Callable[[dict[str, Any]], bool], timeout: float = TIMEOUT
    ) -> dict[str, Any]:
        async def find() -> dict[str, Any]:
            while True:
                message = await self.expect("state", timeout)
                if pred(message):
                    return message

        return await asyncio.wait_for(find(), timeout)

    @property
    def state(self) -> dict[str, Any]:
        """The latest state this socket has read."""
        return [m for m in self.seen if m["type"] == "state"][-1]

    async def presence(self, pid: int, value: str) -> dict[str, Any]:
        async def find() -> dict[str, Any]:
            while True:
                message = await self.expect("presence")
                if {"pid": pid, "presence": value} in message["members"]:
                    return message

        return await asyncio.wait_for(find(), TIMEOUT)

    def next_id(self) -> str:
        self._ids += 1
        return f"r{self._ids}"

    async def answer(self, rid: Any) -> dict[str, Any]:
        """The ack or error for request ``rid``."""

        async def find() -> dict[str, Any]:
            while True:
                message = await self.recv()
                if message["type"] in ("ack", "error") and message.get("id") == rid:
                    return message

        return await asyncio.wait_for(find(), TIMEOUT)

    async def command(self, ctype: str, **payload: Any) -> dict[str, Any]:
        rid = self.next_id()
        await self.send({"type": "command", "id": rid, "command": {"type": ctype, "payload": payload}})
        return await self.answer(rid)

    async def lobby(self, action: str, **payload: Any) -> dict[str, Any]:
        rid = self.next_id()
        await self.send({"type": "lobby", "id": rid, "action": action, "payload": payload})
        return await self.answer(rid)

    async def close(self) -> None:
        await self.ws.close()


async def messages_until_quiet(ws: Ws, quiet: float = 0.5) -> list[dict[str, Any]]:
    """Everything the socket gets until nothing came for ``quiet`` seconds: to count the
    answers to a flood, whose frames are dropped unanswered past the rate limit. (The
    counts come from a ``FakeClock``; this wait only lets the server read every frame.)"""
    got: list[dict[str, Any]] = []
    while True:
        try:
            got.append(await ws.recv(quiet))
        except TimeoutError:
            return got


@dataclass
class Live:
    url: str
    server: uvicorn.Server
    task: asyncio.Task[None]
    http: httpx.AsyncClient
    app: Any = None  # the Starlette app: its ``state.rooms`` for white-box checks
    sockets: list[Ws] = field(default_factory=list)

    @property
    def ws_url(self) -> str:
        return self.url.replace("http://", "ws://")

    async def create(self, name: str = "Anna", game: str = "toy") -> dict[str, Any]:
        r = await self.http.post("/api/rooms", json={"name": name, "game": game})
        assert r.status_code == 201, r.text
        data: dict[str, Any] = r.json()
        return data

    async def join(self, code: str, name: str) -> httpx.Response:
        return await self.http.post(f"/api/rooms/{code}/join", json={"name": name})

    async def open(self, code: str, origin: str | None = None) -> Ws:
        headers = {"Origin": origin} if origin else None
        ws = await asyncio.wait_for(
            websockets.connect(f"{self.ws_url}/ws/{code}", additional_headers=headers, max_size=2**20),
            TIMEOUT,
        )
        client = Ws(ws)
        self.sockets.append(client)
        return client

    async def connect(self, code: str, token: str | None = None) -> Ws:
        """Open a socket, say hello, and read the welcome and first state."""
        client = await self.open(code)
        hello: dict[str, Any] = {"type": "hello", "v": 1}
        if token is not None:
            hello["token"] = token
        await client.send(hello)
        welcome = await client.recv()
        assert welcome["type"] == "welcome", welcome
        await client.expect("state")
        return client

    async def stop(self) -> None:
        for s in self.sockets:
            # A socket whose messages the test left unread has its reading paused (the
            # client's flow control), so it never reads the server's closing frame and would
            # wait out websockets' 10 s close timeout: the server is going anyway.
            s.ws.close_timeout = 0.5
            await s.ws.close()
        await self.http.aclose()
        self.server.should_exit = True
        await asyncio.wait_for(self.task, TIMEOUT)


async def start_server(
    db: Path,
    catalog: Catalog | None = None,
    options: RoomOptions | None = None,
    web_dist: Path | None = None,
    public_url: str | None = None,
    limits: ServerLimits | None = None,
    fast_paths: bool = True,
    allowed_hosts: tuple[str, ...] = (),
) -> Live:
    app = create_app(
        SqliteStore(db),
        public_url=public_url,
        catalog=catalog if catalog is not None else {"toy": ToyAdapter()},
        options=options or RoomOptions(grace_ms=200),
        web_dist=web_dist or db.parent / "no-dist",
        limits=limits,
        fast_paths=fast_paths,
        allowed_hosts=allowed_hosts,
    )
    config = uvicorn.Config(
        app, host="127.0.0.1", port=0, log_level="warning", **websocket_settings(fast_paths)
    )
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve())
    for _ in range(500):
        if server.started or task.done():
            break
        await asyncio.sleep(0.01)
    assert server.started, "the server did not start"
    port = server.servers[0].sockets[0].getsockname()[1]
    url = f"http://127.0.0.1:{port}"
    return Live(
        url=url, server=server, task=task, http=httpx.AsyncClient(base_url=url, timeout=TIMEOUT), app=app
    )


@asynccontextmanager
async def servers(db: Path, **defaults: Any) -> AsyncIterator[Callable[..., Any]]:
    """A starter of servers on one database (several in a row, for restarts); each
    call's keywords go to ``start_server`` over ``defaults``. Every server still
    running is stopped on the way out."""
    running: list[Live] = []

    async def start(**kwargs: Any) -> Live:
        live = await start_server(db, **{**defaults, **kwargs})
        running.append(live)
        return live

    try:
        yield start
    finally:
        for live in running:
            if not live.task.done():
                await live.stop()


async def table(live: Live, names: list[str]) -> tuple[str, list[dict[str, Any]], list[Ws]]:
    """A room with ``names`` seated (the first is host), each with an open socket."""
    created = await live.create(names[0])
    code = created["code"]
    seats = [created]
    for name in names[1:]:
        r = await live.join(code, name)
        assert r.status_code == 201, r.text
        seats.append(r.json())
    sockets = [await live.connect(code, s["token"]) for s in seats]
    return code, seats, sockets


async def until(check: Callable[[], bool]) -> None:
    """Wait (up to 5 s) for something the server does on its own: a socket's detach, a timer."""
    for _ in range(500):
        if check():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("timed out")


@asynccontextmanager
async def serve_asgi(app: Any, **settings: Any) -> AsyncIterator[int]:
    """A bare ASGI ``app`` under a real uvicorn on 127.0.0.1 (no lifespan) with
    ``nightfall serve``'s WebSocket settings, overridden by ``settings``; yields the port."""
    config = uvicorn.Config(
        app,
        host="127.0.0.1",
        port=0,
        lifespan="off",
        log_level="warning",
        **{**websocket_settings(), **settings},
    )
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve())
    while not server.started:
        assert not task.done(), "the server did not start"
        await asyncio.sleep(0.01)
    try:
        yield server.servers[0].sockets[0].getsockname()[1]
    finally:
        server.should_exit = True
        await asyncio.wait_for(task, TIMEOUT)
