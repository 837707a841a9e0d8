"""Game commands queued behind each other in a room share one commit.

A table's taps come in bursts (everyone taps just before a countdown ends). Each
used to wait for a commit of its own, one after the other; now the room applies
the queued ones in turn, stores them in one transaction, and answers each in
order once they are durable (docs/protocol.md §4, ``ack``). These tests slow
the store down so that a burst reliably queues behind the first command.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest

from nightfall.server.room import STORE_RETRY_SECONDS
from nightfall.store import SqliteStore
from nightfall.store.interface import Append

from .conftest import Serve
from .harness import Ws, table

# Starts a server, a subprocess or a database (tests/starts.py): not in `make check`.
pytestmark = pytest.mark.server

COMMIT_S = 0.1  # long enough for every frame of a burst to reach the room meanwhile


class Commits:
    """What reached the store: one list of the commands' payloads per transaction."""

    def __init__(self) -> None:
        self.batches: list[list[dict[str, Any]]] = []
        self.fail_when: Any = None  # a payload whose transaction fails
        self.tries = 0  # transactions begun, failed ones too


@pytest.fixture
def commits(monkeypatch: pytest.MonkeyPatch) -> Commits:
    seen = Commits()
    original = SqliteStore.append_many

    def slow(self: SqliteStore, items: list[Append]) -> None:
        payloads = [dict(command.payload) for _, _, _, command, _, _ in items]
        seen.tries += 1
        time.sleep(COMMIT_S)  # on the store's thread: the loop goes on reading frames
        if seen.fail_when is not None and seen.fail_when in payloads:
            raise OSError("disk full")
        seen.batches.append(payloads)
        original(self, items)

    monkeypatch.setattr(SqliteStore, "append_many", slow)
    return seen


async def send(ws: Ws, ctype: str, **payload: Any) -> str:
    """Send a command without waiting for its answer; its request id."""
    rid = ws.next_id()
    await ws.send({"type": "command", "id": rid, "command": {"type": ctype, "payload": payload}})
    return rid


async def burst(sends: list[tuple[Ws, str, dict[str, Any]]]) -> list[dict[str, Any]]:
    """One command from each socket, a moment apart (a socket's next frame is read only
    once its last request is answered, so a burst is a table's, not one phone's), while
    the first command's commit is on disk; then each socket's answer."""
    rids = []
    for ws, ctype, payload in sends:
        rids.append(await send(ws, ctype, **payload))
        await asyncio.sleep(COMMIT_S / 10)
    return [await ws.answer(rid) for (ws, _, _), rid in zip(sends, rids, strict=True)]


def stored_adds(db: Path, code: str) -> list[int]:
    store = SqliteStore(db)
    try:
        loaded = store.load_room(code)
        assert loaded is not None
        return [c.payload["n"] for c in loaded.commands if c.type == "add"]
    finally:
        store.close()


async def test_a_burst_of_commands_shares_commits_and_each_is_answered(
    serve: Serve, commits: Commits
) -> None:
    live = await serve()
    _code, _, (anna, bram, cees, dirk) = await table(live, ["Anna", "Bram", "Cees", "Dirk"])
    started = await anna.lobby("start")
    await anna.expect("state", version=started["version"])
    states_before = sum(1 for m in anna.seen if m["type"] == "state")
    got = await burst(
        [(bram, "add", {"n": 1}), (cees, "add", {"n": 99}), (dirk, "add", {"n": 2}), (anna, "add", {"n": 3})]
    )
    assert [m["type"] for m in got] == ["ack", "error", "ack", "ack"]
    assert got[1]["error"]["code"] == "bad_payload"
    # Three accepted commands, stored in two transactions: the first alone, the two
    # that queued during its commit together.
    assert commits.batches == [[{"n": 1}], [{"n": 2}, {"n": 3}]]
    # An ack's version is the seat's state once its command is applied: that state follows.
    state = await anna.expect("state", version=got[3]["version"])
    assert state["view"]["total"] == 6
    # The views of a batch are built once: Anna got one state per commit.
    assert sum(1 for m in anna.seen if m["type"] == "state") - states_before == 2


async def test_a_failed_commit_undoes_every_command_in_it(
    serve: Serve, commits: Commits, tmp_path: Path
) -> None:
    live = await serve()
    code, _, (anna, bram, cees) = await table(live, ["Anna", "Bram", "Cees"])
    await anna.lobby("start")
    commits.fail_when = {"n": 9}
    got = await burst([(bram, "add", {"n": 1}), (anna, "add", {"n": 9}), (cees, "add", {"n": 2})])
    assert [m["type"] for m in got] == ["ack", "error", "error"]
    assert [m["error"]["code"] for m in got[1:]] == ["store_failed", "store_failed"]
    # Nothing of the failed transaction is left: not in the game, not in the store.
    public = (await live.http.get(f"/api/rooms/{code}/public")).json()
    assert public["view"]["total"] == 1
    commits.fail_when = None
    again = await cees.command("add", n=5)
    assert again["type"] == "ack"
    assert (await cees.expect("state", version=again["version"]))["view"]["total"] == 6
    assert stored_adds(tmp_path / "nightfall.sqlite3", code) == [1, 5]


async def test_a_rule_that_crashes_mid_burst_keeps_the_commands_before_and_after_it(
    serve: Serve, commits: Commits, tmp_path: Path
) -> None:
    live = await serve()
    code, _, (anna, bram, cees, dirk) = await table(live, ["Anna", "Bram", "Cees", "Dirk"])
    await anna.lobby("start")
    got = await burst(
        [(bram, "add", {"n": 1}), (anna, "add", {"n": 2}), (cees, "boom", {}), (dirk, "add", {"n": 3})]
    )
    assert [m["type"] for m in got] == ["ack", "ack", "error", "ack"]
    assert got[2]["error"]["code"] == "internal_error"
    # The 2 was stored before the game was rebuilt from the store; the 3 came after.
    assert commits.batches == [[{"n": 1}], [{"n": 2}], [{"n": 3}]]
    assert (await dirk.expect("state", version=got[3]["version"]))["view"]["total"] == 6
    assert stored_adds(tmp_path / "nightfall.sqlite3", code) == [1, 2, 3]


async def test_a_tick_whose_commit_fails_is_tried_again_later_not_at_once(
    serve: Serve, commits: Commits
) -> None:
    live = await serve()
    _code, _, (anna, bram) = await table(live, ["Anna", "Bram"])
    await anna.lobby("settings", tick_ms=50)
    await anna.lobby("start")
    commits.fail_when = {}  # a tick's payload: every tick's commit fails
    await bram.command("add", n=1)
    await asyncio.sleep(0.05 + 3 * COMMIT_S)  # the first tick is due and fails
    tries_before = commits.tries
    assert tries_before >= 2  # the add, and the tick that failed
    await asyncio.sleep(STORE_RETRY_SECONDS / 2)
    assert commits.tries == tries_before  # nothing more was even tried yet
    commits.fail_when = None  # the disk has room again: the retry stores the tick
    await bram.state_where(lambda m: m["view"]["ticks"] == 1, timeout=STORE_RETRY_SECONDS + 2)


async def test_a_store_that_cannot_even_be_read_never_lets_an_undone_command_count(
    serve: Serve, commits: Commits, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The database is away: the commit fails and the game cannot be rebuilt from the
    store either. The failed command must not stay in the game: the next command is
    refused (``store_failed``) until the game is rebuilt, and then counts alone."""
    live = await serve()
    code, _, (anna, bram, cees) = await table(live, ["Anna", "Bram", "Cees"])
    await anna.lobby("start")
    original = SqliteStore.load_room
    away = True

    def load_room(self: SqliteStore, room: str) -> Any:
        if away:
            raise OSError("the database is away")
        return original(self, room)

    monkeypatch.setattr(SqliteStore, "load_room", load_room)
    commits.fail_when = {"n": 9}
    assert (await anna.command("add", n=9))["error"]["code"] == "store_failed"
    commits.fail_when = None
    assert (await bram.command("add", n=1))["error"]["code"] == "store_failed"  # not rebuilt yet
    away = False
    again = await cees.command("add", n=2)
    assert again["type"] == "ack"
    assert (await cees.expect("state", version=again["version"]))["view"]["total"] == 2
    assert stored_adds(tmp_path / "nightfall.sqlite3", code) == [2]
