"""What a browser is told and asked at the edge (docs/security.md §"Browser-side"):
the security headers on every HTTP answer, and whether a request's ``Origin`` is ours.

The headers are added by one middleware to every response, whatever made it (a page,
a static file such as ``/index.html``, the SPA fallback, an API answer, an error page),
so no route can forget them.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

# Everything comes from this server, so the policy can say so; it also blunts any
# markup that slips into a player's name, and no other site may frame a page.
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; font-src 'self' data:; style-src 'self' 'unsafe-inline'; "
        "connect-src 'self' ws: wss:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
_RAW_HEADERS = [(name.lower().encode(), value.encode()) for name, value in SECURITY_HEADERS.items()]


def origin_allowed(origin: str | None, host: str | None) -> bool:
    """Browsers send Origin with every WebSocket and every cross-site or state-changing
    request; a page from another site must not drive a seat. No Origin: not a browser
    (bots, tests, the CLI), which no page can make act for its visitor."""
    if origin is None:
        return True
    try:
        netloc = urlsplit(origin).netloc.lower()
    except ValueError:  # "http://[": not a URL at all, so not ours
        return False
    return bool(netloc) and netloc == (host or "").lower()


class SecurityHeaders:
    """ASGI middleware: ``SECURITY_HEADERS`` on every HTTP response that lacks them."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                raw = list(message.get("headers", ()))
                present = {bytes(name).lower() for name, _ in raw}
                message["headers"] = raw + [(n, v) for n, v in _RAW_HEADERS if n not in present]
            await send(message)

        await self.app(scope, receive, send_with_headers)
