"""Issue 30, finding 4: what one player can add to the store.

Unknown payload keys are refused before anything is stored (H-CMD-1, in a game and in
the lobby), and a player who spends a whole minute's message budget on the largest
command the rules accept grows the store by less than the bound in docs/security.md
("Store growth per player"). The budget is the rate limit's (``ratelimit.BURST`` at once,
``RATE_PER_SECOND`` after); its clock is a ``FakeClock``, so the minute is counted, not
waited for.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from nightfall.games.heks.site import HeksSite
from nightfall.server.limits import ServerLimits
from nightfall.server.ratelimit import BURST, RATE_PER_SECOND
from nightfall.server.room import RoomOptions

from .conftest import Serve
from .harness import FakeClock, Live, Ws

pytestmark = [pytest.mark.server, pytest.mark.timeout(60)]

NAMES = ["Anna", "Bram", "Cas", "Dewi", "Eva"]
# The bound (docs/security.md, "Store growth per player"): a minute's budget of commands,
# each at most MAX_COMMAND_JSON bytes of JSON (the longest command the rules accept) in a
# row of at most ROW_BYTES on disk (the JSON, the key columns and SQLite's row and index
# overhead).
BUDGET_PER_MINUTE = BURST + int(60 * RATE_PER_SECOND)
MAX_COMMAND_JSON = 128
ROW_BYTES = 256
BOUND_PER_MINUTE = BUDGET_PER_MINUTE * ROW_BYTES


class DealtHeks(HeksSite):
    """Heks with a fixed deal (Anna the Crow, Bram the Witch, ...), for a test that must
    know who may depart."""

    def build_config(
        self, names: list[str], host_seat: int | None, settings: Mapping[str, Any]
    ) -> dict[str, Any]:
        config = super().build_config(names, host_seat, settings)
        config["roles"] = ["CROW", "WITCH", "VILLAGER", "HERB_DOCTOR", "PROTECTOR"]
        return config


async def _at_departure(live: Live) -> tuple[str, list[Ws]]:
    created = await live.create(NAMES[0], game="heks")
    code = created["code"]
    tokens = [created["token"]] + [(await live.join(code, n)).json()["token"] for n in NAMES[1:]]
    phones = [await live.connect(code, t) for t in tokens]
    assert (await phones[0].lobby("settings", mode="unlimited"))["type"] == "ack"
    assert (await phones[0].lobby("start"))["type"] == "ack"
    for phone in phones:
        await phone.state_where(lambda m: m["view"] is not None and m["view"]["phase"] == "ROLE_REVEAL")
        assert (await phone.command("ready"))["type"] == "ack"
    await phones[0].state_where(lambda m: m["view"]["phase"] == "DEPART_A")
    return code, phones


def _stored(db: Path) -> tuple[int, int, int]:
    """(database bytes, commands, bytes of the longest stored command)."""
    with sqlite3.connect(db) as con:
        pages = con.execute("PRAGMA page_count").fetchone()[0]
        size = con.execute("PRAGMA page_size").fetchone()[0]
        count, longest = con.execute(
            "SELECT count(*), coalesce(max(length(command)), 0) FROM commands"
        ).fetchone()
    con.close()
    return pages * size, count, longest


async def test_unknown_keys_are_refused_and_not_stored_h_cmd_1(serve: Serve, tmp_path: Path) -> None:
    live = await serve(catalog={"heks": DealtHeks()}, options=RoomOptions(grace_ms=200))
    _code, (anna, *_others) = await _at_departure(live)
    db = tmp_path / "nightfall.sqlite3"
    _, before, _ = _stored(db)
    step = anna.state["view"]["step"]
    answer = await anna.command("depart", place="P1", step=step, junk="x" * 7000)
    assert answer["error"]["code"] == "bad_payload" and answer["error"]["params"] == {"keys": ["junk"]}
    assert (await anna.lobby("profile", name="Ann", hat="top"))["error"]["params"] == {"keys": ["hat"]}
    assert (await anna.lobby("start", now=True))["error"]["params"] == {"keys": ["now"]}
    assert _stored(db)[1] == before
    assert (await anna.command("depart", place="P1", step=step))["type"] == "ack"
    assert _stored(db)[1] == before + 1


async def test_a_minute_of_flooding_stays_under_the_store_bound(serve: Serve, tmp_path: Path) -> None:
    clock = FakeClock()
    live = await serve(
        catalog={"heks": DealtHeks()}, options=RoomOptions(grace_ms=200), limits=ServerLimits(clock=clock)
    )
    _code, (anna, *_others) = await _at_departure(live)
    db = tmp_path / "nightfall.sqlite3"
    bytes_before, count_before, _ = _stored(db)
    step = anna.state["view"]["step"]
    accepted = 0
    refill = BURST / RATE_PER_SECOND  # seconds for a full bucket
    clock.advance(refill)  # the minute starts with a full bucket (the lobby took a few)
    for minute_part in range(1 + int(60 / refill)):
        for i in range(BURST):  # the whole bucket, on the largest command Anna may send
            place = "P1" if (minute_part * BURST + i) % 2 else "P2"
            answer = await anna.command("depart", place=place, guard=False, step=step)
            assert answer["type"] == "ack", answer
            accepted += 1
        # one more frame is over the budget: dropped, answered only by the notice
        await anna.send({"type": "command", "id": "over", "command": {"type": "depart", "payload": {}}})
        notice = await anna.expect("error", id=None)
        assert notice["error"]["code"] == "rate_limited"
        clock.advance(refill)
    assert accepted == BUDGET_PER_MINUTE
    bytes_after, count_after, longest = _stored(db)
    assert count_after - count_before == BUDGET_PER_MINUTE
    assert longest <= MAX_COMMAND_JSON
    grown = bytes_after - bytes_before
    print(f"{accepted} commands stored: {grown} bytes, {grown / accepted:.0f} per command")
    assert grown <= BOUND_PER_MINUTE, f"{grown} bytes > the documented {BOUND_PER_MINUTE}"
