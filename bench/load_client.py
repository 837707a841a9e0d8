"""Bot phones for ``bench/load.py``: one worker process drives a slice of the rooms.

Each seat is a real WebSocket speaking docs/protocol.md: it keeps the latest
``state``, and when its view says it owes an input (``view.me.owes``) it asks
a HeuristicBot what to send, after a think time that depends on the phase of
the run (real pace or saturation). The host of each room starts the game,
plays again when it ends, and marks a seat absent if the table stalls.

Latency is command → view: from sending a ``command`` to receiving the first
``state`` whose ``version`` is at least the version in that command's ``ack``.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import random
import re
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import httpx
import orjson
import websockets
from websockets.asyncio.client import ClientConnection
from websockets.protocol import State

from nightfall.engine import Rng
from nightfall.games.heks.bots.heuristic import HeuristicBot
from nightfall.games.heks.bots.table_talk import TableTalk

# Run phases, shared with the parent through a multiprocessing Value.
SETUP, IDLE, REAL, SATURATE, STOP = 0, 1, 2, 3, 4
# load.py --cluster, after the real phase: a node is killed; the bots stop playing (so the
# real phase's numbers end where its CPU was measured) but reconnect (``Seat._reconnect``).
FAILOVER = 5
PHASE_NAMES = {REAL: "real", SATURATE: "saturate"}
MAX_SAMPLES = 200_000  # latency samples kept per phase per worker
STALL_S = 3.0
# The phone client's keepalive (web/src/core/connection.ts): every 5 s it sends a ping if it
# has heard nothing for 15 s. The bots do the same ("quiet"), so the server keeps the
# sockets of the phones it would have, not of quieter clients. "always" is the phone
# client before 2026-12-01 (a ping every 10 s, whatever the traffic); "off" no pings.
PING_TICK_S = 5
PING_WHEN_QUIET_S = 15.0
PHONE_PINGS = ("quiet", "always", "off")
_VERSION = re.compile(r'"version":(\d+)')
_STATUS = re.compile(
    r'"status":"([a-z]+)"'
)  # no state change for this long: the host marks owing seats absent


@dataclass
class PhaseStats:
    latencies_ms: list[float] = field(default_factory=list)
    # send → the server's clock on the ack: the server's share of the latency
    # (queues, the rules, the durable commit), apart from the clients' own loops.
    to_ack_ms: list[float] = field(default_factory=list)
    to_ack_at_ms: list[int] = field(default_factory=list)  # the server's clock on each of those acks
    to_ack_types: list[str] = field(default_factory=list)  # each of those commands' type
    states: int = 0
    state_bytes: int = 0
    messages: int = 0
    acks: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    games_ended: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "latencies_ms": self.latencies_ms,
            "to_ack_ms": self.to_ack_ms,
            "to_ack_at_ms": self.to_ack_at_ms,
            "to_ack_types": self.to_ack_types,
            "states": self.states,
            "state_bytes": self.state_bytes,
            "messages": self.messages,
            "acks": self.acks,
            "errors": self.errors,
            "games_ended": self.games_ended,
        }


def _wake(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


class Run:
    """What every seat in this worker shares: the phase, the think times, the stats."""

    def __init__(
        self,
        phase: Any,
        think: tuple[float, float],
        compression: bool,
        stagger: float = 0.0,
        phone_pings: str = "quiet",
    ) -> None:
        self._phase = phase
        assert phone_pings in PHONE_PINGS, phone_pings
        self.phone_pings = phone_pings
        self.think = think
        self.stagger = stagger
        self.compression = compression
        self.stats: dict[int, PhaseStats] = {REAL: PhaseStats(), SATURATE: PhaseStats()}
        self.setup_errors: list[str] = []
        self.closed: dict[str, int] = {}
        self.thinking: set[asyncio.Future[None]] = set()  # bots in a real-pace think time
        # Against a cluster (load.py --cluster): a seat whose socket closes reconnects as
        # the phone client does, and notes when its first view after that came (wall s).
        self.reconnect = False
        self.ws_base = ""
        self.back_at: list[float] = []
        self.retried: dict[str, int] = {}  # failed reconnect attempts by why (a slow failover's cause)
        self.stuck: dict[Seat, str] = {}  # seats reconnecting: what each waits for
        self.lag_s = 0.0  # the longest the bots' event loop lagged in the failover phase

    def end_thinking(self) -> None:
        """The real phase is over: every bot stops thinking and acts."""
        for future in list(self.thinking):
            _wake(future)

    @property
    def phase(self) -> int:
        return int(self._phase.value)

    def current(self) -> PhaseStats | None:
        return self.stats.get(self.phase)

    def think_time(self, rng: random.Random) -> float:
        if self.phase == REAL:
            return rng.uniform(*self.think)
        return 0.0


class Seat:
    def __init__(self, run: Run, table: Table, index: int, ws: ClientConnection, token: str = "") -> None:
        self.run = run
        self.table = table
        self.index = index  # 0 = the host
        self.ws = ws
        self.token = token
        self.raw = ""
        self.heard = time.perf_counter()  # when the last message came (the keepalive's clock)
        self._state: dict[str, Any] | None = None
        self.version = -1
        # request id -> send time (perf, wall) and the command's type
        self.pending: dict[str, tuple[float, float, str]] = {}
        self.waiting: list[tuple[int, float]] = []  # (acked version, send time) until the view arrives
        self.acted_version = -1
        self.busy = False
        self.bot = HeuristicBot()
        self._n = 0
        self.reader: asyncio.Task[None] | None = None

    async def send(self, kind: str, **body: Any) -> None:
        self._n += 1
        rid = f"{kind[0]}{self._n}"
        ctype = body["command"]["type"] if kind == "command" else kind
        self.pending[rid] = (time.perf_counter(), time.time(), ctype)
        await self.ws.send(orjson.dumps({"type": kind, "id": rid, **body}).decode())

    async def read(self) -> None:
        while True:
            try:
                async for raw in self.ws:
                    self.on_message(raw if isinstance(raw, str) else raw.decode())
                return
            except websockets.ConnectionClosed as closed:
                code = str(closed.rcvd.code if closed.rcvd else "none")
                self.run.closed[code] = self.run.closed.get(code, 0) + 1
            if not self.run.reconnect or self.run.phase == STOP:
                return
            await self._reconnect()

    async def _reconnect(self) -> None:
        """As the phone client: try again after 150, 300, 600 ms, then every ~1 s; the
        first view after the welcome is the moment the phone is back."""
        self.pending.clear()
        self.waiting.clear()
        self.busy = False
        attempt = 0
        self.run.stuck[self] = "sleep"
        while self.run.phase != STOP:
            await asyncio.sleep(min(1.0, 0.15 * 2**attempt) + random.random() * 0.15)
            attempt += 1
            try:
                self.run.stuck[self] = "open"
                ws = await _open(f"{self.run.ws_base}/ws/{self.table.code}", self.run)
                await ws.send(json.dumps({"type": "hello", "v": 1, "token": self.token}))
                self.run.stuck[self] = "welcome"
                welcome = json.loads(await asyncio.wait_for(ws.recv(), 10))
                if welcome.get("type") != "welcome":
                    why = f"not welcomed: {welcome.get('type')} {welcome.get('code', '')}"
                    self.run.retried[why] = self.run.retried.get(why, 0) + 1
                    await ws.close()
                    continue
                self.run.stuck[self] = "first view"
                first = await asyncio.wait_for(ws.recv(), 10)
            except (OSError, websockets.InvalidHandshake, websockets.ConnectionClosed, TimeoutError) as exc:
                why = type(exc).__name__
                if isinstance(exc, websockets.InvalidStatus):
                    why = f"http {exc.response.status_code}"
                self.run.retried[why] = self.run.retried.get(why, 0) + 1
                continue
            self.run.back_at.append(time.time())
            del self.run.stuck[self]
            self.ws = ws
            self.acted_version = -1
            self.version = -1
            self.on_message(first if isinstance(first, str) else first.decode())
            return

    def on_message(self, raw: str) -> None:
        """Reads as little as it can: a phone parses its view only when it has to act,
        so the clients (on the same small machine) cost less than the server."""
        now = time.perf_counter()
        self.heard = now
        stats = self.run.current()
        if stats is not None:
            stats.messages += 1
        head = raw[:100]  # "type" comes first, or after the version and server time
        if '"type":"state"' in head:
            if stats is not None:
                stats.states += 1
                stats.state_bytes += len(raw)
            found = _VERSION.search(raw, 0, 64)
            version = int(found.group(1)) if found else -1
            if version > self.version:
                self.version, self.raw, self._state = version, raw, None
                self.table.changed(self)
            if self.waiting:
                keep = []
                for acked, sent in self.waiting:
                    if acked <= version:
                        if stats is not None and len(stats.latencies_ms) < MAX_SAMPLES:
                            stats.latencies_ms.append((now - sent) * 1000)
                    else:
                        keep.append((acked, sent))
                self.waiting = keep
            self.maybe_act()
        elif '"type":"ack"' in head or '"type":"error"' in head:
            msg = orjson.loads(raw)
            times = self.pending.pop(str(msg.get("id")), None)
            sent_at = times[0] if times is not None else None
            if msg["type"] == "ack":
                if stats is not None:
                    stats.acks += 1
                    if (
                        times is not None
                        and str(msg["id"]).startswith("c")
                        and len(stats.to_ack_ms) < MAX_SAMPLES
                    ):
                        stats.to_ack_ms.append(msg["server_time"] - times[1] * 1000)
                        stats.to_ack_at_ms.append(msg["server_time"])
                        stats.to_ack_types.append(times[2])
                if sent_at is not None and str(msg["id"]).startswith("c"):
                    if msg["version"] <= self.version and stats is not None:
                        stats.latencies_ms.append((now - sent_at) * 1000)
                    elif msg["version"] > self.version:
                        self.waiting.append((msg["version"], sent_at))
            else:
                code = msg["error"]["code"]
                if stats is not None:
                    stats.errors[code] = stats.errors.get(code, 0) + 1
                if code == "rate_limited":
                    self.acted_version = -1  # try again on the next state
            if not self.pending:
                self.busy = False
                self.maybe_act()

    def keep_alive(self, now: float) -> None:
        """The phone's keepalive tick: a ping when nothing came for 15 s."""
        quiet_enough = self.run.phone_pings == "always" or now - self.heard >= PING_WHEN_QUIET_S
        if quiet_enough and self.ws.state is State.OPEN:
            ping = orjson.dumps({"type": "ping", "t": int(time.time() * 1000)}).decode()
            asyncio.get_running_loop().create_task(self._send_quietly(ping))

    async def _send_quietly(self, text: str) -> None:
        with contextlib.suppress(websockets.ConnectionClosed):
            await self.ws.send(text)

    @property
    def state(self) -> dict[str, Any]:
        if self._state is None:
            # orjson: the standard library's parse of a 2.5 KB view was a third of a
            # bot's CPU, and the bots share the server's two cores (docs/benchmarks.md).
            self._state = orjson.loads(self.raw) if self.raw else {}
        return self._state

    def status(self) -> str | None:
        found = _STATUS.search(self.raw)
        return found.group(1) if found else None

    def owes(self) -> bool:
        return '"owes":true' in self.raw and self.status() == "playing"

    def maybe_act(self) -> None:
        if self.busy or self.run.phase not in (REAL, SATURATE) or self.acted_version == self.version:
            return
        if not self.owes():
            return
        self.busy = True
        self.acted_version = self.version
        asyncio.get_running_loop().create_task(self._act())

    async def _act(self) -> None:
        try:
            delay = self.run.think_time(self.table.rnd)
            if delay:
                # A person taps before the countdown ends: think at most until 0.5 s before it.
                view = self.state.get("view") or {}
                deadline, server_time = view.get("deadline"), self.state.get("server_time")
                if deadline is not None and server_time is not None:
                    delay = min(delay, max(0.0, (deadline - server_time) / 1000 - 0.5))
                await self._think(delay)
            if not self.owes() or self.run.phase not in (REAL, SATURATE):
                self.busy = False
                return
            view = self.state["view"]
            actions = self.bot.act(view, self.table.rng, self.table.talk)
            if not actions:
                self.busy = False
                return
            for ctype, payload in actions:
                await self.send("command", command={"type": ctype, "payload": payload})
        except websockets.ConnectionClosed:
            self.busy = False

    async def _think(self, delay: float) -> None:
        """Sleep ``delay`` seconds of real-pace thinking, but no longer than the real
        phase lasts: until 2026-11-29 a bot still thinking when saturation began slept
        on (up to ~20 s), so the first part of the saturation phase was half idle.
        One timer per think, as ``asyncio.sleep`` has; the worker's phase watch wakes
        them all at once when the real phase ends (polling here cost the bots a core)."""
        loop = asyncio.get_running_loop()
        woken: asyncio.Future[None] = loop.create_future()
        timer = loop.call_later(delay, _wake, woken)
        self.run.thinking.add(woken)
        try:
            await woken
        finally:
            timer.cancel()
            self.run.thinking.discard(woken)


class Table:
    """One room: its seats, the bots' shared table talk, and the host's duties."""

    def __init__(self, run: Run, code: str, seed: int) -> None:
        self.run = run
        self.code = code
        self.seats: list[Seat] = []
        self.rng = Rng.from_seed(seed)
        self.rnd = random.Random(seed)
        self.talk = TableTalk()
        self.last_change = time.monotonic()
        self.started = False

    def changed(self, seat: Seat) -> None:
        self.last_change = time.monotonic()
        if seat.index == 0 and self.started and seat.status() == "ended":
            stats = self.run.current()
            if stats is not None:
                stats.games_ended += 1
            self.talk = TableTalk()
            if self.run.phase in (REAL, SATURATE):
                asyncio.get_running_loop().create_task(self.host_lobby("play_again"))

    async def host_lobby(self, action: str) -> None:
        with contextlib.suppress(websockets.ConnectionClosed):
            await self.seats[0].send("lobby", action=action, payload={})

    async def watchdog(self) -> None:
        """Unlimited steps wait for every input; a bot that returns nothing would stall
        the table, so after a quiet spell the host marks the owing seats absent (H-HST-1)."""
        while self.run.phase != STOP:
            await asyncio.sleep(0.5)
            if self.run.phase not in (REAL, SATURATE):
                continue
            host = self.seats[0]
            if not self.started:
                self.started = True
                # Tables do not all sit down in the same second: starts are spread out.
                await asyncio.sleep(self.rnd.uniform(0, self.run.stagger))
                await self.host_lobby("start")
                continue
            if time.monotonic() - self.last_change < STALL_S + max(self.run.think):
                continue
            status = host.status()
            if status == "ended":
                await self.host_lobby("play_again")
            elif status == "playing":
                pending = (host.state["view"].get("host") or {}).get("pending") or []
                for seat in pending:
                    with contextlib.suppress(websockets.ConnectionClosed):
                        await host.send("command", command={"type": "mark_absent", "payload": {"seat": seat}})
            self.last_change = time.monotonic()


async def _open(url: str, run: Run) -> ClientConnection:
    return await websockets.connect(
        url,
        max_size=2**20,
        open_timeout=60,
        ping_interval=None,  # the server pings; the client answers
        compression="deflate" if run.compression else None,
    )


async def _post(http: httpx.AsyncClient, path: str, body: dict[str, Any]) -> httpx.Response:
    for attempt in range(3):  # a keep-alive connection the server just closed: try again
        try:
            return await http.post(path, json=body)
        except httpx.TransportError:
            if attempt == 2:
                raise
            await asyncio.sleep(0.2)
    raise AssertionError("unreachable")


async def _set_up_room(
    run: Run, http: httpx.AsyncClient, ws_base: str, players: int, seed: int
) -> Table | None:
    r = await _post(http, "/api/rooms", {"name": "P1", "game": "heks"})
    if r.status_code != 201:
        run.setup_errors.append(f"create {r.status_code}")
        return None
    created = r.json()
    code = created["code"]
    tokens = [created["token"]]
    for i in range(2, players + 1):
        j = await _post(http, f"/api/rooms/{code}/join", {"name": f"P{i}"})
        if j.status_code != 201:
            run.setup_errors.append(f"join {j.status_code}")
            return None
        tokens.append(j.json()["token"])
    table = Table(run, code, seed)
    for index, token in enumerate(tokens):
        ws = await _open(f"{ws_base}/ws/{code}", run)
        await ws.send(json.dumps({"type": "hello", "v": 1, "token": token}))
        welcome = json.loads(await asyncio.wait_for(ws.recv(), 60))
        if welcome.get("type") != "welcome":
            run.setup_errors.append(f"hello {welcome}")
            return None
        seat = Seat(run, table, index, ws, token)
        first = await asyncio.wait_for(ws.recv(), 60)
        seat.raw = first if isinstance(first, str) else first.decode()
        found = _VERSION.search(seat.raw)
        seat.version = int(found.group(1)) if found else -1
        table.seats.append(seat)
    return table


async def _until_stop(run: Run, every_tick: Callable[[], None] | None = None) -> None:
    """Wait for the run to stop, calling ``every_tick`` every 0.1 s.

    Meanwhile what is alive now, and then every second, is frozen out of the
    collector: the clients share the server's two cores, and a collection walking
    a worker's thousands of sockets mid-phase took a core for a while (the server
    does the same, ``nightfall.server.fast.gc_watch``). Bot and baseline clients alike."""
    gc.freeze()
    ticks = 0
    while run.phase != STOP:
        await asyncio.sleep(0.1)
        ticks += 1
        if ticks % 10 == 0:
            gc.freeze()
        if every_tick is not None:
            every_tick()


async def _worker(
    url: str,
    rooms: int,
    players: int,
    seed: int,
    phase: Any,
    think: tuple[float, float],
    compression: bool,
    report: Any,
    index: int,
    stagger: float,
    phone_pings: str,
    reconnect: bool = False,
) -> None:
    run = Run(phase, think, compression, stagger, phone_pings)
    ws_base = url.replace("http://", "ws://")
    run.reconnect, run.ws_base = reconnect, ws_base
    limit = asyncio.Semaphore(16)
    async with httpx.AsyncClient(base_url=url, timeout=120, limits=httpx.Limits(max_connections=16)) as http:

        async def one(i: int) -> Table | None:
            async with limit:
                try:
                    return await _set_up_room(run, http, ws_base, players, seed * 100_003 + i)
                except Exception as exc:
                    run.setup_errors.append(repr(exc)[:200])
                    return None

        tables = [t for t in await asyncio.gather(*(one(i) for i in range(rooms))) if t is not None]
    for table in tables:
        for seat in table.seats:
            seat.reader = asyncio.get_running_loop().create_task(seat.read())
    report.put(("ready", index, sum(len(t.seats) for t in tables), run.setup_errors[:5]))
    dogs = [asyncio.get_running_loop().create_task(t.watchdog()) for t in tables]

    seats = [seat for table in tables for seat in table.seats]
    ticks = 0

    last = time.perf_counter()

    def phase_watch() -> None:  # every 0.1 s
        nonlocal ticks, last
        now = time.perf_counter()
        if run.phase == FAILOVER:  # the bots' own lag would count as the failover's
            run.lag_s = max(run.lag_s, now - last - 0.1)
        last = now
        if run.phase != REAL and run.thinking:
            run.end_thinking()
        ticks += 1
        if run.phone_pings != "off":
            # Each seat's keepalive ticks every PING_TICK_S (every 10 s for "always"), the
            # seats taking turns, a slice each 0.1 s: real phones tick out of step, and a
            # slice a second (the first version) sent a fifth of a quiet lobby's pings at
            # once, a burst of ~2,000 that the first 10 s of every run paid for.
            slices = 10 * (2 * PING_TICK_S if run.phone_pings == "always" else PING_TICK_S)
            now = time.perf_counter()
            for seat in seats[ticks % slices :: slices]:
                seat.keep_alive(now)

    await _until_stop(run, phase_watch)
    for dog in dogs:
        dog.cancel()
    report.put(
        (
            "done",
            index,
            {PHASE_NAMES[k]: v.to_json() for k, v in run.stats.items()},
            run.closed,
            run.back_at,
            {
                **run.retried,
                **{f"stuck at {k}": n for k, n in Counter(run.stuck.values()).items()},
                "bots' longest loop lag, ms": round(1000 * run.lag_s),
            },
        )
    )
    for table in tables:  # bounded: no close handshakes with thousands of sockets
        for seat in table.seats:
            if seat.reader:
                seat.reader.cancel()
            seat.ws.transport.abort()


def worker_main(
    url: str,
    rooms: int,
    players: int,
    seed: int,
    phase: Any,
    think: tuple[float, float],
    compression: bool,
    report: Any,
    index: int,
    cpu: int | None,
    stagger: float = 0.0,
    phone_pings: str = "quiet",
    reconnect: bool = False,
) -> None:
    import os

    if cpu is not None:
        with contextlib.suppress(OSError):
            os.sched_setaffinity(0, {cpu})
    work = _worker(
        url, rooms, players, seed, phase, think, compression, report, index, stagger, phone_pings, reconnect
    )
    try:
        import uvloop

        uvloop.run(work)
    except ImportError:
        asyncio.run(work)


# -- the baseline: the same sockets against bench/baseline_server.py ------------


async def _baseline_worker(
    url: str, rooms: int, players: int, phase: Any, compression: bool, report: Any, index: int
) -> None:
    run = Run(phase, (0.0, 0.0), compression)
    ws_base = url.replace("http://", "ws://")
    stats = PhaseStats()
    conns: list[tuple[str, ClientConnection]] = []
    limit = asyncio.Semaphore(64)

    async def connect(room: int, seat: int) -> None:
        async with limit:
            ws = await _open(f"{ws_base}/ws/w{index}r{room}", run)
            conns.append((f"w{index}r{room}s{seat}", ws))

    await asyncio.gather(*(connect(r, s) for r in range(rooms) for s in range(players)))
    report.put(("ready", index, len(conns), []))
    while run.phase == IDLE or run.phase == SETUP:
        await asyncio.sleep(0.05)

    async def loop(me: str, ws: ClientConnection) -> None:
        mine = '{"from":"' + me + '"'
        sent = time.perf_counter()
        await ws.send(me)
        with contextlib.suppress(websockets.ConnectionClosed):
            async for raw in ws:
                now = time.perf_counter()
                assert isinstance(raw, str)  # the baseline server sends text frames
                stats.messages += 1
                stats.states += 1
                stats.state_bytes += len(raw)
                if raw.startswith(mine) and run.phase == SATURATE:
                    stats.acks += 1  # an input handled: the baseline's counterpart of a command acked
                    if len(stats.latencies_ms) < MAX_SAMPLES:
                        stats.latencies_ms.append((now - sent) * 1000)
                    sent = now
                    await ws.send(me)

    tasks = [asyncio.get_running_loop().create_task(loop(me, ws)) for me, ws in conns]
    await _until_stop(run)
    for task in tasks:
        task.cancel()
    report.put(("done", index, {"saturate": stats.to_json()}, {}))
    for _, ws in conns:
        ws.transport.abort()


def baseline_worker_main(
    url: str,
    rooms: int,
    players: int,
    phase: Any,
    compression: bool,
    report: Any,
    index: int,
    cpu: int | None,
) -> None:
    import os

    if cpu is not None:
        with contextlib.suppress(OSError):
            os.sched_setaffinity(0, {cpu})
    try:
        import uvloop

        uvloop.run(_baseline_worker(url, rooms, players, phase, compression, report, index))
    except ImportError:
        asyncio.run(_baseline_worker(url, rooms, players, phase, compression, report, index))
