"""Passing the host role (H-HST-7a): an engine command, so a game still replays."""

from __future__ import annotations

import pytest

from nightfall.engine import Command, Rejected, Transcript, kernel, replay
from nightfall.games.heks import HeksGame
from nightfall.games.heks.bots import play_game
from nightfall.games.heks.bots.heuristic import HeuristicBot

from .kit import Scenario


def unlimited_at_role_reveal() -> Scenario:
    return Scenario.standard(5, mode="unlimited")


def test_the_host_passes_the_role_and_the_absent_mark_moves_with_it_h_hst_7a() -> None:
    g = unlimited_at_role_reveal()
    for n in ("Anna", "Bram", "Cas"):
        g.send(n, "ready")
    events = g.send("Anna", "pass_host", seat=g.seat("Bram"))
    assert [(e.type, e.data) for e in events] == [("host_passed", {"seat": 2, "previous": 1, "reason": None})]
    # The old host's controls are gone, the new host's work (H-HST-1).
    exc = g.reject("Anna", "mark_absent", seat=g.seat("Dewi"))
    assert (exc.code, exc.rule) == ("not_host", "H-HST-1")
    g.mark_absent("Dewi", by="Bram")
    g.mark_absent("Eva", by="Bram")
    assert g.phase != "ROLE_REVEAL"
    # Every view shows the new host; only the new host's view carries the extras.
    assert [p["seat"] for p in g.view()["players"] if p["host"]] == [2]
    assert "host" in g.view("Bram") and "host" not in g.view("Anna")


def test_pass_host_rejections_change_nothing_h_hst_7a() -> None:
    g = unlimited_at_role_reveal()
    exc = g.reject("Bram", "pass_host", seat=3)
    assert (exc.code, exc.rule) == ("not_host", "H-HST-7a")
    exc = g.reject("Anna", "pass_host", seat=9)
    assert exc.code == "unknown_seat"
    exc = g.reject("Anna", "pass_host", seat=1)
    assert (exc.code, exc.rule) == ("already_host", "H-HST-7a")
    exc = g.reject("Anna", "pass_host")
    assert exc.code == "bad_payload"
    exc = g.reject("Anna", "pass_host", seat=2, reason="coup")
    assert exc.code == "bad_payload"


def test_pass_host_is_allowed_in_step_c_h_hst_7a() -> None:
    g = Scenario.five_player_example()
    g.all_ready()
    g.depart("Anna", "Forest")
    g.depart("Cas", "Spring")
    g.depart("Dewi", "Meadow")
    g.depart("Eva", "Spring")
    assert g.phase == "WITCH_C"
    g.send("Anna", "pass_host", seat=g.seat("Eva"), reason="host_away")  # unlike H-HST-5
    assert g.view("Eva")["host"]["can_mark_absent"] is False


def test_pass_host_is_refused_once_the_game_is_over_h_hst_7a() -> None:
    # After the end the host role is a lobby matter (the server's `handover`).
    game = HeksGame()
    rec = play_game({"players": ["Anna", "Bram", "Cas", "Dewi", "Eva"], "mode": "timed"}, 7, HeuristicBot())
    state = rec.state
    assert state.phase == "GAME_END"
    before = game.snapshot(state)
    other = next(p.seat for p in state.players if p.seat != state.host)
    with pytest.raises(Rejected) as exc:
        kernel.apply(
            game,
            state,
            Command(state.host, "pass_host", {"seat": other}, rec.transcript.commands[-1].now + 1),
        )
    assert exc.value.code == "game_over"
    assert game.snapshot(state) == before


def test_a_transcript_with_pass_host_replays_to_the_same_state_h_hst_7a() -> None:
    g = unlimited_at_role_reveal()
    g.send("Anna", "ready")
    g.send("Anna", "pass_host", seat=3)
    g.send("Cas", "pass_host", seat=5, reason="host_away")
    for n in ("Bram", "Cas", "Dewi"):
        g.send(n, "ready")
    g.mark_absent("Eva", by="Eva")  # H-HST-6: the new host marks himself
    text = Transcript(game="heks", config=g.config, seed=g.seed, commands=g.log).dumps()
    state = replay(HeksGame(), Transcript.loads(text))
    assert HeksGame().snapshot(state) == g.snapshot()
    assert state.host == 5


def test_the_new_hosts_view_shows_no_hidden_information_h_hst_7a() -> None:
    # H-HST-3, H-HST-4: in a secret step the new host sees no pending names either.
    g = Scenario.five_player_example()
    g.all_ready()
    g.depart("Anna", "Forest")
    g.send("Anna", "pass_host", seat=g.seat("Cas"))
    extras = g.view("Cas")["host"]
    assert extras["pending"] is None and extras["can_force_continue"] is True
    assert g.view("Cas")["me"]["role"] == "VILLAGER"
    assert "host" not in g.view("Anna")
    # Passing changes the public part only in the host flag.
    before = {k: v for k, v in g.view().items() if k != "players"}
    g.send("Cas", "pass_host", seat=g.seat("Dewi"))
    after = {k: v for k, v in g.view().items() if k != "players"}
    assert before == after
    # In a public step the new host sees the pending seats (H-HST-3).
    g2 = unlimited_at_role_reveal()
    g2.send("Anna", "pass_host", seat=2)
    g2.send("Anna", "ready")
    assert g2.view("Bram")["host"]["pending"] == [2, 3, 4, 5]
