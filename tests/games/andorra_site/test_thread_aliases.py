"""The thread import's alias table kept with the game on the server (A-THREAD-5a, issue 32 §2):
names the host confirmed are used by the next import without the desk sending them, survive a
replacement (they map to the seat), are shown on the desk, and only the host sets them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from nightfall.engine import HOST, Command, Rejected, kernel
from nightfall.games.andorra.site import AndorraSite

PAGES = Path(__file__).parents[1] / "andorra" / "thread_pages"
NICKS = ["rubin1988", "Kassandra", "Серый Кардинал", "agent 51", "Oleg", "Мотя", "Лиса", "Deepcourier"]
ROLES = ["BOSS", "PV", "DOCTOR", "PSYCHO", "SWINDLER", "PV", "MANIAC", "PV"]
SITE = AndorraSite()
GAME = SITE.make_game()
NOW = 1_764_870_000_000


def _room() -> Any:
    return GAME.setup(SITE.build_config(NICKS, None, {"roles": ROLES, "schedule": {"start": NOW}}), 1)


def _preview(state: Any) -> dict[str, Any]:
    page = (PAGES / "phpbb_page1.html").read_text(encoding="utf-8")
    return SITE.host_tool("thread", state, {"pages": [{"url": "", "text": page}]})


def _waiting(got: dict[str, Any]) -> set[str]:
    return {c["name"] for c in got["confirm"] if not c["optional"]}


def test_confirmed_names_are_kept_with_the_game_a_thread_5a() -> None:  # A-THREAD-5a, A-THREAD-5
    state = _room()
    assert _waiting(_preview(state)) == {"deepcourier", "Kasandra"}
    now = NOW + 1
    for name, seat in (("deepcourier", 8), ("Kasandra", 2)):
        kernel.apply(GAME, state, Command(HOST, "thread_alias", {"name": name, "seat": seat}, now))
    got = _preview(state)  # the request carries no aliases: the room's table is used
    assert _waiting(got) == set() and got["rows"]
    assert GAME.view(state, "host")["host"]["aliases"] == {
        "deepcourier": "Deepcourier",
        "Kasandra": "Kassandra",
    }
    assert "aliases" not in GAME.view(state, 1).get("host", {})  # a player's view has no desk part
    kernel.apply(GAME, state, Command(HOST, "replace", {"seat": 2, "nick": "Лиса2"}, now + 1))
    assert GAME.view(state, "host")["host"]["aliases"]["Kasandra"] == "Лиса2"  # the seat, not the nick
    kernel.apply(GAME, state, Command(HOST, "thread_alias", {"name": "Kasandra", "seat": None}, now + 2))
    assert "Kasandra" in _waiting(_preview(state))


@pytest.mark.parametrize(
    ("actor", "payload", "code"),
    [
        (1, {"name": "x", "seat": 2}, "not_host"),
        (HOST, {"name": "", "seat": 2}, "bad_payload"),
        (HOST, {"name": "x", "seat": 99}, "bad_payload"),
        (HOST, {"name": "x\u0000y", "seat": 2}, "bad_payload"),
    ],
)
def test_only_the_host_sets_a_valid_alias_a_thread_5a(actor: Any, payload: dict[str, Any], code: str) -> None:
    state = _room()
    with pytest.raises(Rejected) as refused:
        kernel.apply(GAME, state, Command(actor, "thread_alias", payload, NOW + 1))
    assert refused.value.code == code


def _quote(post: int, nick: str, target: str, at_s: int) -> str:
    return (
        f'[quote="{nick}" post_id={post} time={at_s} user_id={post}][color=#FF0000]{target}[/color][/quote]\n'
    )


def test_the_preview_says_which_votes_recording_would_void_a_vote_3() -> None:  # A-VOTE-3, A-THREAD-1
    """Play-test: Oleg voted for Мотя on his phone; the pasted thread holds his red «Лиса» too.
    The preview listed it as a new vote with no note, and recording voided both (a repeat
    vote, A-VOTE-3) and gave Oleg +1 the next day. The preview now tells the host, before he
    records, what the log will say after: the thread vote void for a repeat, and the phone vote
    it voids with it, by the command's own rules (a dry run on a copy of the game)."""
    state = _room()
    at = NOW // 1000 + 100
    kernel.apply(GAME, state, Command(5, "vote", {"target": 6}, NOW + 50_000))  # Oleg → Мотя, by phone
    pasted = _quote(201, "Oleg", "Лиса", at + 60) + _quote(202, "Мотя", "Oleg", at + 70)
    got = SITE.host_tool("thread", state, {"pages": [{"url": "", "text": pasted}]})
    lines = {line["post"].split("#")[-1]: line for line in got["votes"]}
    assert lines["p201"]["void"] == "REVOTE" and lines["p201"]["void_ru"]
    assert lines["p202"]["void"] is None  # Мотя's first vote stays good
    assert got["cancels"] == [
        {"voter": "Oleg", "target": "Мотя", "by": None, "void": "REVOTE", "void_ru": lines["p201"]["void_ru"]}
    ]
    assert all(e.kind != "VOID" for e in state.game.votes)  # the preview changed nothing
    kernel.apply(GAME, state, Command(HOST, "thread_votes", {"votes": got["rows"]}, NOW + 90_000))
    voided = [(e.voter, e.void_reason) for e in state.game.votes if e.kind == "VOID"]
    assert voided == [(5, "REVOTE"), (5, "REVOTE")]  # what the preview said
