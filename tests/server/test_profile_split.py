"""bench/profile_split.py: a py-spy profile split into Nightfall's own Python and the
rest, and the ceiling that puts on any speed-up of our code (docs/benchmarks.md)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
MAIN = "_run_module_as_main (<frozen runpy>:198);Runner.run (asyncio/runners.py:118)"


def _tool() -> ModuleType:
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import profile_split
    finally:
        sys.path.remove(str(ROOT / "bench"))
    return profile_split


def _line_of(relative: str, needle: str) -> int:
    """The line of ``src/nightfall/...`` holding ``needle``, so the test follows the code."""
    lines = (ROOT / "src" / relative).read_text().splitlines()
    return next(i for i, text in enumerate(lines, 1) if needle in text)


def _profile(tmp_path: Path) -> Path:
    write = _line_of("nightfall/server/fast/ws_protocol.py", "self.transport.write(")
    commit = _line_of("nightfall/server/room_commit.py", "staged, self.staged = self.staged, []")
    stacks = [
        # the kernel's write, called from a line of ours: not ours
        f"{MAIN};write_text_now (nightfall/server/fast/ws_protocol.py:{write}) 2",
        # a line of ours that is Python: ours
        f"{MAIN};Committer.commit (nightfall/server/room_commit.py:{commit}) 2",
        # the event loop's C code, below its innermost Python frame
        f"{MAIN} 1",
        # a library
        f"{MAIN};Protocol.parse (websockets/protocol.py:603) 1",
        # another thread: left out
        "Thread._bootstrap (threading.py:1002);Committer.commit (nightfall/server/room_commit.py:1) 100",
        "",
    ]
    path = tmp_path / "raw.txt"
    path.write_text("\n".join(stacks))
    return path


def test_a_profile_is_split_into_ours_and_the_rest(tmp_path: Path) -> None:
    tool = _tool()
    result = tool.split(_profile(tmp_path).read_text().splitlines(), "_run_module_as_main", ROOT / "src")
    assert result.samples == 6  # the other thread's 100 are not counted
    assert result.shares == pytest.approx(
        {
            tool.OURS: 2 / 6,
            "socket writes (the kernel's write)": 2 / 6,
            "the event loop's C code (uvloop)": 1 / 6,
            "websockets": 1 / 6,
        }
    )
    # A third of the time is ours: were it free, the rest would take 2/3 of the time.
    assert result.ceiling == pytest.approx(1.5)


def test_the_report_multiplies_a_ratio_by_the_ceiling(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tool = _tool()
    assert tool.main([str(_profile(tmp_path)), "--ratio", "0.3", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["samples"] == 6
    assert report["ours"] == pytest.approx(0.3333, abs=1e-4)
    assert report["ratio_if_ours_were_free"] == pytest.approx(0.45)


def test_a_profile_without_the_thread_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tool = _tool()
    empty = tmp_path / "empty.txt"
    empty.write_text("Thread._bootstrap (threading.py:1002) 5\n")
    with pytest.raises(SystemExit) as exit_:
        tool.main([str(empty)])
    assert exit_.value.code == 2
    assert "no samples of a thread starting with '_run_module_as_main'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        tool.main([str(tmp_path / "missing.txt")])
    assert "cannot read" in capsys.readouterr().err


def test_a_profile_of_other_code_is_split_with_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tool = _tool()
    other = tmp_path / "other.txt"
    other.write_text(f"{MAIN};Gone.run (nightfall/server/gone.py:3) 4\n{MAIN} 4\n")
    result = tool.split(other.read_text().splitlines(), "_run_module_as_main", ROOT / "src")
    assert result.unread == {"nightfall/server/gone.py"} and result.ours == pytest.approx(0.5)
    assert tool.main([str(other)]) == 0
    assert "not under" in capsys.readouterr().err
