"""Transcripts: (game, config, seed, commands) round-trip and replay identically."""

from __future__ import annotations

import pytest

from nightfall.engine import Audience, Command, Event, Rejected, Transcript, replay, tick, visible
from nightfall.games.heks import HeksGame
from nightfall.games.heks.bots import BOTS, play_game


def _game(seed: int = 3, n: int = 6) -> Transcript:
    rec = play_game(
        {"players": [f"P{i}" for i in range(n)]}, seed, {s: BOTS["heuristic"]() for s in range(1, n + 1)}
    )
    return rec.transcript


def test_round_trip_text() -> None:
    t = _game()
    again = Transcript.loads(t.dumps())
    assert again.to_json() == t.to_json()
    assert again.dumps() == t.dumps()


def test_replay_reproduces_the_identical_state() -> None:
    rec = play_game(
        {"players": [f"P{i}" for i in range(7)]}, 11, {s: BOTS["heuristic"]() for s in range(1, 8)}
    )
    game = HeksGame()
    state = replay(game, Transcript.loads(rec.transcript.dumps()))
    assert game.snapshot(state) == game.snapshot(rec.state)
    assert game.result(state) == game.result(rec.state) is not None


def test_bad_transcripts_are_refused_with_a_reason() -> None:
    with pytest.raises(ValueError, match="format"):
        Transcript.from_json({"format": "other"})
    with pytest.raises(ValueError, match=r"commands\[0\]"):
        Transcript.from_json(
            {"format": "nightfall-transcript/1", "game": "heks", "seed": 1, "commands": [{"type": 3}]}
        )


def test_command_json_round_trip_and_validation() -> None:
    c = Command(3, "exile_vote", {"target": None}, 1234)
    assert Command.from_json(c.to_json()) == c
    assert tick(99).to_json() == {"actor": "system", "type": "tick", "now": 99}
    with pytest.raises(ValueError):
        Command.from_json({"actor": True, "type": "x"})
    with pytest.raises(ValueError):
        Command.from_json({"actor": 1, "type": "x", "now": "soon"})


def test_audiences_filter_events() -> None:
    events = [
        Event("a", {}, Audience(public=True)),
        Event("b", {}, Audience(seats=frozenset({2}))),
        Event("c", {}, Audience(host=True)),
        Event("d", {}, Audience()),
    ]
    assert [e.type for e in visible(events, 2)] == ["a", "b"]
    assert [e.type for e in visible(events, 3)] == ["a"]
    assert [e.type for e in visible(events, "public")] == ["a"]
    assert [e.type for e in visible(events, "host")] == ["a", "c"]
    assert [e.type for e in visible(events, "all")] == ["a", "b", "c", "d"]


def test_rejection_is_data() -> None:
    err = Rejected("self_target", "H-EXV-1", seat=2)
    assert err.to_json() == {"code": "self_target", "rule": "H-EXV-1", "params": {"seat": 2}}
