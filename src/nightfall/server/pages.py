"""The web clients: the Vite build in ``web/dist`` with a single-page-app
fallback, so ``/r/KXTR`` and ``/board/KXTR`` load the app. Everything is served
from here: phones at the table may have no internet.

Each game names its entry page and the URL patterns of its pages
(``GameSite.pages``). A page that names a room gets the page of the room's game;
a pattern decides only when there is no such room (or for a page that names none,
such as ``/a/new``).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from nightfall.engine import Rejected

from . import browser_edge, codes, protocol
from .http_api import held_back, throttle
from .rooms import Rooms

# An installed wheel carries the build inside the package (setup.py copies web/dist there);
# a checkout (and an editable install) serves the tree's web/dist, which `make web` rebuilds.
PACKAGED_DIST = Path(__file__).resolve().parents[1] / "web_dist"
CHECKOUT_DIST = Path(__file__).resolve().parents[3] / "web" / "dist"


def default_dist() -> Path:
    """Where the built clients are: inside the installed package, else the checkout's web/dist."""
    return PACKAGED_DIST if (PACKAGED_DIST / "index.html").is_file() else CHECKOUT_DIST


DEFAULT_DIST = default_dist()

NO_BUILD = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Nightfall</title></head>
<body style="font-family: sans-serif; max-width: 30em; margin: 2em auto; padding: 0 1em">
<h1>Nightfall</h1>
<p>The phone client has not been built yet. On the server run <code>make web</code>
(or <code>cd web &amp;&amp; npm install &amp;&amp; npm run build</code>) and reload.</p>
<p>The server and its API are running: <a href="/api/health">/api/health</a>.</p>
</body></html>
"""


# Kept here for the pages' own answers; the middleware (browser_edge) adds them to every answer.
SECURITY_HEADERS = browser_edge.SECURITY_HEADERS
MAX_SEGMENT = 255  # a file name's limit on every file system the server runs on


def unservable(path: str) -> bool:
    """A path no file can have: a NUL or a control character, or a segment longer than a
    file name may be. Asking the file system about it raises (ValueError, ENAMETOOLONG)."""
    return any(ch < " " or ch == "\x7f" for ch in path) or any(
        len(part.encode("utf-8", "surrogatepass")) > MAX_SEGMENT for part in path.split("/")
    )


def routes(dist: Path, rooms: Rooms) -> list[Route]:
    root = dist.resolve()

    async def page(request: Request) -> Response:
        if unservable(request.path_params.get("path", "")):
            body = {"error": protocol.error_body(Rejected("bad_request", reason="bad_path"))}
            return JSONResponse(body, status_code=400)
        entry = root / await entry_page(request, rooms)
        index = entry if entry.is_file() else root / "index.html"
        if not index.is_file():
            return HTMLResponse(NO_BUILD, headers=SECURITY_HEADERS)
        wanted = (root / request.path_params.get("path", "")).resolve()
        if wanted != root and wanted.is_relative_to(root) and wanted.is_file():
            # Vite fingerprints asset names, so they may be cached for good.
            immutable = wanted.is_relative_to(root / "assets")
            headers = {"Cache-Control": "public, max-age=31536000, immutable" if immutable else "no-cache"}
            return FileResponse(wanted, headers=headers)
        return FileResponse(index, headers={"Cache-Control": "no-cache", **SECURITY_HEADERS})

    return [Route("/", page), Route("/{path:path}", page)]


async def entry_page(request: Request, rooms: Rooms) -> str:
    """The entry page for this path: the page of the room's game if it names a room."""
    path = request.path_params.get("path", "").strip("/")
    for site in rooms.catalog.values():
        for pattern in site.pages.paths:
            found = _pattern(pattern).fullmatch(path)
            if found is None:
                continue
            code = found.groupdict().get("code")
            if code is not None:
                game = await _game_of(request, rooms, code)
                if game is not None and game in rooms.catalog:
                    return rooms.catalog[game].pages.entry
            return site.pages.entry
    return "index.html"


async def _game_of(request: Request, rooms: Rooms, raw_code: str) -> str | None:
    """The game of the room a page names. Looking up a room not in memory costs a
    store read, so it is rate limited like the API's lookups (docs/security.md §2).
    An address over its rate gets the URL's page for every code, a room in memory too:
    answering those alone let it tell live codes from others at 343 guesses a second,
    the page itself the answer (attack round 4, 2026-12-07)."""
    code = codes.normalise(raw_code)
    if code is None:
        return None
    if held_back(request) is not None:
        return None  # this address is looking up too much: the URL decides
    room = await rooms.find(code)
    if room is None:
        throttle(request)  # a wrong code costs what a guess at the API costs
        return None
    return room.site.name


@cache
def _pattern(pattern: str) -> re.Pattern[str]:
    return re.compile(re.escape(pattern).replace(re.escape("{code}"), "(?P<code>[^/]+)"))
