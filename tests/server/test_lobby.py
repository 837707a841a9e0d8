"""The pure lobby rules: names, joining, seat order, host-only actions."""

from __future__ import annotations

import pytest

from nightfall.engine import Rejected
from nightfall.games.heks.site import HeksSite
from nightfall.server import lobby as tables
from nightfall.server.lobby import ENDED, PLAYING, Lobby


def make(*names: str) -> Lobby:
    lobby = tables.new_lobby("heks", names[0], "h1", HeksSite().default_settings())
    for i, name in enumerate(names[1:], start=2):
        tables.join(lobby, name, f"h{i}", 12)
    return lobby


def code_of(call: object) -> str:
    assert callable(call)
    with pytest.raises(Rejected) as rejected:
        call()
    return rejected.value.code


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("Anna", "Anna"),
        ("  Bram  ", "Bram"),
        ("Jan  de\tVries", "Jan de Vries"),
        ("Zoë", "Zoë"),
        ("x" * 20, "x" * 20),
    ],
)
def test_names_are_trimmed(raw: str, clean: str) -> None:
    assert tables.clean_name(raw) == clean


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        ("", "empty"),
        ("   ", "empty"),
        (None, "empty"),
        (5, "empty"),
        ("x" * 21, "too_long"),
        ("a\x00b", "control_chars"),
        ("a\u202eb", "control_chars"),
    ],
)
def test_bad_names_say_why(raw: object, reason: str) -> None:
    with pytest.raises(Rejected) as rejected:
        tables.clean_name(raw)
    assert rejected.value.code == "bad_name" and rejected.value.params["reason"] == reason


def test_names_are_unique_ignoring_case() -> None:
    lobby = make("Anna", "Bram")
    assert code_of(lambda: tables.join(lobby, " bram ", "x", 12)) == "name_taken"
    assert code_of(lambda: tables.join(lobby, "ANNA", "x", 12)) == "name_taken"
    assert [m.name for m in lobby.members] == ["Anna", "Bram"]


def test_a_full_room_refuses() -> None:
    lobby = make("A", "B", "C", "D")
    assert code_of(lambda: tables.join(lobby, "E", "x", 4)) == "room_full"


def test_no_joining_a_running_game() -> None:
    lobby = make("A", "B")
    lobby.status = PLAYING
    assert code_of(lambda: tables.join(lobby, "E", "x", 12)) == "wrong_status"
    lobby.status = ENDED  # between games the table is open again
    assert tables.join(lobby, "E", "x", 12).pid == 3


def test_host_reorders_seats_h_set_3() -> None:
    """H-SET-3: the seat order is the lobby order, which only the host changes."""
    lobby = make("A", "B", "C")
    tables.reorder(lobby, 1, [3, 1, 2])
    assert [m.name for m in lobby.members] == ["C", "A", "B"]
    assert lobby.seat_of(1) == 2
    assert code_of(lambda: tables.reorder(lobby, 2, [1, 2, 3])) == "not_host"
    assert code_of(lambda: tables.reorder(lobby, 1, [1, 2])) == "bad_order"
    assert code_of(lambda: tables.reorder(lobby, 1, [1, 2, 2])) == "bad_order"
    assert code_of(lambda: tables.reorder(lobby, 1, "123")) == "bad_order"
    assert [m.name for m in lobby.members] == ["C", "A", "B"]


def test_remove_and_leave() -> None:
    lobby = make("A", "B", "C")
    assert code_of(lambda: tables.remove(lobby, 2, 3)) == "not_host"
    assert code_of(lambda: tables.remove(lobby, 1, 1)) == "host_cannot_leave"
    assert code_of(lambda: tables.remove(lobby, 1, 9)) == "unknown_member"
    assert tables.remove(lobby, 1, 3).name == "C"
    assert code_of(lambda: tables.leave(lobby, 1)) == "host_cannot_leave"
    assert tables.leave(lobby, 2).name == "B"
    assert [m.name for m in lobby.members] == ["A"]


def test_start_needs_the_host_and_4_to_12_players_h_set_1() -> None:
    """H-SET-1 (4-12 players), H-SET-2 (the creator is the host and starts)."""
    lobby = make("A", "B", "C")
    assert code_of(lambda: tables.check_start(lobby, 2, 4, 12, "lobby")) == "not_host"
    assert code_of(lambda: tables.check_start(lobby, 1, 4, 12, "lobby")) == "too_few_players"
    tables.join(lobby, "D", "x", 12)
    tables.check_start(lobby, 1, 4, 12, "lobby")
    assert code_of(lambda: tables.check_start(lobby, 1, 4, 12, "ended")) == "wrong_status"


def test_tokens_are_stored_hashed() -> None:
    lobby = tables.new_lobby("heks", "Anna", tables.hash_token("secret-token"), {})
    assert lobby.member_by_token("secret-token") is not None
    assert lobby.member_by_token("other") is None
    assert "secret-token" not in str(lobby.to_json())
    assert Lobby.from_json(lobby.to_json()) == lobby


@pytest.mark.parametrize(
    ("patch", "ok"),
    [
        ({"mode": "unlimited"}, True),
        ({"discuss_seconds": 60}, True),
        ({"discuss_seconds": 600}, True),
        ({"discuss_seconds": 210}, True),
        ({"discuss_seconds": 30}, False),
        ({"discuss_seconds": 630}, False),
        ({"discuss_seconds": 200}, False),
        ({"discuss_seconds": "180"}, False),
        ({"discuss_seconds": True}, False),
        ({"mode": "fast"}, False),
        ({"colour": "red"}, False),
    ],
)
def test_heks_settings_h_tim_2(patch: dict[str, object], ok: bool) -> None:
    """H-SET-6: Timed or Unlimited; H-TIM-2: discussion 60-600 s in steps of 30."""
    adapter = HeksSite()
    if ok:
        assert adapter.merge_settings(adapter.default_settings(), patch)
    else:
        with pytest.raises(Rejected) as rejected:
            adapter.merge_settings(adapter.default_settings(), patch)
        assert rejected.value.code == "bad_settings"


def test_heks_config_from_the_table() -> None:
    adapter = HeksSite()
    config = adapter.build_config(["A", "B", "C", "D"], 2, {"mode": "unlimited", "discuss_seconds": 240})
    assert config == {"players": ["A", "B", "C", "D"], "host": 2, "mode": "unlimited", "discuss_seconds": 240}
