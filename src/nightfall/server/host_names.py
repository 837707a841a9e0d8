"""Which names a browser may reach this server by (docs/security.md, gap 9: DNS rebinding).

A page on ``evil.example`` can have its name rebound to the laptop's LAN address; the
browser then sends that page's requests here with ``Host: evil.example`` and treats the
answers as the page's own (same origin). The Origin check cannot see it: Origin and Host
agree. So the server answers only to names an outsider cannot point at it: an address
(``192.168.1.20``, ``[::1]``), ``localhost``, a name of the local network (a single label
such as ``laptop``, or under ``.local``, ``.lan``, ``.home.arpa``, ``.internal``,
``.localhost``, which public DNS does not serve), ``--public-url``'s name and each
``--allowed-host``. Anything else gets 421 and the reason, for the person who set up the
server (``unknown_host``, naming the flag). A request without ``Host`` (HTTP/1.0, a proxy's health check) is no browser's.
"""

from __future__ import annotations

import ipaddress
import logging
from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Receive, Scope, Send

from nightfall.engine import Rejected

from .protocol import encode, error_body

log = logging.getLogger("nightfall.server")

LOCAL_SUFFIXES = (".localhost", ".local", ".lan", ".home.arpa", ".internal")
MISDIRECTED = 421
_LOGGED_AT_MOST = 32  # names a refusal is logged for: an attacker can send endless ones


def name_of(host: str) -> str:
    """``Host``'s name without its port, lower case, without a final dot."""
    host = host.strip().lower()
    if host.startswith("["):
        end = host.find("]")
        rest = host[end + 1 :] if end > 0 else ""
        if end < 0 or (rest and not (rest[0] == ":" and rest[1:].isdigit())):
            return host  # "[::1]evil.example": no address, so no local name either
        return host[1:end]
    return host.rsplit(":", 1)[0].rstrip(".") if host.count(":") == 1 else host.rstrip(".")


def is_local_name(name: str) -> bool:
    if not name:
        return False
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        pass
    return name == "localhost" or "." not in name or name.endswith(LOCAL_SUFFIXES)


def url_name(url: str | None) -> str | None:
    if not url:
        return None
    try:
        return urlsplit(url).hostname
    except ValueError:
        return None


class HostNames:
    """The names this server answers to: local ones always, and the named ``extra``."""

    def __init__(self, extra: Iterable[str | None] = ()) -> None:
        self.extra = frozenset(name_of(n) for n in extra if n)
        self._logged: set[str] = set()

    def allowed(self, host: str | None) -> bool:
        if host is None:
            return True
        name = name_of(host)
        return is_local_name(name) or name in self.extra

    def refused(self, host: str) -> bytes:
        """The answer's body (the protocol's error), logged once per name for the owner."""
        name = name_of(host)[:80]
        if name not in self._logged and len(self._logged) < _LOGGED_AT_MOST:
            self._logged.add(name)
            log.warning(
                "refused requests for the host name %r: start the server with --allowed-host %s"
                " if phones reach it by that name",
                name,
                name,
            )
        return encode({"error": error_body(Rejected("unknown_host", host=name))}).encode()


class KnownHostsOnly:
    """ASGI middleware: a request or WebSocket for a name outside ``HostNames`` is refused
    before anything else sees it (421 for HTTP; a WebSocket is refused before it opens)."""

    def __init__(self, app: ASGIApp, names: HostNames) -> None:
        self.app = app
        self.names = names

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        hosts = _headers(scope, b"host")
        host = hosts[0] if hosts else None
        if len(hosts) <= 1 and self.names.allowed(host):
            await self.app(scope, receive, send)
            return
        body = self.names.refused(host or "")
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})
            return
        await send(
            {
                "type": "http.response.start",
                "status": MISDIRECTED,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


def _headers(scope: Scope, wanted: bytes) -> list[str]:
    """Every value of a header (two ``Host`` headers are no browser's: refused)."""
    return [bytes(v).decode("latin-1") for n, v in scope.get("headers", ()) if bytes(n).lower() == wanted]
