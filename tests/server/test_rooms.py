"""Rooms over the wire: lobby actions, reconnects, presence, timers, play again."""

from __future__ import annotations

import asyncio

import pytest
import websockets

from nightfall.server.connection import Connection
from nightfall.server.room import RoomOptions

from .conftest import Serve
from .harness import Live, table

pytestmark = [pytest.mark.server, pytest.mark.timeout(30)]


async def test_host_reorders_and_changes_settings_then_starts(live: Live) -> None:
    _code, _seats, (anna, bram, cas) = await table(live, ["Anna", "Bram", "Cas"])
    assert (await anna.lobby("reorder", order=[3, 1, 2]))["type"] == "ack"
    state = await bram.expect("state")
    assert [m["name"] for m in state["room"]["members"]] == ["Cas", "Anna", "Bram"]
    assert state["you"]["seat"] == 3
    assert (await anna.lobby("settings", target=5))["type"] == "ack"
    assert (await anna.lobby("settings", target=0))["error"]["code"] == "bad_settings"
    assert (await bram.lobby("settings", target=7))["error"]["code"] == "not_host"
    assert (await anna.lobby("start"))["type"] == "ack"
    state = await cas.state_where(lambda m: m["view"] is not None)
    assert state["view"]["me"]["seat"] == 1 and state["room"]["status"] == "playing"
    assert (await anna.lobby("start"))["error"]["code"] == "wrong_status"
    assert (await anna.lobby("reorder", order=[1, 2, 3]))["error"]["code"] == "wrong_status"


async def test_start_needs_enough_players(live: Live) -> None:
    _code, _, (anna,) = await table(live, ["Anna"])
    answer = await anna.lobby("start")
    assert answer["error"]["code"] == "too_few_players" and answer["error"]["params"] == {
        "min": 2,
        "count": 1,
    }


async def test_removed_member_is_disconnected_and_token_dies(live: Live) -> None:
    code, seats, (anna, bram) = await table(live, ["Anna", "Bram"])
    assert (await anna.lobby("remove", pid=2))["type"] == "ack"
    gone = await bram.expect("error")
    assert gone["error"]["code"] == "removed"
    with pytest.raises(websockets.ConnectionClosed):
        await bram.recv()
    assert bram.ws.close_code == 4410
    ws = await live.open(code)
    await ws.send({"type": "hello", "v": 1, "token": seats[1]["token"]})
    assert (await ws.recv())["error"]["code"] == "bad_token"


async def test_a_member_who_leaves_is_told_she_left_not_that_she_was_removed(live: Live) -> None:
    """Leaving of one's own accord closes the sockets as a removal does (4410, the token
    dies), but the error before the close says ``left``: the phone tells her "You left the
    room", not "The host removed you"."""
    code, seats, (anna, bram) = await table(live, ["Anna", "Bram"])
    await bram.send({"type": "lobby", "id": "bye", "action": "leave"})
    gone = await bram.expect("error")  # the close follows it at once: no ack comes
    assert gone["error"]["code"] == "left"
    with pytest.raises(websockets.ConnectionClosed):
        await bram.recv()
    assert bram.ws.close_code == 4410
    state = await anna.state_where(lambda m: len(m["room"]["members"]) == 1)
    assert [m["name"] for m in state["room"]["members"]] == ["Anna"]
    ws = await live.open(code)
    await ws.send({"type": "hello", "v": 1, "token": seats[1]["token"]})
    assert (await ws.recv())["error"]["code"] == "bad_token"


async def test_reload_with_the_token_takes_the_seat_back(live: Live) -> None:
    code, seats, (anna, bram) = await table(live, ["Anna", "Bram"])
    await anna.lobby("start")
    await bram.command("add", n=4)
    secret = (await bram.state_where(lambda m: m["view"] and m["view"]["total"] == 4))["view"]["me"]["secret"]
    await bram.close()
    await anna.presence(2, "grace")
    again = await live.connect(code, seats[1]["token"])
    state = again.state
    assert state["view"]["me"] == {"seat": 2, "secret": secret} and state["view"]["total"] == 4
    await anna.presence(2, "connected")
    assert (await again.command("add", n=1))["type"] == "ack"


async def test_a_second_tab_shares_the_seat(live: Live) -> None:
    code, seats, (anna, bram) = await table(live, ["Anna", "Bram"])
    tab = await live.connect(code, seats[1]["token"])
    await anna.lobby("start")
    one = await bram.state_where(lambda m: m["view"] is not None)
    two = await tab.state_where(lambda m: m["view"] is not None)
    assert one["view"] == two["view"]


async def test_presence_goes_grace_then_disconnected(serve: Serve) -> None:
    live = await serve(options=RoomOptions(grace_ms=100))
    code, _seats, (anna, bram) = await table(live, ["Anna", "Bram"])
    await bram.close()
    await anna.presence(2, "grace")
    await anna.presence(2, "disconnected")
    summary = (await live.http.get(f"/api/rooms/{code}/public")).json()
    assert [m["presence"] for m in summary["room"]["members"]] == ["connected", "disconnected"]


async def test_a_timer_fires_a_tick(live: Live) -> None:
    _code, _, (anna, bram) = await table(live, ["Anna", "Bram"])
    await anna.lobby("settings", tick_ms=150)
    await anna.lobby("start")
    ack = await bram.command("add", n=2)
    state = await bram.expect("state", version=ack["version"])
    deadline = state["view"]["deadline"]
    assert deadline - state["server_time"] <= 150
    fired = await bram.state_where(lambda m: m["view"]["ticks"] == 1)
    assert fired["version"] == ack["version"] + 1
    assert fired["server_time"] >= deadline and fired["view"]["deadline"] is None


async def test_game_end_and_play_again_with_the_same_table(live: Live) -> None:
    code, _, (anna, bram) = await table(live, ["Anna", "Bram"])
    await anna.lobby("settings", target=5)
    assert (await anna.lobby("play_again"))["error"]["code"] == "wrong_status"
    await anna.lobby("start")
    await bram.command("add", n=5)
    over = await anna.state_where(lambda m: m["room"]["status"] == "ended")
    assert over["view"]["result"] == {"winner": 2, "total": 5}
    assert (await bram.command("add", n=1))["error"]["code"] == "no_game"
    assert (await bram.lobby("play_again"))["error"]["code"] == "not_host"
    late = await live.join(code, "Cas")  # between games the table is open
    assert late.status_code == 201
    assert (await anna.lobby("play_again"))["type"] == "ack"
    fresh = await anna.state_where(lambda m: m["room"]["status"] == "playing")
    assert fresh["room"]["game_no"] == 2 and fresh["view"]["total"] == 0
    assert [p["name"] for p in fresh["view"]["players"]] == ["Anna", "Bram", "Cas"]


async def test_a_failing_rule_changes_nothing(live: Live) -> None:
    code, _, (anna, bram) = await table(live, ["Anna", "Bram"])
    await anna.lobby("start")
    await bram.command("add", n=3)
    answer = await bram.command("boom")
    assert answer["error"]["code"] == "internal_error"
    state = (await live.http.get(f"/api/rooms/{code}/public")).json()
    assert state["view"]["total"] == 3
    assert (await bram.command("add", n=1))["type"] == "ack"


class StuckSocket:
    """A peer that never reads: every send blocks."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed_with: int | None = None
        self.never = asyncio.Event()

    async def send_text(self, text: str) -> None:
        self.sent.append(text)
        await self.never.wait()

    async def close(self, code: int) -> None:
        self.closed_with = code


async def test_a_client_that_cannot_keep_up_is_dropped_without_stalling_the_sender() -> None:
    sock = StuckSocket()
    conn = Connection(sock, outbox_size=8)  # type: ignore[arg-type]
    conn.start()
    conn.offer("m0")
    for _ in range(5):
        await asyncio.sleep(0)
    assert sock.sent == ["m0"]  # the sender is now stuck on the peer
    for i in range(1, 20):  # never blocks, whatever the peer does
        conn.offer(f"m{i}")
    assert conn.closed
    await conn.stop()
    conn.offer("late")  # ignored once closed
    assert sock.sent == ["m0"]


async def test_a_closed_connection_is_closed_with_4408() -> None:
    class Fast(StuckSocket):
        async def send_text(self, text: str) -> None:
            self.sent.append(text)

    sock = Fast()
    conn = Connection(sock, outbox_size=2)  # type: ignore[arg-type]
    for i in range(3):
        conn.offer(f"m{i}")
    conn.start()
    for _ in range(10):
        await asyncio.sleep(0)
    assert sock.closed_with == 4408 and sock.sent == []
    await conn.stop()


async def test_a_command_after_the_deadline_is_preceded_by_the_tick(serve: Serve) -> None:
    now = [1_000_000]
    live = await serve(options=RoomOptions(clock=lambda: now[0]))
    _code, _, (anna, bram) = await table(live, ["Anna", "Bram"])
    await anna.lobby("settings", tick_ms=60_000)  # the real timer stays far away
    await anna.lobby("start")
    first = await bram.command("add", n=1)
    now[0] += 60_000  # the server clock reaches the deadline before the timer fires
    second = await bram.command("add", n=1)
    # Versions count the changes of Bram's own view: one message for tick + command.
    assert second["version"] == first["version"] + 1
    state = await bram.expect("state", version=second["version"])
    assert state["view"]["ticks"] == 1 and state["view"]["total"] == 2  # tick, then the command
    assert state["view"]["deadline"] == now[0] + 60_000
