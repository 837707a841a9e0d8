"""The phone client: the Vite build in ``web/dist`` with a single-page-app
fallback, so ``/r/KXTR`` and ``/board/KXTR`` load the app. Everything is served
from here: phones at the table may have no internet."""

from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, Response
from starlette.routing import Route

DEFAULT_DIST = Path(__file__).resolve().parents[3] / "web" / "dist"

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


# Everything comes from this server, so the policy can say so;
# it also blunts any markup that slips into a player's name.
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; font-src 'self' data:; style-src 'self' 'unsafe-inline'; "
        "connect-src 'self' ws: wss:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def routes(dist: Path) -> list[Route]:
    root = dist.resolve()

    async def page(request: Request) -> Response:
        index = root / "index.html"
        # Andorra's desk and player pages (/a/CODE/desk, /a/CODE/p) have their own entry page.
        if request.url.path.startswith("/a/") and (root / "andorra.html").is_file():
            index = root / "andorra.html"
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
