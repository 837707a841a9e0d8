"""Two ``nightfall serve`` nodes behind HAProxy (deploy/haproxy.cfg), on the real
PostgreSQL and Redis: rooms of bot phones play through the proxy while a node is
killed or paused, or Redis restarts. No acknowledged command is lost, every room
goes on, on the node that owns it, the phones get their seats back, and every
timer fires once."""

from __future__ import annotations

import asyncio
import json
import signal
from pathlib import Path

import httpx
import pytest

from nightfall.server.protocol import CLOSE_MOVED
from tests.faults.phones import Table

from .live import (
    PrivateRedis,
    accepted_sockets,
    all_phones,
    cluster,
    forget_keys,
    load,
    missing_acked,
    open_seat,
    owners,
    refusals,
    seats_back,
    tables_through,
    ticks_fired_once,
)

pytestmark = pytest.mark.timeout(240)
ROOMS = 6


async def _until_acked(tables: list[Table], per_room: int, within: float) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + within
    while sum(len(p.acked) for p in all_phones(tables)) < per_room * len(tables) and loop.time() < end:
        await asyncio.sleep(0.05)


def _results(table: Table) -> set[str]:
    return {json.dumps(p.state["view"]["result"], sort_keys=True) for p in table.phones}


async def test_the_proxy_sends_all_of_a_rooms_sockets_to_its_owner(pg_url: str, tmp_path: Path) -> None:
    c = cluster(pg_url, tmp_path / "logs")
    c.start()
    tables = []
    try:
        tables = await tables_through(c.url, 4)
        async with httpx.AsyncClient(timeout=10) as http:
            for table in tables:  # plain requests naming the room go there too
                assert (await http.get(f"{c.url}/api/rooms/{table.code}")).status_code == 200
        for table in tables:  # and sockets opened again
            for phone in table.phones[:2]:
                await phone.close()
                await phone.connect()
        codes = [t.code for t in tables]
        owner = owners(c, codes)
        assert set(owner.values()) == {"node1", "node2"}  # new rooms are spread over the nodes
        seen = accepted_sockets(c)
        for code in codes:
            assert seen[code] == {owner[code]}, f"room {code}: sockets on {seen[code]}, owner {owner[code]}"
        # The proxy learnt every room from its creation: no detour through the other node.
        assert refusals(c) == 0
    finally:
        for table in tables:
            await table.close()
        c.stop()
        forget_keys(c)


async def test_sigkill_a_node_under_load(pg_url: str, tmp_path: Path) -> None:
    c = cluster(pg_url, tmp_path / "logs")
    c.start()
    tables = []
    try:
        tables = await tables_through(c.url, ROOMS)
        for table in tables:
            await table.host.lobby("start")
        plays = [asyncio.create_task(t.play_until_end(150)) for t in tables]
        await _until_acked(tables, 30, 30)
        before = owners(c, [t.code for t in tables])
        assert "node1" in before.values(), before
        c.signal_node(0, signal.SIGKILL)
        for play in plays:
            play.cancel()
        await asyncio.gather(*plays, return_exceptions=True)
        assert sum(t.host.status == "playing" for t in tables) >= ROOMS // 2, "games ended before the kill"

        # Every acknowledged command is in PostgreSQL, whichever node acknowledged it.
        for table in tables:
            assert not missing_acked(pg_url, table), f"room {table.code}: acknowledged but not stored"

        # Every phone reconnects through the proxy to its own seat; node2 runs every room.
        slowest = await seats_back(tables, within=20)
        print(f"slowest phone back {slowest:.1f} s after the kill")
        assert set(owners(c, [t.code for t in tables]).values()) == {"node2"}
        await asyncio.gather(*(t.play_until_end(150) for t in tables))
        for table in tables:
            results = _results(table)
            assert len(results) == 1 and json.loads(results.pop())["winner"] in ("village", "witch", "solo")
            assert not missing_acked(pg_url, table)
            ticks_fired_once(load(pg_url, table.code))
    finally:
        for table in tables:
            await table.close()
        c.stop()
        forget_keys(c)


async def test_a_paused_node_cannot_write_after_the_takeover(pg_url: str, tmp_path: Path) -> None:
    """SIGSTOP the node that owns a room. The proxy marks it down, the phones come
    back through the other node once the lease ran out, and play on there. Then the
    paused node resumes with a phone still attached to it directly: that phone's
    command is refused (``not_owner``), the socket is closed (4503), and nothing the
    paused node did after the takeover is in PostgreSQL."""
    c = cluster(pg_url, tmp_path / "logs")
    c.start()
    tables = []
    direct = None
    try:
        tables = await tables_through(c.url, 2)
        for table in tables:
            await table.host.lobby("start")
        table = tables[0]
        owner = owners(c, [table.code])[table.code]
        assert owner is not None
        i = int(owner[-1]) - 1
        stale_phone = table.phones[1]
        # No keepalive on this socket: the node stays paused for the whole rest of the game
        # (often past 40 s), and the client's own pings would close it before the node resumes.
        direct, _, _ = await open_seat(c.node_url(i), table.code, stale_phone.token, ping_interval=None)

        c.signal_node(i, signal.SIGSTOP)
        # HAProxy takes the paused node out after three failed health checks (3-9 s);
        # until then a phone's attempt hangs for its 10 s timeout.
        slowest = await seats_back([table], within=45)
        assert owners(c, [table.code])[table.code] == f"node{2 - i}"
        print(f"phones back {slowest:.1f} s after the pause")
        await table.play_until_end(150)
        after_takeover = len(load(pg_url, table.code).commands)

        await direct.send(
            json.dumps({"type": "command", "id": "stale", "command": {"type": "ready", "payload": {}}})
        )
        c.signal_node(i, signal.SIGCONT)
        answers = []
        try:
            while True:
                message = json.loads(await asyncio.wait_for(direct.recv(), 10))
                if message["type"] == "error":
                    answers.append(message["error"]["code"])
        except Exception as closed:
            assert getattr(getattr(closed, "rcvd", None), "code", None) == CLOSE_MOVED, closed
        assert "not_owner" in answers
        stored = load(pg_url, table.code)
        assert len(stored.commands) == after_takeover  # the resumed node wrote nothing
        ticks_fired_once(stored)
        log = (c.logs / f"node{i + 1}.log").read_text()
        assert "this node stops taking its commands" in log
    finally:
        if direct is not None:
            await direct.close()
        for table in tables:
            await table.close()
        c.stop()
        forget_keys(c)


async def test_a_redis_restart_mid_game_loses_nothing(pg_url: str, tmp_path: Path) -> None:
    """Redis (a private one: no data kept) is killed mid-game and started again a
    second later, empty. The games go on to their end and nothing acknowledged is lost."""
    redis = PrivateRedis(tmp_path)
    redis.start()
    c = cluster(pg_url, tmp_path / "logs", redis_url=redis.url, lease_ms=3000)
    c.start()
    tables = []
    try:
        tables = await tables_through(c.url, 4)
        for table in tables:
            await table.host.lobby("start")
        plays = [asyncio.create_task(t.play_until_end(150)) for t in tables]
        await _until_acked(tables, 20, 30)
        redis.kill()
        await asyncio.sleep(1.0)
        redis.start()
        await _until_acked(tables, 40, 30)
        # Phones whose room moved (its lease ran out while Redis was away) come back.
        for table in tables:
            for phone in table.phones:
                if phone.ws is not None and phone.ws.close_code is not None:
                    await seats_back([table], within=20)
                    break
        await asyncio.gather(*plays)
        for table in tables:
            assert len(_results(table)) == 1
            assert not missing_acked(pg_url, table)
            ticks_fired_once(load(pg_url, table.code))
    finally:
        for table in tables:
            await table.close()
        c.stop()
        redis.kill()


async def test_redis_away_longer_than_a_lease_stops_the_rooms_until_it_is_back(
    pg_url: str, tmp_path: Path
) -> None:
    """Redis is away for longer than a lease: each node stops taking the commands of
    its rooms, says so to the phones (``not_owner``) and in its log, and closes their
    sockets. The phones keep reconnecting (refused while Redis is away); once it is
    back, the rooms are taken again and the games go on to their end."""
    redis = PrivateRedis(tmp_path)
    redis.start()
    c = cluster(pg_url, tmp_path / "logs", redis_url=redis.url, lease_ms=1500)
    c.start()
    tables = []
    try:
        tables = await tables_through(c.url, 2)
        for table in tables:
            await table.host.lobby("start")
        plays = [asyncio.create_task(t.play_until_end(150)) for t in tables]
        await _until_acked(tables, 20, 30)
        redis.kill()
        await asyncio.sleep(3.0)
        told = [p for p in all_phones(tables) if "not_owner" in p.errors]
        closed = [p for p in all_phones(tables) if p.ws is not None and p.ws.close_code == CLOSE_MOVED]
        assert told and closed, "the phones were not told that their room stopped"
        redis.start()
        await seats_back(tables, within=20)
        await asyncio.gather(*plays)
        for table in tables:
            assert len(_results(table)) == 1
            assert not missing_acked(pg_url, table)
            ticks_fired_once(load(pg_url, table.code))
        logs = "".join((c.logs / f"node{i}.log").read_text() for i in (1, 2))
        assert "its lease ran out: Redis cannot be reached; this node stops taking its commands" in logs
    finally:
        for table in tables:
            await table.close()
        c.stop()
        redis.kill()
