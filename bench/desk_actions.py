"""Benchmark: every desk action of a 30-player Andorra game, through the real server.

Issue 32 asks that each desk action at 30 players (close the day, close the night,
correct a move and recompute, publish the morning) takes at most 100 ms at the server's
99th percentile on a quiet machine. This starts ``nightfall serve`` (this tree's code,
a SQLite store in a temporary directory), creates a 30-player game with every role of
the forum game, connects the desk and all thirty players' pages (each socket reads
everything the server sends, as a page does), and plays ``--cycles`` days and nights:
every player votes (blank: nobody is jailed, so the game goes on), the host closes the
day, half the players submit a night move, the host closes the night, corrects one move
and publishes the morning. For each desk action it records

- ``ack``: from the command sent to its acknowledgement (applied and durably stored), and
- ``state``: to the desk's new view (the server builds and sends every seat's view after
  the acknowledgement; the desk's arrives among them),

on the desk's socket on the same machine (loopback adds well under a millisecond), and
prints the median, p90, p99 and max per action, with a fixed pure-Python calibration
workload timed in the same session (ratios hold on a noisy machine).

    .venv/bin/python bench/desk_actions.py --cycles 30
    .venv/bin/python bench/desk_actions.py --cycles 30 --json

``--profile FILE`` runs the server under cProfile (written when it stops) to find
where the time goes (``python -m pstats FILE``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from calibration import calibration

ROOT = Path(__file__).resolve().parents[1]
ROLES = [
    *("BOSS", "SOLDIER", "RECRUITER", "GODFATHER"),
    *("MAYOR", "DOCTOR", "NURSE", "REANIMATOR", "SHERIFF", "INVESTIGATOR", "PRIEST", "VH"),
    *("JOURNALIST", "BODYGUARD", "PROSECUTOR", "EXECUTIONER", "JAILER", "PV", "PV"),
    *("FAIRY", "TOUROP", "MANIAC", "TELEPATH", "SHMARA", "PSYCHO", "REBEL", "SWINDLER"),
    *("VAMPIRE", "DOMOVOI", "HORSEMAN"),
]
NICKS = [f"Игрок{i:02d}" for i in range(1, 31)]
ACTIONS = ("end_day", "end_night", "correct", "publish")
HOST_GAP_S = 0.25  # the host's socket may send 5 commands a second (server/ratelimit.py)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(data: Path, profile: str | None, src: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    binary = str(Path(sys.executable).parent / "nightfall")
    serve = [binary, "serve", "--host", "127.0.0.1", "--port", str(port), "--data-dir", str(data)]
    prefix = ["-m", "cProfile", "-o", profile] if profile else []
    env = {**os.environ, "PYTHONPATH": str(src), "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [sys.executable, *prefix, *serve],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(300):
        try:
            with urllib.request.urlopen(f"{base}/api/health", timeout=1) as r:
                if r.status == 200:
                    return proc, base
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not come up")


def create(base: str) -> dict[str, Any]:
    body = {"players": [{"name": n, "role": r} for n, r in zip(NICKS, ROLES, strict=True)]}
    req = urllib.request.Request(
        f"{base}/api/andorra",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Origin": base},
    )
    with urllib.request.urlopen(req, timeout=30) as r:
        created: dict[str, Any] = json.loads(r.read())
    return created


class Page:
    """One open socket (the desk or a player's page): reads everything, keeps the last view."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.view: dict[str, Any] = {}
        self.version = -1
        self.waiters: dict[str, asyncio.Future[float]] = {}
        self.state_waiter: tuple[int, asyncio.Future[float]] | None = None
        self.ids = 0
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for raw in self.ws:
            msg = json.loads(raw)
            at = time.perf_counter()
            if msg["type"] == "state":
                self.view, self.version = msg["view"], int(msg["version"])
                w = self.state_waiter
                if w is not None and self.version >= w[0] and not w[1].done():
                    w[1].set_result(at)
            elif msg["type"] in ("ack", "error") and str(msg.get("id")) in self.waiters:
                fut = self.waiters.pop(str(msg["id"]))
                if msg["type"] == "error":
                    fut.set_exception(RuntimeError(json.dumps(msg, ensure_ascii=False)[:400]))
                else:
                    fut.set_result(at)

    async def command(self, ctype: str, **payload: Any) -> tuple[float, float]:
        """Send; (ms to the ack, ms to this socket's next view)."""
        self.ids += 1
        rid = str(self.ids)
        loop = asyncio.get_running_loop()
        acked: asyncio.Future[float] = loop.create_future()
        viewed: asyncio.Future[float] = loop.create_future()
        self.waiters[rid] = acked
        self.state_waiter = (self.version + 1, viewed)
        t0 = time.perf_counter()
        await self.ws.send(
            json.dumps({"type": "command", "id": rid, "command": {"type": ctype, "payload": payload}})
        )
        ack_at = await asyncio.wait_for(acked, 60)
        view_at = await asyncio.wait_for(viewed, 60)
        return 1000 * (ack_at - t0), 1000 * (view_at - t0)


async def open_page(base: str, code: str, token: str) -> Page:
    ws = await connect(f"{base.replace('http://', 'ws://')}/ws/{code}", max_size=2**23, origin=base)  # type: ignore[arg-type]
    await ws.send(json.dumps({"type": "hello", "v": 1, "token": token}))
    page = Page(ws)
    while page.version < 0:
        await asyncio.sleep(0.01)
    return page


def night_moves(view: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    """Half the living players submit the first move their form offers with its first target."""
    out: list[tuple[int, dict[str, Any]]] = []
    for o in view.get("host", {}).get("options", []) or []:
        seat = int(o["player"])
        if seat % 2 or any(s == seat for s, _ in out):
            continue
        targets = o.get("targets")
        if isinstance(targets, list) and targets and not o.get("fields"):
            out.append((seat, {"player": seat, "action": o["action"], "target": targets[0], "params": {}}))
    return out


async def play(base: str, cycles: int) -> dict[str, list[tuple[float, float]]]:
    game = create(base)
    code = str(game["code"])
    desk = await open_page(base, code, str(game["host_token"]))
    players = [await open_page(base, code, str(p["token"])) for p in game["players"]]
    times: dict[str, list[tuple[float, float]]] = {a: [] for a in ACTIONS}
    for cycle in range(cycles):
        alive = [
            i for i, p in enumerate(players, 1) if desk.view["host"]["players"][i - 1]["status"] == "ALIVE"
        ]
        for seat in alive:  # everyone alive votes blank: nobody is jailed
            await players[seat - 1].command("vote", target=None)
        await asyncio.sleep(HOST_GAP_S)
        times["end_day"].append(await desk.command("end_day"))
        moves = night_moves(desk.view)
        for _seat, move in moves[1:]:
            await asyncio.sleep(HOST_GAP_S)
            await desk.command("move", **move)  # entered by the host from PMs (H-03b)
        await asyncio.sleep(HOST_GAP_S)
        times["end_night"].append(await desk.command("end_night"))
        while desk.view["host"].get("pending", {}) and desk.view.get("phase") == "RESOLVING":
            await asyncio.sleep(HOST_GAP_S)
            await desk.command("close_prompts")
        if moves:
            await asyncio.sleep(HOST_GAP_S)
            times["correct"].append(await desk.command("correct", **moves[0][1]))
        while desk.view.get("phase") == "RESOLVING":
            await asyncio.sleep(HOST_GAP_S)
            await desk.command("close_prompts")
        await asyncio.sleep(HOST_GAP_S)
        times["publish"].append(await desk.command("publish"))
        print(f"cycle {cycle + 1}/{cycles}: phase {desk.view.get('phase')}", file=sys.stderr)
        if desk.view.get("phase") == "OVER":
            break
    for page in (desk, *players):
        await page.ws.close()
    return times


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--cycles", type=int, default=30, help="days and nights to play")
    p.add_argument("--profile", help="run the server under cProfile, written here when it stops")
    p.add_argument(
        "--src", default=str(ROOT / "src"), help="the server's code (a baseline's src/ for A/B runs)"
    )
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    calib = [calibration() for _ in range(3)]
    with tempfile.TemporaryDirectory(prefix="nf-desk-") as tmp:
        proc, base = start_server(Path(tmp) / "data", args.profile, Path(args.src))
        try:
            times = asyncio.run(play(base, args.cycles))
        finally:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()
    calib += [calibration() for _ in range(3)]
    report: dict[str, Any] = {
        "command": " ".join(["bench/desk_actions.py", *argv]),
        "calibration_ms": round(statistics.median(calib) * 1000, 2),
        "actions": {},
    }
    for action, pairs in times.items():
        if not pairs:
            continue
        row = {}
        for i, kind in enumerate(("ack", "state")):
            vals = [pair[i] for pair in pairs]
            row[kind] = {
                "n": len(vals),
                "median_ms": round(statistics.median(vals), 1),
                "p90_ms": round(pct(vals, 0.9), 1),
                "p99_ms": round(pct(vals, 0.99), 1),
                "max_ms": round(max(vals), 1),
            }
        report["actions"][action] = row
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        print(f"calibration {report['calibration_ms']} ms")
        for action, row in report["actions"].items():
            for kind, r in row.items():
                print(
                    f"{action:10s} {kind:5s} n={r['n']:3d} median {r['median_ms']:7.1f} "
                    f"p90 {r['p90_ms']:7.1f} p99 {r['p99_ms']:7.1f} max {r['max_ms']:7.1f} ms"
                )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
