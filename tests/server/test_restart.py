"""Rooms survive restarts: rebuilt by replaying their stored commands."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from nightfall.engine import Rng
from nightfall.games.heks.bots.heuristic import HeuristicBot
from nightfall.games.heks.bots.table_talk import TableTalk
from nightfall.server.clock import now_ms
from nightfall.server.room import RoomOptions
from tests.local_servers import free_port

from .conftest import Serve
from .harness import table

pytestmark = [pytest.mark.server, pytest.mark.timeout(60)]


async def test_a_graceful_restart_rebuilds_rooms(serve: Serve) -> None:
    first = await serve()
    code, seats, (anna, bram) = await table(first, ["Anna", "Bram"])
    await anna.lobby("start")
    await bram.command("add", n=2)
    last = await anna.command("add", n=5)
    before = await anna.expect("state", version=last["version"])
    await first.stop()

    second = await serve()
    bram2 = await second.connect(code, seats[1]["token"])
    after = bram2.state
    # A new process numbers from its clock: above every version sent before, never back,
    # and not the room's revision, which counts hidden commands (docs/security.md gap 8).
    assert after["version"] > last["version"]
    assert after["view"]["total"] == 7 and after["view"]["me"]["seat"] == 2
    assert after["room"]["status"] == "playing"
    assert [m["presence"] for m in after["room"]["members"]] == ["disconnected", "connected"]
    anna2 = await second.connect(code, seats[0]["token"])
    assert anna2.state["view"] == before["view"]
    ack = await bram2.command("add", n=1)
    assert ack["version"] == after["version"] + 1


async def test_a_lobby_and_an_ended_game_come_back_too(serve: Serve) -> None:
    first = await serve()
    lobby_code, lobby_seats, (carl,) = await table(first, ["Carl"])
    await carl.lobby("settings", target=9)
    code, seats, (anna, bram) = await table(first, ["Anna", "Bram"])
    await anna.lobby("settings", target=3)
    await anna.lobby("start")
    await bram.command("add", n=3)
    await first.stop()

    second = await serve()
    carl2 = await second.connect(lobby_code, lobby_seats[0]["token"])
    assert carl2.state["room"]["status"] == "lobby" and carl2.state["room"]["settings"]["target"] == 9
    assert (await second.join(lobby_code, "Dora")).status_code == 201
    anna2 = await second.connect(code, seats[0]["token"])
    assert anna2.state["room"]["status"] == "ended"
    assert anna2.state["view"]["result"] == {"winner": 2, "total": 3}
    assert (await anna2.lobby("play_again"))["type"] == "ack"


async def test_a_deadline_that_passed_while_down_ticks_on_start(serve: Serve) -> None:
    first = await serve()
    code, seats, (anna, bram) = await table(first, ["Anna", "Bram"])
    await anna.lobby("settings", tick_ms=300)
    await anna.lobby("start")
    ack = await bram.command("add", n=1)
    await first.stop()
    await asyncio.sleep(0.35)  # the server is down past the deadline (the point of this test)

    second = await serve()
    bram2 = await second.connect(code, seats[1]["token"])
    fired = (
        bram2.state
        if bram2.state["view"]["ticks"] == 1
        else await bram2.state_where(lambda m: m["view"]["ticks"] == 1)
    )
    assert fired["version"] > ack["version"]


# -- a real `nightfall serve`, killed with SIGKILL ------------------------------------


@contextlib.asynccontextmanager
async def nightfall_serve(data_dir: Path, port: int, log: Path) -> AsyncIterator[asyncio.subprocess.Process]:
    exe = Path(sys.executable).with_name("nightfall")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "nightfall.cli"]
    with log.open("ab") as out:
        proc = await asyncio.create_subprocess_exec(
            *cmd,
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--data-dir",
            str(data_dir),
            stdout=out,
            stderr=out,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
    try:
        async with httpx.AsyncClient() as http:
            for _ in range(300):
                with contextlib.suppress(httpx.HTTPError):
                    if (await http.get(f"http://127.0.0.1:{port}/api/health")).status_code == 200:
                        break
                if proc.returncode is not None:
                    raise AssertionError(log.read_text())
                await asyncio.sleep(0.05)
            else:
                raise AssertionError("nightfall serve did not come up:\n" + log.read_text())
        yield proc
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()


class Seat:
    def __init__(self, ws: websockets.ClientConnection, state: dict[str, Any]) -> None:
        self.ws, self.state = ws, state
        self.acked: list[tuple[str, dict[str, Any], int]] = []

    @classmethod
    async def open(cls, port: int, code: str, token: str) -> Seat:
        ws = await websockets.connect(f"ws://127.0.0.1:{port}/ws/{code}")
        await ws.send(json.dumps({"type": "hello", "v": 1, "token": token}))
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), 5))
            if message["type"] == "state":
                return cls(ws, message)

    async def send(self, rid: str, ctype: str, payload: dict[str, Any]) -> None:
        await self.ws.send(
            json.dumps({"type": "command", "id": rid, "command": {"type": ctype, "payload": payload}})
        )

    async def read_answers(self, sent: dict[str, tuple[str, dict[str, Any]]]) -> None:
        """Record acks (with the version they reached) until the socket dies."""
        with contextlib.suppress(websockets.ConnectionClosed):
            async for raw in self.ws:
                message = json.loads(raw)
                if message["type"] == "ack":
                    ctype, payload = sent[message["id"]]
                    self.acked.append((ctype, payload, message["version"]))
                elif message["type"] == "state":
                    self.state = message


async def test_sigkill_mid_game_loses_no_acknowledged_command(tmp_path: Path) -> None:
    port, log = free_port(), tmp_path / "serve.log"
    names = ["Anna", "Bram", "Cas", "Dewi", "Eva"]
    async with (
        nightfall_serve(tmp_path / "data", port, log) as proc,
        httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as http,
    ):
        created = (await http.post("/api/rooms", json={"name": names[0], "game": "heks"})).json()
        code = created["code"]
        tokens = [created["token"]] + [
            (await http.post(f"/api/rooms/{code}/join", json={"name": n})).json()["token"] for n in names[1:]
        ]
        seats = [await Seat.open(port, code, t) for t in tokens]
        sent: dict[str, tuple[str, dict[str, Any]]] = {"go": ("start", {})}
        await seats[0].ws.send(json.dumps({"type": "lobby", "id": "go", "action": "start"}))
        readers = [asyncio.create_task(s.read_answers(sent)) for s in seats]

        # Everyone taps Ready, then the bots pick their places, as fast as they can,
        # and the server is killed as soon as the first departure is acknowledged.
        async def until(pred: Any) -> None:
            while not pred():
                await asyncio.sleep(0.01)

        await asyncio.wait_for(until(lambda: all(s.state["view"] for s in seats)), 10)
        for i, seat in enumerate(seats):
            sent[f"ready{i}"] = ("ready", {})
            await seat.send(f"ready{i}", "ready", {})
        await asyncio.wait_for(until(lambda: all(s.state["view"]["phase"] == "DEPART_A" for s in seats)), 10)
        rng, talk = Rng.from_seed(3), TableTalk()
        for i, seat in enumerate(seats):
            view = seat.state["view"]
            if view["me"]["owes"]:
                for j, (ctype, payload) in enumerate(HeuristicBot().act(view, rng, talk)):
                    sent[f"d{i}-{j}"] = (ctype, payload)
                    await seat.send(f"d{i}-{j}", ctype, payload)
        await asyncio.wait_for(until(lambda: any(a[0] == "depart" for s in seats for a in s.acked)), 10)
        proc.send_signal(signal.SIGKILL)
        await proc.wait()
        await asyncio.gather(*readers)

    acked_version = max(a[2] for s in seats for a in s.acked)
    departed = {i + 1 for i, s in enumerate(seats) for a in s.acked if a[0] == "depart"}
    async with nightfall_serve(tmp_path / "data", port, log):
        again = [await Seat.open(port, code, t) for t in tokens]
        text = log.read_text(errors="replace")
        assert "restored 1 room" in text
        assert not any(t in text for t in tokens)  # seat tokens never reach the logs
        assert min(s.state["version"] for s in again) >= acked_version
        for seat_no, seat in enumerate(again, start=1):
            view = seat.state["view"]
            assert view["phase"] != "ROLE_REVEAL"  # every acknowledged Ready counted
            if seat_no in departed:
                assert view["me"]["choice"], view["me"]  # the acknowledged departure is there
        for seat in again:
            await seat.ws.close()


async def test_a_room_idle_for_a_day_comes_back_on_first_use(serve: Serve) -> None:
    first = await serve()
    code, seats, (anna, bram) = await table(first, ["Anna", "Bram"])
    await anna.lobby("start")
    last = await bram.command("add", n=4)
    await first.stop()

    day_later = RoomOptions(clock=lambda: now_ms() + 25 * 3600 * 1000)
    second = await serve(options=day_later)
    assert code not in second.app.state.rooms  # not restored at start...
    anna2 = await second.connect(code, seats[0]["token"])  # ...but loaded on first use
    assert anna2.state["version"] > last["version"] and anna2.state["view"]["total"] == 4
    assert (await second.http.get("/api/rooms/QQQQ")).status_code == 404


async def test_a_host_on_localhost_gets_the_lan_join_link_before_and_after_a_restart(serve: Serve) -> None:
    lan = "http://192.168.1.20:8000"
    first = await serve(public_url=lan)
    created = await first.create("Anna")  # the harness talks to 127.0.0.1, like a host on the laptop
    assert created["join_url"] == f"{lan}/r/{created['code']}"
    await first.stop()
    second = await serve(public_url=lan)
    ws = await second.connect(created["code"], created["token"])
    assert ws.state["room"]["join_url"] == created["join_url"]
