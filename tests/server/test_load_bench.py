"""The load benchmark itself works end to end (issue 6): a tiny run of
``bench/load.py`` starts a real server and the baseline, plays, and reports
every number docs/benchmarks.md quotes. No speed is asserted here: speed
targets live in the benchmark, never in tests."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.timeout(240)


def test_a_tiny_load_run_reports_every_phase(tmp_path: Path) -> None:
    cmd = [sys.executable, str(ROOT / "bench" / "load.py"), "--rooms", "2", "--players", "4"]
    cmd += ["--duration", "4", "--duration-real", "3", "--procs", "1", "--json", "--data-root", str(tmp_path)]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=200, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout)
    assert report["server_alive"] and report["setup_errors"] == [] and report["sockets"] == 8
    assert report["idle_bytes_per_socket"] > 0
    for phase in ("real", "saturate", "baseline"):
        stats = report[phase]
        for field in ("latency_ms", "views_per_s", "messages_per_s", "server_cpu_pct", "clients_cpu_pct"):
            assert field in stats, (phase, field)
    # Saturation starts at once, even right after the real-pace phase (bots stop thinking).
    assert report["saturate"]["commands_acked"] > 0 and report["saturate"]["views_per_s"] > 0
    assert report["baseline"]["messages_per_s"] > 0
    assert report["saturate_vs_baseline"] > 0 and report["cpu_efficiency_vs_baseline"] > 0
