"""Fuzzing the WebSocket protocol (docs/protocol.md §3-4) with hypothesis.

A Heks game is running (Unlimited mode: no timers) and seat 2, not the host,
has already tapped Ready. Nothing seat 2 can send is legal now, so every
generated frame must get exactly the documented ``error`` (or a ``pong``),
the room's revision must not move, and the server must stay up. The two
fuzzing tests print how many cases they tried.
"""

from __future__ import annotations

import json
import secrets
import string
import time
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection

from nightfall.server import room_lobby
from nightfall.server.codes import ALPHABET
from nightfall.server.limits import ServerLimits
from nightfall.server.lobby import hash_token
from nightfall.server.room import RoomOptions

from .server import ThreadServer, next_of

pytestmark = [
    pytest.mark.timeout(180),
    pytest.mark.filterwarnings("ignore:connect\\(\\) must be used as a context manager:DeprecationWarning"),
]

NAMES = ["Anna", "Bram", "Cas", "Dewi", "Eva"]
ME = 2  # the fuzzing seat (pid 2, not the host)
KNOWN_COMMANDS = [
    "ready", "confirm", "depart", "guard_place", "witch_place", "witch_spell", "witch_mist",
    "witch_target", "witch_second", "end_discussion", "seer_check", "pickpocket_target",
    "pickpocket_take", "propose", "approve", "play_card", "exile_vote", "mark_absent",
    "force_continue", "tick",
]  # fmt: skip
LOBBY_ACTIONS = ["settings", "reorder", "remove", "leave", "start", "play_again"]
LOBBY_KEYS = {
    **{a: set(keys) for a, keys in room_lobby.LOBBY_KEYS.items()},
    "settings": {"mode", "discuss_seconds"},
}
# docs/heks-commands.md, "Rejections": what the engine may answer.
ENGINE_CODES = {
    "unknown_command", "bad_payload", "unknown_seat", "wrong_phase", "not_your_step", "not_a_cat",
    "already_done", "final", "closed_place", "not_host", "host_cannot_act", "bad_target",
    "self_target", "wrong_size", "not_in_hand", "must_play_card", "spell_unavailable",
    "ability_used", "window_closed", "stale_step", "game_over", "too_late", "not_due",
}  # fmt: skip
MAX_MESSAGE_BYTES = 8192
PER_SOCKET = 15  # below the burst of 20: the fuzzer is not testing the rate limit here

SETTINGS = settings(
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


class Game:
    """The running game and a socket for seat 2 that is renewed before the rate limit bites."""

    def __init__(self, server: ThreadServer) -> None:
        self.server = server
        self.code, self.tokens = server.table(NAMES)
        host, _ = server.seat(self.code, self.tokens[0])
        for action, payload in (("settings", {"mode": "unlimited"}), ("start", {})):
            host.send(json.dumps({"type": "lobby", "id": action, "action": action, "payload": payload}))
            assert next_of(host, "ack", "error")["type"] == "ack"
        self.host = host
        self.ws: ClientConnection | None = None
        self.used = 0
        ws = self.socket()
        ws.send(json.dumps({"type": "command", "id": "r", "command": {"type": "ready", "payload": {}}}))
        assert next_of(ws, "ack", "error")["type"] == "ack"
        self.revision = self.room.revision
        self.cases = 0

    @property
    def room(self) -> Any:
        return self.server.room(self.code)

    def socket(self) -> ClientConnection:
        if self.ws is None or self.used >= PER_SOCKET:
            if self.ws is not None:
                self.ws.close()
            self.ws, _ = self.server.seat(self.code, self.tokens[ME - 1])
            self.used = 0
        self.used += 1
        return self.ws

    def exchange(self, frame: str | bytes) -> dict[str, Any]:
        """Send one frame; the server's answer to it (ack, error or pong)."""
        ws = self.socket()
        ws.send(frame)
        return next_of(ws, "ack", "error", "pong")

    def unchanged(self) -> None:
        assert self.room.revision == self.revision, "a rejected message changed the room"
        assert self.server.thread.is_alive()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    # Hundreds of requests and sockets from one address and one seat, faster than any
    # phone: the per-address limits and the seat's message budget would answer most of
    # them (they have their own tests in tests/server/test_limits.py).
    live = ThreadServer(
        tmp_path_factory.mktemp("fuzz") / "db.sqlite3",
        options=RoomOptions(grace_ms=1000, burst=1_000_000, rate_per_second=1_000_000),
        limits=ServerLimits.unlimited(),
    )
    yield live
    live.stop()


@pytest.fixture(scope="module")
def game(server: ThreadServer) -> Game:
    return Game(server)


@pytest.fixture(scope="module")
def flood_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ThreadServer]:
    """A server with the default message budgets, for the flood tests."""
    live = ThreadServer(tmp_path_factory.mktemp("flood") / "db.sqlite3", limits=ServerLimits.unlimited())
    yield live
    live.stop()


@pytest.fixture(scope="module")
def flood_game(flood_server: ThreadServer) -> Game:
    return Game(flood_server)


# -- the oracle: what docs/protocol.md says the answer must be -----------------


def valid_id(rid: Any) -> bool:
    return (isinstance(rid, int) and not isinstance(rid, bool)) or (isinstance(rid, str) and len(rid) <= 64)


def expected(message: Any) -> tuple[set[str], Any]:
    """(acceptable error codes or {"pong"}, the id the answer must carry)."""
    if not isinstance(message, dict):
        return {"bad_json"}, None
    rid = message.get("id") if valid_id(message.get("id")) else None
    kind = message.get("type")
    if kind == "ping":
        return {"pong"}, None
    if kind == "hello":
        return {"already_hello"}, rid
    if kind not in ("command", "lobby"):
        return {"unknown_type"}, rid
    if not valid_id(message.get("id")):
        return {"bad_message"}, None
    if kind == "lobby":
        if not isinstance(message.get("payload", {}), dict):
            return {"bad_message"}, rid
        action = message.get("action")
        if action in LOBBY_ACTIONS and not set(message.get("payload", {})) <= LOBBY_KEYS[action]:
            return {"bad_payload"}, rid  # a key the action does not read (H-CMD-1), checked first
        if action == "leave":
            return {"wrong_status"}, rid  # a game is running
        if action in LOBBY_ACTIONS:
            return {"not_host"}, rid
        return {"unknown_action"}, rid
    body = message.get("command", {})
    if not isinstance(body, dict):
        return {"bad_message"}, rid
    ctype = body.get("type")
    if not isinstance(ctype, str) or not ctype or not isinstance(body.get("payload", {}), dict):
        return {"bad_message"}, rid
    if "actor" in body and body["actor"] != ME:
        return {"wrong_actor"}, rid
    return ENGINE_CODES, rid


def check(game: Game, frame: str | bytes, message: Any) -> None:
    answer = game.exchange(frame)
    codes, rid = expected(message)
    game.cases += 1
    if codes == {"pong"}:
        assert answer["type"] == "pong", answer
    else:
        assert answer["type"] == "error", f"{frame!r} was accepted: {answer}"
        assert answer["error"]["code"] in codes, (
            f"{frame!r}: {answer['error']} (expected {sorted(codes)[:5]})"
        )
        assert answer["id"] == rid, answer
        assert isinstance(answer["error"].get("message"), str)
    game.unchanged()


# -- strategies ----------------------------------------------------------------

scalars = st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=12)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)
ids = st.text(max_size=70) | st.integers(-(2**40), 2**40) | st.booleans() | st.none() | json_values
seats = st.integers(-1, 14) | json_values
payloads = (
    st.fixed_dictionaries(
        {},
        optional={
            "step": st.integers(-1, 5) | json_values,
            "place": st.sampled_from(["P1", "P2", "P3", "P6", "P9", "p1", ""]) | json_values,
            "target": seats,
            "seat": seats,
            "second": seats,
            "members": st.lists(st.integers(-1, 14), max_size=6) | json_values,
            "vote": st.sampled_from(["for", "against", "FOR", ""]) | json_values,
            "card": st.sampled_from(["MUSHROOM", "EMPTY", "CRYSTAL", "GOLD"]) | json_values,
            "spell": st.sampled_from(["MIST", "DISGUISE", "CREEPING_CURSE", "TWIN_HEX", "FIRE"])
            | json_values,
            "ingredient": st.sampled_from(["COBWEB", "OWL_FEATHER"]) | json_values,
            "guard": json_values,
            "turn_back": seats,
            "mask": json_values,
            "mist_place": json_values,
            "mode": st.sampled_from(["timed", "unlimited"]) | json_values,
            "discuss_seconds": st.integers(0, 700) | json_values,
            "order": st.lists(st.integers(0, 6), max_size=6) | json_values,
            "pid": st.integers(0, 6) | json_values,
        },
    )
    | json_values
)
commands = (
    st.fixed_dictionaries(
        {"type": st.sampled_from(KNOWN_COMMANDS) | st.text(max_size=15) | json_values},
        optional={"payload": payloads, "actor": seats, "now": json_values},
    )
    | json_values
)
messages = st.one_of(
    st.fixed_dictionaries({"type": st.just("command"), "id": ids, "command": commands}),
    st.fixed_dictionaries(
        {"type": st.just("lobby"), "id": ids, "action": st.sampled_from(LOBBY_ACTIONS) | json_values},
        optional={"payload": payloads},
    ),
    st.fixed_dictionaries(
        {"type": st.sampled_from(["ping", "hello", "state", "ack", "Command", ""]) | json_values},
        optional={"id": ids, "t": json_values, "v": json_values, "token": json_values},
    ),
    json_values,
)


# -- the tests -------------------------------------------------------------------


def test_fuzz_messages(game: Game, capsys: pytest.CaptureFixture[str]) -> None:
    """Wrong types, unknown commands, commands for other seats, host commands from a non-host."""
    before = game.cases

    @settings(SETTINGS, max_examples=400)
    @given(messages)
    def run(message: Any) -> None:
        check(game, json.dumps(message), message)

    run()
    with capsys.disabled():
        print(
            f"\n  fuzz_messages: {game.cases - before} WebSocket messages tried, all rejected as documented"
        )


def test_fuzz_raw_frames(game: Game, capsys: pytest.CaptureFixture[str]) -> None:
    """Malformed JSON as text and binary frames."""
    before = game.cases

    @settings(SETTINGS, max_examples=200)
    @given(
        st.text(max_size=200)
        | st.binary(max_size=200)
        | st.sampled_from(['{"type":', "[]", "null", "{}", "\x00"])
    )
    def run(frame: str | bytes) -> None:
        text = frame.decode(errors="replace") if isinstance(frame, bytes) else frame
        try:
            if isinstance(frame, bytes):
                frame.decode()
            message = json.loads(text)
        except ValueError:
            message = None
        check(game, frame, message)

    run()
    with capsys.disabled():
        print(f"\n  fuzz_raw_frames: {game.cases - before} raw frames tried")


def test_commands_for_other_seats_and_host_commands(game: Game) -> None:
    for actor in (1, 3, 4, 5, 0, 99, "2", None):
        message = {
            "type": "command",
            "id": f"a{actor}",
            "command": {"type": "ready", "payload": {}, "actor": actor},
        }
        answer = game.exchange(json.dumps(message))
        assert answer["error"]["code"] == "wrong_actor", answer
    for ctype, payload in (("mark_absent", {"seat": 3}), ("force_continue", {})):
        message = {"type": "command", "id": ctype, "command": {"type": ctype, "payload": payload}}
        assert game.exchange(json.dumps(message))["error"]["code"] == "not_host"
    lobby: list[tuple[str, dict[str, Any]]] = [
        ("start", {}),
        ("settings", {"mode": "timed"}),
        ("reorder", {"order": [1, 2, 3, 4, 5]}),
        ("remove", {"pid": 3}),
        ("play_again", {}),
    ]
    for action, fields in lobby:
        message = {"type": "lobby", "id": action, "action": action, "payload": fields}
        assert game.exchange(json.dumps(message))["error"]["code"] == "not_host"
    game.unchanged()


def test_huge_frames(game: Game, server: ThreadServer) -> None:
    """Above 8 KiB: ``too_large``; above 64 KiB the socket closes (1009); nothing changes."""
    for frame in (
        "x" * (MAX_MESSAGE_BYTES + 1),
        b"{" * 9000,
        json.dumps({"type": "ping", "pad": "é" * 4200}),
    ):
        answer = game.exchange(frame)
        assert answer["type"] == "error" and answer["error"]["code"] == "too_large", answer
        assert answer["id"] is None
    ws, _ = server.seat(game.code, game.tokens[ME - 1])
    ws.send("y" * 70_000)
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            ws.recv(5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    game.unchanged()
    assert server.alive()


def _answers_until_quiet(ws: ClientConnection, quiet: float = 1.0) -> tuple[list[dict[str, Any]], float]:
    """The pongs and errors a socket gets until nothing came for ``quiet`` seconds, and
    when the last one came (time.monotonic)."""
    got: list[dict[str, Any]] = []
    last = time.monotonic()
    while True:
        try:
            message = json.loads(ws.recv(quiet))
        except TimeoutError:
            return got, last
        if message["type"] in ("pong", "error"):
            got.append(message)
            last = time.monotonic()


def test_a_flood_is_rate_limited(
    flood_game: Game, flood_server: ThreadServer, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/protocol.md §4.4: a bucket of 20, refilled at 5 per second, per seat.
    Over it a frame is dropped; the first drop in each refill interval (0.2 s) is
    answered with ``rate_limited``, the others get no answer. On the real clock the
    counts depend on how long the server took (``elapsed``); tests/server/test_limits.py
    counts exactly on a fake clock."""
    game, server = flood_game, flood_server
    ws, _ = server.seat(game.code, game.tokens[ME])  # seat 3: a budget nothing has used yet
    flood = 50
    start = time.monotonic()
    for i in range(flood):
        ws.send(json.dumps({"type": "ping", "t": i}))
    answers, last = _answers_until_quiet(ws)
    elapsed = last - start
    pongs = [a["t"] for a in answers if a["type"] == "pong"]
    limited = sum(a["type"] == "error" and a["error"]["code"] == "rate_limited" for a in answers)
    assert pongs == sorted(pongs) and pongs[:20] == list(range(20)), pongs
    assert len(pongs) + limited == len(answers), answers  # nothing but pongs and rate_limited
    assert 20 <= len(pongs) <= 21 + 5 * elapsed, (pongs, elapsed)  # the burst, plus what refilled
    assert 1 <= limited <= 2 + 5 * elapsed, (limited, elapsed)  # at most one per 0.2 s
    # After the quiet second the bucket has refilled: the socket is an ordinary one again.
    absent = {"type": "mark_absent", "payload": {"seat": 4}}
    ws.send(json.dumps({"type": "command", "id": "x", "command": absent}))
    assert next_of(ws, "error")["error"]["code"] == "not_host"
    game.unchanged()
    ws.close()
    with capsys.disabled():
        print(
            f"\n  flood: {flood} messages in {elapsed:.2f} s, {len(pongs)} answered, "
            f"{limited} rate_limited, {flood - len(answers)} dropped unanswered"
        )


def test_a_big_flood_changes_nothing(flood_game: Game, flood_server: ThreadServer) -> None:
    """500 frames at once from a socket that does not read: its answers are bounded
    by time, not by the flood (at most one ``rate_limited`` per 0.2 s), so its outbox
    of 64 does not fill and it is not closed (4408); the room and the server are fine.
    (Seat 4: seat 3's budget is the other flood's.)"""
    game, server = flood_game, flood_server
    ws, _ = server.seat(game.code, game.tokens[ME + 1])
    message = json.dumps(
        {"type": "command", "id": "f", "command": {"type": "mark_absent", "payload": {"seat": 3}}}
    )
    start = time.monotonic()
    for _ in range(500):
        ws.send(message)
    answers, last = _answers_until_quiet(ws)
    elapsed = last - start
    codes = [a["error"]["code"] for a in answers]
    assert set(codes) <= {"not_host", "rate_limited"}
    assert codes[:20] == ["not_host"] * 20
    assert codes.count("rate_limited") <= 2 + 5 * elapsed, (codes, elapsed)
    ws.send(json.dumps({"type": "ping", "t": "still open"}))
    assert next_of(ws, "pong")["t"] == "still open"
    ws.close()
    game.unchanged()
    assert server.alive()


@given(
    st.text(max_size=60)
    | st.text(alphabet=string.ascii_letters + string.digits + "-_", min_size=43, max_size=43)
)
@settings(SETTINGS, max_examples=60)
def test_forged_tokens_are_refused(token: str) -> None:
    """A guessed token gets ``bad_token`` and close 4401; it never opens a seat."""
    server, code = _SERVER["server"], _SERVER["code"]
    ws = server.open(code)
    ws.send(json.dumps({"type": "hello", "v": 1, "token": token}))
    answer = json.loads(ws.recv(5))
    assert answer["type"] == "error" and answer["error"]["code"] == "bad_token", answer
    with pytest.raises(ConnectionClosed) as closed:
        ws.recv(5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401


_SERVER: dict[str, Any] = {}


@pytest.fixture(scope="module", autouse=True)
def _share(server: ThreadServer, game: Game) -> None:
    _SERVER.update(server=server, code=game.code)


def _refused_token(server: ThreadServer, code: str, token: str) -> None:
    ws = server.open(code)
    ws.send(json.dumps({"type": "hello", "v": 1, "token": token}))
    answer = json.loads(ws.recv(5))
    assert answer["type"] == "error" and answer["error"]["code"] == "bad_token", (token, answer)
    with pytest.raises(ConnectionClosed) as closed:
        ws.recv(5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401


def test_near_miss_tokens_are_refused_the_real_one_is_not(server: ThreadServer, game: Game) -> None:
    """A token one character off, cut short, in another case, or the hash the store keeps
    (a copied database) opens nothing; the real token, sent the same way, opens seat 2.
    The last check is what makes the refusals mean something: the same hello with the
    right token is answered ``welcome``, not ``bad_token``."""
    real = game.tokens[ME - 1]
    flipped = ("A" if real[0] != "A" else "B") + real[1:]
    near_misses = [
        flipped,
        real[:-1] + ("x" if real[-1] != "x" else "y"),
        real[:-1],
        real + "A",
        real.swapcase() if real.swapcase() != real else real + "a",
        hash_token(real),
        " " + real,
    ]
    for token in near_misses:
        _refused_token(server, game.code, token)
    ws, state = server.seat(game.code, real)
    assert state["you"]["pid"] == ME
    ws.close()
    game.unchanged()


@pytest.mark.parametrize(
    ("hello", "code", "close"),
    [
        ({"type": "hello", "v": 1, "token": 12345}, "bad_token", 4401),
        ({"type": "hello", "v": 2}, "unsupported_version", 4400),
        ({"type": "command", "v": 1}, "expected_hello", 4400),
        ([1, 2], "bad_json", 4400),
    ],
)
def test_bad_hellos(server: ThreadServer, game: Game, hello: Any, code: str, close: int) -> None:
    ws = server.open(game.code)
    ws.send(json.dumps(hello))
    answer = json.loads(ws.recv(5))
    assert answer["error"]["code"] == code
    with pytest.raises(ConnectionClosed) as closed:
        ws.recv(5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == close
    game.unchanged()


def test_expired_and_foreign_tokens(server: ThreadServer, game: Game) -> None:
    """A token of a member the host removed, or of another room, opens nothing."""
    code, tokens = server.table(["Lia", "Mo", "Noor"])
    host, _ = server.seat(code, tokens[0])
    host.send(json.dumps({"type": "lobby", "id": 1, "action": "remove", "payload": {"pid": 2}}))
    assert next_of(host, "ack", "error")["type"] == "ack"
    for room, token in ((code, tokens[1]), (code, game.tokens[0]), (game.code, tokens[2])):
        ws = server.open(room)
        ws.send(json.dumps({"type": "hello", "v": 1, "token": token}))
        assert json.loads(ws.recv(5))["error"]["code"] == "bad_token"
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
    game.unchanged()


@given(
    st.text(alphabet=ALPHABET, min_size=4, max_size=4) | st.text(max_size=8).filter(lambda s: "/" not in s)
)
@settings(SETTINGS, max_examples=40)
def test_guessed_room_codes(code: str) -> None:
    server, real = _SERVER["server"], _SERVER["code"]
    if code.strip().upper() in (real, *server.app.state.rooms._rooms):
        return
    try:
        ws = server.open(code)
    except Exception:  # a path the router does not match (e.g. empty): refused at the upgrade
        return
    ws.send(json.dumps({"type": "hello", "v": 1}))
    assert json.loads(ws.recv(5))["error"]["code"] == "no_room"
    with pytest.raises(ConnectionClosed) as closed:
        ws.recv(5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4404


def test_spectators_cannot_act(server: ThreadServer, game: Game) -> None:
    ws, state = server.seat(game.code, None)
    assert state["you"]["spectator"] and "me" not in state["view"]
    for message in (
        {"type": "command", "id": 1, "command": {"type": "ready", "payload": {}}},
        {"type": "lobby", "id": 2, "action": "start"},
    ):
        ws.send(json.dumps(message))
        assert next_of(ws, "error")["error"]["code"] == "spectator"
    game.unchanged()


def test_the_server_survived(server: ThreadServer, game: Game) -> None:
    assert server.alive()
    ws, state = server.seat(game.code, game.tokens[ME - 1])
    assert state["view"]["me"]["seat"] == ME and state["view"]["phase"] == "ROLE_REVEAL"
    assert secrets.compare_digest(state["room"]["code"], game.code)
    ws.close()
    game.unchanged()
