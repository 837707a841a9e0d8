"""bench/cluster_cpu.py: its summary splits the cluster's CPU into the proxy's and the
second node's as docs/benchmarks.md says (issue 19 point 6), and a tiny run of all
three configurations works end to end on the real PostgreSQL, Redis and HAProxy.
No speed is asserted: speed targets live in the benchmark."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _round(kind: str, cpu: dict[str, float], load: int = 0) -> dict[str, Any]:
    kernel = {part: seconds / 2 for part, seconds in cpu.items()}
    return {"kind": kind, "rooms": 10, "seconds": 10.0, "acks": 100, "messages": 1000, "cpu_s": cpu,
            "kernel_s": kernel, "idle_cpu_pct": dict.fromkeys(cpu, 0.1 + load),
            "wakeups_per_s": {part: 1000 * seconds for part, seconds in cpu.items()}}  # fmt: skip


def test_the_summary_separates_the_proxy_from_the_second_node() -> None:
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from cluster_cpu import summary
    finally:
        sys.path.remove(str(ROOT / "bench"))
    one = {"nodes": 1.0, "postgres": 0.5}
    proxied = {"nodes": 1.0, "haproxy": 0.3, "postgres": 0.5}
    two = {"nodes": 1.2, "haproxy": 0.3, "redis": 0.05, "postgres": 0.55}
    rounds = [_round("one", one), _round("proxied", proxied), _round("cluster", two)]
    # A noisier second round of each: the medians are of the rounds, not their sums.
    rounds += [_round("one", {k: 2 * v for k, v in one.items()}, 1), _round("proxied", proxied)]
    rounds += [_round("cluster", two), _round("one", one)]
    s = summary(rounds)
    assert s["rounds"] == {"one": 3, "proxied": 2, "cluster": 2}
    # ms of CPU per table per second: 1.5 s / 10 s / 10 tables = 15 ms; 18; 21.
    assert s["all"]["one"]["ms_per_table_per_s"] == 15.0
    assert s["all"]["proxied"]["ms_per_table_per_s"] == 18.0
    assert s["all"]["cluster"]["ms_per_table_per_s"] == 21.0
    assert s["all"]["cluster/one"]["per_table"] == 1.4
    assert s["all"]["cluster/proxied"]["per_table"] == round(21 / 18, 3)
    assert s["all"]["proxied/one"]["per_command"] == 1.2
    assert s["nodes"]["cluster/one"]["per_table"] == 1.2
    # Each part's difference as a share of the one node's whole: they add up to the ratio - 1.
    assert s["overhead_pct"]["proxied"] == {"haproxy": 20.0, "nodes": 0.0, "postgres": 0.0, "redis": 0.0}
    assert s["beyond_proxy_pct"] == {"haproxy": 0.0, "nodes": 13.3, "postgres": 3.3, "redis": 3.3}
    # Wake-ups per accepted command (100 in 10 s): the cluster's 2,100 a second, 210 each.
    assert s["wakeups_per_command"]["cluster"] == 210.0
    assert s["wakeups_per_command_by_part"]["cluster"]["redis"] == 5.0
    assert sum(s["overhead_pct"]["cluster"].values()) == pytest.approx(40, abs=0.2)
    # HAProxy: 0.3 s over 1,000 frames received and 100 commands sent; half of it the kernel's.
    assert s["haproxy"]["proxied"] == {"us_per_frame": round(1e6 * 0.3 / 1100, 3), "kernel_share": 0.5}
    assert s["idle_cpu_pct_by_part"]["one"] == {"nodes": 0.1, "postgres": 0.1}


def test_the_summary_counts_nginx_per_frame_as_haproxy() -> None:
    """Kind ``nginx``: the node behind nginx instead of HAProxy, its relay's CPU per frame
    counted the same way, to compare the two proxies in one run."""
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from cluster_cpu import summary
    finally:
        sys.path.remove(str(ROOT / "bench"))
    rounds = [_round("one", {"nodes": 1.0}), _round("proxied", {"nodes": 1.0, "haproxy": 0.3})]
    rounds += [_round("nginx", {"nodes": 1.0, "nginx": 0.11})]
    s = summary(rounds)
    assert s["nginx"] == {"nginx": {"us_per_frame": 100.0, "kernel_share": 0.5}}
    assert "nginx" not in s["haproxy"]
    assert s["all"]["nginx/proxied"]["per_table"] == round(1.11 / 1.3, 3)
    assert s["overhead_pct"]["nginx"]["nginx"] == 11.0


@pytest.mark.timeout(300)
def test_a_tiny_run_of_the_three_configurations(tmp_path: Path) -> None:
    out = tmp_path / "cpu.json"
    cmd = [sys.executable, str(ROOT / "bench" / "cluster_cpu.py"), "--rooms", "2", "--players", "4"]
    cmd += ["--pairs", "1", "--seconds", "3", "--idle-seconds", "1", "--one-behind-proxy", "--json", str(out)]
    # Bots that tap within a second: at the real pace's 5-25 s the nodes' CPU in 3 s is a
    # few ms of timers, often no clock tick at all (/proc counts in 10 ms ticks).
    cmd += ["--think-min", "0.2", "--think-max", "1"]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=280, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "SUMMARY" in done.stdout and "cluster/proxied" in done.stdout
    report = json.loads(out.read_text())
    kinds = [r["kind"] for r in report["rounds"]]
    assert kinds == ["one", "proxied", "cluster"]
    for r in report["rounds"]:
        assert r["sockets"] == 8 and r["setup_errors"] == []
        assert r["cpu_s"]["nodes"] > 0 and "postgres" in r["cpu_s"]
        assert ("haproxy" in r["cpu_s"]) == (r["kind"] != "one")
        assert ("redis" in r["cpu_s"]) == (r["kind"] == "cluster")
        # Whether the round held real pace: commands per table per second, tap -> view, the bots' CPU.
        assert r["acks_per_table_per_s"] > 0 and r["tap_to_view_ms"]["p99"] > 0 and r["bots_cpu_pct"] >= 0
    assert report["summary"]["pace"]["cluster"]["acks_per_table_per_s"] > 0
