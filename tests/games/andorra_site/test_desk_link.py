"""A leaked desk link can be replaced (A-SEC-6, issue 30 finding 6): the host asks for a new
one with the desk's token; the old one is dead at once, and every desk tab that used it is
told (``bad_token``, reason ``replaced``) and closed."""

from __future__ import annotations

import pytest

from tests.server.harness import Live

from .test_server import create, ok, sockets

pytestmark = pytest.mark.server  # starts a server (tests/starts.py)


async def test_the_host_replaces_a_leaked_desk_link(live: Live) -> None:
    game = await create(live)
    host, players = await sockets(live, game)
    leaked = await live.connect(game["code"], game["host_token"])  # someone else's tab with it
    url = f"/api/rooms/{game['code']}/relink"
    for token in ("nope", game["players"][0]["token"], None):  # only the desk itself
        r = await live.http.post(url, json={"token": token, "seat": "desk"})
        assert r.status_code == 403 and r.json()["error"]["code"] == "not_host", r.text
    r = await live.http.post(
        f"/api/andorra/{game['code']}/relink", json={"token": game["host_token"], "seat": "desk"}
    )
    assert r.status_code == 200, r.text
    fresh = r.json()
    assert fresh["seat"] == "desk" and fresh["url"].endswith(f"/a/{game['code']}/desk#t={fresh['token']}")
    for tab in (host, leaked):  # both tabs that used the old link are told, then closed
        told = await tab.expect("error")
        assert told["error"]["code"] == "bad_token" and told["error"]["params"] == {"reason": "replaced"}
    old = await live.open(game["code"])
    await old.send({"type": "hello", "v": 1, "token": game["host_token"]})
    assert (await old.recv())["error"]["code"] == "bad_token"
    r = await live.http.post(url, json={"token": game["host_token"], "seat": "desk"})
    assert r.status_code == 403, "the old desk token can no longer do anything"
    desk = await live.connect(game["code"], fresh["token"])
    assert desk.state["you"]["host"] is True and "host" in desk.state["view"]
    await ok(desk, "end_day")
    assert players[0].state["view"]["me"]["seat"] == 1  # the players keep their links


async def test_a_seated_host_has_no_desk_to_relink(live: Live) -> None:
    """A-SEC-6: ``desk`` names the desk of a game whose host has no seat; a Heks room has none."""
    r = await live.http.post("/api/rooms", json={"game": "heks", "name": "Anna"})
    assert r.status_code == 201, r.text
    room = r.json()
    r = await live.http.post(
        f"/api/rooms/{room['code']}/relink", json={"token": room["token"], "seat": "desk"}
    )
    assert r.status_code == 400 and r.json()["error"]["code"] == "unknown_member", r.text
