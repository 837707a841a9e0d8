"""CPU of two cluster nodes against one node at real pace, robust to a busy machine.

    .venv/bin/python bench/cluster_cpu.py                       # 100 tables, 3 rounds of each, ~5 min
    .venv/bin/python bench/cluster_cpu.py --one-behind-proxy    # + one node behind HAProxy, ~8 min
    .venv/bin/python bench/cluster_cpu.py --rooms 1000 --pairs 2 --procs 4

The configurations ("kinds"), each on fresh processes and a fresh database, the
same tables (same seeds) at real pace:

  one       ``nightfall serve --store postgresql://...``: a single server, no proxy
  proxied   (--one-behind-proxy) the same node behind HAProxy (deploy/haproxy.cfg), as a
            hosted single node would be: what the proxy costs by itself
  cluster   two nodes behind HAProxy, leases in a private redis-server, the same
            PostgreSQL server
  alt       (--alt-template FILE) as proxied, with another HAProxy configuration

Rounds run the kinds forward, then backward (one, cluster, cluster, one, ...), so
every configuration runs as often early as late. A round connects every phone,
measures the idle processes for --idle-seconds, then plays for --seconds and
counts the CPU seconds (user + system, from /proc/PID/stat, every thread) of each
serving process: the node(s), HAProxy, Redis, and PostgreSQL's backends of the
round's database. CPU time, not wall time, so other jobs on the machine change it
little (they slow both alike, by cache and frequency, not by the count). The
summary is the median over the rounds of each kind, the ratios of those medians
(cluster/one: the target, at most 1.15; cluster/proxied: the cluster beyond the
proxy) per table and per accepted command, each part's share of the difference,
and HAProxy's CPU per frame it relays.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from load import FAST_TIMERS, Phases
from load_client import IDLE, REAL
from nightfall.cluster.proxy import TEMPLATE
from serving import (
    PrivateRedis,
    cluster_parts,
    cpu_of,
    database,
    drop_database,
    kernel_of,
    new_cluster,
    pg_backends,
    raise_fd_limit,
    sized_template,
    sleeps_of,
    start_node,
    start_proxy,
    start_tables,
    stop_process,
)

KINDS = ("one", "proxied", "cluster")


def _sample(parts: dict[str, list[int]]) -> dict[str, tuple[float, float, float]]:
    return {name: (cpu_of(pids), kernel_of(pids), sleeps_of(pids)) for name, pids in parts.items()}


def _drive(args: argparse.Namespace, url: str, parts: dict[str, list[int]], db: str) -> dict[str, Any]:
    phases = Phases(args.procs)
    start_tables(phases, args, url)
    try:
        sockets, errors = phases.wait_ready(timeout=args.setup_timeout)
        parts = {**parts, "postgres": pg_backends(db)}
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
    return {
        "sockets": sockets,
        "setup_errors": errors,
        "idle_cpu_pct": {
            name: round(100 * (idle1[name][0] - idle0[name][0]) / (t1 - t0), 2) for name in parts
        },
        "cpu_s": {name: round(real1[name][0] - real0[name][0], 3) for name in parts},
        "kernel_s": {name: round(real1[name][1] - real0[name][1], 3) for name in parts},
        # wake-ups (sleeps ended) per second: a count the machine's load changes little
        "wakeups_per_s": {name: round((real1[name][2] - real0[name][2]) / (t3 - t2), 1) for name in parts},
        "seconds": round(t3 - t2, 2),
        "acks": int(real.get("acks", 0)),
        "messages": int(real.get("messages", 0)),  # every frame the phones received
        "errors": real.get("errors", {}),
    }


def one_node(args: argparse.Namespace, data: Path, timers: str, template: Path | None) -> dict[str, Any]:
    """One node on PostgreSQL; with ``template`` behind HAProxy too, as a hosted
    single node would be (TLS, one public address): the proxy's own cost."""
    name = f"nf_cpu_one_{uuid.uuid4().hex[:8]}"
    log = (data / f"{name}.log").open("wb")
    node = proxy = None
    try:
        node, url = start_node(database(name), {"NIGHTFALL_HEKS_TIMERS": timers}, log)
        parts = {"nodes": [node.pid]}
        if template is not None:
            proxy, url = start_proxy([url.split("//", 1)[1]], data / f"{name}.cfg", log, template)
            parts["haproxy"] = [proxy.pid]
        return _drive(args, url, parts, name)
    finally:
        if proxy is not None:
            proxy.terminate()
            proxy.wait(10)
        if node is not None:
            stop_process(node)
        log.close()
        drop_database(name)


def cluster(
    args: argparse.Namespace, data: Path, timers: str, template: Path | None, src: Path | None = None
) -> dict[str, Any]:
    """``src``: the nodes run that checkout's ``src`` (with --health-port if its nodes have one)."""
    name = f"nf_cpu_two_{uuid.uuid4().hex[:8]}"
    health = src is None or "--health-port" in (src / "src" / "nightfall" / "cli.py").read_text()
    redis = PrivateRedis(args.redis_hz)
    env = {"NIGHTFALL_HEKS_TIMERS": timers, **({"PYTHONPATH": str(src / "src")} if src else {})}
    nodes = new_cluster(
        database(name), redis, args.nodes, data / name, args.lease_ms, env, template, health_ports=health
    )
    try:
        nodes.start()
        return _drive(args, nodes.url, cluster_parts(nodes, redis), name)
    finally:
        nodes.stop()
        stop_process(redis.proc)
        drop_database(name)


def _round_of(args: argparse.Namespace, kind: str, tmp: Path, timers: str) -> dict[str, Any] | str:
    """One round of ``kind``, or why it failed."""
    phones = args.rooms * args.players
    try:
        if kind == "cluster":
            return cluster(args, tmp, timers, sized_template(phones, tmp, args.template))
        if kind == "src":  # the cluster of --alt-src's nodes and its deploy/haproxy.cfg
            old = sized_template(phones, tmp, args.alt_src / "deploy" / "haproxy.cfg")
            return cluster(args, tmp, timers, old or args.alt_src / "deploy" / "haproxy.cfg", args.alt_src)
        if kind == "hz":  # the cluster with --alt-redis-hz
            other = argparse.Namespace(**{**vars(args), "redis_hz": args.alt_redis_hz})
            return cluster(other, tmp, timers, sized_template(phones, tmp, args.template))
        if kind == "lease":  # the cluster with --alt-lease-ms
            other = argparse.Namespace(**{**vars(args), "lease_ms": args.alt_lease_ms})
            return cluster(other, tmp, timers, sized_template(phones, tmp, args.template))
        template = {"one": None, "proxied": args.template or TEMPLATE, "alt": args.alt_template}[kind]
        if template is not None:
            template = sized_template(phones, tmp, template)
        return one_node(args, tmp, timers, template)
    except (Exception, SystemExit) as exc:
        return repr(exc)


def _per_table(r: dict[str, Any], parts: list[str] | None) -> float:
    """ms of CPU per table per second, of ``parts`` (None: every part)."""
    cpu = sum(v for k, v in r["cpu_s"].items() if parts is None or k in parts)
    return float(1000 * cpu / r["seconds"] / r["rooms"])


def _per_command(r: dict[str, Any], parts: list[str] | None) -> float | None:
    cpu = sum(v for k, v in r["cpu_s"].items() if parts is None or k in parts)
    return 1000 * cpu / r["acks"] if r["acks"] else None


def _median(values: list[float]) -> float | None:
    return float(statistics.median(values)) if values else None


def _ratio(a: float | None, b: float | None) -> float | None:
    return round(a / b, 3) if a and b else None


def summary(rounds: list[dict[str, Any]]) -> dict[str, Any]:
    """Medians of each configuration ("kind") and their ratios to the one node.

    ``overhead_pct`` is each configuration's CPU per table less the one node's, by
    part, as a share of the one node's whole (the parts add up to its ratio - 1);
    ``beyond_proxy`` is the cluster's less the proxied node's: what the second node,
    Redis and the leases cost once both have the proxy."""
    kinds = [k for k in (*KINDS, "alt", "lease", "hz", "src") if any(r["kind"] == k for r in rounds)]
    mine = {k: [r for r in rounds if r["kind"] == k] for k in kinds}
    out: dict[str, Any] = {"kinds": kinds, "rounds": {k: len(v) for k, v in mine.items()}}
    for scope, parts in (("all", None), ("nodes", ["nodes"])):
        medians = {
            k: {
                "ms_per_table_per_s": _median([_per_table(r, parts) for r in mine[k]]),
                "ms_per_command": _median([v for r in mine[k] if (v := _per_command(r, parts)) is not None]),
            }
            for k in kinds
        }
        out[scope] = {k: {key: _round(v) for key, v in m.items()} for k, m in medians.items()}
        for k in kinds:
            for base in ("one", "proxied"):
                if k != base and base in medians and (k, base) != ("one", "proxied"):
                    out[scope][f"{k}/{base}"] = {
                        "per_table": _ratio(
                            medians[k]["ms_per_table_per_s"], medians[base]["ms_per_table_per_s"]
                        ),
                        "per_command": _ratio(medians[k]["ms_per_command"], medians[base]["ms_per_command"]),
                    }
    names = sorted({p for r in rounds for p in r["cpu_s"]})
    out["cpu_pct_of_a_core_by_part"] = {
        k: {
            p: _round(_median([100 * r["cpu_s"][p] / r["seconds"] for r in mine[k] if p in r["cpu_s"]]))
            for p in names
            if any(p in r["cpu_s"] for r in mine[k])
        }
        for k in kinds
    }
    # Wake-ups per accepted command, by part: what the CPU follows at real pace (see ``sleeps``).
    out["wakeups_per_command_by_part"] = {
        k: {
            p: _round(
                _median([r["wakeups_per_s"][p] * r["seconds"] / r["acks"] for r in mine[k] if r["acks"]])
            )
            for p in names
            if all(p in r.get("wakeups_per_s", {}) for r in mine[k])
        }
        for k in kinds
    }
    out["wakeups_per_command"] = {
        k: _round(
            _median(
                [sum(r["wakeups_per_s"].values()) * r["seconds"] / r["acks"] for r in mine[k] if r["acks"]]
            )
        )
        for k in kinds
        if all("wakeups_per_s" in r for r in mine[k])
    }
    out["idle_cpu_pct_by_part"] = {
        k: {
            p: _round(_median([r["idle_cpu_pct"][p] for r in mine[k] if p in r["idle_cpu_pct"]]))
            for p in names
            if any(p in r["idle_cpu_pct"] for r in mine[k])
        }
        for k in kinds
    }
    # The proxy's cost per frame it relays (each frame a phone received, each command it sent),
    # and how much of it is the kernel's (recv and send: what any relay pays).
    out["haproxy"] = {
        k: {
            "us_per_frame": _round(
                _median([1e6 * r["cpu_s"]["haproxy"] / (r["messages"] + r["acks"]) for r in mine[k]])
            ),
            "kernel_share": _round(
                _median([r["kernel_s"]["haproxy"] / r["cpu_s"]["haproxy"] for r in mine[k]])
            ),
        }
        for k in kinds
        if all("haproxy" in r["cpu_s"] and r["cpu_s"]["haproxy"] and r["messages"] for r in mine[k])
    }

    def part(k: str, p: str) -> float:
        return _median([_per_table(r, [p]) if p in r["cpu_s"] else 0.0 for r in mine[k]]) or 0.0

    one_ms = out["all"]["one"]["ms_per_table_per_s"] if "one" in mine else None
    if one_ms:  # None or 0.0 (a tiny run can count no clock tick of CPU)
        out["overhead_pct"] = {
            k: {p: round(100 * (part(k, p) - part("one", p)) / one_ms, 1) for p in names}
            for k in kinds
            if k != "one"
        }
        if "proxied" in mine and "cluster" in mine:
            out["beyond_proxy_pct"] = {
                p: round(100 * (part("cluster", p) - part("proxied", p)) / one_ms, 1) for p in names
            }
    acks = {k: _median([r["acks"] for r in mine[k]]) for k in kinds}
    out["acks"] = acks
    return out


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 3)


def _report(s: dict[str, Any], args: argparse.Namespace, seconds: float) -> None:
    print(f"by part, % of a core, medians: {json.dumps(s['cpu_pct_of_a_core_by_part'])}")
    print(f"idle, % of a core, medians: {json.dumps(s['idle_cpu_pct_by_part'])}")
    print(
        f"wake-ups per accepted command, medians: {json.dumps(s['wakeups_per_command'])}; "
        f"by part {json.dumps(s['wakeups_per_command_by_part'])}"
    )
    if s["haproxy"]:
        print(f"HAProxy per relayed frame: {json.dumps(s['haproxy'])}")
    for scope in ("nodes", "all"):
        x = s[scope]
        print(
            f"{scope:5}: "
            + "; ".join(
                f"{k} {x[k]['ms_per_table_per_s']} ms/table/s, {x[k]['ms_per_command']} ms/command"
                for k in s["kinds"]
            )
        )
    a, n = s["all"], s["nodes"]
    ratios = []
    for key in (
        "cluster/one",
        "proxied/one",
        "cluster/proxied",
        "alt/one",
        "alt/proxied",
        "lease/one",
        "hz/one",
        "src/one",
    ):
        if key in a:
            ratios.append(
                f"{key} per table x{a[key]['per_table']} (nodes only x{n[key]['per_table']}), "
                f"per command x{a[key]['per_command']}"
            )
    parts = "; ".join(
        f"{k} - one: " + ", ".join(f"{p} {v:+.1f} %" for p, v in by.items())
        for k, by in s.get("overhead_pct", {}).items()
    )
    if "beyond_proxy_pct" in s:
        parts += "; cluster - proxied: " + ", ".join(
            f"{p} {v:+.1f} %" for p, v in s["beyond_proxy_pct"].items()
        )
    print(
        f"SUMMARY CPU per table, {args.rooms} tables x {args.players}, medians of {dict(s['rounds'])} rounds: "
        f"{'; '.join(ratios)} (target: cluster <= x1.15). By part, % of the one node's CPU: {parts}. "
        f"Acks {s['acks']}; load {os.getloadavg()[0]:.1f}; {seconds:.0f} s"
    )


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
    p.add_argument("--lease-ms", type=int, default=2000)
    p.add_argument("--setup-timeout", type=float, default=300)
    p.add_argument(
        "--one-behind-proxy",
        action="store_true",
        help="also the one node behind HAProxy (kind 'proxied'): the proxy's cost, and the cluster's beyond it",
    )
    p.add_argument("--kinds", help=f"comma-separated configurations to run, of {', '.join(KINDS)}")
    p.add_argument(
        "--template", type=Path, help="HAProxy configuration template (default deploy/haproxy.cfg)"
    )
    p.add_argument(
        "--alt-template",
        type=Path,
        help="also the one node behind HAProxy with this template (kind 'alt'): A/B of a proxy setting",
    )
    p.add_argument(
        "--alt-lease-ms",
        type=int,
        help="also the cluster with this --lease-ms (kind 'lease'): A/B of the lease",
    )
    p.add_argument("--redis-hz", type=int, help="the cluster's Redis --hz (default: Redis's own, 10)")
    p.add_argument(
        "--alt-redis-hz",
        type=int,
        help="also the cluster with this Redis --hz (kind 'hz'): what Redis's housekeeping costs",
    )
    p.add_argument(
        "--alt-src",
        type=Path,
        help="also the cluster running this checkout's src/ and deploy/haproxy.cfg (kind 'src'): before/after",
    )
    p.add_argument("--json", help="write every round and the summary to this file")
    p.set_defaults(compression=True, phone_pings="quiet")  # as the phone client (bench/load.py's defaults)
    args = p.parse_args()
    kinds = list(
        args.kinds.split(",")
        if args.kinds
        else ("one", "proxied", "cluster")
        if args.one_behind_proxy
        else ("one", "cluster")
    )
    if not set(kinds) <= set(KINDS):
        p.error(f"--kinds takes {', '.join(KINDS)}")
    if args.alt_template:
        kinds.append("alt")
    if args.alt_lease_ms:
        kinds.append("lease")
    if args.alt_redis_hz:
        kinds.append("hz")
    if args.alt_src:
        kinds.append("src")
    raise_fd_limit()
    timers = json.dumps(FAST_TIMERS)
    # Forward, then backward (one, cluster, cluster, one, ...): every configuration runs as
    # often early as late, so a machine getting busier or quieter favours none.
    order = [kinds if i % 2 == 0 else kinds[::-1] for i in range(args.pairs)]
    plan = [kind for round_ in order for kind in round_]
    rounds: list[dict[str, Any]] = []
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="nf-cluster-cpu-") as tmp:
        for i, kind in enumerate(plan):
            load0 = os.getloadavg()[0]
            r = _round_of(args, kind, Path(tmp), timers)
            if isinstance(r, str):  # a process that did not start: the other rounds still count
                print(f"round {i + 1}/{len(plan)} {kind:7}: failed: {r}", flush=True)
                continue
            r.update(kind=kind, rooms=args.rooms, load=[round(load0, 1), round(os.getloadavg()[0], 1)])
            rounds.append(r)
            print(
                f"round {i + 1}/{len(plan)} {kind:7}: {_per_table(r, None):.3f} ms CPU per table per s "
                f"(nodes {_per_table(r, ['nodes']):.3f}), {r['acks']} acks, {r['messages']} frames, "
                f"CPU s {r['cpu_s']} (kernel {r['kernel_s']}), wake-ups/s {r['wakeups_per_s']}, "
                f"idle % {r['idle_cpu_pct']}, "
                f"errors {r['errors'] or 0}, load {r['load'][0]} -> {r['load'][1]}, {time.monotonic() - started:.0f} s",
                flush=True,
            )
            if r["setup_errors"]:
                print(f"  set-up errors: {r['setup_errors']}", flush=True)
    s = summary(rounds)
    _report(s, args, time.monotonic() - started)
    if args.json:
        data = {"args": {k: str(v) for k, v in vars(args).items()}, "rounds": rounds, "summary": s}
        Path(args.json).write_text(json.dumps(data, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
