"""The command line: replay and simulate, as a user runs them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs/examples/heks-5p.json"


def nightfall(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "nightfall.cli", *args], capture_output=True, text=True, timeout=120, cwd=ROOT
    )


def test_replay_is_byte_for_byte_deterministic() -> None:
    a = nightfall("replay", str(EXAMPLE), "--viewer", "all")
    b = nightfall("replay", str(EXAMPLE), "--viewer", "all")
    assert a.returncode == 0, a.stderr
    assert a.stdout == b.stdout
    assert "RESULT winner=witch reason=TAKEOVER" in a.stdout


def test_replay_for_one_seat_shows_only_what_that_seat_saw() -> None:
    # H-VIS-1: seat views of the event log are filtered by audience
    out = nightfall("replay", str(EXAMPLE), "--viewer", "1", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    everyone = json.loads(nightfall("replay", str(EXAMPLE), "--viewer", "all", "--json").stdout)
    assert len(data["events"]) < len(everyone["events"])
    assert not any(e["type"] in ("attack", "witch_place", "witch_target") for e in data["events"])
    assert data["result"]["reason"] == "TAKEOVER"


def test_replay_errors_are_clear(tmp_path: Path) -> None:
    missing = nightfall("replay", str(tmp_path / "nope.json"))
    assert missing.returncode == 2 and "no such file" in missing.stderr
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "nightfall-transcript/1", "game": "heks", "seed": "x"}')
    out = nightfall("replay", str(bad))
    assert out.returncode == 2 and "seed" in out.stderr


def test_simulate_json_is_stable_and_complete() -> None:
    out = nightfall("simulate", "heks", "--players", "4-5", "--games", "6", "--seed", "3", "--json")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["format"] == "nightfall-simulate/1"
    assert [c["players"] for c in report["counts"]] == [4, 5]
    for c in report["counts"]:
        assert c["games"] == 6
        assert sum(c["reasons"].values()) == 6
        assert abs(sum(c["win_rate"].values()) - 1) < 1e-9
    again = nightfall("simulate", "heks", "--players", "4-5", "--games", "6", "--seed", "3", "--json")
    assert again.stdout == out.stdout  # same seed, same report


def test_simulate_table_and_bad_arguments() -> None:
    out = nightfall("simulate", "heks", "--players", "6", "--games", "3", "--bots", "random")
    assert out.returncode == 0 and "players" in out.stdout and "games in" in out.stderr
    bad = nightfall("simulate", "heks", "--players", "3-20")
    assert bad.returncode != 0 and "4-12" in bad.stderr
