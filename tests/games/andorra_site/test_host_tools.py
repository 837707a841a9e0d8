"""The host's PM entries and state edits through the server (H-03b, H-03c): refusals come
back as Russian sentences, the site's once-a-day vote holds for PM votes too, and a restart
and ``nightfall replay`` give the same state."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from nightfall.cli import main
from nightfall.engine import Transcript, replay
from nightfall.games import registry

from .conftest import Serve
from .test_server import create, ok, sockets

# Starts a server, a subprocess or a database (tests/starts.py): not in `make check`.
pytestmark = pytest.mark.server


async def test_pm_entries_and_edits_survive_a_restart_and_replay(
    serve: Serve, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:  # H-03b, H-03c, H-04a, A-VOTE-3, A-MOVE-5a
    live = await serve()
    game = await create(live)
    host, players = await sockets(live, game)
    await ok(host, "pm_vote", **{"from": 1}, target=8)
    again = await host.command("pm_vote", **{"from": 1}, target=7)
    assert again["error"]["code"] == "pm_already_voted"
    assert again["error"]["text"]["ru"].startswith("Anna уже голосовал(а) сегодня.")
    await ok(host, "pm_vote", **{"from": 2}, target=8)
    await ok(players[2], "vote", target=8)
    seen = await host.state_where(lambda m: len(m["view"]["vote_log"]) == 3)
    assert seen["view"]["host"]["running_count"] == [
        {"seat": 8, "voters": [1, 2, 3], "votes": 3, "penalties": 0, "total": 3}
    ]
    assert [e.get("by_host", False) for e in seen["view"]["vote_log"]] == [True, True, False]
    refused = await host.command("host_edit", op="revive", seat=4)
    assert refused["error"]["text"]["ru"] == "Egor не убит(а): оживлять некого."
    await ok(host, "host_edit", op="kill", seat=7)
    await ok(host, "host_edit", op="give_item", seat=5, item="VEST")
    await ok(host, "end_day")
    # the Boss's PM with the Recruiter's move: a sheet entry (A-MOVE-5a)
    await ok(host, "pm_move", **{"from": 1}, player=2, action="RECRUIT", target=5)
    refused = await host.command("pm_move", **{"from": 4}, player=1, action="SHOOT", target=3)
    assert refused["error"]["code"] == "not_your_sheet"
    boris = await players[1].state_where(lambda m: bool(m["view"]["me"].get("submission")))
    assert boris["view"]["me"]["submission"]["entered_by"] == "host"
    before = host.state  # the sheet entry's state came before the refusal's answer
    assert "2" in before["view"]["host"]["submissions"]
    await live.stop()
    await asyncio.sleep(0.05)

    restarted = await serve()
    desk = await restarted.connect(game["code"], game["host_token"])
    after = desk.state["view"]
    assert after["host"] == before["view"]["host"]
    assert after["players"][6]["status"] == "DEAD"
    await restarted.stop()
    db, saved = str(tmp_path / "nightfall.sqlite3"), tmp_path / "room.json"
    code = game["code"]
    assert (
        main(["replay", "--room", code, "--store", db, "--save", str(saved), "--json", "--viewer", "host"])
        == 0
    )
    events = json.loads(capsys.readouterr().out)["events"]
    assert [e["op"] for e in events if e["type"] == "host_edit"] == ["kill", "give_item"]
    transcript = Transcript.loads(saved.read_text(encoding="utf-8"))
    rules = registry.get(transcript.game)
    assert rules.view(replay(rules, transcript), "host")["host"] == after["host"]
    assert [e["ru"] for e in after["host"]["host_log"] if "ЛС" in e["ru"]] == [
        "День 1. Голос из ЛС от Anna: голос за Nikita (внёс ведущий)",
        "День 1. Голос из ЛС от Boris: голос за Nikita (внёс ведущий)",
        "Ночь 1. Ход из ЛС от Anna за игрока Boris: вербовка → Kira (внёс ведущий)",
    ]
