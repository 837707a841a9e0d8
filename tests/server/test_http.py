"""The HTTP API and pages (docs/protocol.md §2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import Serve
from .harness import Live

pytestmark = [pytest.mark.server, pytest.mark.timeout(30)]


async def test_health_and_games(live: Live) -> None:
    health = (await live.http.get("/api/health")).json()
    assert health["ok"] is True and health["protocol"] == 1
    games = (await live.http.get("/api/games")).json()["games"]
    assert games[0]["name"] == "toy" and games[0]["min_players"] == 2


async def test_create_gives_the_host_a_token_a_code_and_a_join_link(live: Live) -> None:
    created = await live.create("  Anna ")
    code = created["code"]
    assert len(code) == 4 and set(code) <= set("BCDFGHJKLMNPQRSTVWXZ")
    assert created["pid"] == 1 and created["host"] is True and len(created["token"]) >= 40
    assert created["join_url"] == f"{live.url}/r/{code}"
    summary = (await live.http.get(f"/api/rooms/{code.lower()}")).json()
    assert summary["members"] == [{"pid": 1, "name": "Anna", "host": True}]
    assert "token" not in str(summary)


async def test_create_errors(live: Live) -> None:
    r = await live.http.post("/api/rooms", json={"name": "", "game": "toy"})
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_name"
    r = await live.http.post("/api/rooms", json={"name": "Anna", "game": "chess"})
    assert r.status_code == 400 and r.json()["error"]["code"] == "unknown_game"
    r = await live.http.post("/api/rooms", content=b"{nope", headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_request"


async def test_join_errors(live: Live) -> None:
    code = (await live.create("Anna"))["code"]
    r = await live.join(code, "ANNA")
    assert r.status_code == 409 and r.json()["error"]["code"] == "name_taken"
    r = await live.join(code, "x" * 21)
    assert r.status_code == 400 and r.json()["error"]["params"]["reason"] == "too_long"
    r = await live.join("QQQQ", "Bram")
    assert r.status_code == 404 and r.json()["error"]["code"] == "no_room"
    for name in ("B", "C", "D"):
        assert (await live.join(code, name)).status_code == 201
    r = await live.join(code, "E")
    assert r.status_code == 409 and r.json()["error"] == {
        "code": "room_full",
        "params": {"max": 4},
        "message": "The room is full.",
    }


async def test_late_arrivals_become_spectators(live: Live) -> None:
    created = await live.create("Anna")
    code = created["code"]
    bram = (await live.join(code, "Bram")).json()
    host = await live.connect(code, created["token"])
    assert (await host.lobby("start"))["type"] == "ack"
    r = await live.join(code, "Cas")
    assert r.status_code == 200 and r.json()["spectator"] is True and r.json()["token"] is None
    board = await live.connect(code)
    state = board.state
    assert state["view"] is not None and "me" not in state["view"] and state["you"]["spectator"] is True
    assert bram["token"] not in str(board.seen)


async def test_qr_code_svg(live: Live) -> None:
    code = (await live.create("Anna"))["code"]
    r = await live.http.get(f"/api/rooms/{code}/qr.svg")
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    assert b"<svg" in r.content
    assert (await live.http.get("/api/rooms/QQQQ/qr.svg")).status_code == 404


async def test_unknown_api_path_is_json_not_the_app(live: Live) -> None:
    r = await live.http.get("/api/nope")
    assert r.status_code == 404 and r.json()["error"]["code"] == "not_found"


async def test_without_a_build_a_page_says_how_to_build(live: Live) -> None:
    r = await live.http.get("/r/KXTR")
    assert r.status_code == 200 and "make web" in r.text


async def test_the_built_client_is_served_with_spa_fallback(serve: Serve, tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text("<html>app</html>")
    (dist / "assets" / "app-123.js").write_text("console.log(1)")
    (tmp_path / "secret.txt").write_text("no")
    live = await serve(web_dist=dist)
    page = await live.http.get("/")
    assert page.text == "<html>app</html>"
    assert "default-src 'self'" in page.headers["content-security-policy"]  # no CDN, no foreign scripts
    assert (await live.http.get("/board/KXTR")).text == "<html>app</html>"
    asset = await live.http.get("/assets/app-123.js")
    assert asset.text == "console.log(1)" and "immutable" in asset.headers["cache-control"]
    assert (await live.http.get("/../secret.txt")).text == "<html>app</html>"
    assert (await live.http.get("/assets/..%2F..%2Fsecret.txt")).text == "<html>app</html>"


async def test_the_state_carries_the_same_join_link_as_the_qr_code(live: Live) -> None:
    created = await live.create("Anna")
    ws = await live.connect(created["code"], created["token"])
    room = ws.state["room"]
    assert room["join_url"] == created["join_url"] == f"{live.url}/r/{created['code']}"
    assert room["board_url"] == created["board_url"]
