"""The host's own seat moves to a new phone (H-HST-7c): only on the host's own word, and
nobody else can take the host seat that way. A host whose phone is lost is replaced by the
automatic handover (H-HST-7b); the new host then relinks the old host's seat like any other."""

from __future__ import annotations

import pytest

from .conftest import Serve
from .harness import FakeMsClock
from .test_host_handover import AWAY_MS, hang_up, heks_lobby, host_pid, room_of, serve_heks, unlimited_game

pytestmark = [pytest.mark.server, pytest.mark.timeout(60)]


async def test_the_host_moves_his_own_seat_to_a_new_phone_h_hst_7c(serve: Serve) -> None:
    live = await serve_heks(serve)
    code, tokens, (anna, bram, _cas, _dewi) = await unlimited_game(live, ["Anna", "Bram", "Cas", "Dewi"])
    url = f"/api/rooms/{code}/relink"
    # nobody but the host makes a link for the host's seat (nor for any other)
    for token in (tokens[1], "forged", None):
        r = await live.http.post(url, json={"token": token, "seat": 1})
        assert r.status_code == 403 and r.json()["error"]["code"] == "not_host", r.text
    r = await live.http.post(url, json={"token": tokens[0], "seat": 1})
    assert r.status_code == 200, r.text
    moved = r.json()
    assert moved["seat"] == 1 and "<svg" in moved["qr"]
    # the old phone is told at once (H-HST-8); its link opens nothing any more
    assert (await anna.expect("error"))["error"]["code"] == "seat_relinked"
    old = await live.open(code)
    await old.send({"type": "hello", "v": 1, "token": tokens[0]})
    assert (await old.recv())["error"]["code"] == "bad_token"
    # the new phone is the same seat and still the host, with the host's controls
    fresh = await live.connect(code, moved["token"])
    assert fresh.state["you"]["host"] is True and fresh.state["you"]["seat"] == 1
    assert host_pid(fresh.state) == 1 and "host" in fresh.state["view"]
    assert (await fresh.command("mark_absent", seat=4))["type"] == "ack"
    assert (await bram.command("mark_absent", seat=3))["error"]["code"] == "not_host"


async def test_a_lost_host_phone_the_new_host_relinks_the_old_seat_h_hst_7b_h_hst_7c(serve: Serve) -> None:
    clock = FakeMsClock()
    live = await serve_heks(serve, clock)
    code, tokens, (anna, bram, *_) = await unlimited_game(live, ["Anna", "Bram", "Cas", "Dewi"])
    await hang_up(live, code, anna)  # the host's phone is lost: nobody holds the host's token
    clock.advance(AWAY_MS)
    room = room_of(live, code)
    await room.call(room.host.hand_over_if_away)
    await bram.state_where(lambda m: m["you"]["host"])
    r = await live.http.post(f"/api/rooms/{code}/relink", json={"token": tokens[1], "seat": 1})
    assert r.status_code == 200, r.text
    anna_again = await live.connect(code, r.json()["token"])
    # Anna has her seat back, not the host role: that stays with Bram (he may pass it, H-HST-7a)
    assert anna_again.state["you"]["seat"] == 1 and anna_again.state["you"]["host"] is False
    assert host_pid(anna_again.state) == 2


async def test_the_table_is_told_of_a_new_link_mid_game_h_hst_8(serve: Serve) -> None:
    """H-HST-8: the host gives Bram's seat a new link mid-game. Bram's old phone is told
    (``seat_relinked``, naming the seat), and every screen, the board (a spectator)
    included, reads it in ``room.relinks``; a restart keeps it, a new game starts without."""
    clock = FakeMsClock()
    live = await serve_heks(serve, clock)
    code, tokens, (anna, bram, cas, _dewi) = await unlimited_game(live, ["Anna", "Bram", "Cas", "Dewi"])
    board = await live.connect(code)
    assert board.state["room"]["relinks"] == [] and cas.state["room"]["relinks"] == []
    r = await live.http.post(f"/api/rooms/{code}/relink", json={"token": tokens[0], "seat": 2})
    assert r.status_code == 200, r.text
    told = (await bram.expect("error"))["error"]
    assert told["code"] == "seat_relinked" and told["rule"] == "H-HST-8"
    assert told["params"] == {"seat": 2, "name": "Bram"}
    notice = [{"seat": 2, "at": clock.now}]
    assert (await board.state_where(lambda m: m["room"]["relinks"] != []))["room"]["relinks"] == notice
    assert (await cas.state_where(lambda m: m["room"]["relinks"] != []))["room"]["relinks"] == notice
    assert (await anna.state_where(lambda m: m["room"]["relinks"] != []))["room"]["relinks"] == notice
    # the new phone is Bram's seat, and it reads the notice too
    fresh = await live.connect(code, r.json()["token"])
    assert fresh.state["you"]["seat"] == 2 and fresh.state["room"]["relinks"] == notice
    # the old link is dead: a reload of the old phone gets bad_token
    old = await live.open(code)
    await old.send({"type": "hello", "v": 1, "token": tokens[1]})
    assert (await old.recv())["error"]["code"] == "bad_token"
    # a restart keeps the notice (it is stored with the table)
    await live.stop()
    again = await serve_heks(serve, clock)
    watcher = await again.connect(code)
    assert watcher.state["room"]["relinks"] == notice


async def test_no_notice_before_any_game_is_running_h_hst_8(serve: Serve) -> None:
    """A new link outside a game (nothing to read) is not announced: the old phone gets
    ``bad_token`` as before, and ``room.relinks`` stays empty."""
    live = await serve_heks(serve)
    code, tokens, (anna, *_others) = await heks_lobby(live, ["Anna", "Bram", "Cas", "Dewi"])
    r = await live.http.post(f"/api/rooms/{code}/relink", json={"token": tokens[0], "seat": 2})
    assert r.status_code == 404 or r.json()["error"]["code"] == "unknown_member", r.text
    assert anna.state["room"]["relinks"] == []


async def test_a_link_made_between_games_is_told_and_marks_the_next_game_h_hst_8(serve: Serve) -> None:
    """On the results screen the host's new link for a seat opened that player's seat in the
    next game, and nobody was told: the old phone read a bare ``bad_token`` and the next game
    started with no relinks (an attack round, 2026-12-07). Now the old phone is told
    (``seat_relinked``), and the next game lists the player's new seat from its start."""
    from .harness import table

    live = await serve()
    code, seats, (anna, bram) = await table(live, ["Anna", "Bram"])
    await anna.lobby("settings", target=3)
    await anna.lobby("start")
    assert (await bram.command("add", n=3))["type"] == "ack"
    await anna.state_where(lambda m: m["room"]["status"] == "ended")
    r = await live.http.post(f"/api/rooms/{code}/relink", json={"token": seats[0]["token"], "seat": 2})
    assert r.status_code == 200, r.text
    told = (await bram.expect("error"))["error"]
    assert told["code"] == "seat_relinked" and told["params"]["seat"] == 2
    assert (await anna.lobby("play_again"))["type"] == "ack"
    started = await anna.state_where(lambda m: m["room"]["status"] == "playing")
    assert [r["seat"] for r in started["room"]["relinks"]] == [2]
    assert set(started["room"]["relinks"][0]) == {"seat", "at"}  # nothing more reaches a client
