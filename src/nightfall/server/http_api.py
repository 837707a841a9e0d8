"""The HTTP API (docs/protocol.md §2): create, look up and join rooms."""

from __future__ import annotations

import asyncio
import functools
import math
import re
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar
from urllib.parse import urlsplit

from starlette.requests import ClientDisconnect, HTTPConnection, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from nightfall.cluster.ownership import NotOwner
from nightfall.engine import Rejected
from nightfall.games.registry import api_aliases, describe

from . import json_edge, protocol, qr
from .browser_edge import origin_allowed
from .clock import now_ms
from .protocol_types import RelinkAnswer
from .ratelimit import AddressBuckets
from .room import Room, RoomUnloaded
from .rooms import Rooms

T = TypeVar("T")

STATUS = {
    "bad_origin": 403,
    "not_host": 403,
    "no_room": 404,
    "not_found": 404,
    "name_taken": 409,
    "room_full": 409,
    "too_slow": 408,
    "unsupported_media_type": 415,
    "rate_limited": 429,
    "too_many_rooms": 503,
    "not_owner": 503,  # another cluster node runs the room: the proxy retries there
    "store_failed": 503,
    "room_damaged": 503,  # in the store, but it does not load: its operator must restore it
    "internal_error": 500,
}
ROOM_HEADER = "X-Nightfall-Room"  # on a created room's answer: where the proxy sends the room
MAX_BODY_BYTES = 4096  # a creation form may be larger: its game says how large (max_form_bytes)

Handler = Callable[[Request], Awaitable[Response]]


def _error(rejected: Rejected, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse(
        {"error": protocol.error_body(rejected)}, status_code=STATUS.get(rejected.code, 400), headers=headers
    )


def client_address(conn: HTTPConnection) -> str:
    """Whom a request or socket counts against: the peer's IP address. Behind a
    reverse proxy that is the proxy's, unless uvicorn trusts its X-Forwarded-For."""
    return conn.client.host if conn.client is not None else ""


def _seconds(wait: float | None) -> int | None:
    return None if wait is None else max(1, math.ceil(wait))  # Retry-After is whole seconds


def throttle(conn: HTTPConnection) -> int | None:
    """Take one token from the address's bucket: None to go on, else whole seconds
    to wait (at least 1) before the next request will pass."""
    buckets: AddressBuckets | None = conn.app.state.address_buckets
    return None if buckets is None else _seconds(buckets.take(client_address(conn)))


def held_back(conn: HTTPConnection) -> int | None:
    """``throttle`` without taking a token: is the address's bucket empty now?"""
    buckets: AddressBuckets | None = conn.app.state.address_buckets
    return None if buckets is None else _seconds(buckets.wait(client_address(conn)))


def from_our_pages(handler: Handler) -> Handler:
    """Every endpoint that changes something: JSON only (415 ``unsupported_media_type``),
    and from a page of this server only (403 ``bad_origin``). A form or ``fetch`` from
    another site may POST ``text/plain`` without asking (no CORS preflight); with this,
    such a request is refused before its body is read (docs/security.md §"Browser-side")."""

    @functools.wraps(handler)
    async def checked(request: Request) -> Response:
        if not origin_allowed(request.headers.get("origin"), request.headers.get("host")):
            return _error(Rejected("bad_origin"))
        media = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
        if media != "application/json":
            return _error(Rejected("unsupported_media_type", expected="application/json"))
        return await handler(request)

    return checked


def rate_limited(handler: Handler) -> Handler:
    """Every endpoint that names or makes a room: creating in a loop costs a row and an
    fsync each, and looking codes up in a loop lists the tables (docs/security.md §2).
    Checked before the body is read, so a refused request costs next to nothing."""

    @functools.wraps(handler)
    async def limited(request: Request) -> Response:
        wait = throttle(request)
        if wait is not None:
            return _error(Rejected("rate_limited", retry_after=wait), headers={"Retry-After": str(wait)})
        return await handler(request)

    return limited


async def _body(request: Request, limit: int = MAX_BODY_BYTES) -> dict[str, Any]:
    """The JSON body, refused as soon as it is known to be too large (never buffered whole)."""
    return _json(await _raw_body(request, limit))


async def _raw_body(request: Request, limit: int) -> bytes:
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > limit):
        raise Rejected("bad_request", reason="too_large")
    chunks: list[bytes] = []
    size = 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise Rejected("bad_request", reason="too_large")
            chunks.append(chunk)
    except ClientDisconnect:  # gone, or cut off as too slow (slow_clients.py): nobody to answer
        raise Rejected("too_slow") from None
    return b"".join(chunks)


def _json(raw: bytes) -> dict[str, Any]:
    """The body as a JSON object, read by ``json_edge`` (depth, lone surrogates)."""
    try:
        data = json_edge.loads(raw or b"{}")
    except json_edge.Unreadable as unreadable:
        if unreadable.reason == "too_deep":
            raise Rejected("bad_request", reason="too_deep", max=json_edge.MAX_DEPTH) from None
        raise Rejected("bad_request", reason=unreadable.reason) from None
    if not isinstance(data, dict):
        raise Rejected("bad_request", reason="bad_json")
    return data


def _rooms(request: Request) -> Rooms:
    rooms: Rooms = request.app.state.rooms
    return rooms


async def _room(request: Request) -> Room:
    """The room the path names; one not in memory is loaded from the store."""
    try:
        room = await _rooms(request).find(request.path_params["code"])
    except NotOwner as elsewhere:
        raise Rejected("not_owner", owner=elsewhere.owner) from None
    if room is None:
        raise _rooms(request).damage(request.path_params["code"]) or Rejected("no_room")
    return room


async def _in_room(request: Request, room: Room, action: Callable[[Room], Awaitable[T]]) -> T:
    """``action`` on the room's task. Reading a body can take a while, and an idle room
    may be unloaded meanwhile (then nothing was done): look it up again, which loads it."""
    for _ in range(3):
        try:
            return await action(room)
        except RoomUnloaded:
            room = await _room(request)
    raise Rejected("internal_error", reason="room unloaded")


# A Host header a browser sends: a name (labels of letters, digits and hyphens; punycode for
# others) or an IPv4 or bracketed IPv6 address, and a port. Anything else is no address a
# phone can open, and a long one made every QR code of the room near-largest (an attack test).
_NETLOC = re.compile(
    r"(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]{2,45}\])(?::(?:6553[0-5]|655[0-2]\d|65[0-4]\d\d|6[0-4]\d{3}|[1-5]?\d{1,4}))?"
)
_NETLOC_MAX = 260


def base_url(request: Request) -> str:
    """Where phones should go. A host browsing on localhost gets the LAN address."""
    netloc = request.url.netloc
    if len(netloc) > _NETLOC_MAX or not _NETLOC.fullmatch(netloc):
        raise Rejected("bad_request", reason="host")
    here = f"{request.url.scheme}://{netloc}"
    public = _rooms(request).public_url
    host = (urlsplit(here).hostname or "").lower()
    if public and (host in ("localhost", "::1") or host.startswith("127.")):
        return public.rstrip("/")
    return here


async def health(request: Request) -> Response:
    return JSONResponse({"ok": True, "protocol": protocol.VERSION, "server_time": now_ms()})


async def games(request: Request) -> Response:
    return JSONResponse({"games": [describe(a) for a in _rooms(request).catalog.values()]})


async def create_room(request: Request, game: str | None = None) -> Response:
    """Every game's rooms are made here: ``{"game": …}`` and the rest of the game's
    creation form in, the game's answer out (docs/protocol.md §2). Without ``"game"``
    the server's first game; ``game`` forces one (a game's ``api_alias``)."""
    rooms = _rooms(request)
    try:
        largest = max((site.max_form_bytes for site in rooms.catalog.values()), default=MAX_BODY_BYTES)
        raw = await _raw_body(request, largest)
        body = _json(raw)
        name = game if game is not None else body.get("game", next(iter(rooms.catalog), None))
        site = rooms.catalog.get(name) if isinstance(name, str) else None
        if site is not None and len(raw) > site.max_form_bytes:
            raise Rejected("bad_request", reason="too_large")
        created = await rooms.create(name, body, base_url(request))
    except Rejected as rejected:
        return _error(rejected)
    return JSONResponse(
        created, status_code=201, headers={"Cache-Control": "no-store", ROOM_HEADER: created["code"]}
    )


async def relink_seat(request: Request) -> Response:
    """The host gets a new private link for a seat; the old link stops working."""
    try:
        room = await _room(request)
        body = await _body(request)
        token = await _in_room(request, room, lambda r: r.relink(body.get("token"), body.get("seat")))
    except Rejected as rejected:
        return _error(rejected)
    try:
        base = room.base_url or base_url(request)
    except Rejected as rejected:
        return _error(rejected)
    pages = room.site.pages
    url = (pages.desk_url if body.get("seat") == "desk" else pages.seat_url)(base, room.code, token)
    drawn = await asyncio.to_thread(qr.svg, url)  # ~10 ms of drawing: not on the event loop
    answer: RelinkAnswer = {"seat": body["seat"], "token": token, "url": url, "qr": drawn.decode()}
    return JSONResponse(answer, headers={"Cache-Control": "no-store"})


async def room_summary(request: Request) -> Response:
    try:
        return JSONResponse((await _room(request)).summary())
    except Rejected as rejected:
        return _error(rejected)


async def join_room(request: Request) -> Response:
    try:
        room = await _room(request)
        body = await _body(request)
        joined = await _in_room(request, room, lambda r: r.join(body.get("name")))
    except Rejected as rejected:
        return _error(rejected)
    return JSONResponse(joined, status_code=200 if joined["spectator"] else 201)


async def room_qr(request: Request) -> Response:
    try:
        room = await _room(request)
        # ?to=board: the TV board's address (the phone lobby shows it too, issue 31 §3)
        page = "board" if request.query_params.get("to") == "board" else "r"
        link = f"{room.base_url or base_url(request)}/{page}/{room.code}"  # the same link as in the state
    except Rejected as rejected:
        return _error(rejected)
    svg = await asyncio.to_thread(qr.cached_svg, link)  # drawn once per link, and not on the event loop
    return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "no-store"})


async def public_state(request: Request) -> Response:
    try:
        return JSONResponse((await _room(request)).public_state())
    except Rejected as rejected:
        return _error(rejected)


async def not_found(request: Request) -> Response:
    return _error(Rejected("not_found", path=request.url.path))


def routes() -> list[Route]:
    """The API, with each registered game's older addresses (``GameSite.api_alias``)
    before the catch-all: the same endpoints under ``/api/<alias>`` (a server that does
    not host that game answers ``unknown_game`` there)."""
    aliases: list[Route] = []
    for alias, game in api_aliases().items():
        aliases += [
            Route(f"/api/{alias}", from_our_pages(rate_limited(_creating(game))), methods=["POST"]),
            Route(
                f"/api/{alias}/{{code}}/relink", from_our_pages(rate_limited(relink_seat)), methods=["POST"]
            ),
        ]
    return [
        Route("/api/health", health),
        Route("/api/games", games),
        Route("/api/rooms", from_our_pages(rate_limited(create_room)), methods=["POST"]),
        Route("/api/rooms/{code}/relink", from_our_pages(rate_limited(relink_seat)), methods=["POST"]),
        Route("/api/rooms/{code}", rate_limited(room_summary)),
        Route("/api/rooms/{code}/join", from_our_pages(rate_limited(join_room)), methods=["POST"]),
        Route("/api/rooms/{code}/qr.svg", rate_limited(room_qr)),
        Route("/api/rooms/{code}/public", rate_limited(public_state)),
        *aliases,
        Route("/api/{rest:path}", not_found, methods=["GET", "POST", "PUT", "DELETE"]),
    ]


def _creating(game: str) -> Handler:
    async def create(request: Request) -> Response:
        return await create_room(request, game=game)

    return create
