"""A whole game of Vang de Heks over the WebSocket, played by bots.

Each bot sees only what its phone receives (its own ``state`` messages) and
sends ``command`` messages; the server fills in actor and time, ticks the
witches' and quarrel timers, and the game must reach GAME_END with every
phone showing the same result.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping
from typing import Any

import pytest

from nightfall.engine import Rng, Transcript
from nightfall.games.heks import story
from nightfall.games.heks.bots.heuristic import HeuristicBot
from nightfall.games.heks.bots.table_talk import TableTalk
from nightfall.games.heks.site import HeksSite
from nightfall.server.room import RoomOptions

from .conftest import Serve
from .harness import Ws

pytestmark = [pytest.mark.server, pytest.mark.timeout(120)]

NAMES = ["Anna", "Bram", "Cas", "Dewi", "Eva", "Fien"]


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


async def test_a_full_heks_game_over_the_websocket(serve: Serve) -> None:
    """H-SEQ-1 end to end; H-HST-1 (the host marks a stalled seat absent); H-VIS-1 (own view only)."""
    live = await serve(catalog={"heks": FastHeks()}, options=RoomOptions(burst=1000, rate_per_second=1000))
    created = await live.create(NAMES[0], game="heks")
    code = created["code"]
    tokens = [created["token"]] + [(await live.join(code, n)).json()["token"] for n in NAMES[1:]]
    sockets = [await live.connect(code, t) for t in tokens]
    assert (await sockets[0].lobby("settings", mode="unlimited"))["type"] == "ack"
    assert (await sockets[0].lobby("start"))["type"] == "ack"
    phones = [Phone(ws) for ws in sockets]

    await asyncio.wait_for(play_to_the_end(phones), 100)
    # Every phone converges on the results screen and the same public result. Versions
    # are per viewer (a phone is sent a state only when its own view changed).
    for phone in phones:
        while (phone.state.get("view") or {}).get("phase") != "GAME_END":
            phone.changed.clear()
            await asyncio.wait_for(phone.changed.wait(), 5)
    results = [p.state["view"]["result"] for p in phones]
    assert results[0] is not None and results[0]["winner"] in ("village", "witch", "solo")
    assert all(r == results[0] for r in results)
    # Every phone took part (its Ready at least); a short game (H-PRO-6 can end day 1) has few taps.
    assert sum(p.accepted for p in phones) > len(phones)
    # A phone only ever saw its own role until the end.
    for seat, phone in enumerate(phones, start=1):
        mid_game = [m for m in phone.ws.seen if m["type"] == "state" and m["view"]]
        assert all(m["view"]["me"]["seat"] == seat for m in mid_game)
    public = (await live.http.get(f"/api/rooms/{code}/public")).json()
    assert public["room"]["status"] == "ended" and public["view"]["result"] == results[0]
    assert "me" not in public["view"]
    # Issue 34 §3: the game is counted under the deck it was dealt (Table 2.1's for six).
    assert public["room"]["real_tables"] == {
        "games": 1,
        "sides": {results[0]["winner"]: 1},
        "mean_days": float(results[0]["day"]),
    }
    # H-VIS-5: the recap every phone got at the end is the one the stored transcript tells.
    room = live.app.state.rooms._rooms[code]
    stored = await room.core.store.load_room(code)
    assert stored is not None and stored.game is not None
    transcript = Transcript("heks", stored.game.config, stored.game.seed, list(stored.commands))
    assert results[0]["recap"] == story.build(transcript)
    assert [d["day"] for d in results[0]["recap"]] == list(range(1, results[0]["day"] + 1))
    for phone in phones:
        phone.reader.cancel()


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
