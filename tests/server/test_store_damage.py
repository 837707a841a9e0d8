"""A damaged store (issue 30 §6; docs/security.md §"Store damage"): a room whose stored
commands no longer replay is reported in the log once, with its code and the failing
command, and its players get ``room_damaged`` instead of ``no_room``."""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import websockets

import nightfall
from nightfall.store import SqliteStore
from nightfall.store.records import RoomRecord
from tests.local_servers import free_port

from .conftest import Serve
from .harness import table

pytestmark = [pytest.mark.server, pytest.mark.timeout(60)]


def break_command(db: Path, code: str, seq: int) -> None:
    """Rewrite stored command ``seq`` of ``code`` into one the rules refuse (the store
    was edited by hand, or written by rules that have changed since)."""
    with sqlite3.connect(db) as conn:
        (text,) = conn.execute(
            "SELECT command FROM commands WHERE code = ? AND seq = ?", (code, seq)
        ).fetchone()
        command = json.loads(text)
        command["type"] = "no_such_command"
        conn.execute(
            "UPDATE commands SET command = ? WHERE code = ? AND seq = ?", (json.dumps(command), code, seq)
        )


async def test_a_room_that_does_not_replay_is_reported_once_and_answers_room_damaged(
    serve: Serve, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    first = await serve()
    code, seats, (anna, bram) = await table(first, ["Anna", "Bram"])
    await anna.lobby("start")
    await bram.command("add", n=2)
    await anna.command("add", n=5)
    await first.stop()
    break_command(tmp_path / "nightfall.sqlite3", code, 1)  # seq counts from 0: the second

    caplog.set_level(logging.INFO, logger="nightfall")
    second = await serve()
    r = await second.http.get(f"/api/rooms/{code}")
    assert r.status_code == 503, r.text
    error = r.json()["error"]
    assert error["code"] == "room_damaged" and error["params"] == {"room": code}, error
    assert "restore" in error["message"].lower()
    r = await second.http.post(f"/api/rooms/{code}/join", json={"name": "Carl"})
    assert r.json()["error"]["code"] == "room_damaged"
    ws = await second.open(code)
    await ws.send({"type": "hello", "v": 1, "token": seats[0]["token"]})
    refused = await ws.recv()
    assert refused["type"] == "error" and refused["error"]["code"] == "room_damaged", refused
    with pytest.raises(websockets.ConnectionClosed):
        await ws.recv()
    assert ws.ws.close_code == 4404
    # Reported once, in one line, with the room's code and the failing command.
    reports = [
        r.getMessage() for r in caplog.records if code in r.getMessage() and "replay" in r.getMessage()
    ]
    assert len(reports) == 1, reports
    assert "seq 1" in reports[0] and "no_such_command" in reports[0], reports[0]
    # Another room is served as ever.
    other, _, _ = await table(second, ["Carl"])
    assert (await second.http.get(f"/api/rooms/{other}")).status_code == 200


def serve_on(data_dir: Path) -> subprocess.CompletedProcess[str]:
    """``nightfall serve`` on ``data_dir``, as an operator starts it."""
    code = "import sys; from nightfall.cli import main; sys.exit(main())"
    args = [sys.executable, "-c", code, "serve", "--data-dir", str(data_dir), "--host", "127.0.0.1"]
    args += ["--port", str(free_port())]
    env = {**os.environ, "PYTHONPATH": str(Path(nightfall.__file__).parents[1])}
    return subprocess.run(args, capture_output=True, text=True, timeout=60, env=env)


def a_store_with_rooms(path: Path, rooms: int = 200) -> None:
    store = SqliteStore(path)
    for i in range(rooms):
        lobby = {"members": [], "pad": "x" * 300}
        store.create_room(RoomRecord(code=f"R{i:03d}", game="heks", status="lobby", lobby=lobby, revision=0))
    store.close()
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def truncated(path: Path) -> None:
    with path.open("r+b") as f:
        f.truncate(path.stat().st_size // 2)


def overwritten_header(path: Path) -> None:
    with path.open("r+b") as f:
        f.write(b"\x00" * 100)


def scribbled_page(path: Path) -> None:
    """A page in the middle overwritten: SQLite opens the file as if nothing were wrong."""
    with path.open("r+b") as f:
        f.seek(path.stat().st_size // 2)
        f.write(bytes(range(256)) * 8)


@pytest.mark.parametrize("damage", [truncated, overwritten_header, scribbled_page])
def test_a_damaged_store_stops_the_server_with_one_line_of_advice(tmp_path: Path, damage: Any) -> None:
    """Issue 30 §6: a truncated or corrupt store failed with a raw traceback."""
    a_store_with_rooms(tmp_path / "nightfall.sqlite3")
    damage(tmp_path / "nightfall.sqlite3")
    done = serve_on(tmp_path)
    assert done.returncode == 1, done.stderr[-2000:]
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr[-2000:]
    assert str(tmp_path / "nightfall.sqlite3") in lines[0] and "damaged" in lines[0]
    assert "restore your latest backup" in lines[0] and "docs/deploy.md" in lines[0]
