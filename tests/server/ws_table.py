"""Phones over the WebSocket, played by the heuristic bots: a whole Heks game for a test
that needs one played (the server tests, and the browser tests' boards between games).

Each bot sees only what its phone receives (its own ``state`` messages) and sends
``command`` messages, as a phone does.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping
from typing import Any

from nightfall.engine import Rng
from nightfall.games.heks.bots.heuristic import HeuristicBot
from nightfall.games.heks.bots.table_talk import TableTalk
from nightfall.games.heks.site import HeksSite

from .harness import Ws


class FastHeks(HeksSite):
    """Heks with the always-running timers (witches 15 s, quarrel 4 s) shortened for tests."""

    def build_config(
        self, names: list[str], host_seat: int | None, settings: Mapping[str, Any]
    ) -> dict[str, Any]:
        config = super().build_config(names, host_seat, settings)
        config["timers"] = {"witch": 0.15, "quarrel": 0.05}
        return config


class Phone:
    """One seat's phone: reads every message, keeps the latest state, matches answers to ids."""

    def __init__(self, ws: Ws) -> None:
        self.ws = ws
        self.state: dict[str, Any] = ws.state
        self.changed = asyncio.Event()
        self.answers: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self.accepted = 0
        self.rejected: list[str] = []
        self._n = 0
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for raw in self.ws.ws:
            message = json.loads(raw)
            if message["type"] == "state" and message["version"] > self.state["version"]:
                self.state = message
                self.changed.set()
            elif message["type"] in ("ack", "error") and message["id"] in self.answers:
                self.answers.pop(message["id"]).set_result(message)

    async def send(self, ctype: str, payload: dict[str, Any]) -> dict[str, Any]:
        self._n += 1
        rid = f"c{self._n}"
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.answers[rid] = future
        await self.ws.send({"type": "command", "id": rid, "command": {"type": ctype, "payload": payload}})
        answer = await asyncio.wait_for(future, 5)
        if answer["type"] == "ack":
            self.accepted += 1
        else:
            self.rejected.append(answer["error"]["code"])
        return answer


async def play_to_the_end(phones: list[Phone]) -> None:
    """Heuristic bots on every phone, each seeing only its own phone's state; when nothing
    moves (Unlimited mode stalls), the host marks the owing seats absent (H-HST-1)."""
    bots = {seat: HeuristicBot() for seat in range(1, len(phones) + 1)}
    rng, talk = Rng.from_seed(7), TableTalk()
    asked: dict[int, int] = {}
    while not all(p.state["room"]["status"] == "ended" for p in phones):
        acted = False
        for seat, phone in enumerate(phones, start=1):
            view = phone.state["view"]
            if view is None or not view["me"]["owes"] or asked.get(seat) == phone.state["version"]:
                continue
            asked[seat] = phone.state["version"]
            for ctype, payload in bots[seat].act(view, rng, talk):
                await phone.send(ctype, payload)
                acted = True
        if acted:
            continue
        for phone in phones:
            phone.changed.clear()
        waits = [asyncio.create_task(p.changed.wait()) for p in phones]
        done, pending = await asyncio.wait(waits, timeout=1.0, return_when=asyncio.FIRST_COMPLETED)
        for w in pending:
            w.cancel()
        if not done:
            for seat, phone in enumerate(phones, start=1):
                if phone.state["view"] and phone.state["view"]["me"]["owes"]:
                    await phones[0].send("mark_absent", {"seat": seat})
