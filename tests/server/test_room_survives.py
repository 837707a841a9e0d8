"""A room survives any input (issue 30, finding 1): one bad request fails only itself.

A spectator sent a command whose id was a lone surrogate (``"\\ud800"`` as a JSON
escape). Python decodes it into a ``str`` that cannot be encoded as UTF-8, so the
answer that echoes the id could not be sent, the exception left the room's loop, and
the room answered ``internal_error "room stopped"`` until the server restarted."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest

from nightfall.games.heks.site import HeksSite
from nightfall.server.room import RoomOptions

from .conftest import Serve
from .harness import Live, Ws, table, until

pytestmark = pytest.mark.server  # starts a server (tests/starts.py)

SURROGATE_ID = '{"type":"command","id":"\\ud800","command":{"type":"ready"}}'
HOSTILE = [
    SURROGATE_ID,
    '{"type":"lobby","id":"\\udfff","action":"profile","payload":{"name":"x"}}',
    '{"type":"command","id":"a","command":{"type":"ready","x":"\\ud800"}}',
    '{"type":"lobby","id":"b","action":"profile","payload":{"name":"\\ud800"}}',
    '{"type":"ping","t":"\\ud800"}',
    '{"type":"\\ud800"}',
    '{"type":"command","id":"c","command":' + "[" * 40 + "]" * 40 + "}",
]


async def _still_answers(live: Live, code: str, sockets: list[Ws]) -> None:
    """Another seat's valid request is still answered, and a newcomer can still join."""
    reply = await sockets[1].lobby("profile", name="Bea")
    assert reply["type"] in ("ack", "error"), reply
    if reply["type"] == "error":
        assert reply["error"]["code"] != "internal_error", reply
    joined = await live.join(code, "Late")
    assert joined.status_code == 201, joined.text


@pytest.mark.parametrize("fast", [True, False], ids=["fast", "plain"])
@pytest.mark.parametrize("frame", HOSTILE)
async def test_a_spectators_hostile_frame_fails_only_itself(serve: Serve, fast: bool, frame: str) -> None:
    live = await serve(catalog={"heks": HeksSite()}, fast_paths=fast)
    created = await live.create("Anna", game="heks")
    code = created["code"]
    joined = await live.join(code, "Bram")
    sockets = [await live.connect(code, created["token"]), await live.connect(code, joined.json()["token"])]
    spectator = await live.connect(code)
    await spectator.send(frame)
    answer: dict[str, Any] = await spectator.recv()
    while answer["type"] == "presence":
        answer = await spectator.recv()
    assert answer["type"] in ("error", "pong"), answer
    if answer["type"] == "error":
        assert answer["error"]["code"] in ("bad_json", "bad_message", "spectator", "unknown_type"), answer
    await _still_answers(live, code, sockets)


async def test_a_seated_players_surrogate_id_fails_only_itself(serve: Serve) -> None:
    live = await serve(catalog={"heks": HeksSite()}, options=RoomOptions(grace_ms=200))
    created = await live.create("Anna", game="heks")
    code = created["code"]
    joined = await live.join(code, "Bram")
    sockets = [await live.connect(code, created["token"]), await live.connect(code, joined.json()["token"])]
    await sockets[0].send(SURROGATE_ID)
    answer = await sockets[0].expect("error")
    assert answer["error"]["code"] == "bad_json", answer
    await _still_answers(live, code, sockets)


async def test_a_bug_inside_the_room_fails_one_request_and_is_logged(
    serve: Serve, caplog: pytest.LogCaptureFixture
) -> None:
    """Whatever escapes a request's handling is logged with the room code and the
    traceback, answered ``internal_error`` to that socket, and the room goes on."""
    live = await serve()
    code, _seats, sockets = await table(live, ["Anna", "Bram"])
    room = live.app.state.rooms._rooms[code]
    real = room.writer._broadcast_after
    calls = 0

    def broken(before: int) -> Any:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise ZeroDivisionError("a bug")
        return real(before)

    room.writer._broadcast_after = broken
    with caplog.at_level(logging.ERROR):
        reply = await sockets[0].lobby("profile", name="Ann")
    assert reply["type"] == "error" and reply["error"]["code"] == "internal_error", reply
    assert any(code in r.getMessage() and r.exc_info for r in caplog.records), caplog.text
    again = await sockets[1].lobby("profile", name="Bo")
    assert again["type"] == "ack", again
    assert live.app.state.rooms._rooms[code] is room


async def test_a_room_whose_task_ended_is_rebuilt_and_shutdown_does_not_hang(
    serve: Serve, caplog: pytest.LogCaptureFixture
) -> None:
    """If a room's task ever ends, the server logs it, rebuilds the room from the
    store, its phones reconnect to the new one, and shutdown never waits on it."""
    live = await serve()
    code, seats, sockets = await table(live, ["Anna", "Bram"])
    assert (await sockets[0].lobby("profile", name="Ann"))["type"] == "ack"
    rooms = live.app.state.rooms
    old = rooms._rooms[code]
    with caplog.at_level(logging.ERROR):
        old.writer._task.cancel()
        await until(lambda: rooms._rooms.get(code) not in (None, old))
    assert any(code in r.getMessage() and "task ended" in r.getMessage() for r in caplog.records)
    back = await live.connect(code, seats[1]["token"])
    assert back.state["room"]["members"][0]["name"] == "Ann"  # what was acknowledged is there
    assert (await back.lobby("profile", name="Bo"))["type"] == "ack"
    await asyncio.wait_for(rooms.stop(), 5)
