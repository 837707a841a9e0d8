"""The clan chat at constant cost (issue 30, finding 5; docs/protocol.md, ``feed``): a new
message goes once, alone, to the sockets that may read it, and to nobody else; no view is
resent for it; the history comes as the latest page on connect and older pages on request."""

from __future__ import annotations

import json

import pytest

from nightfall.server.room import RoomOptions
from tests.server.harness import Live

from .conftest import Serve
from .feed import chat_where, older
from .test_server import create, ok, sockets

pytestmark = pytest.mark.server  # starts a server (tests/starts.py)

HISTORY = 60  # more than a page (50)


async def _chatty(serve: Serve) -> tuple[Live, dict, list]:  # type: ignore[type-arg]
    # the socket's rate limit raised, so that the history is written in a moment
    live = await serve(options=RoomOptions(grace_ms=200, burst=1000, rate_per_second=1000.0))
    game = await create(live)
    host, players = await sockets(live, game)
    return live, game, [host, *players]


async def test_a_new_message_costs_its_readers_only_itself(serve: Serve) -> None:
    _live, _game, (host, anna, boris, gleb, *_rest) = await _chatty(serve)
    states_before = sum(1 for m in boris.seen if m["type"] == "state")
    for i in range(HISTORY):
        await ok(anna, "chat", text=f"m{i}", id=f"m{i}")
    await chat_where(boris, lambda chat: len(chat) == HISTORY)
    await chat_where(host, lambda chat: len(chat) == HISTORY)
    news = [m for m in boris.seen if m["type"] == "feed" and not m.get("reset")]
    assert [[item["text"] for item in m["items"]] for m in news] == [[f"m{i}"] for i in range(HISTORY)]
    assert max(len(json.dumps(m, ensure_ascii=False).encode()) for m in news) < 2048
    assert sum(1 for m in boris.seen if m["type"] == "state") == states_before, "no view is resent for chat"
    await ok(gleb, "chat", text="cops only")  # and the Cops' chat tells the mafia nothing
    await chat_where(host, lambda chat: len(chat) == HISTORY + 1)
    cops = await chat_where(gleb, bool)
    # numbered in what he may read: an «n» of 60 told him the mafia had written 60 messages
    assert [(m["n"], m["clan"], m["text"]) for m in cops] == [(0, "cops", "cops only")]
    assert "cops only" not in json.dumps(boris.seen, ensure_ascii=False)
    await ok(anna, "chat", text="after")
    await chat_where(boris, lambda chat: len(chat) == HISTORY + 1)
    assert [m["n"] for m in await chat_where(boris, bool)] == list(range(HISTORY + 1))  # no gap
    assert (await chat_where(host, lambda chat: len(chat) == HISTORY + 2))[-1]["n"] == HISTORY + 1


async def test_the_history_comes_in_pages(serve: Serve) -> None:
    live, game, (_host, anna, *_rest) = await _chatty(serve)
    for i in range(HISTORY):
        await ok(anna, "chat", text=f"m{i}")
    boris = await live.connect(game["code"], game["players"][1]["token"])  # a new tab
    page = await boris.expect("feed")
    assert page["reset"] and page["more"] is True
    assert [m["text"] for m in page["items"]] == [f"m{i}" for i in range(HISTORY - 50, HISTORY)]
    earlier = await older(boris, page["items"][0]["n"])
    assert [m["text"] for m in earlier["items"]] == [f"m{i}" for i in range(HISTORY - 50)]
    assert earlier["more"] is False and "reset" not in earlier
    spectator = await live.connect(game["code"])  # a spectator reads no clan's chat
    assert (await spectator.expect("feed"))["items"] == []
    for bad in (-1, "5", True):
        await boris.send({"type": "feed", "id": "bad", "before": bad})
        refused = await boris.expect("error", id="bad")
        assert refused["error"]["code"] == "bad_message" and refused["error"]["params"] == {"field": "before"}
