"""A TCP proxy the test controls, in front of a real server (PostgreSQL): ``cut``
drops every connection through it and refuses new ones, as a dead link or a
stopped database would; ``heal`` lets connections through again. The shared
PostgreSQL itself is never touched. It runs on a thread of its own: the code
under test may block its event loop on the database (a store opening)."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Coroutine
from typing import Any


class CutProxy:
    def __init__(self, target_host: str, target_port: int) -> None:
        self.target = (target_host, target_port)
        self.port = 0
        self._server: asyncio.Server | None = None
        self._open: set[asyncio.StreamWriter] = set()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._thread.start()

    def start(self) -> None:
        self._call(self._listen())

    def cut(self) -> None:
        """Refuse new connections and drop the open ones (no goodbye to either side)."""
        self._call(self._cut())

    def heal(self) -> None:
        self._call(self._listen())

    def close(self) -> None:
        self._call(self._cut())
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)

    def _call(self, job: Coroutine[Any, Any, None]) -> None:
        asyncio.run_coroutine_threadsafe(job, self._loop).result(10)

    async def _listen(self) -> None:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", self.port, reuse_address=True)
        self.port = self._server.sockets[0].getsockname()[1]

    async def _cut(self) -> None:
        if self._server is not None:
            self._server.close()
            self._server = None
        for writer in list(self._open):
            writer.transport.abort()
        self._open.clear()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self._server is None:  # accepted just before the cut
            writer.transport.abort()
            return
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.transport.abort()
            return
        self._open |= {writer, up_writer}

        async def pump(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            with contextlib.suppress(OSError, asyncio.IncompleteReadError):
                while data := await src.read(65536):
                    dst.write(data)
                    await dst.drain()
            dst.transport.abort()

        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.gather(pump(reader, up_writer), pump(up_reader, writer))
        self._open -= {writer, up_writer}
