"""The host's deck over the WebSocket (issue 34 §1; docs/protocol.md §4.2 ``settings``):
H-DECK-7's refusals with their rule and reason, and a game dealt from the chosen deck
(H-DECK-9)."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from nightfall.server.room import RoomOptions

from .conftest import Serve
from .ws_table import FastHeks, Phone, play_to_the_end

pytestmark = [pytest.mark.server, pytest.mark.timeout(120)]

NAMES = ["Anna", "Bram", "Cas", "Dewi", "Eva", "Fien"]
DECK = {"WITCH": 1, "CROW": 2, "JESTER": 1, "SEER": 0, "HERB_DOCTOR": 1, "PROTECTOR": 0, "PICKPOCKET": 0}


async def test_deck_set_refused_with_reason_and_dealt(serve: Serve) -> None:
    live = await serve(catalog={"heks": FastHeks()}, options=RoomOptions(burst=1000, rate_per_second=1000))
    created = await live.create(NAMES[0], game="heks")
    code = created["code"]
    tokens = [created["token"]] + [(await live.join(code, n)).json()["token"] for n in NAMES[1:]]
    sockets = [await live.connect(code, t) for t in tokens]
    host, guest = sockets[0], sockets[1]
    assert host.state["room"]["settings"]["deck"] is None  # the standard deck

    # H-DECK-4: two Seers; H-DECK-3 at 12 players: 4 + 3 on the witch side. Refused, nothing changes.
    for deck, rule in (({"WITCH": 1, "SEER": 2}, "H-DECK-4"), ({"WITCH": 4, "CROW": 3}, "H-DECK-3")):
        answer = await host.lobby("settings", deck=deck)
        assert answer["type"] == "error", answer
        error = answer["error"]
        assert (error["code"], error["rule"]) == ("bad_deck", rule)
        assert isinstance(error["params"]["reason"], str) and error["params"]["reason"]
    assert (await guest.lobby("settings", deck=DECK))["error"]["code"] == "not_host"

    # A deck some table can play is kept even if it does not fit the 6 seated (H-DECK-7) ...
    assert (await host.lobby("settings", deck={"WITCH": 3, "CROW": 2}))["type"] == "ack"
    state = await guest.state_where(lambda m: m["room"]["settings"]["deck"] is not None)
    assert state["room"]["settings"]["deck"] == {**dict.fromkeys(DECK, 0), "WITCH": 3, "CROW": 2}
    # ... and start is refused with the reason for 6 players
    answer = await host.lobby("start")
    assert answer["type"] == "error", answer
    assert (answer["error"]["code"], answer["error"]["rule"]) == ("bad_deck", "H-DECK-3")
    assert "6 players" in answer["error"]["params"]["reason"]

    assert (await host.lobby("settings", deck=DECK, mode="unlimited"))["type"] == "ack"
    assert (await host.lobby("start"))["type"] == "ack"
    dealt = Counter({"WITCH": 1, "CROW": 2, "JESTER": 1, "HERB_DOCTOR": 1, "VILLAGER": 1})
    roles: list[str] = []
    for ws in sockets:
        state = await ws.state_where(lambda m: m["view"] is not None)
        roles.append(state["view"]["me"]["role"])
        # H-DECK-9: the deck is public, in the view's roles_in_play (Table 2.1's column order)
        assert state["view"]["roles_in_play"] == [1, 2, 1, 0, 1, 0, 0, 1]
    assert Counter(roles) == dealt

    # H-DECK-9: "play again" keeps the deck: the next game is dealt from it too
    phones = [Phone(ws) for ws in sockets]
    await asyncio.wait_for(play_to_the_end(phones), 100)
    assert (await _lobby(phones[0], "play_again"))["type"] == "ack"
    for phone in phones:
        await _until(phone, lambda m: m["room"]["game_no"] == 2 and m["view"] is not None)
    assert phones[0].state["room"]["settings"]["deck"] == DECK
    assert Counter(p.state["view"]["me"]["role"] for p in phones) == dealt


async def _lobby(phone: Phone, action: str) -> dict[str, Any]:
    """A lobby action from a phone whose reader task reads the socket (it matches the answer)."""
    future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
    phone.answers[action] = future
    await phone.ws.send({"type": "lobby", "id": action, "action": action, "payload": {}})
    return await asyncio.wait_for(future, 5)


async def _until(phone: Phone, check: Callable[[dict[str, Any]], bool]) -> None:
    while not check(phone.state):
        phone.changed.clear()
        await asyncio.wait_for(phone.changed.wait(), 10)
