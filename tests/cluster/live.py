"""A real cluster for the failover tests: two ``nightfall serve`` processes and
HAProxy (deploy/haproxy.cfg) on a PostgreSQL database and Redis key prefix of the
test's own, Heks timers shortened, phones going through the proxy. Tests that
restart Redis get a private ``redis-server`` on a free port, never the shared one."""

from __future__ import annotations

import asyncio
import json
import re
import shutil
import subprocess
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import websockets
from redis import Redis

from nightfall.cluster.local import LocalCluster
from nightfall.engine import SYSTEM, TICK, kernel
from nightfall.games import registry
from nightfall.store import StoredRoom
from nightfall.store.postgres import PostgresStore
from tests.faults.live import UNLIMITED_FLAGS, open_seat
from tests.faults.phones import Phone, Table
from tests.local_servers import free_port

from .nodes import REDIS_URL

TIMERS = {"depart": 1.0, "guard": 0.5, "witch": 0.2, "propose": 1.0, "approve": 1.0, "quarrel": 0.05}
NAMES = ["Anna", "Bram", "Cas", "Dewi", "Eva"]


def cluster(pg_url: str, logs: Path, redis_url: str = REDIS_URL, lease_ms: int = 2000) -> LocalCluster:
    return LocalCluster(
        store=pg_url,
        redis=redis_url,
        node_ports=[free_port(), free_port()],
        proxy_port=free_port(),
        logs=logs,
        prefix="nftest" + uuid.uuid4().hex[:8],
        lease_ms=lease_ms,
        env={"NIGHTFALL_HEKS_TIMERS": json.dumps(TIMERS)},
        node_args=UNLIMITED_FLAGS,
        health_ports=[free_port(), free_port()],  # HAProxy checks the nodes' health threads
    )


def owners(c: LocalCluster, codes: list[str]) -> dict[str, str | None]:
    client = Redis.from_url(c.redis)
    try:
        found = client.mget([f"{c.prefix}:owner:{code}" for code in codes])
    finally:
        client.close()
    # bytes: this client does not decode responses (redis-py types a reply as bytes or str)
    return {
        code: None if v is None else v.decode() if isinstance(v, bytes) else v
        for code, v in zip(codes, found, strict=True)
    }


def forget_keys(c: LocalCluster) -> None:
    client = Redis.from_url(c.redis)
    try:
        keys = list(client.scan_iter(f"{c.prefix}:*"))
        if keys:
            client.delete(*keys)
    finally:
        client.close()


async def reconnect(phone: Phone, within: float) -> float:
    """Connect the phone again through the proxy, retrying as the web client does
    (a refused or failed attempt, then again ~0.3 s later); the seconds it took. A
    handshake the proxy ends without an answer counts as failed, as in a browser:
    HAProxy closes the requests waiting to retry on a node it has just marked down."""
    loop = asyncio.get_running_loop()
    start = loop.time()
    while True:
        try:
            await phone.connect()
            return loop.time() - start
        except (
            OSError,
            websockets.InvalidHandshake,
            websockets.ConnectionClosed,
            TimeoutError,
            AssertionError,
        ):
            if loop.time() - start > within:
                raise
            await asyncio.sleep(0.3)


async def tables_through(url: str, rooms: int) -> list[Table]:
    from tests.faults.live import make_table

    tables = []
    for i in range(rooms):
        code, tokens = await make_table(url, NAMES)
        table = Table(url, code, tokens, seed=i)
        await table.connect()
        tables.append(table)
    return tables


def key(seat: int, ctype: str, payload: dict[str, Any]) -> str:
    return json.dumps([seat, ctype, payload], sort_keys=True)


def load(pg_url: str, code: str) -> StoredRoom:
    store = PostgresStore(pg_url)
    try:
        stored = store.load_room(code)
    finally:
        store.close()
    assert stored is not None and stored.game is not None
    return stored


def missing_acked(pg_url: str, table: Table) -> list[str]:
    """The table's acknowledged commands that PostgreSQL does not have."""
    stored = load(pg_url, table.code)
    # The system's commands (a timer's tick, the failover's resume) were acknowledged to nobody.
    on_disk = Counter(
        key(int(c.actor), c.type, dict(c.payload)) for c in stored.commands if c.actor != SYSTEM
    )
    acked = Counter(key(*a) for p in table.phones for a in p.acked)
    return list(acked - on_disk)


def ticks_fired_once(stored: StoredRoom) -> None:
    """Replay the stored game: every tick came when a deadline was due, so no timer
    fired twice (a second firing would find the deadline moved on, or none)."""
    assert stored.game is not None
    game = registry.get(stored.room.game)
    state = game.setup(stored.game.config, stored.game.seed)
    for command in stored.commands:
        if command.type == TICK:
            deadline = game.next_deadline(state)
            assert deadline is not None and command.now >= deadline, f"a tick with no timer due: {command}"
        state, _ = kernel.apply(game, state, command)


def accepted_sockets(c: LocalCluster) -> dict[str, set[str]]:
    """room code -> the nodes whose log shows a WebSocket of it accepted."""
    seen: dict[str, set[str]] = {}
    for i in range(len(c.node_ports)):
        log = c.logs / f"node{i + 1}.log"
        for line in log.read_text(errors="replace").splitlines():
            if '"WebSocket /ws/' in line and "[accepted]" in line:
                code = line.split('"WebSocket /ws/', 1)[1].split('"', 1)[0]
                seen.setdefault(code, set()).add(f"node{i + 1}")
    return seen


def refusals(c: LocalCluster) -> int:
    """How many requests and WebSockets the nodes refused with 503 (``not_owner``: the proxy
    then retries on the owner), by uvicorn's access lines (``"GET /api/..." 503``,
    ``"WebSocket /ws/CODE" 503``). Not a bare "503": a log line's time has milliseconds,
    and 18:39:42.503 is one in a thousand of them."""
    return sum(
        len(re.findall(r'" 503\b', (c.logs / f"node{i + 1}.log").read_text(errors="replace")))
        for i in range(len(c.node_ports))
    )


class PrivateRedis:
    """A redis-server of the test's own (the shared one must never be restarted)."""

    def __init__(self, workdir: Path) -> None:
        binary = shutil.which("redis-server")
        assert binary, "redis-server is not installed (Debian's redis-server package; .ci/run needs it)"
        self.binary = binary
        self.port = free_port()
        self.workdir = workdir
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [
                self.binary,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            cwd=self.workdir,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        end = time.monotonic() + 10
        while time.monotonic() < end:
            try:
                Redis.from_url(self.url, socket_connect_timeout=0.2).ping()
                return
            except Exception:
                time.sleep(0.05)
        raise AssertionError("the private redis-server did not start")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(5)


def all_phones(tables: list[Table]) -> Iterator[Phone]:
    for table in tables:
        yield from table.phones


async def seats_back(tables: list[Table], within: float) -> float:
    """Every phone reconnects through the proxy to its own seat; the slowest's seconds."""
    slowest = 0.0
    for table in tables:
        before = {p.index: (p.pid, p.seat) for p in table.phones}
        for phone in table.phones:
            await phone.drop()
        took = await asyncio.gather(*(reconnect(p, within) for p in table.phones))
        slowest = max(slowest, *took)
        assert {p.index: (p.pid, p.seat) for p in table.phones} == before, f"room {table.code}: seats changed"
    return slowest


__all__ = ["open_seat"]
