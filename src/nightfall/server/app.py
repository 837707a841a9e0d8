"""The ASGI application: HTTP API, WebSocket, phone client; rooms restored on start
and idle ones unloaded while it runs."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator, Iterable
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, WebSocketRoute

from nightfall.cluster.health import NodeHealth
from nightfall.cluster.ownership import Ownership
from nightfall.engine import Rejected
from nightfall.games.registry import Catalog, default_catalog
from nightfall.store import EventStore

from . import fast, host_tools, http_api, pages, protocol, websocket
from .browser_edge import SECURITY_HEADERS, SecurityHeaders
from .heartbeat import NODE, Heartbeat
from .host_names import HostNames, KnownHostsOnly, url_name
from .limits import ServerLimits
from .ratelimit import AddressBuckets, AddressCounts, MessageBudgets
from .room import RoomOptions
from .rooms import Rooms
from .storage import AsyncStore

log = logging.getLogger("nightfall.server")


def create_app(
    store: EventStore,
    catalog: Catalog | None = None,
    options: RoomOptions | None = None,
    public_url: str | None = None,
    web_dist: Path | None = None,
    limits: ServerLimits | None = None,
    fast_paths: bool | None = None,
    ownership: Ownership | None = None,
    health: NodeHealth | None = None,
    allowed_hosts: Iterable[str] = (),
) -> Starlette:
    """``store`` is owned by the app from here on: it is closed on shutdown.

    ``limits`` bound rooms, sockets and requests per client address (the
    defaults suit a party; ``ServerLimits.unlimited()`` for load tests).
    ``fast_paths`` turns the fast WebSocket and garbage-collector paths on or off
    (``server/fast``); None reads ``NIGHTFALL_FAST`` from the environment.
    With ``ownership`` the server is one node of a cluster (docs/deploy.md);
    ``health`` answers the proxy's health checks from a thread (``cluster.health``).
    Browsers may reach it by an address, a local name, ``public_url``'s name or one of
    ``allowed_hosts`` (``host_names``: DNS rebinding).
    """
    limits = limits or ServerLimits()
    on = fast.enabled() if fast_paths is None else fast_paths
    rooms = Rooms(
        AsyncStore(store),
        catalog if catalog is not None else default_catalog(),
        options,
        public_url,
        max_rooms=limits.max_rooms,
        idle=limits.idle,
    )
    if ownership is not None:
        rooms.run_as_node(ownership)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        watch = None
        if on:
            from .fast import gc_watch

            watch = gc_watch.GcWatch.from_env()
            watch.install()
        # A cluster node beats under its own name: with a fixed --node it gets its outage back.
        # (``is not None``: an Ownership holding no room is falsy, by its length.)
        node = ownership.node if ownership is not None else NODE
        heartbeat = Heartbeat(rooms.store, rooms.options.clock, node=node)
        outage = await heartbeat.outage_ms()
        counted = rooms.options.tallies.load(rooms.catalog, await rooms.store.finished_results())
        if counted:
            log.info("read %d finished game(s): what real tables did with each deck", counted)
        restored = await rooms.restore(outage)
        if restored:
            log.info("restored %d room(s) from the store (down for %s ms)", restored, outage)
        heartbeat.start()
        rooms.start()  # unloads idle rooms from now on
        odds = rooms.options.odds
        if odds is not None:
            await odds.start()
            if odds.warm_standard:
                odds.warm_defaults(rooms.catalog.values())  # niced workers: the rooms come first
        if health is not None:
            health.start()
        if watch is not None:
            gc_watch.freeze()  # start-up objects live as long as the process
        try:
            yield
        finally:
            if watch is not None:
                watch.uninstall()
                log.info("%s", watch.summary())
            if health is not None:
                health.stop()
            await heartbeat.stop()
            await rooms.stop()
            if odds is not None:
                await odds.close()
            await rooms.store.close()

    routes: list[BaseRoute] = [
        *host_tools.routes(),  # before the API's catch-all
        *http_api.routes(),
        WebSocketRoute("/ws/{code}", websocket.endpoint),
        *pages.routes(web_dist or pages.DEFAULT_DIST, rooms),
    ]
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        middleware=[
            *fast.middleware(on),
            Middleware(SecurityHeaders),
            Middleware(KnownHostsOnly, names=HostNames([url_name(public_url), *allowed_hosts])),
        ],
        exception_handlers={HTTPException: _http_error, Exception: _server_error},
    )
    app.state.fast_paths = on
    app.state.rooms = rooms
    app.state.limits = limits
    # Shared by the room endpoints of the HTTP API and WebSocket upgrades (None: no limit).
    app.state.address_buckets = (
        AddressBuckets(limits.http_burst, limits.http_rate_per_second, limits.tracked_addresses, limits.clock)
        if limits.http_limited
        else None
    )
    # Each seat's WebSocket message budget, kept across its reconnects.
    app.state.message_budgets = MessageBudgets(
        rooms.options.burst, rooms.options.rate_per_second, 4 * limits.tracked_addresses, limits.clock
    )
    app.state.open_sockets = AddressCounts(limits.sockets_per_address)
    # HTTP requests still incomplete after a second, with the same cap (server/slow_clients.py).
    app.state.slow_requests = AddressCounts(limits.sockets_per_address)
    return app


# Starlette's own answers (a wrong method: 405) and the last resort for a bug: the
# protocol's error body, never a bare text or a traceback page (docs/security.md).
_HTTP_CODES = {404: "not_found", 405: "method_not_allowed"}


async def _http_error(request: Request, exc: Exception) -> Response:
    status = exc.status_code if isinstance(exc, HTTPException) else 400
    rejected = Rejected(_HTTP_CODES.get(status, "bad_request"))
    return JSONResponse({"error": protocol.error_body(rejected)}, status_code=status)


async def _server_error(request: Request, exc: Exception) -> Response:
    """A bug, not bad input: logged once with its traceback (by Starlette, which then
    re-raises for uvicorn) and answered ``internal_error`` with the headers (the
    middleware that adds them sits inside this handler)."""
    body = {"error": protocol.error_body(Rejected("internal_error"))}
    return JSONResponse(body, status_code=500, headers=SECURITY_HEADERS)
