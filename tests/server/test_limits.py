"""The server-wide limits (nightfall.server.limits; docs/protocol.md §2-4.4,
docs/security.md §2 and §5): the HTTP rate limit per address, the cap on rooms,
the cap on sockets per address, and what a guessing socket costs.

Each limit: over it the documented error or close and nothing changed; under it
fine; another address unaffected; 0 means unlimited. The buckets run on a
``FakeClock``, so every count is exact whatever the machine's speed. Another
address is 127.0.0.2: on Linux all of 127.0.0.0/8 reaches a server on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest
import websockets

from nightfall.games.registry import default_catalog
from nightfall.server.limits import ServerLimits
from nightfall.server.ratelimit import AddressBuckets, AddressCounts, TokenBucket
from nightfall.server.room import RoomOptions
from nightfall.server.rooms import Rooms

from .conftest import Serve
from .harness import TIMEOUT, FakeClock, Live, Ws, messages_until_quiet, until
from .toy import ToyAdapter

# Starts a server, a subprocess or a database (tests/starts.py): not in `make check`.
pytestmark = pytest.mark.server

OTHER = "127.0.0.2"


def other_client(live: Live) -> httpx.AsyncClient:
    """An HTTP client from another address than the tests' 127.0.0.1."""
    transport = httpx.AsyncHTTPTransport(local_address=OTHER)
    return httpx.AsyncClient(base_url=live.url, timeout=TIMEOUT, transport=transport)


async def open_from(live: Live, code: str, address: str = "127.0.0.1") -> Ws:
    ws = await asyncio.wait_for(
        websockets.connect(f"{live.ws_url}/ws/{code}", local_addr=(address, 0), max_size=2**20), TIMEOUT
    )
    client = Ws(ws)
    live.sockets.append(client)
    return client


async def refused(ws: Ws) -> tuple[dict[str, Any], int | None]:
    """The error a refused socket gets, and its close code."""
    error = await ws.recv()
    with pytest.raises(websockets.ConnectionClosed):
        await ws.recv()
    return error, ws.ws.close_code


def rooms_of(live: Live) -> Rooms:
    rooms: Rooms = live.app.state.rooms
    return rooms


def open_sockets(live: Live) -> AddressCounts:
    counts: AddressCounts = live.app.state.open_sockets
    return counts


# -- the building blocks ---------------------------------------------------------


def test_a_token_bucket_refills_and_says_when() -> None:
    clock = FakeClock()
    bucket = TokenBucket(2, 0.5, clock)
    assert bucket.take() and bucket.take() and not bucket.take()
    assert bucket.retry_after() == pytest.approx(2.0)
    clock.advance(1.5)
    assert not bucket.take() and bucket.retry_after() == pytest.approx(0.5)
    clock.advance(0.5)
    assert bucket.take()


def test_a_refusal_is_answered_at_most_once_per_refill_interval() -> None:
    """Gap 4 of docs/security.md: the answers to a flood are bounded by time, not by its size."""
    clock = FakeClock()
    bucket = TokenBucket(1, 5.0, clock)  # a token every 0.2 s
    assert bucket.take()
    answered = 0
    for _ in range(100):  # 100 refusals in the same instant
        assert not bucket.take()
        answered += bucket.notice_due()
    assert answered == 1
    clock.advance(0.1)
    assert not bucket.take() and not bucket.notice_due()  # still inside the interval
    clock.advance(0.1)
    assert bucket.take()  # a token again
    assert not bucket.take() and bucket.notice_due()  # and a new interval


def test_address_buckets_are_bounded_and_forget_the_least_recently_used() -> None:
    clock = FakeClock()
    buckets = AddressBuckets(capacity=1, rate=0.001, max_addresses=3, clock=clock)
    for address in ("a", "b", "c"):
        assert buckets.take(address) is None
    assert buckets.take("a") is not None  # empty, and now the most recently used
    for i in range(1000):  # many addresses cannot grow the table
        buckets.take(f"x{i}")
        assert len(buckets) <= 3
    assert buckets.take("x999") is not None  # recent ones are still remembered
    assert buckets.take("b") is None  # long forgotten: a fresh, full bucket


def test_address_counts_forget_addresses_with_no_socket() -> None:
    counts = AddressCounts(limit=2)
    assert counts.acquire("a") and counts.acquire("a") and not counts.acquire("a")
    assert counts.acquire("b")
    counts.release("a")
    assert counts["a"] == 1 and counts.acquire("a")
    for _ in range(2):
        counts.release("a")
    counts.release("b")
    assert len(counts) == 0
    assert all(AddressCounts(limit=0).acquire("a") for _ in range(1000))  # 0: unlimited


def test_the_defaults_are_generous_for_a_party() -> None:
    limits = ServerLimits()
    assert limits.max_rooms == 2000 and limits.sockets_per_address == 32
    assert (limits.http_burst, limits.http_rate_per_second) == (60, 5.0)
    assert limits.http_limited and not ServerLimits.unlimited().http_limited


# -- HTTP: a token bucket per address --------------------------------------------

LIMITED = [
    ("POST", "/api/rooms", {"name": "Eva", "game": "toy"}),
    ("POST", "/api/andorra", {"players": []}),
    ("POST", "/api/andorra/{code}/relink", {"token": "x", "seat": 1}),
    ("GET", "/api/rooms/{code}", None),
    ("POST", "/api/rooms/{code}/join", {"name": "Eva"}),
    ("GET", "/api/rooms/{code}/qr.svg", None),
    ("GET", "/api/rooms/{code}/public", None),
]


async def test_http_over_the_rate_limit_is_429_and_changes_nothing(serve: Serve) -> None:
    clock = FakeClock()
    live = await serve(limits=ServerLimits(http_burst=3, http_rate_per_second=0.25, clock=clock))
    code = (await live.create("Anna"))["code"]  # token 1
    assert (await live.join(code, "Bram")).status_code == 201  # token 2
    assert (await live.http.get(f"/api/rooms/{code}")).status_code == 200  # token 3: the burst is used
    revision = rooms_of(live)._rooms[code].revision
    for method, path, body in LIMITED:
        r = await live.http.request(method, path.format(code=code), json=body)
        assert r.status_code == 429, (path, r.text)
        # The documented error shape (docs/protocol.md §2); a token every 4 s.
        assert r.json() == {
            "error": {
                "code": "rate_limited",
                "params": {"retry_after": 4},
                "message": "Too many messages; slow down.",
            }
        }
        assert r.headers["retry-after"] == "4"
    assert len(rooms_of(live)) == 1, "a refused create made a room"
    room = rooms_of(live)._rooms[code]
    assert room.revision == revision and [m.name for m in room.lobby.members] == ["Anna", "Bram"]
    # Health and the list of games are not limited (no room is looked up).
    assert (await live.http.get("/api/health")).status_code == 200
    assert (await live.http.get("/api/games")).status_code == 200
    clock.advance(3)  # 0.75 of a token
    r = await live.join(code, "Cas")
    assert r.status_code == 429 and r.headers["retry-after"] == "1"
    clock.advance(1)
    assert (await live.join(code, "Cas")).status_code == 201
    assert (await live.join(code, "Dewi")).status_code == 429


async def test_http_rate_limit_is_per_address(serve: Serve) -> None:
    clock = FakeClock()
    live = await serve(limits=ServerLimits(http_burst=2, http_rate_per_second=1, clock=clock))
    code = (await live.create("Anna"))["code"]
    assert (await live.http.get(f"/api/rooms/{code}")).status_code == 200
    assert (await live.http.get(f"/api/rooms/{code}")).status_code == 429
    async with other_client(live) as other:
        assert (await other.get(f"/api/rooms/{code}")).status_code == 200
        assert (await other.post(f"/api/rooms/{code}/join", json={"name": "Bram"})).status_code == 201
        assert (await other.get(f"/api/rooms/{code}")).status_code == 429
    assert (await live.http.get(f"/api/rooms/{code}")).status_code == 429


async def test_guessing_room_codes_over_http_is_slowed_down(serve: Serve) -> None:
    """docs/security.md §2: with the defaults, 60 guesses at once, then 5 per second."""
    clock = FakeClock()
    live = await serve(limits=ServerLimits(clock=clock))
    answers = [(await live.http.get(f"/api/rooms/B{i:03d}")).status_code for i in range(100)]
    assert answers == [404] * 60 + [429] * 40
    clock.advance(1)
    answers = [(await live.http.get(f"/api/rooms/C{i:03d}")).status_code for i in range(10)]
    assert answers == [404] * 5 + [429] * 5


@pytest.mark.parametrize(
    "limits", [ServerLimits(http_burst=0), ServerLimits(http_rate_per_second=0)], ids=["burst0", "rate0"]
)
async def test_http_rate_limit_0_is_unlimited(serve: Serve, limits: ServerLimits) -> None:
    live = await serve(limits=limits)
    code = (await live.create("Anna"))["code"]
    for _ in range(150):
        assert (await live.http.get(f"/api/rooms/{code}")).status_code == 200


# -- rooms: a cap on how many are open --------------------------------------------


async def test_over_the_room_cap_creating_is_503_and_nothing_is_made(serve: Serve) -> None:
    live = await serve(catalog={"toy": ToyAdapter(), **default_catalog()}, limits=ServerLimits(max_rooms=2))
    first = await live.create("Anna")
    await live.create("Bram")
    r = await live.http.post("/api/rooms", json={"name": "Cas", "game": "toy"})
    assert r.status_code == 503
    assert r.json() == {
        "error": {
            "code": "too_many_rooms",
            "params": {"max": 2},
            "message": "The server cannot open more rooms.",
        }
    }
    r = await live.http.post("/api/andorra", json={"players": [{"name": "Dewi", "role": "BOSS"}]})
    assert r.status_code == 503 and r.json()["error"]["code"] == "too_many_rooms"
    assert len(rooms_of(live)) == 2
    assert len(await rooms_of(live).store.load_open_rooms()) == 2, "a refused create left a row"
    # The open rooms work as before: joining and playing are not creating.
    assert (await live.join(first["code"], "Eva")).status_code == 201
    ws = await live.connect(first["code"], first["token"])
    assert (await ws.lobby("settings", target=5))["type"] == "ack"


async def test_the_room_cap_holds_for_creations_at_the_same_moment(serve: Serve) -> None:
    live = await serve(limits=ServerLimits(max_rooms=3, http_burst=0))
    answers = await asyncio.gather(
        *(live.http.post("/api/rooms", json={"name": f"P{i}", "game": "toy"}) for i in range(10))
    )
    assert sorted(r.status_code for r in answers) == [201] * 3 + [503] * 7
    assert len(rooms_of(live)) == 3


async def test_rooms_over_the_cap_still_come_back_after_a_restart(serve: Serve) -> None:
    """A lower cap never loses a room: restored rooms count, only new ones are refused."""
    first = await serve()
    codes = [(await first.create(name))["code"] for name in ("Anna", "Bram", "Cas")]
    await first.stop()
    second = await serve(limits=ServerLimits(max_rooms=2))
    assert sorted(rooms_of(second)._rooms) == sorted(codes)
    for code in codes:
        assert (await second.http.get(f"/api/rooms/{code}")).status_code == 200
    r = await second.http.post("/api/rooms", json={"name": "Dewi", "game": "toy"})
    assert r.status_code == 503


async def test_room_cap_0_is_unlimited(serve: Serve) -> None:
    live = await serve(limits=ServerLimits(max_rooms=0, http_burst=0))
    for i in range(30):
        await live.create(f"P{i}")
    assert len(rooms_of(live)) == 30


# -- sockets: a cap per address ---------------------------------------------------


async def test_over_the_socket_cap_a_socket_is_closed_with_4429(serve: Serve) -> None:
    live = await serve(limits=ServerLimits(sockets_per_address=3))
    created = await live.create("Anna")
    code = created["code"]
    anna = await live.connect(code, created["token"])
    # Sockets that have not said hello count too: they are what a flood would open.
    silent = [await open_from(live, code), await open_from(live, code)]
    await until(lambda: open_sockets(live)["127.0.0.1"] == 3)
    revision = rooms_of(live)._rooms[code].revision
    extra = await open_from(live, code)
    error, close = await refused(extra)
    assert error["type"] == "error" and error["error"]["code"] == "too_many_connections"
    assert error["error"]["params"] == {"max": 3}
    assert close == 4429
    assert rooms_of(live)._rooms[code].revision == revision
    assert open_sockets(live)["127.0.0.1"] == 3
    # Another address is not affected.
    other = await open_from(live, code, OTHER)
    await other.send({"type": "hello", "v": 1})
    assert (await other.recv())["type"] == "welcome"
    # A socket that closes frees its place; the ones already open still work.
    await silent[0].close()
    await until(lambda: open_sockets(live)["127.0.0.1"] == 2)
    again = await open_from(live, code)
    await again.send({"type": "hello", "v": 1, "token": created["token"]})
    assert (await again.recv())["type"] == "welcome"
    await anna.send({"type": "ping", "t": 1})
    assert (await anna.expect("pong"))["t"] == 1
    for ws in (anna, silent[1], other, again):
        await ws.close()
    await until(lambda: len(open_sockets(live)) == 0)


async def test_socket_cap_0_is_unlimited(serve: Serve) -> None:
    live = await serve(limits=ServerLimits(sockets_per_address=0))
    created = await live.create("Anna")
    sockets = [await live.connect(created["code"]) for _ in range(40)]  # 40 boards
    assert open_sockets(live)["127.0.0.1"] == 40
    for ws in sockets:
        await ws.close()


# -- sockets: guessing a room code or a token costs a token of the address's bucket --


async def test_guessing_over_websockets_is_slowed_down(serve: Serve) -> None:
    clock = FakeClock()
    live = await serve(limits=ServerLimits(http_burst=3, http_rate_per_second=0.5, clock=clock))
    created = await live.create("Anna")  # token 1
    code = created["code"]
    guess = await open_from(live, "BBBB")
    await guess.send({"type": "hello", "v": 1})
    error, close = await refused(guess)
    assert (error["error"]["code"], close) == ("no_room", 4404)  # token 2
    forged = await open_from(live, code)
    await forged.send({"type": "hello", "v": 1, "token": "x" * 43})
    error, close = await refused(forged)
    assert (error["error"]["code"], close) == ("bad_token", 4401)  # token 3: the bucket is empty
    # With the bucket empty, this address's next guesses are refused without an answer
    # to them: an unknown room is not even looked up, a token not even compared, and a
    # live room is not watched without a token (a spectator's welcome there, and a refusal
    # for every other code, told live codes at ~700 guesses a second: attack round 5).
    for room, token in (("CCCC", None), (code, "y" * 43), (code, None)):
        blocked = await open_from(live, room)
        await blocked.send({"type": "hello", "v": 1, "token": token})
        error, close = await refused(blocked)
        assert error["error"] == {
            "code": "rate_limited",
            "params": {"retry_after": 2},
            "message": "Too many messages; slow down.",
        }
        assert close == 4429
    assert (await live.http.get(f"/api/rooms/{code}")).status_code == 429  # the same bucket
    # The seated member still gets in; another address may still look.
    anna = await open_from(live, code)
    await anna.send({"type": "hello", "v": 1, "token": created["token"]})
    assert (await anna.recv())["type"] == "welcome"
    other = await open_from(live, "BBBB", OTHER)
    await other.send({"type": "hello", "v": 1})
    assert (await refused(other))[0]["error"]["code"] == "no_room"
    assert rooms_of(live)._rooms[code].lobby.members[0].name == "Anna"
    assert len(rooms_of(live)._rooms[code].lobby.members) == 1
    clock.advance(2)
    assert (await live.http.get(f"/api/rooms/{code}")).status_code == 200


async def test_reconnecting_with_a_good_token_costs_nothing(serve: Serve) -> None:
    """A Wi-Fi blip makes every phone reconnect: that must never lock one out. Neither a
    phone (its token) nor a board (no token: a spectator) takes a token of the address's
    bucket; a spectator waits only while the bucket is empty (attack round 5)."""
    clock = FakeClock()
    live = await serve(limits=ServerLimits(http_burst=2, http_rate_per_second=0.001, clock=clock))
    created = await live.create("Anna")  # one of the two tokens
    for i in range(10):
        ws = await live.connect(created["code"], created["token"] if i % 2 else None)
        await ws.close()
    assert (await live.http.get(f"/api/rooms/{created['code']}")).status_code == 200  # the other
    assert (await live.http.get(f"/api/rooms/{created['code']}")).status_code == 429


# -- one socket's flood (gap 4 of docs/security.md) ---------------------------------


async def test_a_flood_gets_one_rate_limited_answer_and_the_socket_stays(serve: Serve) -> None:
    """150 frames at once from a socket that does not read: the burst of 20 is answered,
    then one ``rate_limited``; the other 129 are dropped unanswered, so its outbox (64)
    never fills and it is not closed (4408). The room does not move. (Under the frames a
    socket may have parsed in a second, ``ws_guard.FRAMES_PER_SECOND``, with the 50 below:
    past it frames wait for the next second, tests/server/test_frame_floods.py.)"""
    clock = FakeClock()
    live = await serve(options=RoomOptions(grace_ms=200), limits=ServerLimits(clock=clock))
    created = await live.create("Anna")
    ws = await live.connect(created["code"], created["token"])
    revision = rooms_of(live)._rooms[created["code"]].revision
    for i in range(150):
        await ws.send({"type": "ping", "t": i})
    got = [m for m in await messages_until_quiet(ws) if m["type"] in ("pong", "error")]
    assert [m["t"] for m in got if m["type"] == "pong"] == list(range(20))
    assert [m["error"]["code"] for m in got if m["type"] == "error"] == ["rate_limited"]
    assert got[-1]["type"] == "error" and got[-1]["id"] is None
    # Bytes frames that are not UTF-8 count against the limit too (they used to be answered freely).
    for _ in range(50):
        await ws.ws.send(b"\xff" * 10)
    assert [m for m in await messages_until_quiet(ws, 0.3) if m["type"] != "presence"] == []  # same interval
    clock.advance(0.2)  # one token, and a new interval
    await ws.send({"type": "ping", "t": "a"})
    await ws.send({"type": "ping", "t": "b"})
    await ws.send({"type": "ping", "t": "c"})
    got = [m for m in await messages_until_quiet(ws) if m["type"] in ("pong", "error")]
    assert [m["type"] for m in got] == ["pong", "error"] and got[0]["t"] == "a"
    assert got[1]["error"]["code"] == "rate_limited"
    clock.advance(10)  # refilled: it is an ordinary socket again
    assert rooms_of(live)._rooms[created["code"]].revision == revision, "the flood changed the room"
    assert (await ws.lobby("settings", target=5))["type"] == "ack"
    assert rooms_of(live)._rooms[created["code"]].revision == revision + 1
    assert ws.ws.close_code is None


async def test_the_message_budget_belongs_to_the_seat_not_the_socket(serve: Serve) -> None:
    """Issue 30, finding 4: reconnecting used to give a fresh allowance. The budget is
    the seat's: a second socket or a reconnect of the same seat shares it; another
    seat, and a spectator (by address), have their own."""
    clock = FakeClock()
    live = await serve(limits=ServerLimits(clock=clock))
    created = await live.create("Anna")
    code = created["code"]
    bram = (await live.join(code, "Bram")).json()
    flooder = await live.connect(code, created["token"])
    for i in range(25):
        await flooder.send({"type": "ping", "t": i})
    answers = [m for m in await messages_until_quiet(flooder) if m["type"] in ("pong", "error")]
    assert len(answers) == 21
    await flooder.close()
    again = await live.connect(code, created["token"])  # a reconnect: the same empty budget
    await again.send({"type": "ping", "t": "x"})
    got = [m for m in await messages_until_quiet(again) if m["type"] in ("pong", "error")]
    assert got == [], got  # dropped (the one refusal of this interval was already sent)
    other = await live.connect(code, bram["token"])  # another seat keeps its whole burst
    for i in range(20):
        await other.send({"type": "ping", "t": i})
    assert [m["t"] for m in await messages_until_quiet(other) if m["type"] == "pong"] == list(range(20))
    clock.advance(10)  # refilled
    await again.send({"type": "ping", "t": "y"})
    assert [m["t"] for m in await messages_until_quiet(again) if m["type"] == "pong"] == ["y"]


async def test_a_spectators_budget_survives_a_reconnect_from_the_same_address(serve: Serve) -> None:
    clock = FakeClock()
    live = await serve(limits=ServerLimits(clock=clock))
    code = (await live.create("Anna"))["code"]
    watcher = await live.connect(code)
    for i in range(21):
        await watcher.send({"type": "ping", "t": i})
    await messages_until_quiet(watcher)
    await watcher.close()
    back = await live.connect(code)
    await back.send({"type": "ping", "t": "x"})
    got = [m for m in await messages_until_quiet(back) if m["type"] in ("pong", "error")]
    assert got == [], got  # no fresh allowance: dropped
