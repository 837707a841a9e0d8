"""Coverage-guided fuzzing of the input parsers with atheris, where it is installed."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("atheris")

RUNS = 5_000


def test_atheris_protocol_parsers(capsys: pytest.CaptureFixture[str]) -> None:
    target = Path(__file__).with_name("atheris_protocol.py")
    done = subprocess.run(
        [sys.executable, str(target), f"-runs={RUNS}", "-max_len=12000"],
        capture_output=True,
        text=True,
        timeout=900,  # a hang guard only: the run is bounded by -runs; a loaded machine is slow
    )
    assert done.returncode == 0, done.stderr[-3000:]
    found = re.findall(r"Done (\d+) runs", done.stderr)
    with capsys.disabled():
        print(f"\n  atheris: {found[-1] if found else '?'} inputs tried on the protocol parsers")


def test_atheris_both_rules_engines(capsys: pytest.CaptureFixture[str]) -> None:
    """Every command type and field of Vang de Heks and Andorra (as a room runs it): only
    ``Rejected`` ever comes out, and every refusal can be sent (atheris_commands.py)."""
    target = Path(__file__).with_name("atheris_commands.py")
    done = subprocess.run(
        [sys.executable, str(target), f"-runs={RUNS}", "-max_len=4000", "-len_control=0"],
        capture_output=True,
        text=True,
        timeout=900,  # a hang guard only: the run is bounded by -runs
    )
    assert done.returncode == 0, done.stderr[-3000:]
    found = re.findall(r"Done (\d+) runs", done.stderr)
    with capsys.disabled():
        print(f"\n  atheris: {found[-1] if found else '?'} commands tried on both rules engines")
