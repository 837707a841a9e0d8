"""What the load benchmarks start and measure, shared by bench/load.py,
bench/load_cluster.py and bench/cluster_cpu.py: free ports, CPU time from /proc,
a server's health, the bot tables, and for the cluster runs a PostgreSQL
database per run, a private Redis, one node on PostgreSQL (optionally behind
HAProxy, or nginx to compare) and a cluster of nodes behind HAProxy.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import resource
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import IO, Any

import httpx

import load_client

HOST = "127.0.0.1"
TICKS = os.sysconf("SC_CLK_TCK")
# Every bot is on 127.0.0.1: lift the per-address limits and the room cap (0 = unlimited).
LIMITS = ["--max-rooms", "0", "--max-sockets-per-address", "0", "--http-rate", "0"]
SERVE = [sys.executable, "-m", "nightfall.cli", "serve", "--host", HOST]
ADMIN_URL = os.environ.get("NIGHTFALL_BENCH_POSTGRES", "postgresql://postgres@127.0.0.1:5432/postgres")


def raise_fd_limit() -> int:
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = hard if hard != resource.RLIM_INFINITY else 65536
    resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    return want


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        port: int = s.getsockname()[1]
        return port


def cpu_seconds(pid: int) -> float:
    user, kernel = cpu_split(pid)
    return user + kernel


def cpu_split(pid: int) -> tuple[float, float]:
    """(user, kernel) CPU seconds of every thread of ``pid`` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) / TICKS, int(fields[12]) / TICKS  # utime, stime


def sched_ns(pid: int) -> tuple[int, int]:
    """The event loop thread's (time on a CPU, time runnable but waiting for one), in ns."""
    on_cpu, waiting, _ = Path(f"/proc/{pid}/schedstat").read_text().split()
    return int(on_cpu), int(waiting)


def _total(pids: list[int], read: Callable[[int], float]) -> float:
    total = 0.0
    for pid in pids:
        with contextlib.suppress(FileNotFoundError, ProcessLookupError):  # a process gone counts nothing
            total += read(pid)
    return total


def cpu_of(pids: list[int]) -> float:
    """CPU seconds (user + kernel) of ``pids`` so far."""
    return _total(pids, cpu_seconds)


def kernel_of(pids: list[int]) -> float:
    """The kernel's part of ``cpu_of``: a relay's syscalls show here."""
    return _total(pids, lambda pid: cpu_split(pid)[1])


def sleeps(pid: int) -> int:
    """How often the threads of ``pid`` (those alive now) went to sleep: voluntary
    context switches, each ended by a wake-up. On the benchmark machine (a VM) a
    wake-up costs a thread 40-220 µs of CPU, so at real pace they, not the work,
    decide most of a process's CPU (docs/benchmarks.md, "The cluster")."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(FileNotFoundError, ProcessLookupError):
            for line in (task / "status").read_text().splitlines():
                if line.startswith("voluntary_ctxt_switches:"):
                    total += int(line.split()[1])
    return total


def sleeps_of(pids: list[int]) -> float:
    """``sleeps`` of ``pids`` together."""
    return _total(pids, sleeps)


def waiting_of(pids: list[int]) -> float:
    """Seconds the main threads of ``pids`` were runnable but waited for a CPU."""
    return _total(pids, lambda pid: sched_ns(pid)[1] / 1e9)


def rss_bytes(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def wait_health(url: str, proc: subprocess.Popen[bytes], timeout: float = 60) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited with {proc.returncode}")
        try:
            if httpx.get(f"{url}/api/health", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise SystemExit("the server did not answer /api/health")


def stop_process(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


def split(rooms: int, procs: int) -> list[int]:
    """``rooms`` tables shared out over ``procs`` bot processes."""
    return [rooms // procs + (1 if i < rooms % procs else 0) for i in range(procs)]


def start_tables(
    phases: Any,
    args: argparse.Namespace,
    url: str,
    reconnect: bool = False,
    cpu_for: Callable[[int], int | None] | None = None,
) -> None:
    """``args.rooms`` tables of ``args.players`` bots against ``url`` in ``args.procs``
    processes (``load.Phases``), at the think time, stagger, compression and pings of
    ``args``; ``reconnect``: a dropped phone reconnects as the phone client does."""
    per = split(args.rooms, args.procs)
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
            cpu_for(i) if cpu_for is not None else None,
            args.stagger,
            args.phone_pings,
            reconnect,
        ),
        nice=args.nice,
    )


# -- the cluster runs' parts ---------------------------------------------------


def database(name: str) -> str:
    """The URL of a fresh database ``name`` on the benchmark's PostgreSQL."""
    from nightfall.cluster.local import ensure_database

    url = ADMIN_URL.rsplit("/", 1)[0] + "/" + name
    ensure_database(url)
    return url


def drop_database(name: str) -> None:
    import psycopg

    with psycopg.connect(ADMIN_URL, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def pg_backends(name: str) -> list[int]:
    """PostgreSQL's backend processes serving database ``name`` now."""
    import psycopg

    with psycopg.connect(ADMIN_URL, autocommit=True) as admin:
        rows = admin.execute("SELECT pid FROM pg_stat_activity WHERE datname = %s", (name,)).fetchall()
    return [int(r[0]) for r in rows]


class PrivateRedis:
    """A redis-server of the run's own, so its CPU is the cluster's alone."""

    def __init__(self, hz: int | None = None) -> None:
        """``hz``: Redis's housekeeping rate (its default 10: ten wake-ups a second, idle or not)."""
        self.port = free_port()
        hz_args = ["--hz", str(hz)] if hz else []
        self.proc = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                HOST,
                "--save",
                "",
                "--appendonly",
                "no",
                *hz_args,
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(0.5)

    @property
    def url(self) -> str:
        return f"redis://{HOST}:{self.port}/0"


def start_node(store: str, env: Mapping[str, str], log: IO[bytes]) -> tuple[subprocess.Popen[bytes], str]:
    """One ``nightfall serve`` on ``store`` (no Redis: a single server); (process, URL)."""
    port = free_port()
    node = subprocess.Popen(
        [*SERVE, "--port", str(port), "--store", store, *LIMITS],
        env=dict(os.environ, **env),
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://{HOST}:{port}"
    wait_health(url, node)
    return node, url


def sized_template(phones: int, directory: Path, template: Path | None = None) -> Path | None:
    """deploy/haproxy.cfg (or ``template``) with ``maxconn`` raised to fit ``phones``
    sockets and the set-up's requests, written into ``directory``; None when it fits
    as it is. HAProxy needs two descriptors per socket (phone and node): it cannot
    start when that is above the process's hard limit (``ulimit -Hn``)."""
    import re

    from nightfall.cluster.proxy import TEMPLATE

    text = (template or TEMPLATE).read_text()
    found = re.search(r"^\s*maxconn (\d+)", text, re.M)
    want = phones + 200
    if found is None or int(found.group(1)) >= want:
        return template
    path = directory / "haproxy-sized.cfg"
    path.write_text(text[: found.start(1)] + str(want) + text[found.end(1) :])
    return path


def start_proxy(
    nodes: list[str], config: Path, log: IO[bytes], template: Path | None = None
) -> tuple[subprocess.Popen[bytes], str]:
    """HAProxy with deploy/haproxy.cfg (or ``template``) in front of ``nodes``
    (``host:port``), its configuration written to ``config``; (process, URL)."""
    from nightfall.cluster.local import find_haproxy
    from nightfall.cluster.proxy import TEMPLATE
    from nightfall.cluster.proxy import config as proxy_config

    port = free_port()
    config.write_text(proxy_config(nodes, template=template or TEMPLATE))
    proxy = subprocess.Popen(
        [find_haproxy(), "-db", "-f", str(config)],
        env=dict(os.environ, NIGHTFALL_PROXY_BIND=f"{HOST}:{port}"),
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://{HOST}:{port}"
    wait_health(url, proxy)
    return proxy, url


NGINX = """\
daemon off;
worker_processes 1;
worker_rlimit_nofile {files};
pid {dir}/nginx.pid;
events {{
    use epoll;
    worker_connections {connections};
}}
http {{
    access_log off;
    client_body_temp_path {dir}/body;
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;
    map $http_upgrade $connection_upgrade {{
        default upgrade;
        ''      close;
    }}
    server {{
        listen {listen} backlog=4096;  # as HAProxy's (its maxconn, to somaxconn); nginx's default is 511
        location / {{
            proxy_pass http://{node};
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_read_timeout 1h;
            proxy_send_timeout 1h;
            proxy_buffering off;
        }}
    }}
}}
"""


def start_nginx(
    node: str, directory: Path, log: IO[bytes], phones: int
) -> tuple[subprocess.Popen[bytes], list[int], str]:
    """nginx (one worker, epoll) in front of ``node`` (``host:port``), to compare its
    cost per relayed frame with HAProxy's; not the product's proxy (deploy/haproxy.cfg),
    and without its stick table or health checks: one node needs neither.
    (master process, [master and worker pids], URL)."""
    import shutil

    binary = shutil.which("nginx") or "/usr/sbin/nginx"
    directory.mkdir(parents=True, exist_ok=True)
    port = free_port()
    # Two descriptors per phone (phone and node), and some for the set-up's requests.
    connections = 2 * phones + 400
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    files = connections + 100 if hard == resource.RLIM_INFINITY else min(connections + 100, hard)
    config = directory / "nginx.conf"
    config.write_text(
        NGINX.format(files=files, dir=directory, connections=connections, listen=f"{HOST}:{port}", node=node)
    )
    proxy = subprocess.Popen(
        [binary, "-e", "stderr", "-p", str(directory), "-c", str(config)],
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://{HOST}:{port}"
    wait_health(url, proxy)
    # The master only starts and watches its worker, which does the relaying: count both.
    children = Path(f"/proc/{proxy.pid}/task/{proxy.pid}/children").read_text().split()
    return proxy, [proxy.pid, *map(int, children)], url


def new_cluster(
    store: str,
    redis: PrivateRedis,
    nodes: int,
    logs: Path,
    lease_ms: int,
    env: Mapping[str, str],
    template: Path | None = None,
    health_ports: bool = True,
) -> Any:
    """A ``LocalCluster`` (not started) of ``nodes`` nodes behind HAProxy, the benchmark's way;
    without ``health_ports`` HAProxy checks the nodes' ``/api/health`` (on their event loops)."""
    from nightfall.cluster.local import LocalCluster
    from nightfall.cluster.proxy import TEMPLATE

    cluster = LocalCluster(
        store=store,
        redis=redis.url,
        node_ports=[free_port() for _ in range(nodes)],
        proxy_port=free_port(),
        logs=logs,
        lease_ms=lease_ms,
        env=env,
        node_args=LIMITS,
        config=template or TEMPLATE,
    )
    if health_ports:  # without: nodes that have no --health-port (an A/B against older ones)
        cluster.health_ports = [free_port() for _ in range(nodes)]
    return cluster


def cluster_parts(cluster: Any, redis: PrivateRedis) -> dict[str, list[int]]:
    """The started cluster's serving processes by part (PostgreSQL's are found later)."""
    return {
        "nodes": [p.pid for p in cluster.nodes if p is not None],
        "haproxy": [cluster.proxy.pid],
        "redis": [redis.proc.pid],
    }
