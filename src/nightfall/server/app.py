"""The ASGI application: HTTP API, WebSocket, phone client; rooms restored on start."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from pathlib import Path

from starlette.applications import Starlette
from starlette.routing import BaseRoute, WebSocketRoute

from nightfall.store import EventStore

from . import gc_watch, http_api, pages, websocket
from .adapters import Catalog, default_catalog
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
) -> Starlette:
    """``store`` is owned by the app from here on: it is closed on shutdown."""
    rooms = Rooms(
        AsyncStore(store), catalog if catalog is not None else default_catalog(), options, public_url
    )

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        watch = gc_watch.GcWatch()
        watch.install()
        restored = await rooms.restore()
        if restored:
            log.info("restored %d room(s) from the store", restored)
        gc_watch.freeze()  # start-up objects live as long as the process
        try:
            yield
        finally:
            watch.uninstall()
            log.info("%s", watch.summary())
            await rooms.stop()
            await rooms.store.close()

    routes: list[BaseRoute] = [
        *http_api.routes,
        WebSocketRoute("/ws/{code}", websocket.endpoint),
        *pages.routes(web_dist or pages.DEFAULT_DIST),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.rooms = rooms
    return app
