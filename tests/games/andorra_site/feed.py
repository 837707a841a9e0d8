"""The clan chat as a socket reads it: the room's ``feed`` messages (docs/protocol.md), the
latest page on connect (``reset``), each new message once, older pages on request."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from tests.server.harness import TIMEOUT, Ws


def chat_of(ws: Ws) -> list[dict[str, Any]]:
    """The messages this socket holds after every ``feed`` message it has read, in ``n`` order."""
    held: dict[int, dict[str, Any]] = {}
    for message in ws.seen:
        if message["type"] != "feed":
            continue
        if message.get("reset"):
            held = {}
        for item in message["items"]:
            held[item["n"]] = item
    return [held[n] for n in sorted(held)]


async def chat_where(ws: Ws, pred: Callable[[list[dict[str, Any]]], bool]) -> list[dict[str, Any]]:
    """Read until the socket's chat satisfies ``pred``."""

    async def find() -> list[dict[str, Any]]:
        while not pred(chat_of(ws)):
            await ws.recv()
        return chat_of(ws)

    return await asyncio.wait_for(find(), TIMEOUT)


async def older(ws: Ws, before: int | None) -> dict[str, Any]:
    """The page before message ``before`` (the client's «earlier messages»)."""
    rid = ws.next_id()
    await ws.send({"type": "feed", "id": rid} | ({} if before is None else {"before": before}))
    return await ws.expect("feed", id=rid)
