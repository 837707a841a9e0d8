"""The load benchmark itself works end to end (issue 6): a tiny run of
``bench/load.py`` starts a real server and the baseline, plays, and reports
every number docs/benchmarks.md quotes. No speed is asserted here: speed
targets live in the benchmark, never in tests."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.timeout(240)


# Starts bench/load.py's servers and clients: out of `make check`, and slow (about 40 s).
@pytest.mark.server
@pytest.mark.slow
def test_a_tiny_load_run_reports_every_phase(tmp_path: Path) -> None:
    cmd = [sys.executable, str(ROOT / "bench" / "load.py"), "--rooms", "2", "--players", "4"]
    cmd += ["--duration", "4", "--duration-real", "3", "--procs", "1", "--json", "--data-root", str(tmp_path)]
    cmd += ["--floor", "--idle-seconds", "1"]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=200, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout)
    assert report["server_alive"] and report["setup_errors"] == [] and report["sockets"] == 8
    assert report["idle_bytes_per_socket"] > 0 and report["idle_server_cpu_pct"] >= 0
    for phase in ("real", "saturate", "baseline", "floor"):
        stats = report[phase]
        for field in (
            "latency_ms",
            "views_per_s",
            "messages_per_s",
            "server_cpu_pct",
            "server_kernel_us_per_message",
            "clients_cpu_pct",
        ):
            assert field in stats, (phase, field)
    # Saturation starts at once, even right after the real-pace phase (bots stop thinking).
    assert report["saturate"]["commands_acked"] > 0 and report["saturate"]["views_per_s"] > 0
    assert report["baseline"]["messages_per_s"] > 0
    assert report["saturate_vs_baseline"] > 0 and report["cpu_efficiency_vs_baseline"] > 0
    # Inputs handled, the other yardstick: the baseline counts each broadcast of its own
    # that comes back to a sender (one per input), against Nightfall's commands acked.
    assert report["baseline"]["commands_acked"] > 0 and report["saturate_commands_vs_baseline_inputs"] > 0
    # The floor runs its closed loop too: a durable append, a message per seat and an ack each time.
    assert report["floor"]["messages_per_s"] > 0 and report["floor_messages_vs_baseline"] > 0
    # The server's share over time: one p99 per 10 s window of a 4 s phase.
    windows = report["saturate"]["server_side_p99_ms_by_10s"]
    assert len(windows) == 1 and windows[0] > 0
    # ... and by command type: real Heks commands, counted.
    kinds = report["saturate"]["server_side_ms_by_type"]
    assert kinds and all(row["n"] > 0 and row["p99"] >= row["p50"] for row in kinds.values())


def test_the_tail_is_cut_into_windows_of_the_servers_clock() -> None:
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from load import windowed_counts, windowed_p99
    finally:
        sys.path.remove(str(ROOT / "bench"))
    at = [1_000, 2_000, 11_000, 35_000]
    assert windowed_p99([5.0, 7.0, 300.0, 9.0], at, 10_000) == [
        7.0,
        300.0,
        0,
        9.0,
    ]  # the third window is empty
    assert windowed_counts(at, 10_000) == [2, 1, 0, 1]
    assert windowed_p99([], [], 10_000) == [] and windowed_counts([], 10_000) == []
    assert windowed_p99([1.0], [], 10_000) == []  # samples without times (an old worker): nothing


def test_the_servers_share_is_broken_down_by_command_type() -> None:
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from load import by_type
    finally:
        sys.path.remove(str(ROOT / "bench"))
    table = by_type([1.0, 2.0, 3.0, 50.0], ["vote", "chat", "vote", "vote"])
    assert list(table) == ["vote", "chat"]  # the most frequent first
    assert table["vote"] == {"n": 3, "p50": 3.0, "p99": 50.0}
    assert table["chat"] == {"n": 1, "p50": 2.0, "p99": 2.0}


@pytest.mark.server  # a subprocess
@pytest.mark.parametrize("store", ["sqlite", "none"])
def test_the_room_pipeline_benchmark_replays_whole_games_through_rooms(tmp_path: Path, store: str) -> None:
    """``bench/room_pipeline.py`` sends every command of recorded bot games through real
    rooms (protocol messages, the room task, the SQLite store or none): the rooms must
    accept every one, as the engine did, and each command reaches the seats."""
    cmd = [sys.executable, str(ROOT / "bench" / "room_pipeline.py"), "--games", "2", "--repeat", "1"]
    cmd += ["--json", "--data-root", str(tmp_path), "--store", store]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout)
    assert report["commands"] > 100 and report["rejected"] == 0
    assert report["messages_per_command"] > 5 and report["cpu_us_per_command"] > 0


async def test_the_bots_ping_when_quiet_like_the_phone_client() -> None:
    # web/src/core/connection.ts pings after 15 s without a message; a bot must too, or the
    # benchmark keeps quieter sockets than real phones would.
    import asyncio
    import time

    from websockets.protocol import State

    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import load_client
    finally:
        sys.path.remove(str(ROOT / "bench"))

    class FakeSocket:
        state = State.OPEN

        def __init__(self) -> None:
            self.sent: list[str] = []

        async def send(self, text: str) -> None:
            self.sent.append(text)

    class FakePhase:
        value = load_client.IDLE

    run = load_client.Run(FakePhase(), (0.0, 0.0), compression=False)
    ws = FakeSocket()
    seat = load_client.Seat(run, None, 1, ws)  # type: ignore[arg-type]
    now = time.perf_counter()
    seat.heard = now - 10
    seat.keep_alive(now)
    seat.on_message('{"type":"pong","t":1,"server_time":2}')  # a message resets the quiet
    assert seat.heard >= now
    # A clock reading that is a whole number of seconds: (t + 15) - t is 15 exactly, while for
    # most perf_counter() readings it is 14.999999999… and the 15 s boundary would not be met.
    heard = seat.heard = float(int(seat.heard) + 1)
    seat.keep_alive(heard + 14.9)
    await asyncio.sleep(0)
    assert ws.sent == []
    seat.keep_alive(heard + 15)
    await asyncio.sleep(0)
    assert len(ws.sent) == 1 and '"type":"ping"' in ws.sent[0]
    run.phone_pings = "always"  # the phone client before 2026-12-01: whatever the traffic
    seat.on_message('{"type":"pong","t":1,"server_time":2}')
    seat.keep_alive(seat.heard)
    await asyncio.sleep(0)
    assert len(ws.sent) == 2
