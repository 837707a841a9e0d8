"""Heks host controls and timers through the server (H-HST-1, H-HST-2, H-TIM-2, H-DEP-5)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from nightfall.games.heks.site import HeksSite

from .conftest import Serve
from .harness import Live, Ws

pytestmark = [pytest.mark.server, pytest.mark.timeout(60)]


class ShortDay(HeksSite):
    """Timed Heks whose departure and witch timers last a fraction of a second."""

    def build_config(
        self, names: list[str], host_seat: int | None, settings: Mapping[str, Any]
    ) -> dict[str, Any]:
        config = super().build_config(names, host_seat, settings)
        config["timers"] = {"depart": 0.3, "guard": 0.2, "witch": 0.2}
        return config


async def heks_table(live: Live, names: list[str]) -> list[Ws]:
    created = await live.create(names[0], game="heks")
    code = created["code"]
    tokens = [created["token"]] + [(await live.join(code, n)).json()["token"] for n in names[1:]]
    sockets = [await live.connect(code, t) for t in tokens]
    assert (await sockets[0].lobby("start"))["type"] == "ack"
    for ws in sockets:
        await ws.state_where(lambda m: m["view"] is not None and m["view"]["phase"] == "ROLE_REVEAL")
    return sockets


async def test_host_marks_a_stalled_player_absent_h_hst_1(serve: Serve) -> None:
    live = await serve(catalog={"heks": HeksSite()})
    host, bram, cas, dewi = await heks_table(live, ["Anna", "Bram", "Cas", "Dewi"])
    for ws in (host, bram, cas):
        assert (await ws.command("ready"))["type"] == "ack"
    answer = await bram.command("mark_absent", seat=4)
    assert answer["error"]["code"] == "not_host"
    assert (await host.command("mark_absent", seat=4))["type"] == "ack"  # counts as Ready (H-START-1)
    state = await dewi.state_where(lambda m: m["view"]["phase"] != "ROLE_REVEAL")
    assert state["view"]["day"] == 1


async def test_server_timers_drive_a_timed_day_h_dep_5(serve: Serve) -> None:
    live = await serve(catalog={"heks": ShortDay()})
    sockets = await heks_table(live, ["Anna", "Bram", "Cas", "Dewi"])
    for ws in sockets:
        await ws.command("ready")
    depart = await sockets[0].state_where(lambda m: m["view"]["phase"] == "DEPART_A")
    assert depart["view"]["deadline"] is not None and depart["view"]["deadline"] > depart["server_time"]
    # Nobody chooses a place: at 0 s everyone gets a random open place, the
    # witches' 15 s (here 0.2 s) run, and the evening comes without any tap.
    evening = await sockets[0].state_where(lambda m: m["view"]["phase"] == "EVENING_ANNOUNCE", timeout=10)
    assert evening["view"]["day"] == 1
    assert evening["view"]["deadline_total"] == 30_000  # T_CONFIRM (H-TBL-3)
    late = await sockets[1].command("depart", place="P1")
    assert late["type"] == "error" and late["error"]["code"] in ("wrong_phase", "too_late")
