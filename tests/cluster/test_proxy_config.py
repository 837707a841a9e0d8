"""HAProxy's configuration for N nodes and for proxies that share their stick table
(``nightfall.cluster.proxy``): HAProxy accepts it, and on the real processes three
nodes share the rooms, and a room learnt by one proxy is routed by the other
straight to its node (``peers``), with no 503 detour."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from websockets.asyncio.client import ClientConnection

from nightfall.cluster.local import _healthy, find_haproxy
from nightfall.cluster.proxy import config
from tests.faults.live import make_table, open_seat
from tests.local_servers import free_port

from .live import NAMES, accepted_sockets, cluster, forget_keys, owners, refusals

pytestmark = pytest.mark.timeout(180)


def _check(text: str, tmp_path: Path) -> None:
    path = tmp_path / "haproxy.cfg"
    path.write_text(text)
    env = dict(os.environ, NIGHTFALL_PROXY_BIND="127.0.0.1:1")
    checked = subprocess.run([find_haproxy(), "-c", "-f", str(path)], env=env, capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_the_config_names_every_node_and_retries_past_them(tmp_path: Path) -> None:
    nodes = [f"10.0.0.{i}:8001" for i in range(1, 6)]
    text = config(nodes)
    servers = [line.split()[1:3] for line in text.splitlines() if line.strip().startswith("server ")]
    assert servers == [[f"node{i}", f'"{a}"'] for i, a in enumerate(nodes, 1)]
    assert "retries 4" in text  # five nodes: a request may meet four that do not own its room
    assert "peers nightfall" not in text and "localpeer" not in text
    _check(text, tmp_path)


def test_peers_share_the_stick_table(tmp_path: Path) -> None:
    text = config(
        ["10.0.0.1:8001", "10.0.0.2:8001"], [("lb1", "10.0.0.9:10000"), ("lb2", "10.0.0.10:10000")], "lb2"
    )
    assert "localpeer lb2" in text
    assert "stick-table type string len 8 size 1m expire 24h peers nightfall" in text
    assert "    peer lb1 10.0.0.9:10000" in text and "    peer lb2 10.0.0.10:10000" in text
    _check(text, tmp_path)
    with pytest.raises(ValueError):
        config(["10.0.0.1:8001"], [("lb1", "10.0.0.9:10000")], "lb3")


async def test_three_nodes_and_two_proxies_that_share_the_rooms(pg_url: str, tmp_path: Path) -> None:
    c = cluster(pg_url, tmp_path / "logs")
    c.node_ports = [free_port() for _ in range(3)]
    c.health_ports = [free_port() for _ in range(3)]
    peers = [("lb1", f"127.0.0.1:{free_port()}"), ("lb2", f"127.0.0.1:{free_port()}")]
    ports = {"lb1": free_port(), "lb2": free_port()}
    proxies: list[subprocess.Popen[bytes]] = []
    sockets: list[ClientConnection] = []
    sockets_at = {name: tmp_path / f"{name}.sock" for name in ports}
    try:
        c.logs.mkdir(parents=True)
        c.nodes = [None] * 3
        for i in range(3):
            c.start_node(i)
        for name in ("lb1", "lb2"):
            path = c.logs / f"{name}.cfg"
            nodes = [f"127.0.0.1:{p}" for p in c.node_ports]
            text = config(nodes, peers, name, health_ports=c.health_ports)
            # The runtime API, for the test to see what each proxy knows (not in the deploy file).
            path.write_text(text.replace("global\n", f"global\n    stats socket {sockets_at[name]}\n", 1))
            env = dict(os.environ, NIGHTFALL_PROXY_BIND=f"127.0.0.1:{ports[name]}")
            log = (c.logs / f"{name}.log").open("ab")
            proxies.append(
                subprocess.Popen([find_haproxy(), "-db", "-f", str(path)], env=env, stdout=log, stderr=log)
            )
            log.close()
        a, b = (f"http://127.0.0.1:{ports[name]}" for name in ("lb1", "lb2"))
        for url, proc in zip((a, b), proxies, strict=True):
            for _ in range(200):
                if _healthy(url) or proc.poll() is not None:
                    break
                time.sleep(0.05)
            assert _healthy(url), (c.logs / "lb1.log").read_text()
        # A proxy sends new rooms only to the nodes its health checks count as up: all three,
        # before any room is made (a loaded machine may take a while for the first checks).
        every_node = {"node1", "node2", "node3"}
        for name in ports:
            await _every_node_up(name, sockets_at[name])

        # Rooms made through the first proxy are spread over the three nodes...
        codes = []
        tokens = {}
        for _ in range(6):
            code, room_tokens = await make_table(a, NAMES)
            codes.append(code)
            tokens[code] = room_tokens
        creates = {
            n: (c.logs / f"{n}.log").read_text().count('"POST /api/rooms HTTP') for n in sorted(every_node)
        }
        assert set(owners(c, codes).values()) == every_node, f"rooms made on each node: {creates}"
        # ...the first proxy tells the second each room's node (peers: a moment later)...
        await _until(
            "the second proxy knows every room",
            lambda: set(codes) <= _known_rooms(sockets_at["lb2"]),
            lambda: _known_rooms(sockets_at["lb2"]),
        )
        # ...and the second proxy sends each room's sockets straight to its node.
        for code in codes:
            ws, welcome, _ = await open_seat(b, code, tokens[code][1])
            assert welcome["you"]["pid"] == 2
            sockets.append(ws)
        seen, owner = accepted_sockets(c), owners(c, codes)
        for code in codes:
            assert seen[code] == {owner[code]}, f"room {code}: sockets on {seen[code]}, owner {owner[code]}"
        refused = refusals(c)
        assert refused == 0, "the second proxy did not know the rooms: it asked nodes that do not own them"
    finally:
        for ws in sockets:
            ws.transport.abort()
        for proc in proxies:
            proc.terminate()
            proc.wait(10)
        c.stop()
        forget_keys(c)


def _runtime(sock: Path, command: str) -> str:
    """One command to a proxy's runtime API (its ``stats socket``); the answer."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.settimeout(5)
        s.connect(str(sock))
        s.sendall(command.encode() + b"\n")
        chunks = []
        while chunk := s.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks).decode()


def _servers(sock: Path) -> dict[str, str]:
    """Each node's status as the proxy sees it (``show stat``: "UP", "DOWN", "UP 1/3"...)."""
    lines = _runtime(sock, "show stat").splitlines()
    header = lines[0].lstrip("# ").split(",")
    proxy, name, status = header.index("pxname"), header.index("svname"), header.index("status")
    rows = [line.split(",") for line in lines[1:] if line]
    return {f[name]: f[status] for f in rows if f[proxy] == "nodes" and f[name].startswith("node")}


async def _every_node_up(name: str, sock: Path) -> None:
    await _until(
        f"{name} sees every node up", lambda: set(_servers(sock).values()) == {"UP"}, lambda: _servers(sock)
    )


def _known_rooms(sock: Path) -> set[str]:
    """The room codes in the proxy's stick table (``show table nodes``)."""
    answer = _runtime(sock, "show table nodes")
    return {part.split("=", 1)[1] for part in answer.split() if part.startswith("key=")}


async def _until(
    what: str, check: Callable[[], bool], seen: Callable[[], object], within: float = 20.0
) -> None:
    end = time.monotonic() + within
    while not check():
        assert time.monotonic() < end, f"not within {within} s: {what} (it sees {seen()})"
        await asyncio.sleep(0.1)


def test_health_checks_go_to_each_nodes_health_port(tmp_path: Path) -> None:
    text = config(["10.0.0.1:8001", "10.0.0.2:8001"], health_ports=[9001, 9002])
    servers = [line.split() for line in text.splitlines() if line.strip().startswith("server ")]
    assert servers == [
        ["server", "node1", '"10.0.0.1:8001"', "check", "port", "9001"],
        ["server", "node2", '"10.0.0.2:8001"', "check", "port", "9002"],
    ]
    assert "on-error mark-down" in text  # a node refusing connections is out at once
    _check(text, tmp_path)
    with pytest.raises(ValueError):
        config(["10.0.0.1:8001", "10.0.0.2:8001"], health_ports=[9001])
