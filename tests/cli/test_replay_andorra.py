"""`nightfall replay` prints how a finished Andorra game ended (its result has
other keys than a Heks result: it used to crash with KeyError 'reason')."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from nightfall.cli import replay
from nightfall.engine import Transcript
from nightfall.games.andorra import AndorraGame
from tests.games.andorra.kit import Scenario


def test_replay_of_a_finished_andorra_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cast = [("boss", "BOSS"), ("anna", "PV"), ("bram", "PV"), ("cor", "DOCTOR")]
    s = Scenario(cast)
    s.day([("anna", "boss"), ("bram", "boss"), ("cor", "boss"), ("boss", "anna")])
    s.resolve()
    result = AndorraGame().result(s.state)
    assert result is not None and "reason" not in result, "the scenario must end the game"
    config = {"players": s.nicks, "roles": [r for _, r in cast], "gifts": {}}
    path = tmp_path / "andorra.json"
    path.write_text(Transcript("andorra", config, 1, s.commands).dumps(), encoding="utf-8")
    assert replay.main(argparse.Namespace(file=str(path), viewer="public", json=False)) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last.startswith("RESULT winner=PEACEFUL")
