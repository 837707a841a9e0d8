"""A whole game of Vang de Heks over the WebSocket, played by bots.

Each bot sees only what its phone receives (its own ``state`` messages) and
sends ``command`` messages; the server fills in actor and time, ticks the
witches' and quarrel timers, and the game must reach GAME_END with every
phone showing the same result.
"""

from __future__ import annotations

import asyncio

import pytest

from nightfall.engine import Transcript
from nightfall.games.heks import story
from nightfall.server.room import RoomOptions

from .conftest import Serve
from .ws_table import FastHeks, Phone, play_to_the_end

pytestmark = [pytest.mark.server, pytest.mark.timeout(120)]

NAMES = ["Anna", "Bram", "Cas", "Dewi", "Eva", "Fien"]


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
