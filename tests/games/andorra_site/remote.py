"""Players who act over the WebSocket while their phones only show the pages.

A browser test that needs many players' taps but checks the host's desk (or what the
pages show) sends the players' commands here, one short-lived socket each: the server
allows 32 sockets per address and the phones already hold one each.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from websockets.sync.client import connect

TIMEOUT = 20.0


def create(base: str, body: dict[str, Any]) -> dict[str, Any]:
    """``POST /api/andorra``: the game's code, host token, desk and private links."""
    request = urllib.request.Request(
        f"{base}/api/andorra", data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as r:
            created: dict[str, Any] = json.loads(r.read())
    except urllib.error.HTTPError as refused:
        raise AssertionError(refused.read().decode()) from None
    return created


class Remote:
    """One member (a player, or the host for read-only checks) of a running room."""

    def __init__(self, base: str, code: str, token: str) -> None:
        self.url = f"{base.replace('http://', 'ws://')}/ws/{code}"
        self.token = token
        self._ids = 0

    @contextmanager
    def _open(self) -> Iterator[Any]:
        with connect(self.url, open_timeout=TIMEOUT, max_size=2**22) as ws:
            ws.send(json.dumps({"type": "hello", "v": 1, "token": self.token}))
            yield ws

    def _until(self, ws: Any, pred: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        end = time.monotonic() + TIMEOUT
        while True:
            message: dict[str, Any] = json.loads(ws.recv(timeout=max(0.1, end - time.monotonic())))
            if pred(message):
                return message

    def command(self, ctype: str, **payload: Any) -> dict[str, Any]:
        """Send one command; its ack or error."""
        self._ids += 1
        rid = f"r{self._ids}"
        with self._open() as ws:
            self._until(ws, lambda m: m["type"] == "state")
            ws.send(
                json.dumps({"type": "command", "id": rid, "command": {"type": ctype, "payload": payload}})
            )
            return self._until(ws, lambda m: m["type"] in ("ack", "error") and m.get("id") == rid)

    def ok(self, ctype: str, **payload: Any) -> None:
        answer = self.command(ctype, **payload)
        assert answer["type"] == "ack", answer

    def view(self) -> dict[str, Any]:
        """The member's current view."""
        with self._open() as ws:
            state = self._until(ws, lambda m: m["type"] == "state")
        view: dict[str, Any] = state["view"]
        return view
