"""Load benchmark: a real ``nightfall serve`` process, rooms of bot phones over
real WebSockets (in separate processes), against a raw Starlette baseline.

Phases, in one run:
  1. idle     every seat connected (hello, welcome, state), nothing happening:
              server memory per connection (RSS growth / sockets).
  2. real     Vang de Heks games at a human pace: a bot thinks --think-min..
              --think-max seconds before each input (never past 0.5 s before
              the deadline), and the tables start spread over --stagger s.
              The default 5-25 s makes ~0.4 accepted commands per room per
              second: 1.6 times a real table (~390 commands in ~25 minutes);
              --think-min 2 --think-max 12 is 2-3 times.
              p50/p99 command → view latency (command sent → first state with
              the acked version), views delivered per second, server CPU.
  3. saturate the same games with no think time: complete games back to back
              (the host plays again), so the server is the bottleneck.
  4. baseline bench/baseline_server.py (a minimal Starlette WebSocket server)
              broadcasting messages of the measured mean view size to rooms of
              the same size, closed loop: messages delivered per second.
The result that holds on a noisy machine is the ratio saturate / baseline (and
server CPU per delivered message against the baseline's). Every phase also
reports how long the server's event loop waited for a CPU that other processes
had, and what one durable SQLite commit cost on the same disk meanwhile.

Timers are shortened by configuration (FAST_TIMERS, passed to the server in
NIGHTFALL_HEKS_TIMERS; --real-timers keeps the game's own; --timers saturation
shortens them all, so that a saturation-only run keeps the server CPU-bound). Clients offer
permessage-deflate as browsers do (--no-compression to compare), and send a
keepalive ping when they have heard nothing for 15 s, as the phone client does
(--phone-pings to change it). --pin puts
the server on CPU 0 and the clients on the others. Everything is on 127.0.0.1;
every phase is bounded by --duration and the run stops by itself.

All bots share one address, so the server is started without its limits for a
LAN party (``nightfall serve --max-rooms 0 --max-sockets-per-address 0
--http-rate 0``: no room cap, no cap on sockets per address, no HTTP rate limit);
the per-socket message limit stays as it is.

    .venv/bin/python bench/load.py --rooms 20 --players 10 --duration 20
    .venv/bin/python bench/load.py --rooms 1000 --players 10 --duration 60 --procs 4 --json
    .venv/bin/python bench/load.py --cluster --rooms 40 --duration-real 60   # one node vs two, failover
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import load_client
import odds_lobbies
from load_client import IDLE, REAL, SATURATE, SETUP, STOP
from serving import (
    HOST,
    LIMITS,
    cpu_seconds,
    cpu_split,
    free_port,
    raise_fd_limit,
    rss_bytes,
    sched_ns,
    split,
    start_tables,
    stop_process,
    wait_health,
)

HERE = Path(__file__).resolve().parent
# Shortened timers (seconds) for both phases: long enough for a thinking player at
# real pace, short enough that the always-running ones (witches, quarrel) do not
# leave tables idle at saturation. The game's own: 60/20/15/60/30/4/90, discuss 180.
FAST_TIMERS = {
    "depart": 10,
    "guard": 5,
    "witch": 1,
    "propose": 10,
    "approve": 8,
    "quarrel": 0.2,
    "exile": 10,
    "discuss": 20,
}
PAGE = os.sysconf("SC_PAGE_SIZE")


def pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


class Phases:
    """Starts the worker processes and moves them through the phases together."""

    def __init__(self, procs: int) -> None:
        self.ctx = mp.get_context("fork")
        self.phase = self.ctx.Value("i", SETUP, lock=False)
        self.report = self.ctx.Queue()
        self.procs: list[Any] = []
        self.expected = procs
        self.back_at: list[float] = []  # reconnecting seats: when each saw its first view again
        self.retried: dict[str, int] = {}  # their failed attempts by why

    def start(self, target: Any, args_for: Any, nice: int = 0) -> None:
        for i in range(self.expected):
            p = self.ctx.Process(target=target, args=args_for(i), daemon=True)
            p.start()
            if nice and p.pid is not None:
                # The bots yield the CPU to the server: at a table they are phones, not
                # processes on the server's machine (--nice; 0 keeps them equal).
                os.setpriority(os.PRIO_PROCESS, p.pid, nice)
            self.procs.append(p)

    def wait_ready(self, timeout: float) -> tuple[int, list[str]]:
        sockets, errors = 0, []
        for _ in range(self.expected):
            kind, _, count, errs = self.report.get(timeout=timeout)
            assert kind == "ready"
            sockets += count
            errors += errs
        return sockets, errors

    def set(self, value: int) -> None:
        self.phase.value = value

    def finish(self, timeout: float = 60) -> tuple[dict[str, dict[str, Any]], dict[str, int]]:
        self.set(STOP)
        merged: dict[str, dict[str, Any]] = {}
        closed: dict[str, int] = {}
        for _ in range(self.expected):
            kind, _, stats, closes, *more = self.report.get(timeout=timeout)
            assert kind == "done"
            if more:
                self.back_at += more[0]
            for why, n in (more[1] if len(more) > 1 else {}).items():
                merge = max if why.startswith("bots'") else int.__add__
                self.retried[why] = merge(self.retried.get(why, 0), n)
            for name, s in stats.items():
                into = merged.setdefault(
                    name,
                    {
                        "latencies_ms": [],
                        "to_ack_ms": [],
                        "to_ack_at_ms": [],
                        "to_ack_types": [],
                        "states": 0,
                        "state_bytes": 0,
                        "messages": 0,
                        "acks": 0,
                        "errors": {},
                        "games_ended": 0,
                    },
                )
                into["latencies_ms"] += s["latencies_ms"]
                into["to_ack_ms"] += s.get("to_ack_ms", [])
                into["to_ack_at_ms"] += s.get("to_ack_at_ms", [])
                into["to_ack_types"] += s.get("to_ack_types", [])
                for key in ("states", "state_bytes", "messages", "acks", "games_ended"):
                    into[key] += s[key]
                for code, n in s["errors"].items():
                    into["errors"][code] = into["errors"].get(code, 0) + n
            for code, n in closes.items():
                closed[code] = closed.get(code, 0) + n
        for p in self.procs:
            p.join(10)
            if p.is_alive():
                p.kill()
        return merged, closed


class CommitProbe:
    """What one durable commit costs on the server's disk right now: a SQLite
    transaction like the server's (WAL, synchronous=FULL) every 50 ms."""

    def __init__(self, directory: Path) -> None:
        import sqlite3
        import threading

        self.samples: list[float] = []
        self._stop = threading.Event()
        self._db = sqlite3.connect(directory / "probe.sqlite3", isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("CREATE TABLE IF NOT EXISTS t (x TEXT)")
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(0.05):
            t = time.perf_counter()
            self._db.execute("BEGIN")
            self._db.execute("INSERT INTO t VALUES (?)", ("x" * 200,))
            self._db.execute("COMMIT")
            self.samples.append((time.perf_counter() - t) * 1000)

    def take(self) -> dict[str, float | None]:
        samples, self.samples = self.samples, []
        return {"p50": _round(pct(samples, 0.5)), "p99": _round(pct(samples, 0.99))}

    def close(self) -> None:
        self._stop.set()
        self._thread.join(5)
        self._db.close()


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


def measure(pid: int, seconds: float, clients: list[int]) -> tuple[float, float, float, float, float]:
    """Sleep ``seconds``; return (wall s, server CPU s, of it in the kernel s, all clients'
    CPU s, seconds the server's event loop was runnable but waited for a CPU) over that time."""
    (u0, s0), t0, k0 = cpu_split(pid), time.perf_counter(), sum(cpu_seconds(c) for c in clients)
    w0 = sched_ns(pid)[1]
    time.sleep(seconds)
    k1 = sum(cpu_seconds(c) for c in clients)
    waited = (sched_ns(pid)[1] - w0) / 1e9
    u1, s1 = cpu_split(pid)
    return time.perf_counter() - t0, (u1 - u0) + (s1 - s0), s1 - s0, k1 - k0, waited


WINDOW_MS = 10_000


def by_type(values: list[float], types: list[str]) -> dict[str, dict[str, float]]:
    """Count, p50 and p99 of ``values`` for each type in ``types`` (paired by index),
    the most frequent type first."""
    groups: dict[str, list[float]] = {}
    for value, kind in zip(values, types, strict=False):
        groups.setdefault(kind, []).append(value)
    return {
        kind: {
            "n": len(group),
            "p50": round(pct(group, 0.5) or 0, 1),
            "p99": round(pct(group, 0.99) or 0, 1),
        }
        for kind, group in sorted(groups.items(), key=lambda item: -len(item[1]))
    }


def windowed_p99(values: list[float], at_ms: list[int], window_ms: int) -> list[float]:
    """p99 of ``values`` in consecutive windows of ``at_ms`` (from the first sample)."""
    if not values or len(values) != len(at_ms):
        return []
    start = min(at_ms)
    windows: dict[int, list[float]] = {}
    for value, at in zip(values, at_ms, strict=True):
        windows.setdefault((at - start) // window_ms, []).append(value)
    return [round(pct(windows.get(i, []), 0.99) or 0, 1) for i in range(max(windows) + 1)]


def windowed_counts(at_ms: list[int], window_ms: int) -> list[int]:
    """How many of ``at_ms`` fall in each window of ``windowed_p99``."""
    if not at_ms:
        return []
    start = min(at_ms)
    counts = [0] * ((max(at_ms) - start) // window_ms + 1)
    for at in at_ms:
        counts[(at - start) // window_ms] += 1
    return counts


def summarise(
    stats: dict[str, Any],
    wall: float,
    cpu: float,
    kernel: float,
    client_cpu: float,
    waited: float,
    rooms: int,
) -> dict[str, Any]:
    lat = stats["latencies_ms"]
    states = stats["states"]
    return {
        "seconds": round(wall, 2),
        "commands_acked": stats["acks"],
        "acks_per_room_per_s": round(stats["acks"] / rooms / wall, 3),
        "latency_ms": {
            "samples": len(lat),
            "p50": round(pct(lat, 0.5) or 0, 2),
            "p99": round(pct(lat, 0.99) or 0, 2),
            "max": round(max(lat), 2) if lat else None,
        },
        # The server's share: send → the server's clock on the ack (same machine, same clock).
        "server_side_ms": {
            "p50": round(pct(stats.get("to_ack_ms", []), 0.5) or 0, 2),
            "p99": round(pct(stats.get("to_ack_ms", []), 0.99) or 0, 2),
        },
        # The same p99 for each 10 s of the phase: a tail spread evenly is a busy server,
        # one in a few windows is a burst or a pause (docs/benchmarks.md).
        "server_side_p99_ms_by_10s": windowed_p99(
            stats.get("to_ack_ms", []), stats.get("to_ack_at_ms", []), WINDOW_MS
        ),
        "acks_by_10s": windowed_counts(stats.get("to_ack_at_ms", []), WINDOW_MS),  # the load in each
        # ... and for each command type: a tail in one type is that command's own work.
        "server_side_ms_by_type": by_type(stats.get("to_ack_ms", []), stats.get("to_ack_types", [])),
        "views_per_s": round(states / wall, 1),
        # Every message the clients received (views, acks, errors, presence), as the
        # baseline counts every message it delivers.
        "messages_per_s": round(stats["messages"] / wall, 1),
        "mean_view_bytes": round(stats["state_bytes"] / states) if states else None,
        "server_cpu_pct": round(100 * cpu / wall, 1),
        "server_cpu_us_per_view": round(1e6 * cpu / states, 1) if states else None,
        # The kernel's part (socket writes, the store's disk writes, waits on locks) per message sent.
        "server_kernel_us_per_message": round(1e6 * kernel / stats["messages"], 1)
        if stats["messages"]
        else None,
        "clients_cpu_pct": round(100 * client_cpu / wall, 1),
        # > 0: the machine is busy; the event loop wanted a CPU that others had.
        "server_waiting_for_cpu_pct": round(100 * waited / wall, 1),
        "errors": stats["errors"],
        "games_ended": stats["games_ended"],
    }


# `--timers saturation`: every timer short enough that tables never wait for one, so a
# saturation-only run (`--duration-real 0`) keeps the server CPU-bound (docs/benchmarks.md).
SATURATION_TIMERS = {
    "depart": 2,
    "guard": 1,
    "witch": 0.5,
    "propose": 2,
    "approve": 2,
    "quarrel": 0.1,
    "exile": 2,
    "discuss": 1,
}


def _timers(raw: str) -> dict[str, float]:
    if raw == "saturation":
        return {k: float(v) for k, v in SATURATION_TIMERS.items()}
    data = json.loads(raw)
    if not isinstance(data, dict) or not set(data) <= set(FAST_TIMERS):
        raise argparse.ArgumentTypeError(f"--timers takes a JSON object with keys from {sorted(FAST_TIMERS)}")
    return {k: float(v) for k, v in data.items()}


def run_game(args: argparse.Namespace, data_dir: Path) -> dict[str, Any]:
    port = free_port()
    url = f"http://{HOST}:{port}"
    env = dict(os.environ)
    env.pop("NIGHTFALL_HEKS_TIMERS", None)
    if args.fast_timers:
        env["NIGHTFALL_HEKS_TIMERS"] = json.dumps(
            {**FAST_TIMERS, **args.timers}
        )  # the server's hook for tests and load runs
    log = (data_dir / "server.log").open("wb")
    cmd = [sys.executable, "-m", "nightfall.cli", "serve", "--host", HOST, "--port", str(port)]
    cmd += ["--data-dir", str(data_dir)]
    cmd += LIMITS
    # --odds-lobbies: one niced worker that never finishes a deck (issue 34 §2); without
    # them, no odds at all, so the pair of runs differs only by the lobbies computing.
    cmd += ["--odds-target", "0"] if args.odds_lobbies else ["--odds-workers", "0"]
    if args.profile:  # the event loop's thread: where the rooms, views and sockets run
        cmd[1:1] = ["-m", "cProfile", "-o", str(Path(args.profile).resolve())]
    server = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT, preexec_fn=_pin(args, 0))
    try:
        wait_health(url, server)
        time.sleep(0.5)
        rss0 = rss_bytes(server.pid)
        phases = Phases(args.procs)
        start_tables(phases, args, url, cpu_for=lambda i: _client_cpu(args, i))
        t_setup = time.perf_counter()
        sockets, setup_errors = phases.wait_ready(timeout=args.setup_timeout)
        setup_s = time.perf_counter() - t_setup
        lobbies = odds_lobbies.start(url, args.odds_lobbies, args.odds_custom) if args.odds_lobbies else None
        phases.set(IDLE)
        time.sleep(2)
        rss1 = rss_bytes(server.pid)
        # What the server spends keeping idle sockets (pings, timers): a real table idles most of the time.
        idle_wall, idle_cpu, _, _, _ = measure(server.pid, args.idle_seconds, [])
        out: dict[str, Any] = {
            "command": " ".join(sys.argv),
            "rooms": args.rooms,
            "players": args.players,
            "sockets": sockets,
            "setup_seconds": round(setup_s, 1),
            "setup_errors": setup_errors,
            "server_rss_mb": {"empty": round(rss0 / 2**20, 1), "idle": round(rss1 / 2**20, 1)},
            "idle_bytes_per_socket": round((rss1 - rss0) / max(1, sockets)),
            "idle_server_cpu_pct": round(100 * idle_cpu / idle_wall, 1),
        }
        timing: dict[str, tuple[float, float, float, float, float]] = {}
        clients = [p.pid for p in phases.procs]
        probe = CommitProbe(data_dir)
        commits: dict[str, Any] = {}
        if args.duration_real > 0:
            phases.set(REAL)
            probe.take()
            timing["real"] = measure(server.pid, args.duration_real, clients)
            commits["real"] = probe.take()
        if args.duration > 0:
            phases.set(SATURATE)
            probe.take()
            timing["saturate"] = measure(server.pid, args.duration, clients)
            commits["saturate"] = probe.take()
        probe.close()
        if lobbies is not None:
            out["odds"] = odds_lobbies.finish(*lobbies)
        out["server_rss_mb"]["end"] = round(rss_bytes(server.pid) / 2**20, 1)
        stats, closed = phases.finish()
        for name, (wall, cpu, kernel, client_cpu, waited) in timing.items():
            out[name] = summarise(stats[name], wall, cpu, kernel, client_cpu, waited, args.rooms)
            out[name]["disk_commit_ms"] = commits[name]
        out["client_close_codes"] = closed
        out["server_alive"] = server.poll() is None
        return out
    finally:
        stop_process(server)
        log.close()
        if args.server_log:
            shutil.copy(data_dir / "server.log", args.server_log)


def run_baseline(args: argparse.Namespace, size: int, floor_db: Path | None = None) -> dict[str, Any]:
    """The raw baseline; with ``floor_db``, the floor (``baseline_server.py --floor``)."""
    port = free_port()
    url = f"http://{HOST}:{port}"
    cmd = [sys.executable, str(HERE / "baseline_server.py"), "--port", str(port), "--size", str(size)]
    if floor_db is not None:
        cmd += ["--floor", str(floor_db)]
    server = subprocess.Popen(
        cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, preexec_fn=_pin(args, 0)
    )
    try:
        wait_health(url, server)
        time.sleep(0.5)
        rss0 = rss_bytes(server.pid)
        phases = Phases(args.procs)
        per = split(args.rooms, args.procs)
        phases.start(
            load_client.baseline_worker_main,
            lambda i: (
                url,
                per[i],
                args.players,
                phases.phase,
                args.compression,
                phases.report,
                i,
                _client_cpu(args, i),
            ),
            nice=args.nice,
        )
        sockets, _ = phases.wait_ready(timeout=args.setup_timeout)
        phases.set(IDLE)
        time.sleep(2)
        rss1 = rss_bytes(server.pid)
        phases.set(SATURATE)
        wall, cpu, kernel, client_cpu, waited = measure(
            server.pid, args.duration, [p.pid for p in phases.procs]
        )
        stats, _ = phases.finish()
        out = summarise(stats["saturate"], wall, cpu, kernel, client_cpu, waited, args.rooms)
        out["message_bytes"] = size
        out["sockets"] = sockets
        out["idle_bytes_per_socket"] = round((rss1 - rss0) / max(1, sockets))
        return out
    finally:
        stop_process(server)


def _pin(args: argparse.Namespace, cpu: int) -> Any:
    if not args.pin:
        return None
    return lambda: os.sched_setaffinity(0, {cpu})


def _client_cpu(args: argparse.Namespace, i: int) -> int | None:
    cpus = sorted(os.sched_getaffinity(0))
    if not args.pin or len(cpus) < 2:
        return None
    others = cpus[1:]
    return others[i % len(others)]


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rooms", type=int, default=20)
    p.add_argument("--players", type=int, default=10)
    p.add_argument("--duration", type=float, default=20, help="seconds of saturation (and of baseline)")
    p.add_argument(
        "--duration-real", type=float, default=None, help="seconds at real pace (default: --duration)"
    )
    # 5-25 s gives ~0.4 accepted commands per room per second with the shortened
    # timers: 1.6 times a real table (~390 commands in ~25 minutes, 0.26/s).
    p.add_argument("--think-min", type=float, default=5.0, help="real pace: least think time per input (s)")
    p.add_argument("--think-max", type=float, default=25.0, help="real pace: most think time per input (s)")
    p.add_argument(
        "--stagger",
        type=float,
        default=None,
        help="tables start within this many seconds (default: half the real phase)",
    )
    p.add_argument("--procs", type=int, default=None, help="client processes (default: 1 per 2,500 sockets)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--real-timers", dest="fast_timers", action="store_false", help="keep the game's timers")
    p.add_argument(
        "--timers",
        type=_timers,
        default={},
        help="override shortened timers: JSON seconds, e.g. '{\"discuss\": 1}', or 'saturation' "
        "(all short: the server stays CPU-bound in a run with --duration-real 0)",
    )
    p.add_argument("--no-compression", dest="compression", action="store_false", help="no permessage-deflate")
    p.add_argument(
        "--phone-pings",
        choices=load_client.PHONE_PINGS,
        default="quiet",
        help="the bots' keepalive pings: as the phone client, when quiet for 15 s (default); 'always' every "
        "10 s, as the phone client before 2026-12-01; 'off' none, as the bots before 2026-12-01",
    )
    p.add_argument(
        "--no-phone-pings", dest="phone_pings", action="store_const", const="off", help="--phone-pings off"
    )
    p.add_argument("--pin", action="store_true", help="server on CPU 0, clients on the others")
    p.add_argument(
        "--nice",
        type=int,
        default=0,
        help="run the bot processes at this lower priority (e.g. 10), so that on a shared machine the "
        "load generator does not take the CPU the server is waiting for (default 0: equal priority)",
    )
    p.add_argument("--no-baseline", dest="baseline", action="store_false")
    p.add_argument(
        "--floor",
        action="store_true",
        help="also measure the floor: the baseline plus a durable append, a message per seat and an ack "
        "for every incoming message (a ceiling for the saturation ratio)",
    )
    p.add_argument("--setup-timeout", type=float, default=900)
    p.add_argument("--idle-seconds", type=float, default=5, help="how long the idle server's CPU is measured")
    p.add_argument("--data-root", default="/tmp", help="where the server's temporary data directory goes")
    p.add_argument("--server-log", help="keep the server's log here")
    p.add_argument("--profile", help="write a cProfile of the server's event loop to this file")
    p.add_argument(
        "--cluster",
        action="store_true",
        help="real pace against one node on PostgreSQL, then against two nodes behind HAProxy "
        "(Redis leases), then kill a node: CPU per table, latency, failover time (bench/load_cluster.py)",
    )
    p.add_argument(
        "--failover-seconds", type=float, default=15, help="--cluster: how long to wait after the kill"
    )
    p.add_argument("--lease-ms", type=int, default=2000, help="--cluster: the nodes' --lease-ms")
    p.add_argument(
        "--failover-only", action="store_true", help="--cluster: skip the one-node run (failover studies)"
    )
    p.add_argument(
        "--health-checks",
        choices=["thread", "loop"],
        default="thread",
        help="--cluster: HAProxy checks the nodes' health threads (--health-port) or their /api/health "
        "(loop: as before 2026-12-04, and for nodes without --health-port)",
    )
    p.add_argument("--proxy-template", help="--cluster: HAProxy's config instead of deploy/haproxy.cfg")
    p.add_argument("--keep-logs", help="--cluster: copy the nodes' and HAProxy's logs to this directory")
    p.add_argument(
        "--odds-lobbies",
        type=int,
        default=0,
        help="this many extra lobbies keep the server's odds pool computing distinct decks"
        " (issue 34 §2; bench/odds_lobbies.py); 0: the server computes no odds",
    )
    p.add_argument(
        "--odds-custom",
        action="store_true",
        help="--odds-lobbies: custom 12-player decks (needs the deck setting)",
    )
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    if args.duration_real is None:
        args.duration_real = args.duration
    if args.stagger is None:
        args.stagger = args.duration_real / 2
    if args.procs is None:
        args.procs = max(1, -(-args.rooms * args.players // 2500))
    args.procs = min(args.procs, args.rooms)
    fds = raise_fd_limit()
    if args.rooms * args.players // args.procs + 100 > fds:
        raise SystemExit(
            f"fd limit {fds} too low for {args.rooms * args.players // args.procs} sockets per process"
        )
    data_dir = Path(tempfile.mkdtemp(prefix="nf-load-", dir=args.data_root))
    if args.cluster:
        import load_cluster

        try:
            result = load_cluster.run(args, data_dir)
        finally:
            shutil.rmtree(data_dir, ignore_errors=True)
        if args.json:
            print(json.dumps(result, indent=2))
        else:
            load_cluster.report(result)
        return 0
    try:
        result = run_game(args, data_dir)
        size = (result.get("saturate") or result.get("real") or {}).get("mean_view_bytes") or 2500
        if args.baseline and args.duration > 0:
            result["baseline"] = run_baseline(args, size)
            base = result["baseline"]["views_per_s"]
            if base and "saturate" in result:
                result["saturate_vs_baseline"] = round(result["saturate"]["views_per_s"] / base, 3)
                # Counting acks and errors too, as the baseline counts every message it sends.
                result["saturate_messages_vs_baseline"] = round(
                    result["saturate"]["messages_per_s"] / base, 3
                )
                # Inputs handled: Nightfall's commands acked against the baseline's messages
                # broadcast. The baseline sends one broadcast per input; Nightfall answers
                # every tap but sends each seat one view per batch of taps, so by messages it
                # delivers fewer for the same work (docs/benchmarks.md, 2026-12-02).
                inputs = result["baseline"]["acks_per_room_per_s"]
                if inputs:
                    result["saturate_commands_vs_baseline_inputs"] = round(
                        result["saturate"]["acks_per_room_per_s"] / inputs, 3
                    )
                cpu_game = result["saturate"]["server_cpu_us_per_view"]
                cpu_base = result["baseline"]["server_cpu_us_per_view"]
                if cpu_game and cpu_base:
                    result["cpu_efficiency_vs_baseline"] = round(cpu_base / cpu_game, 3)
            if args.floor:
                result["floor"] = run_baseline(args, size, floor_db=data_dir / "floor.sqlite3")
                if base:
                    # Messages: the floor's acks count, as Nightfall's do.
                    result["floor_messages_vs_baseline"] = round(result["floor"]["messages_per_s"] / base, 3)
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        _print(result)
    return 0


def _print(r: dict[str, Any]) -> None:
    print(
        f"{r['rooms']} rooms x {r['players']} players = {r['sockets']} sockets (setup {r['setup_seconds']} s)"
    )
    if r["setup_errors"]:
        print(f"  setup errors: {r['setup_errors']}")
    print(
        f"  server RSS {r['server_rss_mb']} MB; idle memory per socket {r['idle_bytes_per_socket'] / 1024:.1f} KB; "
        f"idle server CPU {r['idle_server_cpu_pct']} %"
    )
    for name in ("real", "saturate", "baseline", "floor"):
        s = r.get(name)
        if not s:
            continue
        lat = s["latency_ms"]
        print(
            f"  {name:9} p50 {lat['p50']} ms, p99 {lat['p99']} ms ({lat['samples']} samples; "
            f"server side p50 {s['server_side_ms']['p50']} ms, p99 {s['server_side_ms']['p99']} ms); "
            f"{s['views_per_s']} views/s of {s['mean_view_bytes']} B ({s['messages_per_s']} messages/s); "
            f"server CPU {s['server_cpu_pct']} % "
            f"({s['server_cpu_us_per_view']} us/view, kernel {s['server_kernel_us_per_message']} us/message, "
            f"waiting for a CPU {s['server_waiting_for_cpu_pct']} %), "
            f"clients CPU {s['clients_cpu_pct']} %; {s['acks_per_room_per_s']} acks/room/s; "
            f"one commit on this disk meanwhile {s.get('disk_commit_ms')} ms; games ended {s['games_ended']}; errors {s['errors']}"
        )
    if "saturate_vs_baseline" in r:
        print(f"  saturation / baseline (views per second): {r['saturate_vs_baseline']:.0%}")
        print(
            "  saturation / baseline (all messages per second): "
            f"{r.get('saturate_messages_vs_baseline', 0):.0%}"
        )
        print(
            f"  baseline CPU per message / server CPU per view: {r.get('cpu_efficiency_vs_baseline', 0):.0%}"
        )
        if "saturate_commands_vs_baseline_inputs" in r:
            print(
                "  saturation / baseline (commands acked per second / inputs broadcast per second): "
                f"{r['saturate_commands_vs_baseline_inputs']:.0%}"
            )
    if "floor_messages_vs_baseline" in r:
        print(f"  floor / baseline (all messages per second): {r['floor_messages_vs_baseline']:.0%}")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
