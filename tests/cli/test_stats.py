"""``nightfall stats``: what real tables did, per deck, from the store (issue 34 §3)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nightfall.cli import main
from nightfall.engine import tick
from nightfall.games.heks import tables
from nightfall.store import GameRecord, RoomRecord, SqliteStore

SEVEN = {str(seat): role for seat, role in enumerate(tables.role_multiset(7), start=1)}


def _store_with_games(path: Path, winners: list[str]) -> None:
    store = SqliteStore(path)
    for i, winner in enumerate(winners):
        code = f"RM{i:02d}"
        config = {"players": [f"Secret{s}" for s in range(1, 8)]}
        store.create_room(RoomRecord(code, "heks", "lobby", {}, 1))
        store.start_game(code, GameRecord(1, config, 1, list(range(1, 8))), {}, 2)
        result = {"winner": winner, "day": 3 + i, "roles": SEVEN, "winners": [1]}
        store.append(code, 1, 0, tick(1), 3, result=result)
    store.create_room(RoomRecord("RUNS", "heks", "lobby", {}, 1))
    store.start_game("RUNS", GameRecord(1, {}, 1, []), {}, 2)  # no result: not counted
    store.close()


def test_stats_prints_each_decks_games_and_winners_without_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "nightfall.sqlite3"
    _store_with_games(path, ["village", "witch", "village"])
    assert main(["stats", "--store", str(path)]) == 0
    out = capsys.readouterr().out
    assert "3 finished games" in out and "Secret" not in out
    header, row = (line.split() for line in out.splitlines()[3:5])
    assert header == ["players", "games", "village", "witch", "days", "deck"]
    assert row[:5] == ["7", "3", "2", "1", "4.0"]  # days 3, 4, 5
    assert " ".join(row[5:]) == "WITCH 2, CROW 1, SEER 1, HERB_DOCTOR 1, PROTECTOR 1, PICKPOCKET 1"

    assert main(["stats", "--store", str(path), "--json"]) == 0
    decks = json.loads(capsys.readouterr().out)["heks"]
    assert decks == {
        "7:WITCH=2,CROW=1,SEER=1,HERB_DOCTOR=1,PROTECTOR=1,PICKPOCKET=1": {
            "games": 3,
            "sides": {"village": 2, "witch": 1},
            "mean_days": 4.0,
        }
    }


def test_stats_says_so_when_there_is_no_store_or_no_finished_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["stats", "--store", str(tmp_path / "none.sqlite3")]) == 2
    assert "no store at" in capsys.readouterr().err
    assert not (tmp_path / "none.sqlite3").exists()  # not created by asking
    path = tmp_path / "empty.sqlite3"
    _store_with_games(path, [])
    assert main(["stats", "--store", str(path)]) == 0
    assert "No finished games" in capsys.readouterr().out
