"""The WebSocket endpoint: origin check, hello, then one frame at a time into
the room (docs/protocol.md §3-4)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from starlette.responses import JSONResponse
from starlette.types import Message, Receive
from starlette.websockets import WebSocket, WebSocketDisconnect

from nightfall.cluster.ownership import NotOwner
from nightfall.engine import Rejected

from . import codes, protocol, quiet
from .browser_edge import origin_allowed
from .clock import now_ms
from .connection import Connection
from .fast.asgi_send import frame_reader, text_writer
from .http_api import client_address, held_back, throttle
from .protocol import (
    CLOSE_BAD_HELLO,
    CLOSE_BAD_ORIGIN,
    CLOSE_BAD_TOKEN,
    CLOSE_INTERNAL,
    CLOSE_NO_ROOM,
    CLOSE_TOO_MANY,
    decode,
    encode,
)
from .protocol_types import PongMessage
from .ratelimit import AddressCounts, MessageBudgets
from .room import Room, RoomUnloaded
from .rooms import Rooms

HELLO_TIMEOUT_S = 10.0
log = logging.getLogger("nightfall.server")


async def endpoint(ws: WebSocket) -> None:
    if not origin_allowed(ws.headers.get("origin"), ws.headers.get("host")):
        log.warning("refused a WebSocket from origin %s", ws.headers.get("origin"))
        await ws.close(CLOSE_BAD_ORIGIN)  # before accept: the client sees HTTP 403
        return
    # Counted from the upgrade, before hello: sockets that never say hello hold a
    # place for up to 10 s, and that is what a flood of them would use.
    address = client_address(ws)
    sockets: AddressCounts = ws.app.state.open_sockets
    if not sockets.acquire(address):
        # Retrying at once costs a token too: a client that keeps trying runs its
        # bucket dry, and from then on the refusals are not logged (no log flood).
        if throttle(ws) is None:
            log.warning("refused a WebSocket: %d are open from %s (the limit)", sockets[address], address)
        await ws.accept()  # a close code needs an accepted socket
        await _refuse(ws, Rejected("too_many_connections", max=sockets.limit), CLOSE_TOO_MANY)
        return
    try:
        if await _owned_here(ws):
            await _session(ws, address)
    finally:
        sockets.release(address)


async def _owned_here(ws: WebSocket) -> bool:
    """On a cluster node, before the handshake: take the room (its lease) or answer
    HTTP 503, on which the proxy tries the node that owns it (deploy/haproxy.cfg).
    After the handshake nothing could send the socket elsewhere."""
    rooms: Rooms = ws.app.state.rooms
    if rooms.ownership is None:
        return True
    try:
        await rooms.find(ws.path_params["code"])
    except NotOwner as elsewhere:
        body = {"error": protocol.error_body(Rejected("not_owner", owner=elsewhere.owner))}
        await ws.send_denial_response(JSONResponse(body, status_code=503))
        return False
    return True


async def _session(ws: WebSocket, address: str) -> None:
    await ws.accept()
    rooms: Rooms = ws.app.state.rooms
    try:
        hello = await asyncio.wait_for(_receive_hello(ws), HELLO_TIMEOUT_S)
    except TimeoutError:
        await _refuse(ws, Rejected("expected_hello"), CLOSE_BAD_HELLO)
        return
    except Rejected as rejected:
        # A malformed hello is what probing the parser looks like: it costs a token of the
        # address's bucket like a wrong code or token (an empty one answers ``rate_limited``).
        await _refuse_guess(ws, rejected, CLOSE_BAD_HELLO)
        return
    except WebSocketDisconnect:
        return
    # A hello naming no room or holding a bad token takes a token from the same
    # per-address bucket as the room endpoints of the HTTP API (``_refuse_guess``), so
    # guessing codes or tokens over sockets is as slow as over HTTP. Phones coming back
    # to a room with good tokens are never charged nor held back: a Wi-Fi blip must not
    # lock a table out. A room not in memory (unloaded while idle) costs a store lookup
    # to find: an address whose bucket is empty does not get one. Nor does a hello without
    # a token, whatever room it names: answering a spectator's hello to a room in memory
    # while refusing every other code told live codes at ~700 guesses a second once the
    # bucket was empty (attack round 5, 2026-12-08).
    code = codes.normalise(ws.path_params["code"])
    wait = None if code in rooms and hello.get("token") is not None else held_back(ws)
    if wait is not None:
        await _refuse(ws, Rejected("rate_limited", retry_after=wait), CLOSE_TOO_MANY)
        return
    room = await rooms.find(ws.path_params["code"])
    if room is None:
        damage = rooms.damage(ws.path_params["code"])
        if damage is not None:  # a room that exists: no guess, and nothing to retry
            await _refuse(ws, damage, CLOSE_NO_ROOM)
        else:
            await _refuse_guess(ws, Rejected("no_room"), CLOSE_NO_ROOM)
        return
    token = hello.get("token")
    if token is not None and not isinstance(token, str):
        await _refuse_guess(ws, Rejected("bad_token"), CLOSE_BAD_TOKEN)
        return
    budgets: MessageBudgets = ws.app.state.message_budgets
    conn = Connection(
        ws, bucket=budgets.of_address(room.code, address), write=text_writer(ws), address=address
    )
    conn.start()
    try:
        try:
            room = await _attach(rooms, ws.path_params["code"], room, conn, token)
            if conn.pid is not None:  # the seat's budget, whichever socket it comes from
                conn.bucket = budgets.of_seat(room.code, conn.pid)
        except Rejected as rejected:
            await conn.stop()
            if rejected.code == "bad_token":
                await _refuse_guess(ws, rejected, CLOSE_BAD_TOKEN)
            else:
                await _refuse(ws, rejected, CLOSE_INTERNAL)
            return
        await _serve(ws, room, conn)
    finally:
        with contextlib.suppress(Rejected, RoomUnloaded):  # the room may be shutting down
            await room.detach(conn)
        await conn.stop()


async def _attach(rooms: Rooms, raw_code: str, room: Room, conn: Connection, token: str | None) -> Room:
    """Attach ``conn``; an idle room unloaded since it was looked up is loaded again.
    Once a socket is attached the room is no longer idle and stays."""
    for _ in range(3):
        try:
            await room.attach(conn, token)
            return room
        except RoomUnloaded:
            found = await rooms.find(raw_code)
            if found is None:
                break
            room = found
    raise Rejected("internal_error", reason="room unloaded")


async def _receive_hello(ws: WebSocket) -> dict[str, Any]:
    text = await _receive_text(frame_reader(ws))
    message = decode(text)  # depth and lone surrogates are checked there (``json_edge``)
    if message.get("type") != "hello":
        raise Rejected("expected_hello")
    if message.get("v") != protocol.VERSION:
        raise Rejected("unsupported_version", supported=[protocol.VERSION])
    return message


async def _receive_text(receive: Receive) -> str:
    """The next frame as text; bytes frames are decoded as UTF-8 (or rejected)."""
    message = await receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    return _frame_text(message)


def _frame_text(message: Message) -> str:
    """A ``websocket.receive`` message's frame as text (``Rejected`` if it cannot be one)."""
    if message.get("text") is not None:
        text: str = message["text"]
        return text
    data: bytes = message.get("bytes") or b""
    if len(data) > protocol.MAX_MESSAGE_BYTES:
        raise Rejected("too_large", max=protocol.MAX_MESSAGE_BYTES)
    try:
        return data.decode()
    except UnicodeDecodeError:
        raise Rejected("bad_json") from None


async def _refuse(ws: WebSocket, rejected: Rejected, close_code: int) -> None:
    try:
        await ws.send_text(encode(protocol.error(None, rejected, now_ms())))
        await ws.close(close_code)
    except Exception:  # the client already went away
        pass


async def _refuse_guess(ws: WebSocket, rejected: Rejected, close_code: int) -> None:
    """A wrong room code or token: what guessing looks like, so it costs a token;
    with none left the answer is ``rate_limited`` and tells nothing about the guess."""
    wait = throttle(ws)
    if wait is not None:
        await _refuse(ws, Rejected("rate_limited", retry_after=wait), CLOSE_TOO_MANY)
    else:
        await _refuse(ws, rejected, close_code)


async def _serve(ws: WebSocket, room: Room, conn: Connection) -> None:
    # The server's own receive, awaited right here: while a socket waits for its next
    # frame (most of the time, for every socket), the fewer objects that wait holds,
    # the less the garbage collector walks (fast/asgi_send.py).
    receive = frame_reader(ws)
    while not conn.closed:
        unreadable: Rejected | None = None
        try:
            message = await receive()
        except RuntimeError:  # receive after the socket was closed by our side
            return
        if message["type"] == "websocket.disconnect":
            return
        if quiet.heard(conn):  # silent long enough to count as gone: back (server/quiet.py)
            room.heard_again(conn)
        try:
            text = _frame_text(message)
        except Rejected as rejected:  # too large or not UTF-8: counts against the limit too
            text, unreadable = "", rejected
        if not conn.bucket.take():
            # Over the limit the frame is dropped unread. Only the first drop in each
            # refill interval is answered: answering every one would fill the outbox of
            # a flooder that does not read, and close it (4408) instead of slowing it.
            if conn.bucket.notice_due():
                conn.send(protocol.error(None, Rejected("rate_limited"), room.clock()))
            continue
        if unreadable is not None:
            conn.send(protocol.error(None, unreadable, room.clock()))
            continue
        await _dispatch(room, conn, text)


async def _dispatch(room: Room, conn: Connection, text: str) -> None:
    message: dict[str, Any] = {}
    try:
        message = decode(text)
        kind = message.get("type")
        if kind == "ping":
            pong: PongMessage = {"type": "pong", "t": message.get("t"), "server_time": room.clock()}
            conn.send(pong)
        elif kind == "hello":
            raise Rejected("already_hello")
        elif kind in ("command", "lobby"):
            await room.request(conn, message)
        elif kind == "feed":  # an older page of the game's feed (Andorra's chat), read-only
            await room.feed_page(conn, message)
        else:
            raise Rejected("unknown_type", type=kind if isinstance(kind, str) else None)
    except Rejected as rejected:
        conn.send(protocol.error(protocol.peek_id(message), rejected, room.clock()))
    except Exception:
        log.exception("room %s: request failed", room.code)
        conn.send(protocol.error(protocol.peek_id(message), Rejected("internal_error"), room.clock()))
