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
import json
import os
import shutil
import signal
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import load_client
from load import FAST_TIMERS, Phases, pct, summarise
from load_client import IDLE, REAL
from serving import (
    PrivateRedis,
    cluster_parts,
    cpu_of,
    database,
    drop_database,
    new_cluster,
    pg_backends,
    sized_template,
    start_node,
    start_tables,
    stop_process,
    waiting_of,
)


def _measure(
    pids: list[int], seconds: float, clients: list[int], parts: dict[str, list[int]] | None = None
) -> tuple[float, float, float, float, float]:
    """As ``load.measure``, over several server-side processes (no kernel split);
    with ``parts`` (name -> pids), each part's share of a CPU goes into ``parts_pct``."""
    named = parts or {}
    p0 = {name: cpu_of(ps) for name, ps in named.items()}
    c0, k0, w0, t0 = cpu_of(pids), cpu_of(clients), waiting_of(pids), time.perf_counter()
    time.sleep(seconds)
    wall = time.perf_counter() - t0
    parts_pct.clear()
    parts_pct.update({name: round(100 * (cpu_of(ps) - p0[name]) / wall, 1) for name, ps in named.items()})
    return wall, cpu_of(pids) - c0, 0.0, cpu_of(clients) - k0, waiting_of(pids) - w0


parts_pct: dict[str, float] = {}  # the last ``_measure``'s CPU by part


def _drive(
    args: argparse.Namespace, url: str, parts: dict[str, list[int]], db: str, kill: Any = None
) -> dict[str, Any]:
    """Tables of bots at real pace against ``url``; with ``kill``, call it after the
    real phase and measure how long until every dropped phone saw a view again."""
    phases = Phases(args.procs)
    start_tables(phases, args, url, reconnect=kill is not None)
    sockets, setup_errors = phases.wait_ready(timeout=args.setup_timeout)
    parts = {**parts, "postgres": pg_backends(db)}
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
        # Phones have CPUs of their own: from here the bots run at the server's priority,
        # or on a busy machine they noticed the kill and reconnected seconds late
        # (--nice 10 at load 16: not one request reached the proxy for 6.5 s).
        for proc in phases.procs:
            os.setpriority(os.PRIO_PROCESS, proc.pid, 0)
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
            "killed_at": time.strftime("%H:%M:%S", time.localtime(killed_at))
            + f".{int(killed_at * 1000) % 1000:03d}",
            "failed_attempts": phases.retried,
            "first_view_s": {
                "p50": round(pct(back, 0.5) or 0, 2),
                "p90": round(pct(back, 0.9) or 0, 2),
                "max": round(back[-1], 2) if back else None,
            },
            # phones back within each second after the kill: where a slow tail comes from
            "back_by_second": {
                str(s): sum(1 for t in back if int(t) == s) for s in sorted({int(t) for t in back})
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

    # 1. One node on PostgreSQL.
    env = {"NIGHTFALL_HEKS_TIMERS": timers}
    node = None
    if not args.failover_only:
        log = (data_dir / "one-node.log").open("wb")
        try:
            node, url = start_node(database(one_db), env, log)
            result["one_node"] = _drive(args, url, {"nodes": [node.pid]}, one_db)
        finally:
            if node is not None:
                stop_process(node)
            log.close()
            drop_database(one_db)

    # 2. The cluster, then 3. the failover.
    redis = PrivateRedis()
    given = Path(args.proxy_template) if args.proxy_template else None
    template = sized_template(args.rooms * args.players, data_dir, given) or given
    cluster = new_cluster(
        database(two_db),
        redis,
        2,
        data_dir / "cluster",
        args.lease_ms,
        env,
        template,
        args.health_checks == "thread",
    )
    try:
        cluster.start()
        result["cluster"] = _drive(
            args,
            cluster.url,
            cluster_parts(cluster, redis),
            two_db,
            kill=lambda: cluster.signal_node(0, signal.SIGKILL),
        )
    finally:
        cluster.stop()
        stop_process(redis.proc)
        drop_database(two_db)
        if args.keep_logs:
            shutil.copytree(data_dir / "cluster", args.keep_logs, dirs_exist_ok=True)
    if args.failover_only:
        return result
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
        if name not in r:
            continue
        s = r[name]
        lat = s["real"]["latency_ms"]
        print(
            f"  {name:9} idle {s['idle_cpu_pct']} %, playing {s['real']['server_cpu_pct']} % of a CPU "
            f"({s['cpu_ms_per_table_per_s']} ms per table per s, {s['cpu_ms_per_command']} ms per command; "
            f"waiting for a CPU {s['real']['server_waiting_for_cpu_pct']} %); tap-to-view p50 {lat['p50']} ms, "
            f"p99 {lat['p99']} ms ({lat['samples']} samples); {s['real']['acks_per_room_per_s']} acks/room/s; "
            f"errors {s['real']['errors']}; CPU by part {s['cpu_pct_by_part']} %"
        )
    if "cluster_cpu_overhead" in r:
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
