"""The host role moves on: by hand (lobby ``handover``, engine ``pass_host``, H-HST-7a)
and by itself when the host's phone is gone (H-HST-7b).

Time is a ``FakeMsClock``; the tests run the handover check themselves
(``HostKeeper.hand_over_if_away``, run on the room's task) instead of waiting for its timer.
"""

from __future__ import annotations

import logging
from typing import Any

import pytest

from nightfall.engine import Transcript, replay
from nightfall.games.andorra.site import AndorraSite
from nightfall.games.heks import HeksGame
from nightfall.games.heks.site import HeksSite
from nightfall.server.room import Room, RoomOptions

from ..games.andorra_site.game_data import create_body
from .conftest import Serve
from .harness import FakeMsClock, Live, Ws, until

pytestmark = [pytest.mark.server, pytest.mark.timeout(60)]

AWAY_MS = 60_000


async def serve_heks(serve: Serve, clock: FakeMsClock | None = None) -> Live:
    options = RoomOptions(grace_ms=200, host_away_ms=AWAY_MS, clock=clock or FakeMsClock())
    return await serve(catalog={"heks": HeksSite()}, options=options)


def room_of(live: Live, code: str) -> Room:
    room: Room = live.app.state.rooms._rooms[code]
    return room


async def heks_lobby(live: Live, names: list[str]) -> tuple[str, list[str], list[Ws]]:
    created = await live.create(names[0], game="heks")
    code = created["code"]
    tokens = [created["token"]] + [(await live.join(code, n)).json()["token"] for n in names[1:]]
    sockets = [await live.connect(code, t) for t in tokens]
    return code, tokens, sockets


async def unlimited_game(live: Live, names: list[str]) -> tuple[str, list[str], list[Ws]]:
    code, tokens, sockets = await heks_lobby(live, names)
    assert (await sockets[0].lobby("settings", mode="unlimited"))["type"] == "ack"
    assert (await sockets[0].lobby("start"))["type"] == "ack"
    for ws in sockets:
        await ws.state_where(lambda m: m["view"] is not None and m["view"]["phase"] == "ROLE_REVEAL")
    return code, tokens, sockets


def host_pid(state: dict[str, Any]) -> int:
    hosts = [m["pid"] for m in state["room"]["members"] if m["host"]]
    assert len(hosts) == 1
    return int(hosts[0])


async def hang_up(live: Live, code: str, *sockets: Ws) -> None:
    room = room_of(live, code)
    left = len(room.conns) - len(sockets)
    for ws in sockets:
        await ws.close()
    await until(lambda: len(room.conns) == left)


# -- by hand (H-HST-7a) -------------------------------------------------------------


async def test_the_host_hands_the_role_over_in_the_lobby_h_hst_7a(serve: Serve) -> None:
    live = await serve_heks(serve)
    _, _, (anna, bram, cas, _dewi) = await heks_lobby(live, ["Anna", "Bram", "Cas", "Dewi"])
    assert (await bram.lobby("handover", pid=3))["error"]["code"] == "not_host"
    assert (await anna.lobby("handover", pid=99))["error"]["code"] == "unknown_member"
    assert (await anna.lobby("handover", pid=1))["error"]["code"] == "already_host"
    assert (await anna.lobby("handover", pid=2))["type"] == "ack"
    for ws in (anna, bram, cas):
        state = await ws.state_where(lambda m: host_pid(m) == 2)
        assert state["you"]["host"] is (ws is bram)
    # Host-only lobby actions follow the role.
    assert (await anna.lobby("settings", mode="unlimited"))["error"]["code"] == "not_host"
    assert (await bram.lobby("settings", mode="unlimited"))["type"] == "ack"
    assert (await bram.lobby("start"))["type"] == "ack"
    seen = await bram.state_where(lambda m: m["view"] is not None)
    assert "host" in seen["view"] and [p["seat"] for p in seen["view"]["players"] if p["host"]] == [2]
    # During a game the role is the engine's: the lobby action is refused.
    assert (await bram.lobby("handover", pid=1))["error"]["code"] == "wrong_status"


async def test_pass_host_in_a_game_moves_the_lobby_host_too_h_hst_7a(serve: Serve) -> None:
    live = await serve_heks(serve)
    _, _, (anna, bram, cas, dewi) = await unlimited_game(live, ["Anna", "Bram", "Cas", "Dewi"])
    forged = await anna.command("pass_host", seat=2, reason="host_away")
    assert forged["error"]["code"] == "bad_payload"  # only the server says "host_away"
    assert (await bram.command("pass_host", seat=3))["error"]["code"] == "not_host"
    assert (await anna.command("pass_host", seat=2))["type"] == "ack"
    state = await bram.state_where(lambda m: m["you"]["host"])
    assert host_pid(state) == 2 and "host" in state["view"]
    state = await anna.state_where(lambda m: host_pid(m) == 2)
    assert state["you"]["host"] is False and "host" not in state["view"]
    assert (await anna.command("mark_absent", seat=4))["error"]["code"] == "not_host"
    for ws in (anna, bram, cas):
        assert (await ws.command("ready"))["type"] == "ack"
    assert (await bram.command("mark_absent", seat=4))["type"] == "ack"
    await dewi.state_where(lambda m: m["view"]["phase"] != "ROLE_REVEAL")


# -- by itself (H-HST-7b) -----------------------------------------------------------


async def test_a_game_stuck_on_an_absent_host_goes_on_after_the_handover_h_hst_7b(
    serve: Serve, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="nightfall.room")
    clock = FakeMsClock()
    live = await serve_heks(serve, clock)
    code, _, (anna, bram, cas, dewi) = await unlimited_game(live, ["Anna", "Bram", "Cas", "Dewi"])
    for ws in (bram, cas):
        assert (await ws.command("ready"))["type"] == "ack"
    await hang_up(live, code, anna)  # the host's phone dies; Anna and Dewi owe Ready
    room = room_of(live, code)
    clock.advance(AWAY_MS - 1)
    await room.call(room.host.hand_over_if_away)
    assert room.lobby.host == 1  # not yet: the grace is not over
    clock.advance(1)
    await room.call(room.host.hand_over_if_away)
    state = await bram.state_where(lambda m: m["you"]["host"])
    assert host_pid(state) == 2 and "host" in state["view"]
    assert room.play is not None and room.play.state.host == 2
    assert f"room {code}: host passed from Anna to Bram (host away 60 s)" in caplog.text
    # The new host unblocks the table (H-HST-1): Anna and Dewi get the absent default.
    assert (await bram.command("mark_absent", seat=1))["type"] == "ack"
    assert (await bram.command("mark_absent", seat=4))["type"] == "ack"
    await dewi.state_where(lambda m: m["view"]["phase"] != "ROLE_REVEAL")
    # The transcript holds the handover as the host seat's command: it replays.
    stored = await room.core.store.load_room(code)
    assert stored is not None and stored.game is not None
    passed = [c for c in stored.commands if c.type == "pass_host"]
    assert [(c.actor, c.payload) for c in passed] == [(1, {"seat": 2, "reason": "host_away"})]
    transcript = Transcript(
        game="heks", config=stored.game.config, seed=stored.game.seed, commands=stored.commands
    )
    assert HeksGame().snapshot(replay(HeksGame(), transcript)) == HeksGame().snapshot(room.play.state)


async def test_no_handover_when_the_host_comes_back_in_time_h_hst_7b(serve: Serve) -> None:
    clock = FakeMsClock()
    live = await serve_heks(serve, clock)
    code, tokens, (anna, _bram, _cas) = await heks_lobby(live, ["Anna", "Bram", "Cas"])
    await hang_up(live, code, anna)
    clock.advance(AWAY_MS // 2)
    await live.connect(code, tokens[0])
    clock.advance(AWAY_MS // 2 + 10_000)
    room = room_of(live, code)
    await room.call(room.host.hand_over_if_away)
    assert room.lobby.host == 1 and room.host.host_watch.gone_since is None


async def test_no_handover_while_nobody_else_is_connected_h_hst_7b(serve: Serve) -> None:
    clock = FakeMsClock()
    live = await serve_heks(serve, clock)
    code, tokens, sockets = await heks_lobby(live, ["Anna", "Bram", "Cas"])
    await hang_up(live, code, *sockets)
    clock.advance(AWAY_MS * 2)
    room = room_of(live, code)
    await room.call(room.host.hand_over_if_away)
    assert room.lobby.host == 1
    # The first seated member to come back takes over (Cas: Bram is still away).
    cas = await live.connect(code, tokens[2])
    state = await cas.state_where(lambda m: m["you"]["host"])
    assert host_pid(state) == 3 and room.lobby.host == 3


async def test_the_passed_host_survives_a_restart_h_hst_7a(serve: Serve) -> None:
    clock = FakeMsClock()
    first = await serve_heks(serve, clock)
    code, tokens, (anna, *_) = await unlimited_game(first, ["Anna", "Bram", "Cas", "Dewi"])
    assert (await anna.command("pass_host", seat=3))["type"] == "ack"
    await first.stop()
    second = await serve_heks(serve, clock)
    cas = await second.connect(code, tokens[2])
    assert cas.state["you"]["host"] is True and host_pid(cas.state) == 3
    assert "host" in cas.state["view"]


async def test_andorras_host_is_never_replaced_h_hst_7b(serve: Serve) -> None:
    # Andorra's host runs the game from a desk and has no seat: nobody can take over.
    clock = FakeMsClock()
    options = RoomOptions(grace_ms=200, host_away_ms=AWAY_MS, clock=clock)
    live = await serve(catalog={"andorra": AndorraSite()}, options=options)
    r = await live.http.post("/api/andorra", json=create_body())
    assert r.status_code == 201, r.text
    game = r.json()
    await live.connect(game["code"], game["players"][0]["token"])
    clock.advance(AWAY_MS * 2)
    room = room_of(live, game["code"])
    await room.call(room.host.hand_over_if_away)
    assert room.lobby.host == 1
