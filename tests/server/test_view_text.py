"""What a socket receives as its view is ``encode(view)`` byte for byte, though
the server encodes the shared public part once per change for every seat
(outgoing.view_pieces; nightfall.engine.view_parts)."""

from __future__ import annotations

from typing import Any

from nightfall.engine import Command, Viewer
from nightfall.games.heks import HeksGame, HeksState
from nightfall.games.heks.bots import play_game
from nightfall.games.heks.bots.random_bot import RandomBot
from nightfall.server import outgoing
from nightfall.server.play import Play
from nightfall.server.protocol import encode
from nightfall.store import GameRecord


def view_text(play: Play | None, pid: int | None, host: int | None, shared: outgoing.SharedText) -> str:
    """What the socket is written: the shared part's text, then this viewer's own keys."""
    head, tail = outgoing.view_pieces(play, pid, host, shared)
    return head + tail


def one_game(seed: int, players: int) -> int:
    """Plays one random game, checking every viewer's text after every command."""
    game = HeksGame()
    pids = [100 + i for i in range(players)]  # member ids differ from seats on purpose
    record = GameRecord(game_no=1, config={}, seed=seed, seating=pids)
    shared = outgoing.SharedText()
    reused = checked = 0

    def check(state: HeksState, _command: Command) -> None:
        nonlocal checked, reused
        play = Play(game=game, state=state, record=record)
        for pid in [*pids, None, 999]:  # seats, a spectator, an unseated member
            before = shared._shared
            text = view_text(play, pid, pids[0], shared)
            assert text == encode(outgoing.view_for(play, pid, pids[0]))
            reused += before is shared._shared
            checked += 1

    config: dict[str, Any] = {"players": [f"P{i}" for i in range(players)]}
    play_game(config, seed, RandomBot(idle_rate=0.1, illegal_rate=0.1), game=game, on_command=check)
    assert reused > checked // 2  # the shared part really was encoded once for many viewers
    return checked


def test_every_view_text_is_the_encoded_view_over_whole_games() -> None:
    # H-VIS-1: each viewer still gets exactly its own view, nothing more
    compared = sum(one_game(seed, 4 + seed) for seed in range(6))
    assert compared > 1000


def test_a_game_without_parts_and_no_game_at_all() -> None:
    class Plain:
        name = "plain"

        def view(self, state: dict[str, Any], viewer: Viewer) -> dict[str, Any]:
            return {"n": state["n"], "viewer": viewer}

    record = GameRecord(game_no=1, config={}, seed=0, seating=[7])
    play = Play(game=Plain(), state={"n": 3}, record=record)  # type: ignore[arg-type]
    shared = outgoing.SharedText()
    assert view_text(play, 7, None, shared) == '{"n":3,"viewer":1}'
    assert view_text(play, None, None, shared) == '{"n":3,"viewer":"public"}'
    assert view_text(None, 7, None, shared) == "null" == encode(outgoing.view_for(None, 7))
