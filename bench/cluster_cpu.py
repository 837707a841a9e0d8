"""CPU of two cluster nodes against one node at real pace, robust to a busy machine.

    .venv/bin/python bench/cluster_cpu.py                       # 100 tables, 3 rounds of each, ~5 min
    .venv/bin/python bench/cluster_cpu.py --one-behind-proxy    # + one node behind HAProxy, ~8 min
    .venv/bin/python bench/cluster_cpu.py --rooms 950 --pairs 2 --procs 4 --wait-quiet 30 --behind 0.9 --slow-p99-ms 100
    .venv/bin/python bench/cluster_cpu.py --from-json a.json b.json --slow-p99-ms 100   # two runs' rounds

The configurations ("kinds"), each on fresh processes and a fresh database, the
same tables (same seeds) at real pace:

  one       ``nightfall serve --store postgresql://...``: a single server, no proxy
  proxied   (--one-behind-proxy) the same node behind HAProxy (deploy/haproxy.cfg), as a
            hosted single node would be: what the proxy costs by itself
  cluster   two nodes behind HAProxy, leases in a private redis-server, the same
            PostgreSQL server
  alt       (--alt-template FILE) as proxied, with another HAProxy configuration
  nginx     (--kinds ...,nginx) as proxied, with nginx in place of HAProxy: whether
            another relay pays less per frame (only to compare; the product's is HAProxy)

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
and HAProxy's (and nginx's) CPU per frame it relays.

Each round also reports whether it held the real pace: commands per table per second (0.42-0.43
at these seeds whatever the table count), tap -> view p50/p99 and the bots' CPU. A server that
other jobs starve falls behind and wakes less often, doing more per wake-up: it reads as cheaper
(950 tables, one node, p99 3.1 s: 0.315 ms per table per s against 0.524 at p99 11 ms). So
--wait-quiet waits for a quieter machine before each round, and --behind / --slow-p99-ms leave
such rounds out of the summary. 1,000 tables of 10 do not fit this VM's HAProxy: 2 descriptors
per phone over the hard limit of 20,000 (``ulimit -Hn``); 950 do.
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

from load import FAST_TIMERS, Phases, pct
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
    start_nginx,
    start_node,
    start_proxy,
    start_tables,
    stop_process,
)

KINDS = ("one", "proxied", "cluster", "nginx")


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
        bots = [b.pid for b in phases.procs if b.pid is not None]
        phases.set(REAL)
        real0, t2, bots0 = _sample(parts), time.perf_counter(), cpu_of(bots)
        time.sleep(args.seconds)
        real1, t3, bots1 = _sample(parts), time.perf_counter(), cpu_of(bots)
    finally:
        stats, _closed = phases.finish()
    real = stats.get("real", {})
    latencies = real.get("latencies_ms", [])
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
        # Whether the run held real pace: commands per table per second (the same at every
        # table count when it does), tap -> view, and the bots' share of the two cores.
        "acks_per_table_per_s": round(int(real.get("acks", 0)) / (t3 - t2) / args.rooms, 4),
        "tap_to_view_ms": {"p50": _round(pct(latencies, 0.5)), "p99": _round(pct(latencies, 0.99))},
        "bots_cpu_pct": round(100 * (bots1 - bots0) / (t3 - t2), 1),
    }


def one_node(
    args: argparse.Namespace, data: Path, timers: str, template: Path | None, nginx: bool = False
) -> dict[str, Any]:
    """One node on PostgreSQL; with ``template`` behind HAProxy too, as a hosted
    single node would be (TLS, one public address): the proxy's own cost; with
    ``nginx`` behind nginx instead."""
    name = f"nf_cpu_one_{uuid.uuid4().hex[:8]}"
    log = (data / f"{name}.log").open("wb")
    node = proxy = None
    try:
        node, url = start_node(database(name), {"NIGHTFALL_HEKS_TIMERS": timers}, log)
        parts = {"nodes": [node.pid]}
        if template is not None:
            proxy, url = start_proxy([url.split("//", 1)[1]], data / f"{name}.cfg", log, template)
            parts["haproxy"] = [proxy.pid]
        elif nginx:
            proxy, pids, url = start_nginx(url.split("//", 1)[1], data / name, log, args.rooms * args.players)
            parts["nginx"] = pids
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
        if kind == "nginx":
            return one_node(args, tmp, timers, None, nginx=True)
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
    for proxy in ("haproxy", "nginx"):
        out[proxy] = {
            k: {
                "us_per_frame": _round(
                    _median([1e6 * r["cpu_s"][proxy] / (r["messages"] + r["acks"]) for r in mine[k]])
                ),
                "kernel_share": _round(_median([r["kernel_s"][proxy] / r["cpu_s"][proxy] for r in mine[k]])),
            }
            for k in kinds
            if all(proxy in r["cpu_s"] and r["cpu_s"][proxy] and r["messages"] for r in mine[k])
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
    loads = [x for r in rounds for x in r.get("load", [])]
    out["load"] = [min(loads), max(loads)] if loads else None  # at the rounds' starts and ends
    acks = {k: _median([r["acks"] for r in mine[k]]) for k in kinds}
    out["acks"] = acks

    # Real pace held? The same commands per table per second in every kind and at every
    # table count, a short tap -> view, and bots that left the servers their CPU.
    def pace(r: dict[str, Any], key: str) -> float | None:
        return r["tap_to_view_ms"]["p99"] if key == "p99_ms" else r.get(key)

    out["pace"] = {
        k: {
            key: _round(_median([v for r in mine[k] if (v := pace(r, key)) is not None]))
            for key in ("acks_per_table_per_s", "p99_ms", "bots_cpu_pct")
        }
        for k in kinds
        if all("tap_to_view_ms" in r for r in mine[k])
    }
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
    if s.get("nginx"):
        print(f"nginx per relayed frame: {json.dumps(s['nginx'])}")
    if s["pace"]:
        print(
            f"pace (acks per table per s, tap->view p99 ms, bots' % of a core), medians: {json.dumps(s['pace'])}"
        )
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
        "nginx/one",
        "nginx/proxied",
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
        f"Acks {s['acks']}; load {s['load']} in the rounds, {os.getloadavg()[0]:.1f} now; {seconds:.0f} s"
    )


def cpu_pressure() -> float:
    """% of the last 10 s in which a runnable task waited for a CPU (/proc/pressure/cpu);
    without PSI, the 1-minute load per core as a %. Over 10 s: it sees the machine
    quieten sooner than the 1-minute load, which a round's own processes keep up."""
    try:
        line = Path("/proc/pressure/cpu").read_text().split("\n", 1)[0]
        return float(line.split("avg10=", 1)[1].split()[0])
    except (OSError, IndexError, ValueError):
        return 100 * os.getloadavg()[0] / (os.cpu_count() or 1)


def _wait_until_quiet(below: float | None, at_most: float) -> float:
    """Wait (at most ``at_most`` s) until ``cpu_pressure`` is under ``below`` %; the s waited.
    When other jobs take both cores, the servers at their niceness fall behind the real pace
    (600 tables at load 18-25: a tap waited 8 s for its view), and a round measures a starved
    server, not the pace's cost."""
    start = time.monotonic()
    while below is not None and cpu_pressure() >= below and time.monotonic() - start < at_most:
        time.sleep(2)
    return time.monotonic() - start


def _at_pace(
    rounds: list[dict[str, Any]], behind: float | None, p99_ms: float | None
) -> list[dict[str, Any]]:
    """``rounds`` less those that did not hold the real pace: phones that sent under ``behind``
    times the most commands per table per second of any round (starved bots, or a starved
    server), or a tap -> view p99 over ``p99_ms`` (a starved server: it then wakes less
    often, more work per wake-up, and reads as cheaper: 950 tables, one node at CPU pressure
    27-85 %, p99 3.1 s: 0.315 ms per table per s against 0.524 at p99 11 ms)."""
    best = max((r.get("acks_per_table_per_s", 0) for r in rounds), default=0)
    kept = []
    for r in rounds:
        pace, p99 = r.get("acks_per_table_per_s"), r.get("tap_to_view_ms", {}).get("p99")
        if (behind is not None and pace is not None and pace < behind * best) or (
            p99_ms is not None and p99 is not None and p99 > p99_ms
        ):
            print(f"left out, not at pace: {r['kind']} {pace} acks/table/s, p99 {p99} ms, load {r['load']}")
        else:
            kept.append(r)
    return kept


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
    p.add_argument(
        "--wait-quiet",
        type=float,
        help="before each round wait until CPU pressure (%% of 10 s a task waited) is below this",
    )
    p.add_argument("--wait-quiet-max", type=float, default=300, help="... but at most this many s")
    p.add_argument(
        "--behind",
        type=float,
        help="leave out of the summary rounds under this share (e.g. 0.9) of the best commands per table per s",
    )
    p.add_argument(
        "--slow-p99-ms",
        type=float,
        help="leave out of the summary rounds whose tap -> view p99 is above this (e.g. 100): a starved server",
    )
    p.add_argument("--from-json", nargs="+", help="no run: summarize the rounds saved in these --json files")
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
    if args.from_json:  # no run: the summary of saved rounds (several runs' together)
        saved = [r for f in args.from_json for r in json.loads(Path(f).read_text())["rounds"]]
        args.rooms = saved[0]["rooms"]
        _report(summary(_at_pace(saved, args.behind, args.slow_p99_ms)), args, 0)
        return 0
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
            waited = _wait_until_quiet(args.wait_quiet, args.wait_quiet_max)
            load0, pressure0 = os.getloadavg()[0], cpu_pressure()
            r = _round_of(args, kind, Path(tmp), timers)
            if isinstance(r, str):  # a process that did not start: the other rounds still count
                print(f"round {i + 1}/{len(plan)} {kind:7}: failed: {r}", flush=True)
                continue
            r.update(kind=kind, rooms=args.rooms, load=[round(load0, 1), round(os.getloadavg()[0], 1)])
            r.update(cpu_pressure=[pressure0, cpu_pressure()], waited_s=round(waited))
            rounds.append(r)
            print(
                f"round {i + 1}/{len(plan)} {kind:7}: {_per_table(r, None):.3f} ms CPU per table per s "
                f"(nodes {_per_table(r, ['nodes']):.3f}), {r['acks']} acks, {r['messages']} frames, "
                f"CPU s {r['cpu_s']} (kernel {r['kernel_s']}), wake-ups/s {r['wakeups_per_s']}, "
                f"idle % {r['idle_cpu_pct']}, {r['acks_per_table_per_s']} acks/table/s, "
                f"tap->view ms {r['tap_to_view_ms']}, bots {r['bots_cpu_pct']} % of a core, "
                f"errors {r['errors'] or 0}, load {r['load'][0]} -> {r['load'][1]}, "
                f"CPU pressure {r['cpu_pressure'][0]} -> {r['cpu_pressure'][1]} %, waited {r['waited_s']} s, "
                f"{time.monotonic() - started:.0f} s",
                flush=True,
            )
            if r["setup_errors"]:
                print(f"  set-up errors: {r['setup_errors']}", flush=True)
    s = summary(_at_pace(rounds, args.behind, args.slow_p99_ms))
    _report(s, args, time.monotonic() - started)
    if args.json:
        data = {"args": {k: str(v) for k, v in vars(args).items()}, "rounds": rounds, "summary": s}
        Path(args.json).write_text(json.dumps(data, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
