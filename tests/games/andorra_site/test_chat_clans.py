"""The clan chat's membership (A-CLAN-7, A-RECRUIT, A-GEN-6) is read from the engine's players,
not from a view: the chat built the whole host view (review, audits, every message rendered)
after every command of the room. The same membership, chat and refusals as before, and no
view built for it."""

from __future__ import annotations

import contextlib
import unicodedata
from collections.abc import Iterator
from typing import Any

import pytest

from nightfall.engine import Command, Rejected, kernel
from nightfall.games.andorra.site import AndorraSiteGame, chat
from nightfall.games.andorra.site.chat import RoomState, readable

from .game_data import DAY1, NAMES, NIGHT1, ROLES


def _host_view_clans(game: AndorraSiteGame, state: RoomState) -> dict[int, str | None]:
    """The membership as the chat read it before: each seat's clan in the host view."""
    players = game.inner.view(state.game, "host")["host"]["players"]
    return {int(p["seat"]): p.get("clan") for p in players}


def _commands(state: RoomState) -> Iterator[Command]:
    """A game with a recruitment (Kira joins the mafia), a jailing, clan chat, a host's clan
    edit and a host's kill: every way the membership changes. Read lazily: the recruit's
    question id is opaque (A-SEC-1), so it is read from the state once the night asks it."""
    now = 1
    yield Command(1, "chat", {"text": "Anna: ночью берём Kira"}, now)
    for voter, target in DAY1:
        now += 1
        yield Command(voter, "vote", {"target": target}, now)
    yield Command("host", "end_day", {}, now + 1)
    for seat, action, target in NIGHT1:
        now += 1
        yield Command(seat, "move", {"player": seat, "action": action, "target": target}, now)
    yield Command("host", "end_night", {}, now + 1)
    [asked] = [p["id"] for p in state.game.pending["prompts"] if p["seat"] == 5]
    yield Command(5, "answer", {"prompt": asked, "answer": "да"}, now + 2)
    yield Command("host", "publish", {}, now + 3)
    yield Command(5, "chat", {"text": "Kira: я с вами"}, now + 4)
    yield Command("host", "host_edit", {"op": "set_clan", "seat": 4, "clan": "mafia"}, now + 5)
    yield Command(4, "chat", {"text": "Egor: и я"}, now + 6)
    yield Command("host", "host_edit", {"op": "kill", "seat": 5}, now + 7)
    yield Command(5, "chat", {"text": "Kira: после смерти"}, now + 8)  # refused: not alive
    yield Command(6, "chat", {"text": "Lev: не в клане"}, now + 9)  # refused: no clan


def test_the_chat_membership_and_posts_are_those_of_the_host_view() -> None:
    # A-CLAN-7, A-RECRUIT-5, A-GEN-6, H-03c: after every command, the same clans as the host
    # view shows, and each seat reads the same chat from the same moment as before
    game = AndorraSiteGame()
    state = game.setup({"players": NAMES, "roles": ROLES, "schedule": {"start": 0}}, 7)
    since: dict[int, tuple[str, int]] = {}

    def reference_track() -> None:  # the chat's old tracking, on the host view
        for seat, clan in _host_view_clans(game, state).items():
            if clan is None:
                since.pop(seat, None)
            elif since.get(seat) is None or since[seat][0] != clan:
                since[seat] = (clan, len(state.chat))

    reference_track()
    refused = []
    for command in _commands(state):
        try:
            kernel.apply(game, state, command)
        except Rejected as why:
            refused.append((command.actor, why.code))
            continue
        reference_track()
        assert game.clans(state) == _host_view_clans(game, state), command
        assert state.member_since == since, command
    assert refused == [(5, "not_alive"), (6, "not_in_clan")]
    assert [m["text"] for m in readable(state, 4)[1]] == ["Egor: и я"]
    assert [m["text"] for m in readable(state, 1)[1]] == [
        "Anna: ночью берём Kira",
        "Kira: я с вами",
        "Egor: и я",
    ]


def test_no_host_view_is_built_for_the_chat(monkeypatch: pytest.MonkeyPatch) -> None:
    # the performance bug: the chat's membership built the host view on every command
    game = AndorraSiteGame()
    state = game.setup({"players": NAMES, "roles": ROLES, "schedule": {"start": 0}}, 7)
    built: list[Any] = []
    inner_view = game.inner.view

    def counting(game_state: Any, viewer: Any) -> Any:
        built.append(viewer)
        return inner_view(game_state, viewer)

    monkeypatch.setattr(game.inner, "view", counting)
    for command in _commands(state):
        before = len(built)
        with contextlib.suppress(Rejected):
            kernel.apply(game, state, command)
        if command.type == "chat":  # a chat post reads no view at all
            assert built[before:] == [], command
    assert "host" not in built


def test_a_long_chat_replays_in_linear_time_and_stops_at_its_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    """Attack round 7: each message with an id scanned the whole chat for a resend, and each
    character was looked up one by one, so a room's replay (at every load, on the loop every
    room shares) took 19 s for 20,000 lines. Now a resend is found in a set and the usual text
    is checked in C; a room's chat stops at ``CHAT_LINES_MAX`` (``chat_full``), a resend is still
    found, a control character still refused."""
    monkeypatch.setattr(chat, "CHAT_LINES_MAX", 300)
    game = AndorraSiteGame()
    state = game.setup({"players": NAMES, "roles": ROLES}, 1)
    seats = [s for s, (clan, _) in state.member_since.items()][:2]
    calls = {"category": 0}
    category = unicodedata.category

    def counted(ch: str) -> str:
        calls["category"] += 1
        return category(ch)

    monkeypatch.setattr(unicodedata, "category", counted)
    for i in range(300):
        kernel.apply(game, state, Command(seats[i % 2], "chat", {"text": "x" * 500, "id": f"m{i}"}, 10 + i))
    assert calls["category"] == 0  # the usual text never goes character by character
    for payload, code in (
        ({"text": "again", "id": "m4"}, "duplicate"),
        ({"text": "bad\u202etext", "id": "z1"}, "bad_chat"),
        ({"text": "one more", "id": "z2"}, "chat_full"),
    ):
        with pytest.raises(Rejected) as e:
            kernel.apply(game, state, Command(seats[0], "chat", payload, 400))
        assert e.value.code == code, e.value
    assert len(state.chat) == 300
    ok = "тонкий\u2009пробел и\u00a0неразрывный"  # other spaces are text: checked one by one, passed
    monkeypatch.setattr(chat, "CHAT_LINES_MAX", 301)
    kernel.apply(game, state, Command(seats[0], "chat", {"text": ok}, 401))
    assert state.chat[-1]["text"] == ok
