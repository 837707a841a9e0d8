"""The CLI and the complete example of docs/andorra-cli.md (issue 4, item 6)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nightfall.cli import main

DOC = Path(__file__).resolve().parents[3] / "docs" / "andorra-cli.md"


def _files() -> dict[str, str]:
    text = DOC.read_text(encoding="utf-8")
    return dict(re.findall(r"```yaml file=(\S+)\n(.*?)```", text, re.S))


def _expected() -> str:
    text = DOC.read_text(encoding="utf-8")
    m = re.search(r"```text expected\n(.*?)```", text, re.S)
    assert m
    return m.group(1)


def test_doc_example_runs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:  # A-REPORT-3
    for name, body in _files().items():
        (tmp_path / name).write_text(body, encoding="utf-8")
    game = str(tmp_path / "game.json")
    assert main(["andorra", "new", str(tmp_path / "setup.yaml"), "-o", game]) == 0
    assert "Подарки Феи:" in capsys.readouterr().out  # A-SETUP-17
    assert main(["andorra", "day", game, str(tmp_path / "day1.yaml")]) == 0
    out = capsys.readouterr().out
    assert "Kira: Kira (нарушение: SELF)" in out
    assert main(["andorra", "night", game, str(tmp_path / "night1.yaml")]) == 0
    out = capsys.readouterr().out
    assert _expected() in out
    assert "[клан cops] Gleb: Anna — Босс мафии. Выстрел: удачно." in out
    assert "[Kira] Ваша новая роль: Мэр города." in out
    assert "[b]Сел:[/b]" in out
    assert main(["replay", game]) == 0  # the game file is a transcript


def test_bad_move_names_file_line_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:  # A-MOVE-6
    for name, body in _files().items():
        (tmp_path / name).write_text(body, encoding="utf-8")
    game = tmp_path / "game.json"
    main(["andorra", "new", str(tmp_path / "setup.yaml"), "-o", str(game)])
    main(["andorra", "day", str(game), str(tmp_path / "day1.yaml")])
    before = game.read_text(encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "moves:\n  - {player: Anna, action: SHOOT, target: Gleb}\n  - {player: Boris, action: HEAL, "
        "target: Egor}\n",
        encoding="utf-8",
    )
    capsys.readouterr()
    assert main(["andorra", "night", str(game), str(bad)]) == 2
    err = capsys.readouterr().err
    assert (
        f"{bad}:3: moves[1]: not_your_move (A-MOVE-6)" in err and "player=Boris" in err and "move=HEAL" in err
    )
    assert game.read_text(encoding="utf-8") == before  # nothing changes


def test_malformed_yaml_reports_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "setup.yaml"
    bad.write_text("players:\n  - {nick: A, role: BOSS\n  - x: [\n", encoding="utf-8")
    assert main(["andorra", "new", str(bad), "-o", str(tmp_path / "g.json")]) == 2
    err = capsys.readouterr().err
    assert re.search(rf"{re.escape(str(bad))}:\d+: yaml:", err)
    assert not (tmp_path / "g.json").exists()


def test_unknown_player_field(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for name, body in _files().items():
        (tmp_path / name).write_text(body, encoding="utf-8")
    game = tmp_path / "game.json"
    main(["andorra", "new", str(tmp_path / "setup.yaml"), "-o", str(game)])
    bad = tmp_path / "votes.yaml"
    bad.write_text("votes:\n  - {voter: Anna, target: Nobody}\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["andorra", "day", str(game), str(bad)]) == 2
    assert f"{bad}:2: votes[0].target: unknown player 'Nobody'" in capsys.readouterr().err


def test_invalid_role_list(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:  # A-SETUP-2
    bad = tmp_path / "setup.yaml"
    bad.write_text(
        "players:\n  - {nick: A, role: BOSS}\n  - {nick: B, role: BOSS}\n  - {nick: C, role: PV}\n",
        encoding="utf-8",
    )
    assert main(["andorra", "new", str(bad), "-o", str(tmp_path / "g.json")]) == 2
    assert "duplicate_role (A-SETUP-2)" in capsys.readouterr().err
