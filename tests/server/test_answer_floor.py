"""A refusal's timing tells nothing of another seat's commit (docs/security.md, "Timing").

The room answers one request after another, and an accepted command waits for its commit,
so a refusal sent while another seat's command was being stored came back later: an attack
test read from it the moment a Witch chose, or the Seer checked (5-7 ms against 1). A
refusal is now written no sooner than ``ANSWER_FLOOR_S`` after its request came, which is
longer than a commit takes, so with or without another's commit it comes at the floor.
Lower bounds only here: how much later a loaded machine answers is not the point.
"""

from __future__ import annotations

import asyncio
import time

import pytest

from nightfall.server import room_writer
from nightfall.server.connection import Connection

from .conftest import Serve
from .harness import table
from .test_commit_batch import COMMIT_S, Commits, commits, send  # noqa: F401 (the slow store fixture)
from .toy import ToyAdapter

pytestmark = pytest.mark.server  # starts a server (tests/starts.py)

FLOOR_S = 3 * COMMIT_S  # in the test, as in the room: longer than a commit


async def test_a_refusal_comes_at_the_floor_whether_or_not_a_commit_was_on_the_way(
    serve: Serve,
    commits: Commits,  # noqa: F811 (the fixture imported above)
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(room_writer, "ANSWER_FLOOR_S", FLOOR_S)
    live = await serve()
    _code, _, (anna, bram, cees) = await table(live, ["Anna", "Bram", "Cees"])
    started = await anna.lobby("start")
    await anna.expect("state", version=started["version"])

    async def refused_after(other_writes: bool) -> float:
        if other_writes:
            await send(bram, "add", n=1)  # stored meanwhile (COMMIT_S)
            await asyncio.sleep(COMMIT_S / 10)
        t = time.monotonic()
        answer = await cees.answer(await send(cees, "add", n=99))
        assert answer["type"] == "error" and answer["error"]["code"] == "bad_payload"
        return time.monotonic() - t

    alone = await refused_after(False)
    behind = await refused_after(True)
    assert alone >= FLOOR_S * 0.95 and behind >= FLOOR_S * 0.95, (alone, behind)
    assert commits.batches == [[{"n": 1}]]  # the other seat's command was stored meanwhile
    # an ack is the sender's own news: it is not held to the floor
    t = time.monotonic()
    assert (await anna.answer(await send(anna, "add", n=2)))["type"] == "ack"
    assert time.monotonic() - t >= COMMIT_S * 0.95  # after its own commit, as before


class _HeldToy(ToyAdapter):
    held_answers = True  # as Andorra's: acks are held too


async def test_a_game_that_holds_its_answers_holds_its_acks_too(
    serve: Serve,
    commits: Commits,  # noqa: F811 (the fixture imported above)
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An ack waits for its own commit, and so for another seat's commit on the way: where a
    game's players send accepted commands while others' moves are hidden (an Andorra night's
    chat), the ack, and the sender's new state behind it, come at the floor, as a refusal does."""
    monkeypatch.setattr(room_writer, "ANSWER_FLOOR_S", FLOOR_S)
    live = await serve(catalog={"toy": _HeldToy()})
    _code, _, (anna, bram, cees) = await table(live, ["Anna", "Bram", "Cees"])
    started = await anna.lobby("start")
    await anna.expect("state", version=started["version"])
    for other_writes in (False, True):
        if other_writes:
            await send(bram, "add", n=1)
            await asyncio.sleep(COMMIT_S / 10)
        t = time.monotonic()
        answer = await cees.answer(await send(cees, "add", n=2))
        assert answer["type"] == "ack"
        assert time.monotonic() - t >= FLOOR_S * 0.95, other_writes


class _Sink:
    """A socket that records what is written to it."""

    def __init__(self) -> None:
        self.sent: list[str] = []

    async def send_text(self, text: str) -> None:
        self.sent.append(text)


async def test_a_held_connection_writes_nothing_before_its_time_and_then_all_in_order() -> None:
    sink = _Sink()
    conn = Connection(sink, write=sink.send_text)  # type: ignore[arg-type]
    conn.start()
    loop = asyncio.get_running_loop()
    conn.hold(loop.time() + 0.2)
    conn.offer("refusal")
    conn.offer("state")
    await asyncio.sleep(0.05)
    assert sink.sent == []
    await asyncio.sleep(0.3)
    assert sink.sent == ["refusal", "state"]
    conn.offer("next")  # no hold: at once
    assert sink.sent[-1] == "next"
