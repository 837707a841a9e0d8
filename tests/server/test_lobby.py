"""The pure lobby rules: names, joining, seat order, host-only actions."""

from __future__ import annotations

import pytest

from nightfall.engine import Rejected
from nightfall.games.heks.site import HeksSite
from nightfall.server import lobby as tables
from nightfall.server import looks
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
        ("Nguyễn", "Nguyễn"),  # accents, composed or not, are letters' business
        ("Ngu\u0323\u0302yen", "Ng\u1ee5\u0302yen"),  # NFC, and a mark left on the letter
        ("देवनागरी", "देवनागरी"),  # vowel signs are marks
        ("Łukasz", "Łukasz"),
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
        # an attack test: names that look like another's, or like none (docs/security.md §4)
        ("Ho\u034fst", "control_chars"),  # the combining grapheme joiner
        ("Host\u3164", "control_chars"),  # a Hangul filler
        ("Host\u115f", "control_chars"),
        ("\u3164", "control_chars"),
        ("\u2800", "control_chars"),  # the blank Braille cell
        ("Host\ufe0f", "control_chars"),  # a variation selector
        ("a" + "\u0301" * 6, "control_chars"),  # a tower of marks over its neighbours
        ("\u0301abc", "control_chars"),  # a mark that would sit on the text before the name
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


# -- a member's name, colour and avatar (issue 18 §6) -------------------------------


def test_members_get_distinct_colours_and_avatars_when_they_join() -> None:
    lobby = make(*[f"P{i}" for i in range(12)])
    colours = [m.colour for m in lobby.members]
    assert None not in colours and len(set(colours)) == 12
    assert len({m.avatar for m in lobby.members}) == 12


def test_a_member_renames_and_chooses_a_colour_and_an_avatar() -> None:
    lobby = make("Anna", "Bram")
    free = next(c for c in looks.COLOURS if c not in {m.colour for m in lobby.members})
    tables.profile(lobby, 2, {"name": "  Bram  de Boer ", "colour": free, "avatar": "moon"})
    bram = lobby.members[1]
    assert (bram.name, bram.colour, bram.avatar) == ("Bram de Boer", free, "moon")
    tables.profile(lobby, 2, {"name": "bram DE boer"})  # his own name, other case: not taken
    assert bram.name == "bram DE boer"
    tables.profile(lobby, 1, {"avatar": "moon"})  # avatars may repeat
    assert lobby.members[0].avatar == "moon"


@pytest.mark.parametrize(
    ("payload", "code", "field"),
    [
        ({"name": "  "}, "bad_name", "name"),
        ({"name": "x" * 21}, "bad_name", "name"),
        ({"name": "ANNA"}, "name_taken", "name"),
        ({"colour": "red"}, "colour_taken", "colour"),  # Anna's, the first colour
        ({"colour": "plaid"}, "bad_colour", "colour"),
        ({"colour": ["red"]}, "bad_colour", "colour"),
        ({"avatar": "dragon"}, "bad_avatar", "avatar"),
        ({"hat": "top"}, "bad_message", "hat"),
        ({}, "bad_message", "payload"),
        # a good name with a bad colour: nothing changes, not even the name
        ({"name": "Bo", "colour": "red"}, "colour_taken", "colour"),
    ],
)
def test_a_bad_profile_says_which_field_and_changes_nothing(
    payload: dict[str, object], code: str, field: str
) -> None:
    lobby = make("Anna", "Bram")
    assert lobby.members[0].colour == "red"
    before = lobby.to_json()
    with pytest.raises(Rejected) as rejected:
        tables.profile(lobby, 2, payload)
    assert rejected.value.code == code and rejected.value.params["field"] == field
    assert lobby.to_json() == before


def test_the_profile_is_not_changed_while_a_game_runs() -> None:
    lobby = make("Anna", "Bram")
    lobby.status = PLAYING
    assert code_of(lambda: tables.profile(lobby, 2, {"name": "Bo"})) == "wrong_status"
    lobby.status = ENDED
    tables.profile(lobby, 2, {"name": "Bo"})
    assert lobby.members[1].name == "Bo"


def test_colours_and_the_evening_survive_the_lobby_json() -> None:
    lobby = make("Anna", "Bram")
    lobby.evening.append({"game_no": 1, "side": "witch", "winners": [2], "names": ["Bram"]})
    again = Lobby.from_json(lobby.to_json())
    assert again.to_json() == lobby.to_json()
    old = lobby.to_json()  # a room stored before colours and the evening's score
    del old["evening"]
    for m in old["members"]:
        del m["colour"], m["avatar"]
    restored = Lobby.from_json(old)
    assert restored.evening == [] and restored.members[0].colour is None
