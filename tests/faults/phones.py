"""Bot phones for the fault tests: each seat reads its own socket, keeps its
latest ``state`` and, when its view says it owes an input, sends what a
HeuristicBot would. Every acknowledged command is remembered, so a test can
check that it survived a crash."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

import websockets
from websockets.asyncio.client import ClientConnection

from nightfall.engine import Rng
from nightfall.games.heks.bots.heuristic import HeuristicBot
from nightfall.games.heks.bots.table_talk import TableTalk

from .live import open_seat

# After the host's phone has the end of a game, how long the others may take to get it.
ALL_ENDED_S = 10.0


class Phone:
    def __init__(self, table: Table, index: int, token: str) -> None:
        self.table = table
        self.index = index
        self.token = token
        self.ws: ClientConnection | None = None
        self.state: dict[str, Any] = {}
        self.seat: int | None = None
        self.pid: int | None = None
        self.sent: dict[str, tuple[str, dict[str, Any]]] = {}
        self.acked: list[tuple[int, str, dict[str, Any]]] = []  # (seat, type, payload)
        self.errors: list[str] = []
        self.acted_version = -1
        self.busy = False
        self.bot = HeuristicBot()
        self.changed = asyncio.Event()
        self._n = 0
        self._reader: asyncio.Task[None] | None = None

    async def connect(self) -> dict[str, Any]:
        self.ws, welcome, state = await open_seat(self.table.url, self.table.code, self.token)
        self.pid, self.seat = welcome["you"]["pid"], welcome["you"]["seat"]
        self.acted_version = -1
        self.busy = False
        self.sent.clear()
        self._on_state(state)
        self._reader = asyncio.create_task(self._read(self.ws))
        return welcome

    async def _read(self, ws: ClientConnection) -> None:
        with contextlib.suppress(websockets.ConnectionClosed):
            async for raw in ws:
                message = json.loads(raw)
                kind = message["type"]
                if kind == "state":
                    self._on_state(message)
                elif kind in ("ack", "error"):
                    sent = self.sent.pop(str(message["id"]), None)
                    if kind == "ack" and sent is not None and sent[0] != "lobby":
                        assert self.seat is not None
                        self.acked.append((self.seat, *sent))
                    elif kind == "error":
                        self.errors.append(message["error"]["code"])
                    if not self.sent:
                        self.busy = False
                        self.maybe_act()

    def _on_state(self, message: dict[str, Any]) -> None:
        if message["version"] >= self.state.get("version", -1):
            self.state = message
            self.changed.set()
            self.table.touched()
        self.maybe_act()

    def describe(self) -> str:
        """What this phone last saw and whether it can still hear, for a failure message."""
        reader = self._reader
        hearing = "reading" if reader is not None and not reader.done() else "reader stopped"
        if reader is not None and reader.done() and not reader.cancelled() and reader.exception():
            hearing = f"reader failed: {reader.exception()!r}"
        socket = "no socket" if self.ws is None else f"socket {self.ws.state.name}"
        return (
            f"phone {self.index} (seat {self.seat}): version {self.state.get('version')}, "
            f"status {self.status}, {socket}, {hearing}"
        )

    @property
    def status(self) -> str | None:
        room: dict[str, Any] = self.state.get("room") or {}
        return room.get("status")

    def owes(self) -> bool:
        view = self.state.get("view")
        return self.status == "playing" and view is not None and bool(view["me"]["owes"])

    def maybe_act(self) -> None:
        if not self.table.playing or self.busy or self.acted_version == self.state.get("version"):
            return
        if not self.owes():
            return
        self.busy = True
        self.acted_version = self.state["version"]
        actions = self.bot.act(self.state["view"], self.table.rng, self.table.talk)
        if not actions:
            self.busy = False
            return
        asyncio.get_running_loop().create_task(self._send_all(actions))

    async def _send_all(self, actions: list[tuple[str, dict[str, Any]]]) -> None:
        for ctype, payload in actions:
            await self.command(ctype, payload)

    async def command(self, ctype: str, payload: dict[str, Any]) -> None:
        self._n += 1
        rid = f"c{self._n}"
        self.sent[rid] = (ctype, payload)
        assert self.ws is not None
        with contextlib.suppress(websockets.ConnectionClosed):
            await self.ws.send(
                json.dumps({"type": "command", "id": rid, "command": {"type": ctype, "payload": payload}})
            )

    async def lobby(self, action: str, **payload: Any) -> None:
        self._n += 1
        rid = f"l{self._n}"
        self.sent[rid] = ("lobby", {"action": action})
        assert self.ws is not None
        with contextlib.suppress(websockets.ConnectionClosed):
            await self.ws.send(json.dumps({"type": "lobby", "id": rid, "action": action, "payload": payload}))

    async def drop(self) -> None:
        """The phone vanishes (no close handshake), as when Wi-Fi goes."""
        if self.ws is not None:
            self.ws.transport.abort()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader

    async def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.ws.close(), 2)
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader


class Table:
    """A room's phones; the host marks stalled seats absent, like the real one would."""

    def __init__(self, url: str, code: str, tokens: list[str], seed: int) -> None:
        self.url = url
        self.code = code
        self.rng = Rng.from_seed(seed)
        self.talk = TableTalk()
        self.playing = False
        self.phones = [Phone(self, i, t) for i, t in enumerate(tokens)]
        self._quiet = asyncio.Event()
        self._last = 0.0

    def touched(self) -> None:
        self._last = asyncio.get_running_loop().time()

    @property
    def host(self) -> Phone:
        return self.phones[0]

    async def connect(self) -> None:
        for phone in self.phones:
            await phone.connect()

    def kick(self) -> None:
        for phone in self.phones:
            phone.maybe_act()

    async def play_until_end(self, timeout: float) -> None:
        """Let the bots play; nudge stalls (H-HST-1); return when every phone has the end.

        The host's phone ending is not enough: the server writes the final view to
        each socket in turn, and on a loaded machine its process can be off the CPU
        (or in a garbage collection) between two of those writes for hundreds of
        milliseconds, while this process already reads the host's. So each phone is
        waited for; one that never gets the end fails here, with what it last saw.
        """
        self.playing = True
        self.kick()
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while self.host.status != "ended":
            assert loop.time() < end, f"room {self.code} did not finish: {self.host.state.get('view')}"
            await asyncio.sleep(0.2)
            if loop.time() - self._last > 1.5 and self.host.status == "playing":
                pending = (self.host.state["view"].get("host") or {}).get("pending") or []
                for seat in pending:
                    await self.host.command("mark_absent", {"seat": seat})
                self.touched()
                self.kick()
        late = loop.time() + ALL_ENDED_S
        while any(p.status != "ended" for p in self.phones) and loop.time() < late:
            await asyncio.sleep(0.05)
        behind = [p.describe() for p in self.phones if p.status != "ended"]
        assert not behind, f"room {self.code} ended for the host but not for {behind}"

    async def close(self) -> None:
        for phone in self.phones:
            await phone.close()
