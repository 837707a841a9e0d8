"""Idle rooms leave memory and come back on demand (docs/protocol.md §6,
docs/security.md §5, gap 5): ``Rooms.unload_idle`` unloads a room with no socket
after ``IdleRooms`` time, and any request that names its code loads it back from the
store, invisibly to clients.

Time is a ``FakeMsClock`` (the rooms' clock: idle times and game deadlines) and the
tests call ``unload_idle`` themselves instead of waiting for the periodic check.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import httpx
import pytest
import websockets

from nightfall.server.limits import IdleRooms, ServerLimits, add_arguments, from_arguments
from nightfall.server.room import Room, RoomOptions, RoomUnloaded
from nightfall.server.rooms import Rooms
from nightfall.store import SqliteStore, StoredRoom

from .conftest import Serve
from .harness import FakeMsClock, Live, Ws, table, until

pytestmark = [pytest.mark.server, pytest.mark.timeout(60)]

ROOM_MIN = 30  # the defaults: a lobby or an ended room, a running game
GAME_MIN = 6 * 60


async def serve_with(serve: Serve, clock: FakeMsClock, **limits: Any) -> Live:
    # The periodic check is far away: each test unloads when it wants to.
    idle = IdleRooms(check_seconds=3600)
    return await serve(
        options=RoomOptions(grace_ms=200, clock=clock), limits=ServerLimits(idle=idle, **limits)
    )


def rooms_of(live: Live) -> Rooms:
    rooms: Rooms = live.app.state.rooms
    return rooms


async def leave(live: Live, code: str, *sockets: Ws) -> None:
    """Close the sockets and wait until the room has seen them go."""
    room = rooms_of(live)._rooms[code]
    left = len(room.conns) - len(sockets)
    for ws in sockets:
        await ws.close()
    await until(lambda: len(room.conns) == left)


async def idle_out(live: Live, clock: FakeMsClock, code: str, minutes: float) -> None:
    clock.minutes(minutes)
    assert await rooms_of(live).unload_idle() == [code]
    assert code not in rooms_of(live)


class CountingLoads:
    """Counts the store loads of rooms; with ``hold`` each waits until released."""

    def __init__(self, rooms: Rooms, hold: bool = False) -> None:
        self.codes: list[str] = []
        self.release = asyncio.Event()
        if not hold:
            self.release.set()
        original: Callable[[str], Awaitable[StoredRoom | None]] = rooms.store.load_room

        async def load_room(code: str) -> StoredRoom | None:
            self.codes.append(code)
            await self.release.wait()
            return await original(code)

        rooms.store.load_room = load_room  # type: ignore[method-assign]


# -- what is unloaded, and when ----------------------------------------------------


async def test_an_idle_lobby_is_unloaded_and_every_request_brings_it_back(
    serve: Serve, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="nightfall.room")
    clock = FakeMsClock()
    live = await serve_with(serve, clock)
    code, seats, (anna, bram) = await table(live, ["Anna", "Bram"])
    assert (await anna.lobby("settings", target=9))["type"] == "ack"
    revision = rooms_of(live)._rooms[code].revision
    await leave(live, code, anna, bram)

    clock.minutes(ROOM_MIN - 1)
    assert await rooms_of(live).unload_idle() == []
    clock.minutes(2)
    assert await rooms_of(live).unload_idle() == [code]
    assert code not in rooms_of(live) and len(rooms_of(live)) == 0
    assert f"room {code}: unloaded (idle 31 min)" in caplog.text

    # Each way of naming the room loads it back, as it was.
    r = await live.http.get(f"/api/rooms/{code.lower()}")
    assert r.status_code == 200 and [m["name"] for m in r.json()["members"]] == ["Anna", "Bram"]
    assert f"room {code}: loaded (lobby, revision {revision})" in caplog.text
    assert rooms_of(live)._rooms[code].revision == revision
    await idle_out(live, clock, code, ROOM_MIN)
    r = await live.http.get(f"/api/rooms/{code}/qr.svg")
    assert r.status_code == 200 and "<svg" in r.text
    await idle_out(live, clock, code, ROOM_MIN)
    r = await live.http.get(f"/api/rooms/{code}/public")
    assert r.status_code == 200 and r.json()["room"]["settings"]["target"] == 9
    await idle_out(live, clock, code, ROOM_MIN)
    cas = await live.join(code, "Cas")
    assert cas.status_code == 201
    await idle_out(live, clock, code, ROOM_MIN)
    board = await live.connect(code)  # a spectator's hello
    assert [m["name"] for m in board.state["room"]["members"]] == ["Anna", "Bram", "Cas"]
    await leave(live, code, board)
    await idle_out(live, clock, code, ROOM_MIN)

    # The tokens still open their seats; the host is still the host.
    anna = await live.connect(code, seats[0]["token"])
    assert anna.state["you"] == {"pid": 1, "seat": 1, "host": True, "spectator": False}
    assert anna.state["room"]["settings"]["target"] == 9
    cas_ws = await live.connect(code, cas.json()["token"])
    assert cas_ws.state["you"]["pid"] == 3
    assert (await anna.lobby("settings", target=12))["type"] == "ack"
    assert rooms_of(live)._rooms[code].revision == revision + 2  # Cas's join, then this
    forged = await live.open(code)
    await forged.send({"type": "hello", "v": 1, "token": "x" * 43})
    assert (await forged.recv())["error"]["code"] == "bad_token"


async def test_a_room_with_a_socket_attached_is_never_unloaded(serve: Serve) -> None:
    clock = FakeMsClock()
    live = await serve_with(serve, clock)
    lobby_code, _, (carl,) = await table(live, ["Carl"])
    code, _, (anna, bram) = await table(live, ["Anna", "Bram"])
    await anna.lobby("start")
    await leave(live, code, bram)  # Anna's phone stays
    board = await live.connect(lobby_code)  # so does the board of the lobby
    await leave(live, lobby_code, carl)
    clock.minutes(GAME_MIN * 10)
    assert await rooms_of(live).unload_idle() == []
    assert code in rooms_of(live) and lobby_code in rooms_of(live)
    assert (await anna.command("add", n=1))["type"] == "ack"
    # Once the last socket is gone the idle time starts.
    await leave(live, code, anna)
    await leave(live, lobby_code, board)
    clock.minutes(ROOM_MIN + 1)
    assert await rooms_of(live).unload_idle() == [lobby_code]  # a running game gets longer
    clock.minutes(GAME_MIN)
    assert await rooms_of(live).unload_idle() == [code]


async def test_an_ended_game_is_unloaded_like_a_lobby(serve: Serve) -> None:
    clock = FakeMsClock()
    live = await serve_with(serve, clock)
    code, seats, (anna, bram) = await table(live, ["Anna", "Bram"])
    await anna.lobby("settings", target=3)
    await anna.lobby("start")
    await bram.command("add", n=3)
    await leave(live, code, anna, bram)
    await idle_out(live, clock, code, ROOM_MIN + 1)
    anna = await live.connect(code, seats[0]["token"])
    assert anna.state["room"]["status"] == "ended"
    assert anna.state["view"]["result"] == {"winner": 2, "total": 3}
    assert (await anna.lobby("play_again"))["type"] == "ack"


async def test_the_periodic_check_runs_from_start_to_shutdown(serve: Serve) -> None:
    clock = FakeMsClock()
    live = await serve(
        options=RoomOptions(clock=clock), limits=ServerLimits(idle=IdleRooms(check_seconds=0.01))
    )
    code = (await live.create("Anna"))["code"]
    rooms = rooms_of(live)
    assert rooms.unloading.checker is not None and not rooms.unloading.checker.done()
    clock.minutes(ROOM_MIN)
    await until(lambda: code not in rooms)
    await live.stop()
    assert rooms.unloading.checker is None and len(rooms) == 0


async def test_idle_time_0_never_unloads(serve: Serve) -> None:
    clock = FakeMsClock()
    live = await serve(options=RoomOptions(clock=clock), limits=ServerLimits(idle=IdleRooms.never()))
    code = (await live.create("Anna"))["code"]
    clock.minutes(GAME_MIN * 100)
    assert await rooms_of(live).unload_idle() == []
    assert code in rooms_of(live) and rooms_of(live).unloading.checker is None


# -- a game comes back as it was ----------------------------------------------------


async def test_a_game_comes_back_mid_game_and_versions_never_go_back(serve: Serve) -> None:
    clock = FakeMsClock()
    live = await serve_with(serve, clock)
    code, seats, (anna, bram) = await table(live, ["Anna", "Bram"])
    await anna.lobby("start")
    await bram.command("add", n=2)
    last = await anna.command("add", n=5)
    await anna.expect("state", version=last["version"])
    # A board coming and going changes Anna's view (the spectator count) but not the
    # room's revision: her counter runs ahead of the revision.
    for _ in range(3):
        board = await live.connect(code)
        await leave(live, code, anna)
        anna = await live.connect(code, seats[0]["token"])  # she now sees one spectator
        await leave(live, code, board, anna)
        anna = await live.connect(code, seats[0]["token"])  # and now none
    seen = anna.state["version"]
    secret = anna.state["view"]["me"]["secret"]
    room = rooms_of(live)._rooms[code]
    assert seen > room.revision + 1, "the test needs a counter ahead of the revision"
    revision = room.revision
    await leave(live, code, anna, bram)

    clock.minutes(ROOM_MIN + 1)
    assert await rooms_of(live).unload_idle() == []  # a running game is given longer
    clock.minutes(GAME_MIN)
    assert await rooms_of(live).unload_idle() == [code]

    anna = await live.connect(code, seats[0]["token"])
    assert anna.state["version"] > seen
    assert anna.state["room"]["status"] == "playing"
    assert anna.state["view"]["total"] == 7 and anna.state["view"]["me"]["secret"] == secret
    assert rooms_of(live)._rooms[code].revision == revision
    back = anna.state["version"]
    bram = await live.connect(code, seats[1]["token"])
    assert (await bram.command("add", n=1))["type"] == "ack"
    state = await anna.state_where(lambda m: m["view"]["total"] == 8)
    assert state["version"] == back + 1
    assert rooms_of(live)._rooms[code].revision == revision + 1


async def test_a_timed_game_whose_deadline_passed_while_unloaded_ticks_on_load(serve: Serve) -> None:
    clock = FakeMsClock()
    live = await serve_with(serve, clock)
    code, seats, (anna, bram) = await table(live, ["Anna", "Bram"])
    await anna.lobby("settings", tick_ms=8 * 3600_000)  # due after the room is unloaded
    await anna.lobby("start")
    ack = await bram.command("add", n=1)
    deadline = (await bram.expect("state", version=ack["version"]))["view"]["deadline"]
    await leave(live, code, anna, bram)
    await idle_out(live, clock, code, GAME_MIN + 1)
    clock.advance(deadline - clock.now + 1)  # the deadline passes while nobody looks

    bram = await live.connect(code, seats[1]["token"])
    fired = (
        bram.state
        if bram.state["view"]["ticks"] == 1
        else await bram.state_where(lambda m: m["view"]["ticks"] == 1)
    )
    assert fired["version"] > ack["version"]
    assert fired["view"]["deadline"] is None
    assert rooms_of(live).unloading.gone == {}  # its wake-up went with the load


async def test_an_unloaded_game_is_loaded_at_its_deadline_then_unloaded_again(
    serve: Serve, caplog: pytest.LogCaptureFixture
) -> None:
    """The game's clock runs while the room is out of memory: its timer loads it."""
    caplog.set_level(logging.INFO, logger="nightfall.room")
    clock = FakeMsClock()
    live = await serve_with(serve, clock)
    code, seats, (anna, bram) = await table(live, ["Anna", "Bram"])
    await anna.lobby("settings", tick_ms=(GAME_MIN + 1) * 60_000)
    await anna.lobby("start")
    ack = await bram.command("add", n=1)
    deadline = (await bram.expect("state", version=ack["version"]))["view"]["deadline"]
    await leave(live, code, anna, bram)
    clock.advance(deadline - clock.now - 50)  # idle for over 6 hours, due in 50 ms
    assert await rooms_of(live).unload_idle() == [code]
    clock.advance(100)
    await until(lambda: code in rooms_of(live))
    room = rooms_of(live)._rooms[code]
    await until(lambda: room.play is not None and room.play.state.ticks == 1)
    assert f"room {code}: loaded for its deadline (playing" in caplog.text
    # Nobody came: it goes again at the next check, with no timer left to wake it.
    assert await rooms_of(live).unload_idle() == [code]
    assert code not in rooms_of(live).unloading.gone or rooms_of(live).unloading.gone[code].wakeup is None
    anna = await live.connect(code, seats[0]["token"])
    assert anna.state["view"]["ticks"] == 1 and anna.state["view"]["total"] == 1


# -- loading: once, and only rooms that exist -----------------------------------------


async def test_requests_at_the_same_moment_load_an_unloaded_room_once(serve: Serve) -> None:
    clock = FakeMsClock()
    live = await serve_with(serve, clock)
    code, seats, (anna,) = await table(live, ["Anna"])
    await leave(live, code, anna)
    await idle_out(live, clock, code, ROOM_MIN + 1)
    rooms = rooms_of(live)
    loads = CountingLoads(rooms, hold=True)
    # The first caller goes away while the load is under way: the others still get it.
    quitter = asyncio.create_task(rooms.find(code))
    finders = [asyncio.create_task(rooms.find(c)) for c in (code, code.lower(), code)]
    await until(lambda: len(loads.codes) == 1)
    quitter.cancel()
    loads.release.set()
    found = await asyncio.gather(*finders)
    assert all(room is found[0] for room in found) and found[0] is rooms._rooms[code]
    assert loads.codes == [code]

    # Over HTTP and WebSocket at once, too.
    await idle_out(live, clock, code, ROOM_MIN + 1)
    loads.codes.clear()
    answers = await asyncio.gather(
        live.http.get(f"/api/rooms/{code}"),
        live.http.post(f"/api/rooms/{code}/join", json={"name": "Bram"}),
        live.http.get(f"/api/rooms/{code}/public"),
        live.connect(code, seats[0]["token"]),
    )
    assert [a.status_code for a in answers[:3] if isinstance(a, httpx.Response)] == [200, 201, 200]
    assert loads.codes == [code]
    assert [m.name for m in rooms._rooms[code].lobby.members] == ["Anna", "Bram"]


async def test_unknown_and_closed_codes_are_still_no_room(serve: Serve) -> None:
    clock = FakeMsClock()
    live = await serve_with(serve, clock)
    code, seats, (anna,) = await table(live, ["Anna"])
    await leave(live, code, anna)
    await idle_out(live, clock, code, ROOM_MIN + 1)
    sqlite = rooms_of(live).store.store
    assert isinstance(sqlite, SqliteStore)  # the harness's store, changed behind the rooms' back
    sqlite._db.execute("UPDATE rooms SET status = 'closed' WHERE code = ?", (code,))
    for unknown in (code, "BBBB"):
        r = await live.http.get(f"/api/rooms/{unknown}")
        assert r.status_code == 404 and r.json()["error"]["code"] == "no_room"
        ws = await live.open(unknown)
        await ws.send({"type": "hello", "v": 1, "token": seats[0]["token"]})
        assert (await ws.recv())["error"]["code"] == "no_room"
        with pytest.raises(websockets.ConnectionClosed):
            await ws.recv()
        assert ws.ws.close_code == 4404
    assert len(rooms_of(live)) == 0


# -- an unloaded room does nothing twice -------------------------------------------


async def test_a_request_queued_behind_the_unloading_is_not_run_by_the_old_room(serve: Serve) -> None:
    clock = FakeMsClock()
    live = await serve_with(serve, clock)
    code, _, (anna,) = await table(live, ["Anna"])
    await leave(live, code, anna)
    clock.minutes(ROOM_MIN + 1)
    rooms = rooms_of(live)
    room: Room = rooms._rooms[code]
    retire = asyncio.create_task(room.retire_if(rooms.unloading.too_long, rooms._forget))
    join = asyncio.create_task(room.join("Bram"))  # queued after the unloading
    assert await retire
    with pytest.raises(RoomUnloaded):
        await join
    with pytest.raises(RoomUnloaded):
        await room.join("Cas")
    await room.stop()
    r = await live.join(code, "Dewi")  # loads it back; nobody else joined
    assert r.status_code == 201 and r.json()["pid"] == 2
    assert [m.name for m in rooms._rooms[code].lobby.members] == ["Anna", "Dewi"]


async def test_a_join_whose_room_is_unloaded_while_its_body_arrives_still_joins(serve: Serve) -> None:
    clock = FakeMsClock()
    live = await serve_with(serve, clock)
    code, _, (anna,) = await table(live, ["Anna"])
    await leave(live, code, anna)
    rooms = rooms_of(live)
    room = rooms._rooms[code]
    clock.minutes(ROOM_MIN + 1)
    body_may_end = asyncio.Event()

    async def slow_body() -> Any:
        yield b'{"name": '
        await body_may_end.wait()
        yield b'"Bram"}'

    json_type = {"Content-Type": "application/json"}
    request = asyncio.create_task(
        live.http.post(f"/api/rooms/{code}/join", content=slow_body(), headers=json_type)
    )
    await until(lambda: room.touched == clock.now)  # the server has looked the room up
    clock.minutes(ROOM_MIN + 1)
    assert await rooms.unload_idle() == [code]
    body_may_end.set()
    r = await request
    assert r.status_code == 201 and r.json()["pid"] == 2
    assert rooms._rooms[code] is not room
    assert [m.name for m in rooms._rooms[code].lobby.members] == ["Anna", "Bram"]


# -- the room cap counts rooms in memory -----------------------------------------------


async def test_the_room_cap_counts_loaded_rooms_only(serve: Serve) -> None:
    clock = FakeMsClock()
    live = await serve_with(serve, clock, max_rooms=2)
    first = [await live.create(name) for name in ("Anna", "Bram")]
    r = await live.http.post("/api/rooms", json={"name": "Cas", "game": "toy"})
    assert r.status_code == 503 and r.json()["error"]["code"] == "too_many_rooms"
    clock.minutes(ROOM_MIN + 1)
    assert sorted(await rooms_of(live).unload_idle()) == sorted(c["code"] for c in first)
    assert len(rooms_of(live)) == 0
    second = [await live.create(name) for name in ("Cas", "Dewi")]
    assert len(rooms_of(live)) == 2
    # The cap is full, yet the old tables still come back: loading is never refused.
    for created in first:
        assert (await live.http.get(f"/api/rooms/{created['code']}")).status_code == 200
    ws = await live.connect(first[0]["code"], first[0]["token"])
    assert ws.state["you"]["host"] is True
    assert len(rooms_of(live)) == 4
    r = await live.http.post("/api/rooms", json={"name": "Eva", "game": "toy"})
    assert r.status_code == 503
    assert (await live.join(second[0]["code"], "Eva")).status_code == 201


# -- a restart leaves idle rooms on disk ---------------------------------------------


async def test_a_restart_brings_back_only_rooms_within_their_idle_time(serve: Serve) -> None:
    clock = FakeMsClock()
    first = await serve_with(serve, clock)
    lobby_code, lobby_seats, (carl,) = await table(first, ["Carl"])
    code, seats, (anna, bram) = await table(first, ["Anna", "Bram"])
    await anna.lobby("start")
    await bram.command("add", n=4)
    await first.stop()

    clock.minutes(ROOM_MIN + 1)
    second = await serve_with(serve, clock)
    assert code in rooms_of(second) and lobby_code not in rooms_of(second)
    carl = await second.connect(lobby_code, lobby_seats[0]["token"])  # loaded on demand
    assert carl.state["room"]["members"][0]["name"] == "Carl" and lobby_code in rooms_of(second)
    await second.stop()

    clock.minutes(GAME_MIN)
    third = await serve_with(serve, clock)
    assert len(rooms_of(third)) == 0
    bram = await third.connect(code, seats[1]["token"])
    assert bram.state["view"]["total"] == 4
    assert (await bram.command("add", n=1))["type"] == "ack"


def test_the_idle_times_default_to_30_minutes_and_6_hours_and_have_flags() -> None:
    idle = ServerLimits().idle
    assert (idle.room_ms, idle.game_ms) == (30 * 60_000, 6 * 3600_000)
    assert idle.limit_ms(playing=False) == idle.room_ms and idle.limit_ms(playing=True) == idle.game_ms
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    assert from_arguments(parser.parse_args([])).idle == IdleRooms()
    args = parser.parse_args(["--idle-room-minutes", "5", "--idle-game-minutes", "0"])
    assert from_arguments(args).idle == IdleRooms(room_ms=5 * 60_000, game_ms=0)
    with pytest.raises(SystemExit):
        parser.parse_args(["--idle-room-minutes", "-1"])
