"""HAProxy's configuration for any number of nodes, and for several proxies that
share their stick table (``peers``), made from deploy/haproxy.cfg.

deploy/haproxy.cfg is the two-node set-up HAProxy reads as it is (the nodes'
addresses come from the environment). For N nodes this writes the same file with
one ``server`` line per node, and enough retries that a request which lands on
nodes that do not own its room reaches the one that does (each retry goes to
another node). With peers, the proxies tell each other every room -> node they
learn, so a phone that reaches another proxy goes straight to the room's node:

    python -m nightfall.cluster.proxy --node 10.0.0.1:8001 --node 10.0.0.2:8001 \\
        --node 10.0.0.3:8001 > haproxy.cfg
    python -m nightfall.cluster.proxy --node ... --peer lb1=10.0.0.9:10000 \\
        --peer lb2=10.0.0.10:10000 --me lb1 > haproxy.cfg      # on lb1; --me lb2 on lb2
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from pathlib import Path

TEMPLATE = Path(__file__).resolve().parents[3] / "deploy" / "haproxy.cfg"
PEERS = "nightfall"


def config(
    nodes: Sequence[str],
    peers: Sequence[tuple[str, str]] = (),
    me: str | None = None,
    template: Path = TEMPLATE,
    health_ports: Sequence[int] = (),
) -> str:
    """deploy/haproxy.cfg for ``nodes`` (``host:port`` each). ``peers`` (name,
    ``host:port``) are every proxy sharing the stick table, this one (``me``) too.
    ``health_ports``: each node's ``--health-port``, where its checks go (none: its
    ``/api/health``, answered on its event loop)."""
    if not nodes:
        raise ValueError("a cluster needs at least one node")
    if health_ports and len(health_ports) != len(nodes):
        raise ValueError("one --health-port per node, or none")
    if peers and me not in {name for name, _ in peers}:
        raise ValueError(f"--me must name one of the peers ({', '.join(n for n, _ in peers)})")
    lines = template.read_text().splitlines()
    out: list[str] = []
    for line in lines:
        if re.match(r"\s+server node\d ", line):
            continue  # the template's two nodes; every node is written below
        if re.match(r"\s+retries \d+", line):
            # A retry goes to another node: enough of them to try every node but the first.
            line = re.sub(r"retries \d+", f"retries {max(3, len(nodes) - 1)}", line)
        if peers and line.strip().startswith("stick-table "):
            line = f"{line} peers {PEERS}"
        if peers and line.strip() == "global":
            out.append(line)
            out.append(f"    localpeer {me}              # this proxy's name among the peers below")
            continue
        out.append(line)
    ports = [f" port {port}" for port in health_ports] or [""] * len(nodes)
    out += [
        f'    server node{i} "{address}" check{port}'
        for i, (address, port) in enumerate(zip(nodes, ports, strict=True), 1)
    ]
    if peers:
        out += [
            "",
            f"peers {PEERS}                # every proxy, this one too: they share the room -> node table",
        ]
        out += [f"    peer {name} {address}" for name, address in peers]
    return "\n".join(out) + "\n"


def _peer(raw: str) -> tuple[str, str]:
    name, sep, address = raw.partition("=")
    if not sep or not name or ":" not in address:
        raise argparse.ArgumentTypeError(f"--peer takes NAME=HOST:PORT, not {raw!r}")
    return name, address


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--node", action="append", required=True, help="HOST:PORT of a node (once per node)")
    p.add_argument("--peer", action="append", type=_peer, default=[], help="NAME=HOST:PORT of a proxy")
    p.add_argument("--me", help="with --peer: which of the peers this proxy is")
    p.add_argument(
        "--health-port",
        action="append",
        type=int,
        default=[],
        help="each node's --health-port, in --node order",
    )
    args = p.parse_args(argv)
    try:
        sys.stdout.write(config(args.node, args.peer, args.me, health_ports=args.health_port))
    except ValueError as exc:
        p.error(str(exc))
    return 0


if __name__ == "__main__":
    sys.exit(main())
