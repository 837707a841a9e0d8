"""Every stored room's game replays with ``nightfall replay`` under the name the room
is stored under: an Andorra site room (clan chat included) and a Heks room, each
created through the server."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from nightfall.cli import main
from nightfall.engine import Transcript

from .conftest import Serve
from .game_data import DAY1
from .test_server import create, ok, sockets

# Starts a server, a subprocess or a database (tests/starts.py): not in `make check`.
pytestmark = pytest.mark.server


def replay_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert main(["replay", *args, "--json", "--viewer", "host"]) == 0, capsys.readouterr().err
    out: dict[str, Any] = json.loads(capsys.readouterr().out)
    return out


async def test_an_andorra_site_room_replays_from_the_store_with_its_chat(
    serve: Serve, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    live = await serve()
    game = await create(live)
    host, players = await sockets(live, game)
    await ok(players[0], "chat", text="hi clan")  # the Boss, to the mafia's chat
    for voter, target in DAY1:
        await ok(players[voter - 1], "vote", target=target)
    await ok(host, "end_day")
    await live.stop()

    db = str(tmp_path / "nightfall.sqlite3")
    saved = tmp_path / "room.json"
    replayed = replay_json(capsys, "--room", game["code"].lower(), "--store", db, "--save", str(saved))
    kinds = [e["type"] for e in replayed["events"]]
    assert "chat" in kinds  # the site's own command replays with the rules
    transcript = Transcript.loads(saved.read_text(encoding="utf-8"))
    assert transcript.game == "andorra_site"
    assert [c.type for c in transcript.commands].count("vote") == len(DAY1)
    # The saved transcript replays to the same output as the stored room.
    assert replay_json(capsys, str(saved)) == replayed


async def test_a_heks_room_replays_from_the_store(
    serve: Serve, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    live = await serve()
    created = await live.create("Anna", game="heks")
    code = created["code"]
    for name in ("Bram", "Cas", "Dewi"):
        assert (await live.join(code, name)).status_code == 201
    anna = await live.connect(code, created["token"])
    assert (await anna.lobby("start"))["type"] == "ack"
    await live.stop()

    replayed = replay_json(capsys, "--room", code, "--store", str(tmp_path / "nightfall.sqlite3"))
    assert replayed["result"] is None and replayed["viewer"] == "host"


def test_replay_says_what_it_cannot_find(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "empty.sqlite3")
    assert main(["replay", "--room", "QQQQ", "--store", db]) == 2
    assert "no room 'QQQQ'" in capsys.readouterr().err
    assert main(["replay"]) == 2
    assert "one of them" in capsys.readouterr().err
