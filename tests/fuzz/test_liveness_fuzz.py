"""A room survives any input (issue 30): hostile frames over every command type and field
of both games, every lobby action and every HTTP route, and after each one the room
still answers another seat.

The inputs: hostile strings (lone surrogates, sent as JSON escapes such as ``"\\ud800"``;
NUL; bidi controls; a BOM; 1 MB), hostile numbers (NaN, Infinity, 2^80, -0, 1e308),
nesting far past the documented depth, and wrong types, in every place a client can put
them: the id, the command type, the payload's keys and values, the lobby action, the
hello. They come from a spectator, a seated player and the host, in a running Vang de
Heks game and a running Andorra game. The answer to a hostile frame is not checked here
(test_ws_fuzz.py does that for Heks); what is checked after every input is the point of
the issue: the sender's socket still answers a ping (or is closed and a new one opens),
and a valid command from another seat is answered by the room, never with
``internal_error``. Every HTTP route gets hostile paths and bodies and answers below 500,
and both rooms then still answer. Fixed budget: derandomized hypothesis, a set number of
examples (about 20 s on an idle machine).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.routing import Route
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection

from nightfall.games.andorra.game import COMMANDS as ANDORRA_COMMANDS
from nightfall.games.andorra.site import AndorraSite
from nightfall.games.heks.commands import PAYLOAD_KEYS
from nightfall.games.heks.site import HeksSite
from nightfall.server.limits import ServerLimits
from nightfall.server.room import RoomOptions
from nightfall.server.room_lobby import LOBBY_KEYS

from ..games.andorra_site.game_data import create_body
from .server import ThreadServer, next_of

pytestmark = [
    pytest.mark.timeout(300),
    pytest.mark.filterwarnings("ignore:connect\\(\\) must be used as a context manager:DeprecationWarning"),
]

SETTINGS = settings(
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
ANDORRA_SRC = Path(__file__).resolve().parents[2] / "src" / "nightfall" / "games" / "andorra"


def andorra_fields() -> list[str]:
    """Every payload field the Andorra engine and site read (from their source, so a new
    field is fuzzed without anyone adding it here)."""
    found: set[str] = set()
    for path in ANDORRA_SRC.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        found.update(re.findall(r"payload\.get\(\"(\w+)\"", text))
        found.update(re.findall(r"payload\[\"(\w+)\"\]", text))
    return sorted(found)


HEKS_COMMANDS = sorted(PAYLOAD_KEYS)
HEKS_FIELDS = sorted(set().union(*PAYLOAD_KEYS.values()))
ANDORRA_FIELDS = andorra_fields()
LOBBY_FIELDS = sorted(set().union(*LOBBY_KEYS.values()) | {"mode", "discuss_seconds"})

# Text standing for a nesting deeper than the documented 32 (and than Python's recursion
# limit): it replaces the marker string after json.dumps.
NEST = "\x01nest\x01"
NESTINGS = {"[" * 40 + "]" * 40, "[" * 3000 + "]" * 3000, '{"a":' * 1000 + "1" + "}" * 1000}
HOSTILE_STRINGS = [
    "\ud800",  # a lone surrogate: json.dumps writes it as the escape "\ud800"
    "\udfff",
    "ok\ud800ok",
    "\udc00\ud800",
    "\x00",
    "P1\x00",
    "\u202eevil",
    "\u2066P1\u2069",
    "\ufeffready",
    "é" * 5000,
    "x" * 1_000_000,
    "",
    NEST,
]
HOSTILE_NUMBERS: list[Any] = [
    float("nan"),
    float("inf"),
    float("-inf"),
    2**80,
    -(2**80),
    -0.0,
    1e308,
    2**63,
    -1,
    0,
]
scalars = (
    st.sampled_from(HOSTILE_STRINGS)
    | st.sampled_from(HOSTILE_NUMBERS)
    | st.none()
    | st.booleans()
    | st.integers(-3, 14)
    | st.text(max_size=8)
)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(["a", "\ud800", ""]), inner, max_size=2)
    ),
    max_leaves=6,
)
ids = st.sampled_from(["\ud800", "ok\udfff", "\x00", 2**80, float("nan"), -0.0, NEST, "x" * 100]) | values


def payloads(fields: list[str]) -> st.SearchStrategy[Any]:
    keys = st.sampled_from(fields) | st.sampled_from(["\ud800", "\x00", "step", "__proto__", "x" * 9000])
    return st.dictionaries(keys, values, max_size=4) | values


def commands(types: list[str], fields: list[str]) -> st.SearchStrategy[dict[str, Any]]:
    kinds = st.sampled_from(types) | st.sampled_from(HOSTILE_STRINGS) | values
    command = st.fixed_dictionaries(
        {"type": kinds}, optional={"payload": payloads(fields), "actor": values, "now": values}
    )
    return st.fixed_dictionaries({"type": st.just("command"), "id": ids, "command": command | values})


lobby_messages = st.fixed_dictionaries(
    {
        "type": st.just("lobby"),
        "id": ids,
        "action": st.sampled_from([*sorted(LOBBY_KEYS), "settings"]) | values,
    },
    optional={"payload": payloads(LOBBY_FIELDS)},
)
other_messages = st.fixed_dictionaries(
    {"type": st.sampled_from(["hello", "ping", "state", "\ud800", "command\x00"]) | values},
    optional={"id": ids, "v": values, "token": values, "t": values},
)


def frame(message: Any) -> str:
    """The frame as a client could send it: surrogates and NaN as JSON escapes and tokens."""
    text = json.dumps(message, allow_nan=True)
    for nest in NESTINGS:
        if json.dumps(NEST) in text:
            return text.replace(json.dumps(NEST), nest)
    return text


# -- two running games and their witnesses -------------------------------------------


class Table:
    """A running game: sockets by role, one of which (``witness``) proves liveness."""

    def __init__(self, server: ThreadServer, code: str, tokens: dict[str, str | None], check: dict[str, Any]):
        self.server, self.code, self.tokens, self.check = server, code, tokens, check
        self.sockets: dict[str, ClientConnection] = {}
        self.n = 0
        self.inputs = 0

    def socket(self, who: str) -> ClientConnection:
        ws = self.sockets.get(who)
        if ws is None:
            ws, _ = self.server.seat(self.code, self.tokens[who])
            self.sockets[who] = ws
        return ws

    def send(self, who: str, text: str) -> None:
        """One hostile frame, then the sender's socket must still answer a ping (in order:
        the socket reads its frames one at a time) or be closed by the server."""
        self.inputs += 1
        self.n += 1
        try:
            ws = self.socket(who)
            ws.send(text)
            ws.send(json.dumps({"type": "ping", "t": self.n}))
            while next_of(ws, "pong")["t"] != self.n:
                pass
        except ConnectionClosed:  # too large (1009), or a close the protocol documents
            self.sockets.pop(who, None)

    def alive(self) -> None:
        """A valid command from another seat is answered by the room, not with internal_error."""
        ws = self.socket("witness")
        self.n += 1
        rid = f"w{self.n}"
        ws.send(json.dumps({"type": "command", "id": rid, "command": self.check}))
        while True:
            answer = next_of(ws, "ack", "error")
            if answer.get("id") == rid:
                break
        assert answer["type"] == "ack" or answer["error"]["code"] != "internal_error", answer
        assert self.server.alive()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    # Thousands of frames from a few sockets: the rate limits have their own tests.
    live = ThreadServer(
        tmp_path_factory.mktemp("liveness") / "db.sqlite3",
        options=RoomOptions(grace_ms=1000, burst=10**6, rate_per_second=10**6),
        limits=ServerLimits.unlimited(),
        catalog={"heks": HeksSite(), "andorra": AndorraSite()},
    )
    yield live
    live.stop()


@pytest.fixture
def heks(server: ThreadServer) -> Table:
    """Vang de Heks, Unlimited, in the role reveal; the witness (seat 3) has tapped Ready,
    so its Ready is answered ``already_done`` every time."""
    code, tokens = server.table(["Anna", "Bram", "Cas", "Dewi", "Eva"])
    host, _ = server.seat(code, tokens[0])
    for action, payload in (("settings", {"mode": "unlimited"}), ("start", {})):
        host.send(json.dumps({"type": "lobby", "id": action, "action": action, "payload": payload}))
        assert next_of(host, "ack", "error")["type"] == "ack"
    table = Table(
        server,
        code,
        {"host": tokens[0], "player": tokens[1], "witness": tokens[2], "spectator": None},
        {"type": "ready"},
    )
    table.sockets["host"] = host
    table.alive()  # Ready: accepted
    table.alive()
    return table


@pytest.fixture
def andorra(server: ThreadServer) -> Table:
    """Andorra on day 1; the witness (Mila) votes for Anna, again and again."""
    r = server.http.post("/api/andorra", json=create_body())
    assert r.status_code == 201, r.text
    game = r.json()
    tokens = {"host": game["host_token"], "player": game["players"][0]["token"], "spectator": None}
    tokens["witness"] = game["players"][6]["token"]
    table = Table(server, game["code"], tokens, {"type": "vote", "payload": {"target": 1}})
    table.alive()
    return table


# -- the tests -------------------------------------------------------------------------

WHO = st.sampled_from(["spectator", "player", "host"])


def test_the_critical_frame_from_a_spectator(heks: Table, andorra: Table) -> None:
    """Issue 30, finding 1: a spectator's command with the id "\\ud800" (a lone surrogate,
    as the JSON escape) stopped the room until the server restarted."""
    for table in (heks, andorra):
        table.send("spectator", '{"type":"command","id":"\\ud800","command":{"type":"ready"}}')
        table.alive()


def test_hostile_heks_frames_leave_the_room_alive(heks: Table, capsys: pytest.CaptureFixture[str]) -> None:
    before = heks.inputs

    @settings(SETTINGS, max_examples=150)
    @given(WHO, commands(HEKS_COMMANDS, HEKS_FIELDS) | lobby_messages | other_messages)
    def run(who: str, message: Any) -> None:
        heks.send(who, frame(message))
        heks.alive()

    run()
    with capsys.disabled():
        print(f"\n  liveness, Heks: {heks.inputs - before} hostile frames, the room answered after each")


def test_hostile_andorra_frames_leave_the_room_alive(
    andorra: Table, capsys: pytest.CaptureFixture[str]
) -> None:
    before = andorra.inputs

    @settings(SETTINGS, max_examples=150)
    @given(WHO, commands(sorted(ANDORRA_COMMANDS), ANDORRA_FIELDS) | lobby_messages | other_messages)
    def run(who: str, message: Any) -> None:
        andorra.send(who, frame(message))
        andorra.alive()

    run()
    with capsys.disabled():
        print(
            f"\n  liveness, Andorra: {andorra.inputs - before} hostile frames, the room answered after each"
        )


def _routes(server: ThreadServer) -> list[tuple[str, str]]:
    """(method, path template) of every HTTP route the app has."""
    out: list[tuple[str, str]] = []
    for route in server.app.routes:
        if isinstance(route, Route):
            out.extend((method, route.path) for method in sorted(route.methods or ()))
    assert len(out) > 10, out
    return out


def test_hostile_http_requests_leave_the_rooms_alive(
    server: ThreadServer, heks: Table, andorra: Table, capsys: pytest.CaptureFixture[str]
) -> None:
    routes = _routes(server)
    tried = 0
    segments = st.sampled_from(
        [heks.code, andorra.code, "%00", "%ED%A0%80", "%E2%80%AE", "x" * 300, "..%2F..%2Fetc", "\u202e"]
    )
    bodies = st.sampled_from(
        [
            b'{"name": "\\ud800"}',
            b'{"token": "\\ud800", "seat": 1}',
            b'{"name": NaN, "seat": Infinity}',
            b'{"seat": 1208925819614629174706176}',
            b"[" * 10_000 + b"]" * 10_000,
            b'{"a":' * 2000 + b"1" + b"}" * 2000,
            b"\x00\xff\xfe",
            b"x" * 1_000_000,
            b'{"players": [{"name": "\\u202eA", "role": "BOSS"}]}',
        ]
    ) | values.map(lambda v: frame(v).encode())

    @settings(SETTINGS, max_examples=120)
    @given(
        st.sampled_from(routes), segments, bodies, st.sampled_from(["application/json", "text/plain", None])
    )
    def run(route: tuple[str, str], segment: str, body: bytes, content_type: str | None) -> None:
        nonlocal tried
        method, template = route
        path = re.sub(r"\{[^}]+\}", segment, template)
        headers = {"content-type": content_type} if content_type else {}
        content = body if method not in ("GET", "HEAD") else None
        r = server.http.request(method, path, content=content, headers=headers)
        assert r.status_code < 500, (method, path, body[:80], r.status_code, r.text[:300])
        tried += 1
        heks.alive()
        andorra.alive()

    run()
    with capsys.disabled():
        print(
            f"\n  liveness, HTTP: {tried} hostile requests over {len(routes)} routes, both rooms answered after each"
        )
