"""The WebSocket protocol (docs/protocol.md): hello, commands, errors, limits."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
import websockets

from nightfall.server.limits import ServerLimits
from nightfall.server.room import RoomOptions

from .conftest import Serve
from .harness import FakeClock, Live, messages_until_quiet, table

pytestmark = [pytest.mark.server, pytest.mark.timeout(30)]


async def test_hello_welcome_then_state(live: Live) -> None:
    created = await live.create("Anna")
    ws = await live.open(created["code"])
    await ws.send({"type": "hello", "v": 1, "token": created["token"]})
    welcome = await ws.recv()
    assert welcome["type"] == "welcome"
    assert welcome["you"] == {"pid": 1, "seat": 1, "host": True, "spectator": False}
    assert welcome["limits"]["max_message_bytes"] == 8192
    state = await ws.recv()
    assert state["type"] == "state"
    assert state["view"] is None
    assert state["room"]["status"] == "lobby"
    assert state["room"]["members"][0] == {
        "pid": 1,
        "name": "Anna",
        "seat": 1,
        "host": True,
        "presence": "connected",
        "colour": "red",
        "avatar": "circle",
    }
    assert isinstance(state["server_time"], int)
    assert created["token"] not in str(state) and "token" not in str(state)


async def test_commands_are_acked_then_everyone_gets_their_own_view(live: Live) -> None:
    _code, _, (anna, bram) = await table(live, ["Anna", "Bram"])
    assert (await anna.lobby("start"))["type"] == "ack"
    s_anna = await anna.state_where(lambda m: m["view"] is not None)
    s_bram = await bram.state_where(lambda m: m["view"] is not None)
    assert s_anna["view"]["me"]["seat"] == 1 and s_bram["view"]["me"]["seat"] == 2
    assert s_anna["view"]["me"]["secret"] != s_bram["view"]["me"]["secret"]
    before = s_bram["version"]

    answer = await bram.command("add", n=3)
    assert answer["type"] == "ack" and answer["version"] == before + 1
    state = await bram.expect("state", version=before + 1)
    assert state["view"]["total"] == 3
    # Anna's counter is her own (it started when her socket did), so it is not Bram's.
    other = await anna.state_where(lambda m: m["view"]["total"] == 3)
    assert other["version"] == s_anna["version"] + 1
    assert s_bram["view"]["me"]["secret"] not in str(anna.seen)


async def test_engine_rejection_carries_code_params_and_rule(live: Live) -> None:
    _code, _, (anna, bram) = await table(live, ["Anna", "Bram"])
    await anna.lobby("start")
    answer = await bram.command("reset")
    assert answer["type"] == "error"
    assert answer["error"]["code"] == "not_host" and answer["error"]["rule"] == "TOY-1"
    answer = await bram.command("add", n=99)
    assert answer["error"] == {
        "code": "bad_payload",
        "params": {"field": "n"},
        "message": answer["error"]["message"],
    }


async def _no_state_change(live: Live, code: str) -> int:
    public = (await live.http.get(f"/api/rooms/{code}/public")).json()
    version: int = public["version"]
    return version


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ("not json", "bad_json"),
        ("[1, 2]", "bad_json"),
        ('{"type": "dance", "id": 1}', "unknown_type"),
        ('{"id": 1}', "unknown_type"),
        ('{"type": "command", "command": {"type": "add", "payload": {"n": 1}}}', "bad_message"),
        ('{"type": "command", "id": 1, "command": "add"}', "bad_message"),
        ('{"type": "command", "id": 1, "command": {"payload": {}}}', "bad_message"),
        ('{"type": "command", "id": 1, "command": {"type": "add", "payload": [1]}}', "bad_message"),
        (
            '{"type": "command", "id": 1, "command": {"type": "add", "actor": 1, "payload": {"n": 1}}}',
            "wrong_actor",
        ),
        ('{"type": "hello", "v": 1}', "already_hello"),
        ('{"type": "lobby", "id": 1, "action": "dance"}', "unknown_action"),
        ('{"type": "lobby", "id": 1, "action": "start"}', "not_host"),
        (
            '{"type": "command", "id": 1, "command": {"type": "add", "payload": {"n": 1, "x": "'
            + "y" * 9000
            + '"}}}',
            "too_large",
        ),
    ],
)
async def test_bad_messages_get_clear_errors_and_change_nothing(live: Live, frame: str, code: str) -> None:
    room, _, (anna, bram) = await table(live, ["Anna", "Bram"])
    await anna.lobby("start")
    await bram.state_where(lambda m: m["view"] is not None)
    before = await _no_state_change(live, room)
    await bram.send(frame)
    answer = await bram.expect("error")
    assert answer["error"]["code"] == code, answer
    assert answer["error"]["message"]
    assert await _no_state_change(live, room) == before
    # the socket still works
    assert (await bram.command("add", n=1))["type"] == "ack"


async def test_error_answers_the_request_id(live: Live) -> None:
    _room, _, (_anna, bram) = await table(live, ["Anna", "Bram"])
    await bram.send({"type": "lobby", "id": "mine-7", "action": "start"})
    answer = await bram.expect("error")
    assert answer["id"] == "mine-7"


async def test_command_before_the_game_and_from_a_spectator(live: Live) -> None:
    room, _, (anna, _bram) = await table(live, ["Anna", "Bram"])
    assert (await anna.command("add", n=1))["error"]["code"] == "no_game"
    board = await live.connect(room)
    assert (await board.command("add", n=1))["error"]["code"] == "spectator"
    assert (await board.lobby("start"))["error"]["code"] == "spectator"


async def test_wrong_token_is_refused(live: Live) -> None:
    created = await live.create("Anna")
    ws = await live.open(created["code"])
    await ws.send({"type": "hello", "v": 1, "token": "x" * 43})
    answer = await ws.recv()
    assert answer["type"] == "error" and answer["error"]["code"] == "bad_token"
    with pytest.raises(websockets.ConnectionClosed) as closed:
        await ws.recv()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401


async def test_token_of_another_room_is_refused(live: Live) -> None:
    one = await live.create("Anna")
    two = await live.create("Bram")
    ws = await live.open(two["code"])
    await ws.send({"type": "hello", "v": 1, "token": one["token"]})
    assert (await ws.recv())["error"]["code"] == "bad_token"


@pytest.mark.parametrize(
    ("hello", "code"),
    [({"type": "command"}, "expected_hello"), ({"type": "hello", "v": 2}, "unsupported_version")],
)
async def test_bad_hello_closes_4400(live: Live, hello: dict[str, object], code: str) -> None:
    created = await live.create("Anna")
    ws = await live.open(created["code"])
    await ws.send(hello)
    assert (await ws.recv())["error"]["code"] == code
    with pytest.raises(websockets.ConnectionClosed) as closed:
        await ws.recv()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4400


DOCS = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ("not json", "bad_json"),
        ("[1, 2]", "bad_json"),
        ('{"type": "command"}', "expected_hello"),
        ('{"type": "hello", "v": 1, "pad": "' + "x" * 9000 + '"}', "too_large"),
    ],
)
async def test_a_bad_first_frame_is_answered_as_the_protocol_says(live: Live, frame: str, code: str) -> None:
    """The server and docs/protocol.md §3 agree on every way a first frame can fail:
    each code the server answers with is the one the close table lists, with 4400."""
    created = await live.create("Anna")
    ws = await live.open(created["code"])
    await ws.send(frame)
    assert (await ws.recv())["error"]["code"] == code
    with pytest.raises(websockets.ConnectionClosed) as closed:
        await ws.recv()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4400
    rows = [
        line for line in DOCS.read_text(encoding="utf-8").splitlines() if line.startswith("| first message")
    ]
    assert any(f"| `{code}` | 4400 |" in row for row in rows), rows


async def test_unknown_room_closes_4404(live: Live) -> None:
    ws = await live.open("ZZZZ")
    await ws.send({"type": "hello", "v": 1})
    assert (await ws.recv())["error"]["code"] == "no_room"


async def test_foreign_origin_is_refused_same_host_allowed(live: Live) -> None:
    created = await live.create("Anna")
    with pytest.raises(websockets.InvalidStatus) as refused:
        await live.open(created["code"], origin="http://evil.example")
    assert refused.value.response.status_code == 403
    ws = await live.open(created["code"], origin=live.url)
    await ws.send({"type": "hello", "v": 1})
    assert (await ws.recv())["type"] == "welcome"


async def test_rate_limit_drops_a_flood(serve: Serve) -> None:
    """docs/protocol.md §4.4: the burst of 20 is answered, the rest dropped, and only
    the first drop in each refill interval (0.2 s) is answered with ``rate_limited``."""
    clock = FakeClock()  # the buckets' clock: no token comes back unless the test says so
    live = await serve(limits=ServerLimits(clock=clock))
    code, _, (_anna, bram) = await table(live, ["Anna", "Bram"])
    room = live.app.state.rooms._rooms[code]
    revision = room.revision
    for i in range(40):
        await bram.send({"type": "ping", "t": i})
    await bram.send({"type": "lobby", "id": "late", "action": "leave"})  # dropped unread: Bram stays
    answers = [m for m in await messages_until_quiet(bram) if m["type"] in ("pong", "error", "ack")]
    assert [a["t"] for a in answers[:20]] == list(range(20))
    assert [(a["id"], a["error"]["code"]) for a in answers[20:]] == [(None, "rate_limited")]
    assert room.revision == revision and [m.name for m in room.lobby.members] == ["Anna", "Bram"]
    clock.advance(1)
    await bram.send({"type": "ping", "t": "again"})
    assert (await bram.expect("pong"))["t"] == "again"


async def test_ping_pong_echoes_and_tells_the_time(live: Live) -> None:
    created = await live.create("Anna")
    ws = await live.connect(created["code"], created["token"])
    await ws.send({"type": "ping", "t": 12.5})
    pong = await ws.expect("pong")
    assert pong["t"] == 12.5 and isinstance(pong["server_time"], int)


async def test_a_huge_frame_closes_the_socket(live: Live) -> None:
    created = await live.create("Anna")
    ws = await live.connect(created["code"], created["token"])
    await ws.send("x" * 70_000)
    with pytest.raises(websockets.ConnectionClosed):
        for _ in range(10):
            message = await asyncio.wait_for(ws.recv(), 5)
            assert message["type"] != "error"
    assert ws.ws.close_code == 1009


async def test_random_frames_never_break_the_room(serve: Serve) -> None:
    """Junk from a phone gets errors (never internal_error) and the room keeps working."""
    import json
    import random

    live = await serve(options=RoomOptions(burst=10_000, rate_per_second=10_000))
    room, _, (anna, bram) = await table(live, ["Anna", "Bram"])
    await anna.lobby("start")
    rng = random.Random(1)
    atoms: list[object] = [
        None,
        True,
        0,
        -1,
        2**70,
        1.5,
        "",
        "x",
        "add",
        "command",
        "lobby",
        [],
        {},
        [1],
        {"n": 1},
    ]
    keys = ["type", "id", "command", "action", "payload", "actor", "v", "token", "t", "n"]

    def junk(depth: int = 0) -> object:
        if depth > 2 or rng.random() < 0.4:
            return rng.choice(atoms)
        return {rng.choice(keys): junk(depth + 1) for _ in range(rng.randint(0, 4))}

    def revision() -> int:  # the room's own count of stored commands (no client is told it)
        count: int = live.app.state.rooms._rooms[room].revision
        return count

    before = revision()
    for i in range(150):
        frame = junk()
        if isinstance(frame, dict) and rng.random() < 0.5:
            frame["type"] = rng.choice(["command", "lobby", "ping", "hello"])
            frame["id"] = i
        await bram.send(json.dumps(frame))
    answer = await bram.command("add", n=1)
    assert answer["type"] == "ack"
    errors = [m["error"]["code"] for m in bram.seen if m["type"] == "error"]
    assert errors and "internal_error" not in errors
    after = revision()
    accepted = sum(1 for m in bram.seen if m["type"] == "ack")
    assert after == before + accepted
