"""``bench/load.py --cluster``: the same tables at real pace against one node and
against the cluster, in one run, then a node of the cluster killed.

1. one node   ``nightfall serve --store postgresql://...`` (no Redis, no proxy)
2. cluster    two nodes behind HAProxy (deploy/haproxy.cfg), room leases in a
              private redis-server, the same PostgreSQL server (a database each)
3. failover   node1 of the cluster SIGKILLed after the real phase; its phones
              reconnect through the proxy as the phone client does; the time
              from the kill to each one's first view again

CPU is counted for every process that serves the tables: the node(s), and for
the cluster also HAProxy and Redis; PostgreSQL's backends for the run's database
in both. "CPU per table" is that CPU over the real phase, per room. The bots run
on the same machine (so do other jobs): compare the two runs, not the absolute.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import load_client
from load import (
    FAST_TIMERS,
    HOST,
    IDLE,
    REAL,
    Phases,
    cpu_seconds,
    free_port,
    pct,
    sched_ns,
    stop_process,
    summarise,
    wait_health,
)
from nightfall.cluster.local import LocalCluster, ensure_database

ADMIN_URL = os.environ.get("NIGHTFALL_BENCH_POSTGRES", "postgresql://postgres@127.0.0.1:5432/postgres")


def _db(name: str) -> str:
    url = ADMIN_URL.rsplit("/", 1)[0] + "/" + name
    ensure_database(url)
    return url


def _drop(name: str) -> None:
    import psycopg

    with psycopg.connect(ADMIN_URL, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _pg_backends(name: str) -> list[int]:
    import psycopg

    with psycopg.connect(ADMIN_URL, autocommit=True) as admin:
        rows = admin.execute("SELECT pid FROM pg_stat_activity WHERE datname = %s", (name,)).fetchall()
    return [int(r[0]) for r in rows]


def _cpu(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        with contextlib.suppress(FileNotFoundError, ProcessLookupError):
            total += cpu_seconds(pid)
    return total


def _waiting(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        with contextlib.suppress(FileNotFoundError, ProcessLookupError):
            total += sched_ns(pid)[1]
    return total / 1e9


def _measure(
    pids: list[int], seconds: float, clients: list[int], parts: dict[str, list[int]] | None = None
) -> tuple[float, float, float, float, float]:
    """As ``load.measure``, over several server-side processes (no kernel split);
    with ``parts`` (name -> pids), each part's share of a CPU goes into ``parts_pct``."""
    named = parts or {}
    p0 = {name: _cpu(ps) for name, ps in named.items()}
    c0, k0, w0, t0 = _cpu(pids), _cpu(clients), _waiting(pids), time.perf_counter()
    time.sleep(seconds)
    wall = time.perf_counter() - t0
    parts_pct.clear()
    parts_pct.update({name: round(100 * (_cpu(ps) - p0[name]) / wall, 1) for name, ps in named.items()})
    return wall, _cpu(pids) - c0, 0.0, _cpu(clients) - k0, _waiting(pids) - w0


parts_pct: dict[str, float] = {}  # the last ``_measure``'s CPU by part


class PrivateRedis:
    def __init__(self) -> None:
        self.port = free_port()
        self.proc = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", HOST, "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(0.5)

    @property
    def url(self) -> str:
        return f"redis://{HOST}:{self.port}/0"


def _drive(
    args: argparse.Namespace, url: str, parts: dict[str, list[int]], db: str, kill: Any = None
) -> dict[str, Any]:
    """Tables of bots at real pace against ``url``; with ``kill``, call it after the
    real phase and measure how long until every dropped phone saw a view again."""
    phases = Phases(args.procs)
    per = [args.rooms // args.procs + (1 if i < args.rooms % args.procs else 0) for i in range(args.procs)]
    phases.start(
        load_client.worker_main,
        lambda i: (
            url,
            per[i],
            args.players,
            args.seed + i,
            phases.phase,
            (args.think_min, args.think_max),
            args.compression,
            phases.report,
            i,
            None,
            args.stagger,
            args.phone_pings,
            kill is not None,
        ),
        nice=args.nice,
    )
    sockets, setup_errors = phases.wait_ready(timeout=args.setup_timeout)
    parts = {**parts, "postgres": _pg_backends(db)}
    served = [pid for ps in parts.values() for pid in ps]
    phases.set(IDLE)  # every phone connected, nobody playing: what the set-up costs by itself
    time.sleep(2)
    idle_wall, idle_cpu, _, _, _ = _measure(served, args.idle_seconds, [])
    phases.set(REAL)
    wall, cpu, kernel, client_cpu, waited = _measure(
        served, args.duration_real, [p.pid for p in phases.procs], parts
    )
    out: dict[str, Any] = {
        "sockets": sockets,
        "setup_errors": setup_errors,
        "cpu_pct_by_part": dict(parts_pct),
    }
    if kill is not None:
        phases.set(load_client.FAILOVER)
        killed_at = time.time()
        kill()
        time.sleep(args.failover_seconds)
    stats, closed = phases.finish()
    out["real"] = summarise(stats["real"], wall, cpu, kernel, client_cpu, waited, args.rooms)
    out["cpu_ms_per_table_per_s"] = round(1000 * cpu / wall / args.rooms, 3)
    acks = out["real"]["commands_acked"]
    out["cpu_ms_per_command"] = round(1000 * cpu / acks, 3) if acks else None
    out["idle_cpu_pct"] = round(100 * idle_cpu / idle_wall, 1)
    out["client_close_codes"] = closed
    if kill is not None:
        back = sorted(t - killed_at for t in phases.back_at)
        out["failover"] = {
            "phones_dropped": sum(n for code, n in closed.items() if code != "1000"),
            "phones_back": len(back),
            "first_view_s": {
                "p50": round(pct(back, 0.5) or 0, 2),
                "max": round(back[-1], 2) if back else None,
            },
        }
    return out


def run(args: argparse.Namespace, data_dir: Path) -> dict[str, Any]:
    timers = json.dumps({**FAST_TIMERS, **args.timers})
    result: dict[str, Any] = {
        "command": " ".join(sys.argv),
        "rooms": args.rooms,
        "players": args.players,
        "cpus": os.cpu_count(),
    }
    one_db, two_db = f"nf_bench_one_{uuid.uuid4().hex[:8]}", f"nf_bench_two_{uuid.uuid4().hex[:8]}"
    limits = ["--max-rooms", "0", "--max-sockets-per-address", "0", "--http-rate", "0"]

    # 1. One node on PostgreSQL.
    port = free_port()
    env = dict(os.environ, NIGHTFALL_HEKS_TIMERS=timers)
    log = (data_dir / "one-node.log").open("wb")
    node = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "nightfall.cli",
            "serve",
            "--host",
            HOST,
            "--port",
            str(port),
            "--store",
            _db(one_db),
            *limits,
        ],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        wait_health(f"http://{HOST}:{port}", node)
        result["one_node"] = _drive(args, f"http://{HOST}:{port}", {"nodes": [node.pid]}, one_db)
    finally:
        stop_process(node)
        log.close()
        _drop(one_db)

    # 2. The cluster, then 3. the failover.
    redis = PrivateRedis()
    cluster = LocalCluster(
        store=_db(two_db),
        redis=redis.url,
        node_ports=[free_port(), free_port()],
        proxy_port=free_port(),
        logs=data_dir / "cluster",
        lease_ms=args.lease_ms,
        env={"NIGHTFALL_HEKS_TIMERS": timers},
        node_args=limits,
    )
    try:
        cluster.start()
        assert cluster.proxy is not None
        parts = {
            "nodes": [p.pid for p in cluster.nodes if p is not None],
            "haproxy": [cluster.proxy.pid],
            "redis": [redis.proc.pid],
        }
        result["cluster"] = _drive(
            args, cluster.url, parts, two_db, kill=lambda: cluster.signal_node(0, signal.SIGKILL)
        )
    finally:
        cluster.stop()
        stop_process(redis.proc)
        _drop(two_db)
    one, two = result["one_node"], result["cluster"]
    result["cluster_cpu_overhead"] = round(
        two["cpu_ms_per_table_per_s"] / one["cpu_ms_per_table_per_s"] - 1, 3
    )
    if one["cpu_ms_per_command"] and two["cpu_ms_per_command"]:
        per_command = two["cpu_ms_per_command"] / one["cpu_ms_per_command"] - 1
        result["cluster_cpu_overhead_per_command"] = round(per_command, 3)
    return result


def report(r: dict[str, Any]) -> None:
    print(f"{r['rooms']} rooms x {r['players']} players at real pace, {r['cpus']} CPUs")
    for name in ("one_node", "cluster"):
        s = r[name]
        lat = s["real"]["latency_ms"]
        print(
            f"  {name:9} idle {s['idle_cpu_pct']} %, playing {s['real']['server_cpu_pct']} % of a CPU "
            f"({s['cpu_ms_per_table_per_s']} ms per table per s, {s['cpu_ms_per_command']} ms per command; "
            f"waiting for a CPU {s['real']['server_waiting_for_cpu_pct']} %); tap-to-view p50 {lat['p50']} ms, "
            f"p99 {lat['p99']} ms ({lat['samples']} samples); {s['real']['acks_per_room_per_s']} acks/room/s; "
            f"errors {s['real']['errors']}; CPU by part {s['cpu_pct_by_part']} %"
        )
    print(
        f"  cluster CPU overhead: {r['cluster_cpu_overhead']:+.1%} per table, "
        f"{r.get('cluster_cpu_overhead_per_command', 0):+.1%} per command"
    )
    f = r["cluster"].get("failover")
    if f:
        print(
            f"  failover: {f['phones_dropped']} phones dropped by the kill, {f['phones_back']} back; "
            f"first view after the kill p50 {f['first_view_s']['p50']} s, max {f['first_view_s']['max']} s"
        )
