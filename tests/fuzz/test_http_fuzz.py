"""Fuzzing the HTTP API (docs/protocol.md §2) with hypothesis: every answer has
a documented status and error code, never a 5xx, and a request against a room
in play changes nothing. Each test prints how many cases it tried."""

from __future__ import annotations

import json
import socket
import string
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nightfall.server.limits import ServerLimits
from nightfall.server.lobby import clean_name

from .server import ThreadServer, next_of

pytestmark = [
    pytest.mark.timeout(180),
    pytest.mark.filterwarnings("ignore:connect\\(\\) must be used as a context manager:DeprecationWarning"),
]

SETTINGS = settings(
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
CASES: dict[str, int] = {}

scalars = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)
hostile_names = st.sampled_from(
    [
        "<script>alert(1)</script>",
        "<img src=x onerror=alert(1)>",
        "'; DROP TABLE rooms; --",
        "Anna\u202eakeS",  # right-to-left override: a format character
        "\u200bZero",  # zero-width space
        "Bram\x00",
        "\ud800",
        "  spaced   out  ",
        "x" * 21,
        "Ⓐⓝⓝⓐ",
        "{{7*7}}",
    ]
)
names = hostile_names | st.text(max_size=30) | json_values


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    # Hundreds of requests and sockets from one address, faster than any phone: the
    # per-address limits would answer most of them (they have their own tests in
    # tests/server/test_limits.py). The per-socket message limit stays on.
    live = ThreadServer(tmp_path_factory.mktemp("httpfuzz") / "db.sqlite3", limits=ServerLimits.unlimited())
    yield live
    live.stop()


@pytest.fixture(scope="module")
def playing(server: ThreadServer) -> str:
    """A room with a game running: HTTP can only add spectators to it."""
    code, tokens = server.table(["Anna", "Bram", "Cas", "Dewi"])
    host, _ = server.seat(code, tokens[0])
    host.send(json.dumps({"type": "lobby", "id": 1, "action": "start"}))
    assert next_of(host, "ack", "error")["type"] == "ack"
    host.close()
    return code


def _error_code(r: Any) -> str:
    body = r.json()
    assert set(body) == {"error"} and isinstance(body["error"]["message"], str), body
    code: str = body["error"]["code"]
    return code


def _expect_name(raw: Any) -> str | None:
    """The cleaned name, or None if the server must answer ``bad_name``."""
    try:
        return clean_name(raw)
    except Exception:
        return None


JSON = {"content-type": "application/json"}  # the API takes nothing else (docs/security.md)


def test_fuzz_create_room(server: ThreadServer, capsys: pytest.CaptureFixture[str]) -> None:
    CASES["create"] = 0

    @settings(SETTINGS, max_examples=100)
    @given(
        st.fixed_dictionaries(
            {}, optional={"name": names, "game": st.sampled_from(["heks", "andorra", "HEKS"]) | json_values}
        )
        | json_values
    )
    def run(body: Any) -> None:
        CASES["create"] += 1
        r = server.http.post(
            "/api/rooms", content=json.dumps(body), headers={"content-type": "application/json"}
        )
        assert r.status_code in (201, 400), (r.status_code, r.text)
        if r.status_code == 201:
            data = r.json()
            assert isinstance(body, dict) and body.get("game", "heks") == "heks"
            assert len(data["token"]) == 43 and len(data["code"]) == 4
            summary = server.http.get(f"/api/rooms/{data['code']}").json()
            assert summary["members"][0]["name"] == _expect_name(body.get("name"))
        else:
            assert _error_code(r) in (
                "bad_name",
                "unknown_game",
                "bad_request",
                "bad_config",
            )  # an Andorra form

    run()
    with capsys.disabled():
        print(f"\n  http create: {CASES['create']} bodies tried")


def _has_surrogate(value: Any) -> bool:
    return any(isinstance(v, str) and any("\ud800" <= c <= "\udfff" for c in v) for v in _strings(value))


def _strings(value: Any) -> Iterator[Any]:
    """Every string in ``value``, keys too."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def test_fuzz_join(server: ThreadServer, playing: str, capsys: pytest.CaptureFixture[str]) -> None:
    CASES["join"] = 0
    lobby = server.http.post("/api/rooms", json={"name": "Host"}).json()["code"]
    revision = server.room(playing).revision

    @settings(SETTINGS, max_examples=100)
    @given(names, st.booleans())
    def run(name: Any, in_play: bool) -> None:
        CASES["join"] += 1
        code = playing if in_play else lobby
        # Sent as JSON with ASCII escapes: a lone surrogate travels as "\\ud800" (an HTTP
        # client's own encoder could not send it at all) and is refused as bad_text.
        body = json.dumps({"name": name}).encode()
        r = server.http.post(
            f"/api/rooms/{code}/join", content=body, headers={"Content-Type": "application/json"}
        )
        if _has_surrogate(name):
            assert r.status_code == 400 and _error_code(r) == "bad_request", (r.status_code, r.text)
            return
        if in_play:  # a late arrival only ever becomes a spectator
            assert r.status_code == 200 and r.json()["spectator"] is True and r.json()["token"] is None
            assert server.room(playing).revision == revision
            return
        assert r.status_code in (201, 400, 409), (r.status_code, r.text)
        if r.status_code != 201:
            assert _error_code(r) in ("bad_name", "name_taken", "room_full", "bad_request")
        else:
            assert _expect_name(name) is not None

    run()
    members = server.http.get(f"/api/rooms/{lobby}").json()["members"]
    assert len(members) <= 12
    for member in members:  # stored and returned as plain text, exactly as cleaned
        assert member["name"] == clean_name(member["name"])
    with capsys.disabled():
        print(f"\n  http join: {CASES['join']} names tried, {len(members)} seated")


def test_fuzz_paths_and_bodies(
    server: ThreadServer, playing: str, capsys: pytest.CaptureFixture[str]
) -> None:
    CASES["paths"] = 0
    revision = server.room(playing).revision
    segment = st.text(alphabet=string.ascii_letters + string.digits + "-_.~%", max_size=12)

    @settings(SETTINGS, max_examples=150)
    @given(
        st.sampled_from(["GET", "POST", "PUT", "DELETE"]),
        st.sampled_from(
            ["/api/rooms/{}", "/api/rooms/{}/join", "/api/rooms/{}/public", "/api/rooms/{}/qr.svg", "/api/{}"]
        ),
        segment | st.just(playing) | st.just(playing.lower()),
        st.binary(max_size=300) | st.just(b"{" * 5000) | st.just(json.dumps({"name": "x" * 5000}).encode()),
    )
    def run(method: str, template: str, segment: str, body: bytes) -> None:
        CASES["paths"] += 1
        r = server.http.request(method, template.format(segment), content=body, headers=JSON)
        assert r.status_code < 500, (method, template, segment, r.status_code, r.text[:200])
        if r.status_code >= 400 and r.headers.get("content-type", "").startswith("application/json"):
            assert _error_code(r) in (
                "no_room",
                "not_found",
                "bad_request",
                "bad_name",
                "name_taken",
                "room_full",
                "method_not_allowed",
            )
        assert server.room(playing).revision == revision

    run()
    assert server.alive()
    with capsys.disabled():
        print(f"\n  http paths and bodies: {CASES['paths']} requests tried")


def test_big_bodies_are_refused(server: ThreadServer) -> None:
    r = server.http.post("/api/rooms", content=b" " * 5000 + b'{"name": "Anna"}', headers=JSON)
    assert r.status_code == 400 and r.json()["error"]["params"]["reason"] == "too_large"
    r = server.http.post("/api/rooms", content=b"{" * 100_000, headers=JSON)
    assert r.status_code == 400


def test_a_huge_body_is_refused_before_it_is_read(server: ThreadServer) -> None:
    """Announce 100 MB, send 8 KiB: the answer must come now, not after 100 MB."""
    port = int(server.url.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        head = (
            "POST /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            "Content-Length: 100000000\r\n\r\n"
        )
        sock.sendall(head.encode() + b" " * 8192)
        sock.settimeout(3)
        try:
            answer = sock.recv(100)
        except TimeoutError:
            answer = b""
    assert answer.startswith(b"HTTP/1.1 4"), answer
