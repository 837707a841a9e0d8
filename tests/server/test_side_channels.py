"""No side channel through the *timing* or *numbering* of messages (H-VIS-1, H-GAT-4, H-DEP-13).

A phone is sent a new state only when its own view changed, numbered by its
own counter, so the witches' taps in step C (and any other hidden input) cannot
be counted by watching the frames.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from nightfall.games.heks.site import HeksSite
from nightfall.server.room import RoomOptions

from .conftest import Serve
from .harness import FakeMsClock, Ws, table

pytestmark = [pytest.mark.server, pytest.mark.timeout(60)]

NAMES = ["Anna", "Bram", "Cas", "Dewi", "Eva"]
ROLES = ["CROW", "WITCH", "VILLAGER", "HERB_DOCTOR", "PROTECTOR"]  # Table 2.1 with B-5


class FixedHeks(HeksSite):
    def build_config(
        self, names: list[str], host_seat: int | None, settings: Mapping[str, Any]
    ) -> dict[str, Any]:
        config = super().build_config(names, host_seat, settings)
        config["roles"] = ROLES
        config["timers"] = {"witch": 1.5}
        # A day-1 attack at 5 players: B-14 moved the first one to day 3 (Decision 11).
        config["from_days"] = {"attacks": 1}
        return config


async def quiet(ws: Ws, seconds: float) -> list[dict[str, Any]]:
    """Every message that arrives until the socket has been silent for ``seconds``."""
    got = []
    while True:
        try:
            got.append(await ws.recv(timeout=seconds))
        except TimeoutError:
            return got


async def test_witch_taps_send_nothing_to_other_phones(serve: Serve) -> None:
    # H-GAT-4, H-VIS-1: step C reveals nothing about how many witches act, or when
    live = await serve(catalog={"heks": FixedHeks()}, options=RoomOptions(burst=1000, rate_per_second=1000))
    created = await live.create(NAMES[0], game="heks")
    code = created["code"]
    tokens = [created["token"]] + [(await live.join(code, n)).json()["token"] for n in NAMES[1:]]
    phones = [await live.connect(code, t) for t in tokens]
    await phones[0].lobby("settings", mode="unlimited")
    await phones[0].lobby("start")
    for phone in phones:
        await phone.command("ready")
    for seat, place in ((1, "P1"), (3, "P1"), (4, "P2"), (5, "P3")):
        await phones[seat - 1].command("depart", place=place)
    villager = phones[2]
    await villager.state_where(lambda m: (m.get("view") or {}).get("phase") == "WITCH_C")
    await quiet(villager, 0.1)
    before = villager.state["version"]
    polled = (await live.http.get(f"/api/rooms/{code}/public")).json()
    witch = phones[1]
    for ctype, payload in (
        ("witch_place", {"place": "P1"}),
        ("witch_spell", {"spell": None}),
        ("witch_target", {"target": 3}),
    ):
        answer = await witch.command(ctype, **payload)
        assert answer["type"] == "ack", answer
    during = [m for m in await quiet(villager, 0.2) if m["type"] == "state"]
    assert during == []  # nothing at all reached the villager while the witch chose
    # Nor does the public state a board polls count her taps: it is numbered by its own
    # counter, not by the room's revision (attack round of 2026-12-07).
    again = (await live.http.get(f"/api/rooms/{code}/public")).json()
    assert again["version"] == polled["version"] and again["view"] == polled["view"]
    after = await villager.state_where(lambda m: m["view"]["phase"] == "EVENING_ANNOUNCE", timeout=5)
    assert after["version"] == before + 1  # no gap that would count the witch's taps
    assert after["view"]["me"]["status"] == "FROG"


async def test_a_first_state_does_not_count_the_rooms_commands(serve: Serve) -> None:
    """A viewer's first state (a board opened mid-game, a player's first visit, every socket
    after a restart) started its counter from the room's revision, the count of every stored
    command, hidden ones too (docs/security.md gap 8). It now starts from the clock: two rooms
    with different numbers of commands give a first board the same version at one instant."""
    live = await serve(options=RoomOptions(clock=FakeMsClock()))
    firsts = []
    for adds in (1, 6):
        code, _, (anna, bram) = await table(live, ["Anna", "Bram"])
        assert (await anna.lobby("start"))["type"] == "ack"
        for _ in range(adds):
            assert (await bram.command("add", n=1))["type"] == "ack"
        board = await live.connect(code)
        firsts.append(board.state["version"])
    assert firsts[0] == firsts[1]
