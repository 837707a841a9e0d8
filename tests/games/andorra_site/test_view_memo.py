"""The site builds the view's shared part once per change and keeps the role cards while the
world is unchanged (bench/desk_actions.py); every seat's view must stay exactly the engine's
own, built from scratch, after every kind of command (votes, moves, closing, corrections,
answers, publishing, host edits)."""

from __future__ import annotations

from typing import Any

from nightfall.engine import HOST, Command, kernel
from nightfall.games.andorra.site import AndorraSiteGame
from nightfall.games.andorra.view import view as engine_view

CAST = [
    ("Anna", "BOSS"),
    ("Boris", "SOLDIER"),
    ("Gleb", "SHERIFF"),
    ("Ivan", "PV"),
    ("Petr", "PV"),
    ("Vera", "MANIAC"),
    ("Dima", "DOCTOR"),
    ("Rita", "REANIMATOR"),
]
SITE_KEYS = {"chat", "chat_clan", "chat_clan_name", "options", "pm_options", "mail", "aliases"}
SEAT = {n: i + 1 for i, (n, _) in enumerate(CAST)}


def _same(game: AndorraSiteGame, state: Any) -> None:
    for viewer in ("host", *range(1, len(CAST) + 1)):
        site = game.view(state, viewer)
        fresh: dict[str, Any] = dict(engine_view(state.game, viewer))
        for key, value in fresh.items():
            got = site[key]
            if key in ("me", "host"):  # less the site's own keys (the chat, the form's choices)
                got = {k: v for k, v in got.items() if k not in SITE_KEYS}
            assert got == value, (viewer, key)


def test_every_seats_view_is_the_engines_after_each_command() -> None:
    game = AndorraSiteGame()
    state = game.setup({"players": [n for n, _ in CAST], "roles": [r for _, r in CAST]}, 5)
    now = [0]

    def do(actor: Any, ctype: str, **payload: Any) -> None:
        now[0] += 1
        kernel.apply(game, state, Command(actor, ctype, payload, now[0]))
        _same(game, state)

    _same(game, state)
    for day in range(2):
        for name, _ in CAST:
            if state.game.world.player(SEAT[name]).alive:
                do(SEAT[name], "vote", target=None)
        do(HOST, "end_day")
        do(SEAT["Vera"], "move", player=SEAT["Vera"], action="MANIAC_QUICK", target=SEAT["Boris"] + day)
        do(SEAT["Ivan"], "move", player=SEAT["Ivan"], action="PV_WATCH", target=SEAT["Boris"] + day)
        do(SEAT["Rita"], "move", player=SEAT["Rita"], action="REANIMATE")
        do(HOST, "end_night")
        do(HOST, "correct", player=SEAT["Anna"], action="STAY_HOME")
        while state.game.phase == "RESOLVING":
            do(HOST, "close_prompts")
        do(HOST, "publish")
        do(HOST, "host_edit", seat=SEAT["Petr"], op="give_item", item="VEST")
