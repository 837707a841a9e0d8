"""Protocol v1 message shapes (docs/protocol.md): parsing client frames and
building server messages. No I/O here."""

from __future__ import annotations

import json
from typing import Any, cast

import orjson

from nightfall.engine import Rejected
from nightfall.games import registry

from . import json_edge
from .protocol_types import AckMessage, ErrorBody, ErrorMessage

VERSION = 1
MAX_MESSAGE_BYTES = 8192
MAX_ID_LENGTH = 64
CLIENT_TYPES = ("hello", "command", "lobby", "ping", "feed")

# WebSocket close codes (docs/protocol.md §3).
CLOSE_BAD_HELLO = 4400
CLOSE_BAD_TOKEN = 4401
CLOSE_BAD_ORIGIN = 4403
CLOSE_NO_ROOM = 4404
CLOSE_TOO_SLOW = 4408
CLOSE_REPLACED = 4409
CLOSE_REMOVED = 4410
CLOSE_TOO_MANY = 4429  # this address has too many sockets open, or opens them too fast
CLOSE_INTERNAL = 1011  # the server cannot serve this room right now (shutting down, rebuilding)
CLOSE_MOVED = 4503  # the room moved to another node of the cluster: reconnect (through the proxy)

RequestId = str | int

# English for logs and developers; clients localise by code. A game's own codes
# have their texts in its ``GameSite.error_texts``.
MESSAGES = {
    "bad_json": "The message is not a JSON object.",
    "too_large": "The message is too large.",
    "rate_limited": "Too many messages; slow down.",
    "too_many_connections": "Too many connections from this address.",
    "too_many_rooms": "The server cannot open more rooms.",
    "unknown_type": "Unknown message type.",
    "bad_message": "A field is missing or has the wrong type.",
    "expected_hello": "The first message must be a hello.",
    "already_hello": "This connection has already said hello.",
    "unsupported_version": "This protocol version is not supported; reload the page.",
    "no_room": "There is no room with that code.",
    "room_damaged": "This room's saved game is damaged and cannot be loaded; the server's operator must restore it from a backup.",
    "not_owner": "This server no longer runs the room; reconnecting to the one that does.",
    "bad_token": "This seat token is not valid for this room.",
    "seat_relinked": "The host gave this seat a new link; this phone no longer has it.",
    "removed": "The host removed you from the table.",
    "left": "You left the table.",
    "spectator": "Spectators cannot do that.",
    "no_game": "No game is running.",
    "no_feed": "This game has no feed to page through.",
    "not_seated": "You have no seat in the running game.",
    "wrong_actor": "You can only act for your own seat.",
    "unknown_action": "Unknown lobby action.",
    "not_host": "Only the host can do that.",
    "wrong_status": "That is not possible in this state of the room.",
    "bad_settings": "A setting is out of range.",
    "bad_order": "The seat order must list every member exactly once.",
    "unknown_member": "There is no such member.",
    "host_cannot_leave": "The host cannot leave the table.",
    "too_few_players": "Not enough players to start.",
    "too_many_players": "Too many players to start.",
    "bad_name": "Names are 1 to 20 characters.",
    "name_taken": "That name is already taken in this room.",
    "room_full": "The room is full.",
    "bad_colour": "That is not one of the colours.",
    "colour_taken": "Someone else at the table has that colour.",
    "bad_avatar": "That is not one of the avatars.",
    "unknown_game": "This server does not host that game.",
    "bad_request": "The request is not valid.",
    "unsupported_media_type": "Send the request as application/json.",
    "bad_origin": "This request must come from this server's own pages.",
    "unknown_host": (
        "This server does not answer to this name. If it is its name on your network,"
        " start it with --allowed-host and the name."
    ),
    "method_not_allowed": "This endpoint does not take that method.",
    "too_slow": "The request did not arrive in time.",
    "not_found": "There is no such API endpoint.",
    "store_failed": "The server could not save that; try again.",
    "internal_error": "Something went wrong on the server.",
    "bad_config": "The game setup is not valid.",
}


def error_body(rejected: Rejected) -> ErrorBody:
    body = cast(ErrorBody, rejected.to_json())  # code, params and the rule if any
    body["message"] = MESSAGES.get(rejected.code) or registry.error_text(rejected.code) or str(rejected)
    return body


def encode(message: Any) -> str:
    """Compact UTF-8 JSON, byte for byte what ``json.dumps(message, ensure_ascii=False,
    separators=(",", ":"))`` writes (int keys become strings), about 7x faster: every
    seat's view is encoded on every change, so this is the server's hottest path
    (docs/benchmarks.md, "Server under load").

    Plain ``orjson.dumps`` first: allowing non-string keys makes orjson take a slower
    path for every dict (~40 % slower on a view), and almost no message has such a key.
    One that does is encoded again with them allowed; the output is the same either way.
    """
    try:
        return orjson.dumps(message).decode()
    except orjson.JSONEncodeError:  # an int key, or an int wider than 64 bits
        pass
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    except orjson.JSONEncodeError:  # e.g. an int wider than 64 bits: the standard library takes it
        return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def decode(text: str) -> dict[str, Any]:
    """A client frame as a dict, or ``Rejected`` (``too_large``/``bad_json``)."""
    # A character is at most 4 bytes in UTF-8: a short text needs no encoding to measure.
    if len(text) * 4 > MAX_MESSAGE_BYTES and (
        len(text) > MAX_MESSAGE_BYTES or len(text.encode()) > MAX_MESSAGE_BYTES
    ):
        raise Rejected("too_large", max=MAX_MESSAGE_BYTES)
    # The standard library, not orjson: orjson reads an integer wider than 64 bits as a
    # float, so a huge seat or id would change type instead of being refused as it is;
    # a client frame is small, and decoding it is ~2 us of a command's ~900.
    # ``json_edge`` also refuses lone surrogates and deep nesting (issue 30).
    try:
        data = json_edge.loads(text)
    except json_edge.Unreadable as unreadable:
        raise Rejected(
            "bad_json", **({} if unreadable.reason == "bad_json" else {"reason": unreadable.reason})
        ) from None
    if not isinstance(data, dict):
        raise Rejected("bad_json")
    return data


def request_id(message: dict[str, Any]) -> RequestId:
    rid = message.get("id")
    if (
        isinstance(rid, bool)
        or not isinstance(rid, str | int)
        or (isinstance(rid, str) and len(rid) > MAX_ID_LENGTH)
    ):
        raise Rejected("bad_message", field="id")
    return rid


def peek_id(message: dict[str, Any]) -> RequestId | None:
    """The id to answer an error with, if the message has a usable one."""
    try:
        return request_id(message)
    except Rejected:
        return None


def object_field(message: dict[str, Any], name: str) -> dict[str, Any]:
    value = message.get(name, {})
    if not isinstance(value, dict):
        raise Rejected("bad_message", field=name)
    return value


def error(rid: RequestId | None, rejected: Rejected, now: int) -> ErrorMessage:
    return {"type": "error", "id": rid, "server_time": now, "error": error_body(rejected)}


def ack(rid: RequestId, version: int, now: int) -> AckMessage:
    return {"type": "ack", "id": rid, "version": version, "server_time": now}
