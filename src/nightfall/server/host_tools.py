"""``POST /api/rooms/{code}/host/{tool}``: a host's read-only tool over the running game
(docs/protocol.md; Andorra's thread import preview, A-THREAD-1).

The host's token comes in the ``Authorization: Bearer …`` header and is checked before the
body is read: a tool's body may be megabytes (its game's ``host_tool_bytes``), and the room
code is no secret, so a stranger must not make the server read and parse that much on its
event loop. Without the header the body is held to the API's 4 KiB and carries the token.
The body is ``{urls?, pages?, …}``: up to ``MAX_URLS`` page addresses the server fetches
(thread_fetch: a timeout, a size limit, nothing inside the server's network) and pages the
host sent (``{url, text}``, e.g. saved pages or pasted BBCode). The game answers; nothing
changes: what the host confirms afterwards is an ordinary command over the socket."""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from nightfall.engine import Rejected

from .http_api import MAX_BODY_BYTES, _error, _in_room, _json, _raw_body, _room, from_our_pages, rate_limited
from .room import Room
from .thread_fetch import FetchError, executor, fetch

MAX_URLS = 10


async def _host_only(room: Room, token: object) -> None:
    async def check() -> None:
        host = room.lobby.member_by_token(token) if isinstance(token, str) else None
        if host is None or host.pid != room.lobby.host:
            raise Rejected("not_host")

    await room.call(check)


def _bearer(request: Request) -> str | None:
    """The token of ``Authorization: Bearer <token>``, or None without one."""
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def _pages(body: dict[str, Any]) -> list[dict[str, str]]:
    raw = body.get("pages") or []
    if not isinstance(raw, list):
        raise Rejected("bad_request", field="pages")
    out = []
    for p in raw:
        if not isinstance(p, dict) or not isinstance(p.get("text"), str):
            raise Rejected("bad_request", field="pages")
        out.append({"url": str(p.get("url") or ""), "text": p["text"]})
    return out


async def host_tool(request: Request) -> Response:
    try:
        room = await _room(request)
        limit = room.site.host_tool_bytes
        if not limit:
            raise Rejected("not_found")
        token = _bearer(request)
        if token is not None:
            await _in_room(request, room, lambda r: _host_only(r, token))
        else:  # the token in a small body
            limit = min(limit, MAX_BODY_BYTES)
        # Parsed off the loop, as the tool's work below: a host's import of several MB would
        # otherwise stall every room while it is read (an attack round: 1.8 s for 7.9 MB).
        body = await asyncio.to_thread(_json, await _raw_body(request, limit))
        if token is None:
            token = body.get("token")
            await _in_room(request, room, lambda r: _host_only(r, token))
        urls = body.get("urls") or []
        if not isinstance(urls, list) or len(urls) > MAX_URLS or not all(isinstance(u, str) for u in urls):
            raise Rejected("bad_request", field="urls", max=MAX_URLS)
        pages = _pages(body)
        try:
            loop = asyncio.get_running_loop()  # in the fetches' own threads (thread_fetch.executor)
            texts = await asyncio.gather(*(loop.run_in_executor(executor(), fetch, u) for u in urls))
        except FetchError as exc:
            refused = Rejected("fetch_failed", url=exc.url, kind=exc.kind, detail=exc.detail)
            refused.text = exc.text()  # what the host should do about it, in words
            raise refused from None
        pages = [*({"url": u, "text": t} for u, t in zip(urls, texts, strict=True)), *pages]
        ask = {k: v for k, v in body.items() if k not in ("token", "urls", "pages")} | {"pages": pages}
        tool = str(request.path_params["tool"])
        answer = await _in_room(request, room, lambda r: r.host_tool(token, tool, ask))
    except Rejected as rejected:
        return _error(rejected)
    return JSONResponse(answer, headers={"Cache-Control": "no-store"})


def routes() -> list[Route]:
    return [Route("/api/rooms/{code}/host/{tool}", from_our_pages(rate_limited(host_tool)), methods=["POST"])]
