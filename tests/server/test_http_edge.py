"""The HTTP edge under bad input (issue 30; docs/security.md §"Bad input at the edge"
and §"Browser-side"): never a 5xx, always the protocol's error body; JSON only, from
our own pages only; the security headers on every page."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from nightfall.games.registry import default_catalog
from nightfall.server.json_edge import MAX_DEPTH
from nightfall.server.limits import ServerLimits

from .conftest import Serve
from .harness import FakeClock, Live

pytestmark = [pytest.mark.server, pytest.mark.timeout(60)]

JSON = {"Content-Type": "application/json"}


@pytest.fixture
def dist(tmp_path: Path) -> Path:
    """A web build with both entry pages, as ``make web`` leaves it."""
    root = tmp_path / "dist"
    (root / "assets").mkdir(parents=True)
    (root / "index.html").write_text("<!doctype html><title>heks</title>")
    (root / "andorra.html").write_text("<!doctype html><title>andorra</title>")
    (root / "assets" / "app.js").write_text("console.log(1)")
    return root


@pytest.fixture
async def both(serve: Serve, dist: Path) -> Live:
    """A server with both games and a web build."""
    return await serve(catalog=default_catalog(), web_dist=dist)


async def heks_room(live: Live) -> dict[str, Any]:
    r = await live.http.post("/api/rooms", json={"name": "Anna", "game": "heks"})
    assert r.status_code == 201, r.text
    created: dict[str, Any] = r.json()
    return created


def nested(depth: int) -> bytes:
    return b"[" * depth + b"]" * depth


def refused_cleanly(r: httpx.Response, what: str) -> dict[str, Any]:
    """A 4xx with the protocol's error body: ``{"error": {"code", "params", "message"}}``."""
    assert 400 <= r.status_code < 500, f"{what}: {r.status_code} {r.text[:200]}"
    error: dict[str, Any] = r.json()["error"]
    assert isinstance(error["code"], str) and isinstance(error["message"], str), what
    return error


async def test_bad_input_on_every_route_is_a_4xx_with_an_error_body(both: Live) -> None:
    """Issue 30 §6: nesting, surrogates, NUL and over-long path segments gave 500s."""
    code = (await heks_room(both))["code"]
    deep = nested(2000)
    posts = [
        ("/api/rooms", deep),
        ("/api/andorra", deep),
        (f"/api/rooms/{code}/join", deep),
        (f"/api/rooms/{code}/relink", deep),
        (f"/api/andorra/{code}/relink", deep),
        (f"/api/rooms/{code}/relink", b'{"token": "\\ud800", "seat": 1}'),
        (f"/api/rooms/{code}/join", b'{"name": "\\udfff"}'),
        ("/api/rooms", b'{"name": "\\ud83d", "game": "heks"}'),
        ("/api/rooms", b"\xff\xfe{}"),
    ]
    for path, body in posts:
        refused_cleanly(await both.http.post(path, content=body, headers=JSON), f"POST {path} {body[:40]!r}")
    gets = [
        "/%00",
        "/r/%00",
        "/" + "a" * 300,
        "/assets/" + "b" * 300,
        "/api/rooms/%00",
        "/api/rooms/" + "c" * 300,
    ]
    for path in gets:
        refused_cleanly(await both.http.get(path), f"GET {path[:40]}")
    for method, path in [("PUT", "/api/rooms"), ("POST", "/"), ("DELETE", f"/api/rooms/{code}")]:
        refused_cleanly(await both.http.request(method, path), f"{method} {path}")
    # The server is still fine.
    assert (await both.http.get(f"/api/rooms/{code}")).status_code == 200


async def test_json_nesting_over_32_is_refused_with_too_deep(both: Live) -> None:
    """The edge's depth limit (json_edge.MAX_DEPTH): 32 levels read, 33 refused."""
    code = (await heks_room(both))["code"]
    deep = b'{"name": "Bram", "x": ' + nested(MAX_DEPTH) + b"}"  # 33 levels with the outer object
    error = refused_cleanly(await both.http.post(f"/api/rooms/{code}/join", content=deep, headers=JSON), "33")
    assert error["code"] == "bad_request" and error["params"] == {"reason": "too_deep", "max": MAX_DEPTH}
    fits = b'{"name": "Bram", "x": ' + nested(MAX_DEPTH - 1) + b"}"
    assert (await both.http.post(f"/api/rooms/{code}/join", content=fits, headers=JSON)).status_code == 201


async def test_a_lone_surrogate_is_refused_as_bad_text(both: Live) -> None:
    created = await heks_room(both)
    body = b'{"token": "\\ud800", "seat": 1}'
    r = await both.http.post(f"/api/rooms/{created['code']}/relink", content=body, headers=JSON)
    assert refused_cleanly(r, "surrogate")["params"] == {"reason": "bad_text"}


# -- browser-side: JSON only, our own origin only, the headers on every page --------


async def test_a_cross_site_text_plain_post_seats_nobody(both: Live) -> None:
    """Issue 30 §6: a form or fetch from another site may POST text/plain without a
    preflight; the server parsed it as JSON whatever its type and seated a ghost."""
    code = (await heks_room(both))["code"]
    before = (await both.http.get(f"/api/rooms/{code}")).json()["members"]
    ghost = b'{"name": "Ghost"}'
    cross_site = {"Content-Type": "text/plain", "Origin": "http://evil.example"}
    r = await both.http.post(f"/api/rooms/{code}/join", content=ghost, headers=cross_site)
    assert r.status_code == 403 and r.json()["error"]["code"] == "bad_origin"
    r = await both.http.post(f"/api/rooms/{code}/join", content=ghost, headers={"Content-Type": "text/plain"})
    assert r.status_code == 415 and r.json()["error"]["code"] == "unsupported_media_type"
    r = await both.http.post(f"/api/rooms/{code}/join", content=ghost)  # no type at all
    assert r.status_code == 415
    r = await both.http.post(f"/api/rooms/{code}/join", content=ghost, headers={**JSON, "Origin": "null"})
    assert r.status_code == 403  # a sandboxed frame or a file: page
    assert (await both.http.get(f"/api/rooms/{code}")).json()["members"] == before
    # Our own pages (same origin) with JSON, charset or not, still join.
    own = {"Origin": both.url, "Content-Type": "application/json; charset=utf-8"}
    r = await both.http.post(f"/api/rooms/{code}/join", content=b'{"name": "Bram"}', headers=own)
    assert r.status_code == 201, r.text
    for path in ("/api/rooms", "/api/andorra", f"/api/rooms/{code}/relink", f"/api/andorra/{code}/relink"):
        r = await both.http.post(path, content=b"{}", headers=cross_site)
        assert r.status_code == 403, path


async def test_every_html_answer_carries_the_csp_and_nosniff(both: Live) -> None:
    """Issue 30 §6: ``/index.html`` and ``/andorra.html`` came without CSP and nosniff
    and could be framed by any site."""
    code = (await heks_room(both))["code"]
    paths = ["/", "/index.html", "/andorra.html", f"/r/{code}", "/board/QQQQ", "/a/new", "/no/such/page"]
    paths += ["/%00", "/api/nope", "/assets/app.js", f"/api/rooms/{code}"]
    for path in paths:
        r = await both.http.get(path)
        csp = r.headers.get("content-security-policy", "")
        assert "frame-ancestors 'none'" in csp, f"{path}: {r.status_code} {dict(r.headers)}"
        assert r.headers.get("x-content-type-options") == "nosniff", path
    r = await both.http.post("/")
    assert r.status_code == 405 and "frame-ancestors 'none'" in r.headers["content-security-policy"]


async def raw_request(live: Live, data: bytes) -> tuple[int, bytes, bytes]:
    """Send bytes no HTTP client would; the status, head and body of the answer."""
    port = int(live.url.rsplit(":", 1)[1])
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(data)
    raw = await asyncio.wait_for(reader.read(), 10)
    writer.close()
    head, _, body = raw.partition(b"\r\n\r\n")
    return int(head.split()[1]), head.lower(), body


async def test_what_no_browser_sends_is_a_4xx_with_an_error_body_too(both: Live) -> None:
    """Found while checking the routes: an ``Origin`` that is not a URL gave 500 (HTTP and
    WebSocket), and what uvicorn's parser refuses came as bare text without the headers."""
    code = (await heks_room(both))["code"]
    form = b'{"name": "Bram"}'
    not_a_url = (
        b"POST /api/rooms/%s/join HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://[\r\n"
        b"Content-Type: application/json\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s"
    ) % (code.encode(), len(form), form)
    status, _, body = await raw_request(both, not_a_url)
    assert status == 403 and json.loads(body)["error"]["code"] == "bad_origin"
    upgrade = (
        b"GET /ws/%s HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://[\r\nUpgrade: websocket\r\n"
        b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    ) % code.encode()
    status, _, _ = await raw_request(both, upgrade)
    assert status == 403
    unreadable = b"POST /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: -1\r\n\r\n"
    status, head, body = await raw_request(both, unreadable)
    assert status == 400 and b"frame-ancestors 'none'" in head
    assert json.loads(body)["error"]["params"] == {"reason": "bad_http"}


async def test_a_host_header_no_browser_sends_makes_no_room_and_no_huge_qr_code(both: Live) -> None:
    """An attack test: a room created with a 2,300-byte ``Host`` header kept it as its join
    link, and every ``qr.svg`` of it built a near-largest QR code on the event loop (0.3 s
    each: twenty at once held every room for 3.7 s); 5,000 bytes made ``qr.svg`` a 500. A
    ``Host`` that is no host name (or address) and port is refused where a room is made;
    a normal one still works, its QR code built once."""
    for host in ("a" * 2300 + ".local", "x" * 5000, "a..b.local", "a" * 64 + ".local"):
        r = await both.http.post("/api/rooms", json={"name": "Anna", "game": "heks"}, headers={"Host": host})
        assert refused_cleanly(r, host[:20])["params"].get("reason") == "host", host[:20]
    for host in ("192.168.1.5:8000", "party.local", "[::1]:8000", "xn--hks-0na.local"):
        r = await both.http.post("/api/rooms", json={"name": "Anna", "game": "heks"}, headers={"Host": host})
        assert r.status_code == 201, (host, r.text)
        code = r.json()["code"]
        first = await both.http.get(f"/api/rooms/{code}/qr.svg")
        assert first.status_code == 200 and first.headers["content-type"].startswith("image/svg+xml")
        assert (await both.http.get(f"/api/rooms/{code}/qr.svg")).content == first.content


async def test_over_its_rate_an_address_gets_the_urls_page_for_every_code(serve: Serve, dist: Path) -> None:
    """Attack round 4 (2026-12-07): with its lookups used up, an address still got the page
    of a room in memory by its game (``index.html`` for a Heks room under Andorra's
    ``/a/CODE/p``), and the URL's page for any other code: 343 guesses a second told live
    codes from dead ones while the API answered 429. Over its rate, every code gets the
    URL's page; under it, a room's own game decides."""
    clock = FakeClock()
    live = await serve(
        catalog=default_catalog(), web_dist=dist, limits=ServerLimits(http_burst=4, clock=clock)
    )
    code = (await heks_room(live))["code"]
    assert "heks" in (await live.http.get(f"/a/{code}/p")).text  # the room's own game
    while (await live.http.get("/api/rooms/ZZZZ")).status_code != 429:
        pass
    for named in (code, "QQQQ"):
        page = await live.http.get(f"/a/{named}/p")
        assert page.status_code == 200 and "andorra" in page.text, (named, page.text)
    clock.advance(60)  # refilled: the room's own game again
    assert "heks" in (await live.http.get(f"/a/{code}/p")).text
