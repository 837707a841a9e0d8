"""The HTTP API (docs/protocol.md §2): create, look up and join rooms."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlsplit

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from nightfall.engine import Rejected

from . import protocol, qr
from .adapters import describe
from .clock import now_ms
from .room import Room
from .rooms import Rooms

STATUS = {
    "not_host": 403,
    "no_room": 404,
    "not_found": 404,
    "name_taken": 409,
    "room_full": 409,
    "store_failed": 503,
    "internal_error": 500,
}
MAX_BODY_BYTES = 4096


def _error(rejected: Rejected) -> JSONResponse:
    return JSONResponse({"error": protocol.error_body(rejected)}, status_code=STATUS.get(rejected.code, 400))


async def _body(request: Request) -> dict[str, Any]:
    """The JSON body, refused as soon as it is known to be too large (never buffered whole)."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY_BYTES):
        raise Rejected("bad_request", reason="too_large")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            raise Rejected("bad_request", reason="too_large")
        chunks.append(chunk)
    raw = b"".join(chunks)
    try:
        data = json.loads(raw or b"{}")
    except ValueError:
        raise Rejected("bad_request", reason="bad_json") from None
    if not isinstance(data, dict):
        raise Rejected("bad_request", reason="bad_json")
    return data


def _rooms(request: Request) -> Rooms:
    rooms: Rooms = request.app.state.rooms
    return rooms


async def _room(request: Request) -> Room:
    room = await _rooms(request).find(request.path_params["code"])
    if room is None:
        raise Rejected("no_room")
    return room


def base_url(request: Request) -> str:
    """Where phones should go. A host browsing on localhost gets the LAN address."""
    here = f"{request.url.scheme}://{request.url.netloc}"
    public = _rooms(request).public_url
    host = (urlsplit(here).hostname or "").lower()
    if public and (host in ("localhost", "::1") or host.startswith("127.")):
        return public.rstrip("/")
    return here


async def health(request: Request) -> Response:
    return JSONResponse({"ok": True, "protocol": protocol.VERSION, "server_time": now_ms()})


async def games(request: Request) -> Response:
    return JSONResponse({"games": [describe(a) for a in _rooms(request).catalog.values()]})


async def create_room(request: Request) -> Response:
    try:
        body = await _body(request)
        created = await _rooms(request).create(body.get("name"), body.get("game", "heks"), base_url(request))
    except Rejected as rejected:
        return _error(rejected)
    return JSONResponse(created, status_code=201)


MAX_ANDORRA_BODY_BYTES = 32768


async def create_andorra(request: Request) -> Response:
    """The host's role list in, the desk link and one private link per player out."""
    try:
        raw = await request.body()
        if len(raw) > MAX_ANDORRA_BODY_BYTES:
            raise Rejected("bad_request", reason="too_large")
        try:
            body = json.loads(raw or b"{}")
        except ValueError:
            raise Rejected("bad_request", reason="bad_json") from None
        if not isinstance(body, dict):
            raise Rejected("bad_request", reason="bad_json")
        created = await _rooms(request).create_andorra(body, base_url(request))
    except Rejected as rejected:
        return _error(rejected)
    return JSONResponse(created, status_code=201, headers={"Cache-Control": "no-store"})


async def relink_andorra(request: Request) -> Response:
    """The host gets a new private link for a seat; the old link stops working."""
    try:
        room = await _room(request)
        body = await _body(request)
        token = await room.relink(body.get("token"), body.get("seat"))
    except Rejected as rejected:
        return _error(rejected)
    base = room.base_url or base_url(request)
    return JSONResponse(
        {"seat": body["seat"], "token": token, "url": f"{base}/a/{room.code}/p#t={token}"},
        headers={"Cache-Control": "no-store"},
    )


async def room_summary(request: Request) -> Response:
    try:
        return JSONResponse((await _room(request)).summary())
    except Rejected as rejected:
        return _error(rejected)


async def join_room(request: Request) -> Response:
    try:
        room = await _room(request)
        body = await _body(request)
        joined = await room.join(body.get("name"))
    except Rejected as rejected:
        return _error(rejected)
    return JSONResponse(joined, status_code=200 if joined["spectator"] else 201)


async def room_qr(request: Request) -> Response:
    try:
        room = await _room(request)
    except Rejected as rejected:
        return _error(rejected)
    svg = qr.svg(f"{room.base_url or base_url(request)}/r/{room.code}")  # the same link as in the state
    return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "no-store"})


async def public_state(request: Request) -> Response:
    try:
        return JSONResponse((await _room(request)).public_state())
    except Rejected as rejected:
        return _error(rejected)


async def not_found(request: Request) -> Response:
    return _error(Rejected("not_found", path=request.url.path))


routes = [
    Route("/api/health", health),
    Route("/api/games", games),
    Route("/api/rooms", create_room, methods=["POST"]),
    Route("/api/andorra", create_andorra, methods=["POST"]),
    Route("/api/andorra/{code}/relink", relink_andorra, methods=["POST"]),
    Route("/api/rooms/{code}", room_summary),
    Route("/api/rooms/{code}/join", join_room, methods=["POST"]),
    Route("/api/rooms/{code}/qr.svg", room_qr),
    Route("/api/rooms/{code}/public", public_state),
    Route("/api/{rest:path}", not_found, methods=["GET", "POST", "PUT", "DELETE"]),
]
