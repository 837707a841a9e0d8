"""A cluster on one machine: ``nightfall serve`` nodes and HAProxy in front of them
(deploy/haproxy.cfg), on a PostgreSQL and a Redis that are already running.

``make cluster`` runs ``python -m nightfall.cluster.local``: two nodes on ports
8001 and 8002 (``make cluster NODES=3``: three, on 8001-8003; their health checks
on 9001-9003) and the proxy on 8000, on the database ``nightfall`` (created if
missing) of the local PostgreSQL and the local Redis; Ctrl+C stops them all. The
environment changes any of it (``NIGHTFALL_STORE``, ``NIGHTFALL_REDIS``,
``NIGHTFALL_PROXY_PORT``, ``NIGHTFALL_NODES``: how many). The cluster tests and
the benchmark start the same processes through ``LocalCluster``.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .proxy import TEMPLATE as CONFIG
from .proxy import config as proxy_config

DEFAULT_STORE = "postgresql://postgres@127.0.0.1:5432/nightfall"
DEFAULT_REDIS = "redis://127.0.0.1:6379/0"


class ClusterError(Exception):
    pass


def ensure_database(url: str) -> None:
    """Create the database ``url`` names if it does not exist (PostgreSQL only)."""
    import psycopg

    base, name = url.rsplit("/", 1)
    name = name.split("?", 1)[0]
    try:
        with psycopg.connect(f"{base}/postgres", autocommit=True, connect_timeout=5) as admin:
            if admin.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone() is None:
                admin.execute(f'CREATE DATABASE "{name}"')
    except psycopg.Error as exc:
        raise ClusterError(f"cannot create the database {name!r}: {exc}") from exc


def find_haproxy() -> str:
    haproxy = shutil.which("haproxy") or ("/usr/sbin/haproxy" if Path("/usr/sbin/haproxy").exists() else None)
    if haproxy is None:
        raise ClusterError("HAProxy is not installed: apt-get install haproxy (Debian's package)")
    return haproxy


def _healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/api/health", timeout=1) as answer:
            return bool(answer.status == 200)
    except (urllib.error.URLError, OSError):
        return False


@dataclass
class LocalCluster:
    store: str
    redis: str
    node_ports: Sequence[int]
    proxy_port: int
    logs: Path
    host: str = "127.0.0.1"  # where the proxy listens
    prefix: str = "nf"
    lease_ms: int = 2000
    env: Mapping[str, str] = field(default_factory=dict)
    node_args: Sequence[str] = ()
    # Each node's --health-port (cluster/health.py), where HAProxy checks it; none: /api/health.
    health_ports: Sequence[int] = ()
    public_url: str | None = None  # for the join links and QR codes: the proxy's address
    config: Path = CONFIG
    nodes: list[subprocess.Popen[bytes] | None] = field(default_factory=list)
    proxy: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """Where phones connect: the proxy."""
        return f"http://127.0.0.1:{self.proxy_port}"

    def node_url(self, i: int) -> str:
        return f"http://127.0.0.1:{self.node_ports[i]}"

    def start(self) -> None:
        self.logs.mkdir(parents=True, exist_ok=True)
        self.nodes = [None] * len(self.node_ports)
        for i in range(len(self.node_ports)):
            self.start_node(i)
        self.start_proxy()

    def start_node(self, i: int) -> None:
        env = dict(os.environ, **self.env)
        env.update(
            NIGHTFALL_STORE=self.store,
            NIGHTFALL_REDIS=self.redis,
            NIGHTFALL_NODE=f"node{i + 1}",
            NIGHTFALL_LEASE_MS=str(self.lease_ms),
            NIGHTFALL_REDIS_PREFIX=self.prefix,
            NIGHTFALL_PUBLIC_URL=self.public_url or self.url,
        )
        log = (self.logs / f"node{i + 1}.log").open("ab")
        # Nodes listen on the loopback only: phones reach them through the proxy.
        cmd = [sys.executable, "-m", "nightfall.cli", "serve", "--host", "127.0.0.1"]
        if self.health_ports:
            cmd += ["--health-port", str(self.health_ports[i])]
        self.nodes[i] = subprocess.Popen(
            [*cmd, "--port", str(self.node_ports[i]), *self.node_args],
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        log.close()
        self._wait(lambda: _healthy(self.node_url(i)), self.nodes[i], f"node{i + 1}")

    def start_proxy(self) -> None:
        haproxy = find_haproxy()
        # deploy/haproxy.cfg with one server line per node (``proxy.config``).
        path = self.logs / "haproxy.cfg"
        nodes = [f"127.0.0.1:{port}" for port in self.node_ports]
        path.write_text(proxy_config(nodes, template=self.config, health_ports=self.health_ports))
        env = dict(os.environ, NIGHTFALL_PROXY_BIND=f"{self.host}:{self.proxy_port}")
        log = (self.logs / "haproxy.log").open("ab")
        self.proxy = subprocess.Popen(
            [haproxy, "-db", "-f", str(path)], env=env, stdout=log, stderr=subprocess.STDOUT
        )
        log.close()
        self._wait(lambda: _healthy(self.url), self.proxy, "haproxy")

    def _wait(self, ready: Callable[[], bool], proc: subprocess.Popen[bytes] | None, name: str) -> None:
        assert proc is not None
        end = time.monotonic() + 30
        while time.monotonic() < end:
            if proc.poll() is not None:
                log = self.logs / f"{name}.log"
                raise ClusterError(
                    f"{name} exited at start:\n{log.read_text()[-2000:] if log.exists() else ''}"
                )
            if ready():
                return
            time.sleep(0.05)
        raise ClusterError(f"{name} did not start within 30 s (see {self.logs}/{name}.log)")

    def signal_node(self, i: int, sig: signal.Signals) -> None:
        node = self.nodes[i]
        assert node is not None
        node.send_signal(sig)
        if sig == signal.SIGKILL:
            node.wait(10)

    def stop(self) -> None:
        for proc in [self.proxy, *self.nodes]:
            if proc is None or proc.poll() is not None:
                continue
            proc.send_signal(signal.SIGCONT)  # a paused node must be able to stop
            proc.send_signal(signal.SIGINT if proc is not self.proxy else signal.SIGTERM)
        for proc in [self.proxy, *self.nodes]:
            if proc is None:
                continue
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def main(argv: Sequence[str] | None = None) -> int:
    import argparse

    from nightfall.server.main import lan_address

    # No options of its own (the environment sets everything), but --help must explain
    # that rather than start a cluster.
    argparse.ArgumentParser(
        prog="python -m nightfall.cluster.local",
        description=(__doc__ or "").replace("``", ""),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    ).parse_args(argv)
    store = os.environ.get("NIGHTFALL_STORE", DEFAULT_STORE)
    redis = os.environ.get("NIGHTFALL_REDIS", DEFAULT_REDIS)
    proxy_port = int(os.environ.get("NIGHTFALL_PROXY_PORT", "8000"))
    count = int(os.environ.get("NIGHTFALL_NODES") or "2")
    if count < 1:
        print("NIGHTFALL_NODES must be at least 1", file=sys.stderr)
        return 1
    cluster = LocalCluster(
        store=store,
        redis=redis,
        node_ports=[proxy_port + i for i in range(1, count + 1)],
        health_ports=[proxy_port + 1000 + i for i in range(1, count + 1)],
        proxy_port=proxy_port,
        logs=Path(os.environ.get("NIGHTFALL_DATA_DIR", "data")) / "cluster",
        host=os.environ.get("NIGHTFALL_HOST", "0.0.0.0"),
        public_url=os.environ.get("NIGHTFALL_PUBLIC_URL") or f"http://{lan_address()}:{proxy_port}",
    )
    signal.signal(signal.SIGTERM, _interrupt)  # stop the nodes and the proxy too
    try:
        if store.startswith(("postgresql://", "postgres://")):
            ensure_database(store)
        cluster.start()
    except ClusterError as exc:
        print(exc, file=sys.stderr)
        cluster.stop()
        return 1
    print(
        f"\n  Nightfall cluster: phones join at http://<this machine>:{proxy_port}/ (HAProxy)\n"
        f"  nodes on ports {', '.join(map(str, cluster.node_ports))}; store {store.rsplit('@', 1)[-1]},"
        f" Redis {redis.rsplit('@', 1)[-1]}\n  logs in {cluster.logs}/; Ctrl+C stops everything.\n",
        flush=True,
    )
    try:
        while all(p is not None and p.poll() is None for p in [cluster.proxy, *cluster.nodes]):
            time.sleep(0.5)
        print("a process of the cluster exited; stopping the others", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0
    finally:
        cluster.stop()


if __name__ == "__main__":
    sys.exit(main())
