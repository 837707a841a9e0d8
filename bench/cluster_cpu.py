"""CPU of two cluster nodes against one node at real pace, robust to a busy machine.

    .venv/bin/python bench/cluster_cpu.py                       # 100 tables, 3 pairs, ~5 min
    .venv/bin/python bench/cluster_cpu.py --rooms 1000 --pairs 2 --procs 4

Rounds alternate one node and the cluster (one, cluster, cluster, one, one,
cluster, ...: every configuration runs as often early as late), each on fresh
processes and a fresh database, the same tables (same seeds) at real pace:

  one node   ``nightfall serve --store postgresql://...`` (--one-behind-proxy: behind
             HAProxy too, as a hosted node would be: what the cluster adds beyond the proxy)
  cluster    two nodes behind HAProxy (deploy/haproxy.cfg), leases in a private
             redis-server, the same PostgreSQL server

A round connects every phone, measures the idle processes for --idle-seconds,
then plays for --seconds and counts the CPU seconds (user + system, from
/proc/PID/stat, every thread) of each serving process: the node(s); and for the
cluster also HAProxy and Redis; PostgreSQL's backends of the round's database in
both. CPU time, not wall time, so other jobs on the machine change it little
(they slow both alike, by cache and frequency, not by the count). The summary
is the median over the rounds of each configuration, and the ratio cluster /
one node of those medians, per table (the target: at most 1.15) and per
accepted command (the same work, whatever pace the bots kept).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import load_client
from load import (
    FAST_TIMERS,
    HOST,
    IDLE,
    REAL,
    Phases,
    cpu_seconds,
    free_port,
    raise_fd_limit,
    stop_process,
    wait_health,
)
from load_cluster import PrivateRedis, _db, _drop, _pg_backends
from nightfall.cluster.local import LocalCluster, find_haproxy
from nightfall.cluster.proxy import config as proxy_config

SERVE = [sys.executable, "-m", "nightfall.cli", "serve", "--host", HOST]
LIMITS = ["--max-rooms", "0", "--max-sockets-per-address", "0", "--http-rate", "0"]


def _cpu(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        with contextlib.suppress(FileNotFoundError, ProcessLookupError):
            total += cpu_seconds(pid)
    return total


def _sample(parts: dict[str, list[int]]) -> dict[str, float]:
    return {name: _cpu(pids) for name, pids in parts.items()}


def _drive(args: argparse.Namespace, url: str, parts: dict[str, list[int]], db: str) -> dict[str, Any]:
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
            True,
            phases.report,
            i,
            None,
            args.stagger,
            "quiet",
            False,
        ),
        nice=args.nice,
    )
    try:
        sockets, errors = phases.wait_ready(timeout=args.setup_timeout)
        parts = {**parts, "postgres": _pg_backends(db)}
        phases.set(IDLE)
        time.sleep(1)
        t0, idle0 = time.perf_counter(), _sample(parts)
        time.sleep(args.idle_seconds)
        idle1, t1 = _sample(parts), time.perf_counter()
        phases.set(REAL)
        real0, t2 = _sample(parts), time.perf_counter()
        time.sleep(args.seconds)
        real1, t3 = _sample(parts), time.perf_counter()
    finally:
        stats, _closed = phases.finish()
    real = stats.get("real", {})
    acks = int(real.get("acks", 0))
    cpu = {name: real1[name] - real0[name] for name in parts}
    return {
        "sockets": sockets,
        "setup_errors": errors,
        "idle_cpu_pct": {name: round(100 * (idle1[name] - idle0[name]) / (t1 - t0), 2) for name in parts},
        "cpu_s": {name: round(v, 3) for name, v in cpu.items()},
        "seconds": round(t3 - t2, 2),
        "acks": acks,
        "errors": real.get("errors", {}),
    }


def one_node(args: argparse.Namespace, data: Path, timers: str) -> dict[str, Any]:
    name = f"nf_cpu_one_{uuid.uuid4().hex[:8]}"
    port = free_port()
    log = (data / f"{name}.log").open("wb")
    node = subprocess.Popen(
        [*SERVE, "--port", str(port), "--store", _db(name), *LIMITS],
        env=dict(os.environ, NIGHTFALL_HEKS_TIMERS=timers),
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    proxy = None
    try:
        wait_health(f"http://{HOST}:{port}", node)
        url, parts = f"http://{HOST}:{port}", {"nodes": [node.pid]}
        if args.one_behind_proxy:  # as a hosted single node would be (TLS, one address)
            proxy_port = free_port()
            path = data / f"{name}.cfg"
            path.write_text(proxy_config([f"{HOST}:{port}"]))
            proxy = subprocess.Popen(
                [find_haproxy(), "-db", "-f", str(path)],
                env=dict(os.environ, NIGHTFALL_PROXY_BIND=f"{HOST}:{proxy_port}"),
                stdout=log,
                stderr=subprocess.STDOUT,
            )
            url, parts = f"http://{HOST}:{proxy_port}", {**parts, "haproxy": [proxy.pid]}
            wait_health(url, proxy)
        return _drive(args, url, parts, name)
    finally:
        if proxy is not None:
            proxy.terminate()
            proxy.wait(10)
        stop_process(node)
        log.close()
        _drop(name)


def cluster(args: argparse.Namespace, data: Path, timers: str) -> dict[str, Any]:
    name = f"nf_cpu_two_{uuid.uuid4().hex[:8]}"
    redis = PrivateRedis()
    nodes = LocalCluster(
        store=_db(name),
        redis=redis.url,
        node_ports=[free_port() for _ in range(args.nodes)],
        proxy_port=free_port(),
        logs=data / name,
        lease_ms=args.lease_ms,
        env={"NIGHTFALL_HEKS_TIMERS": timers},
        node_args=LIMITS,
    )
    try:
        nodes.start()
        assert nodes.proxy is not None
        parts = {
            "nodes": [p.pid for p in nodes.nodes if p is not None],
            "haproxy": [nodes.proxy.pid],
            "redis": [redis.proc.pid],
        }
        return _drive(args, nodes.url, parts, name)
    finally:
        nodes.stop()
        stop_process(redis.proc)
        _drop(name)


def _per_table(r: dict[str, Any], parts: list[str] | None) -> float:
    """ms of CPU per table per second, of ``parts`` (None: every part)."""
    cpu = sum(v for k, v in r["cpu_s"].items() if parts is None or k in parts)
    return 1000 * cpu / r["seconds"] / r["rooms"]


def _per_command(r: dict[str, Any], parts: list[str] | None) -> float | None:
    cpu = sum(v for k, v in r["cpu_s"].items() if parts is None or k in parts)
    return 1000 * cpu / r["acks"] if r["acks"] else None


def summary(rounds: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for scope, parts in (("all", None), ("nodes", ["nodes"])):
        medians: dict[str, dict[str, Any]] = {}
        for kind in ("one", "cluster"):
            mine = [r for r in rounds if r["kind"] == kind]
            per_command = [v for r in mine if (v := _per_command(r, parts)) is not None]
            medians[kind] = {
                "ms_per_table_per_s": round(statistics.median(_per_table(r, parts) for r in mine), 3),
                "ms_per_command": round(statistics.median(per_command), 3) if per_command else None,
            }
        one, two = medians["one"], medians["cluster"]
        out[scope] = {
            **medians,
            "ratio_per_table": round(two["ms_per_table_per_s"] / one["ms_per_table_per_s"], 3),
            "ratio_per_command": round(two["ms_per_command"] / one["ms_per_command"], 3)
            if one["ms_per_command"] and two["ms_per_command"]
            else None,
        }
    by_part: dict[str, dict[str, float]] = {}
    for kind in ("one", "cluster"):
        mine = [r for r in rounds if r["kind"] == kind]
        for part in mine[0]["cpu_s"]:
            by_part.setdefault(kind, {})[part] = round(
                statistics.median(100 * r["cpu_s"][part] / r["seconds"] for r in mine), 2
            )
        by_part.setdefault(kind + "_idle", {}).update(
            {
                part: round(statistics.median(r["idle_cpu_pct"][part] for r in mine), 2)
                for part in mine[0]["idle_cpu_pct"]
            }
        )
    out["cpu_pct_of_a_core_by_part"] = by_part
    # Where the overhead is: each part's median CPU per table in the cluster less the one
    # node's, as a share of the one node's whole (they add up to about the ratio - 1).
    base = out["all"]["one"]["ms_per_table_per_s"]
    overhead = {}
    for part in by_part["cluster"]:
        two = statistics.median(_per_table(r, [part]) for r in rounds if r["kind"] == "cluster")
        ones = [_per_table(r, [part]) for r in rounds if r["kind"] == "one" and part in r["cpu_s"]]
        overhead[part] = round(100 * (two - (statistics.median(ones) if ones else 0.0)) / base, 1)
    out["overhead_pct_by_part"] = overhead
    acks = {k: statistics.median(r["acks"] for r in rounds if r["kind"] == k) for k in ("one", "cluster")}
    out["acks_ratio"] = round(acks["cluster"] / acks["one"], 3) if acks["one"] else None
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rooms", type=int, default=100)
    p.add_argument("--players", type=int, default=10)
    p.add_argument("--pairs", type=int, default=3, help="rounds of each configuration")
    p.add_argument("--seconds", type=float, default=30, help="real pace measured per round")
    p.add_argument("--idle-seconds", type=float, default=4)
    p.add_argument("--nodes", type=int, default=2, help="cluster nodes")
    p.add_argument("--procs", type=int, default=2, help="bot processes")
    p.add_argument("--nice", type=int, default=10, help="the bots' niceness: the server goes first")
    p.add_argument("--think-min", type=float, default=5.0)
    p.add_argument("--think-max", type=float, default=25.0)
    p.add_argument("--stagger", type=float, default=0.0, help="spread the tables' starts over this many s")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--lease-ms", type=int, default=3000)
    p.add_argument("--setup-timeout", type=float, default=300)
    p.add_argument(
        "--one-behind-proxy",
        action="store_true",
        help="the one node behind HAProxy too: what the cluster costs beyond the proxy",
    )
    p.add_argument("--json", help="write every round and the summary to this file")
    args = p.parse_args()
    raise_fd_limit()
    timers = json.dumps(FAST_TIMERS)
    order = [("one", "cluster"), ("cluster", "one")]
    kinds = [kind for i in range(args.pairs) for kind in order[i % 2]]
    rounds: list[dict[str, Any]] = []
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="nf-cluster-cpu-") as tmp:
        for i, kind in enumerate(kinds):
            r = (one_node if kind == "one" else cluster)(args, Path(tmp), timers)
            r.update(kind=kind, rooms=args.rooms)
            rounds.append(r)
            load = os.getloadavg()[0]
            print(
                f"round {i + 1}/{len(kinds)} {kind:7}: {_per_table(r, None):.3f} ms CPU per table per s "
                f"(nodes {_per_table(r, ['nodes']):.3f}), {r['acks']} acks, CPU s {r['cpu_s']}, "
                f"idle % {r['idle_cpu_pct']}, errors {r['errors'] or 0}, load {load:.1f}, "
                f"{time.monotonic() - started:.0f} s",
                flush=True,
            )
            if r["setup_errors"]:
                print(f"  set-up errors: {r['setup_errors']}", flush=True)
    s = summary(rounds)
    print(f"by part, % of a core, medians: {json.dumps(s['cpu_pct_of_a_core_by_part'])}")
    for scope in ("nodes", "all"):
        x = s[scope]
        print(
            f"{scope:5}: one node {x['one']['ms_per_table_per_s']} ms/table/s, {x['one']['ms_per_command']} ms/command;"
            f" cluster {x['cluster']['ms_per_table_per_s']} ms/table/s, {x['cluster']['ms_per_command']} ms/command"
        )
    a, n = s["all"], s["nodes"]
    parts = ", ".join(f"{k} {v:+.1f} %" for k, v in s["overhead_pct_by_part"].items())
    print(
        f"SUMMARY cluster/one CPU, {args.rooms} tables x {args.players}, median of {args.pairs} rounds each: "
        f"per table x{a['ratio_per_table']} (target <= x1.15; nodes only x{n['ratio_per_table']}; "
        f"by part {parts}), per command x{a['ratio_per_command']} (nodes only x{n['ratio_per_command']}); "
        f"acks cluster/one x{s['acks_ratio']}; load {os.getloadavg()[0]:.1f}; {time.monotonic() - started:.0f} s"
    )
    if args.json:
        Path(args.json).write_text(json.dumps({"args": vars(args), "rounds": rounds, "summary": s}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
