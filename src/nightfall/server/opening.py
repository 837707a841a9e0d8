"""A new room from its creator's form, built before anything is stored: its
members (the host first), their tokens, the lobby and, for a game run from a
desk, the game itself, set up and checked by its rules."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from nightfall.games.registry import Created, GameSite
from nightfall.store import GameRecord

from . import deal_seed
from . import lobby as tables
from .lobby import PLAYING, Lobby
from .play import Play


@dataclass(slots=True)
class NewRoom:
    site: GameSite
    lobby: Lobby
    play: Play | None  # a desk game's, started at creation
    host_name: str
    names: list[str]  # the players seated at creation, in seat order
    tokens: list[str]  # the host's, then each seated player's (only hashes are stored)

    def answer(self, code: str, base_url: str | None, links: Mapping[str, object]) -> dict[str, Any]:
        """The game's answer to the creator."""
        seats = [(i + 1, name, self.tokens[i + 1]) for i, name in enumerate(self.names)]
        state = self.play.state if self.play is not None else None
        created = Created(code, self.site.name, base_url or "", self.tokens[0], seats, links, state)
        return self.site.answer_created(created)


def open_room(site: GameSite, form: dict[str, Any], now: int) -> NewRoom:
    """The room ``form`` asks for: a lobby with the creator as host (H-SET-2), or, for a
    game run from a desk, the game itself with every player seated. Raises ``Rejected``
    (the form, a name, the rules' setup) before anything exists."""
    opening = site.open_room(form, now)
    if site.host_seated:
        host_name, names = tables.clean_name(opening.host_name), []
    else:
        host_name, names = "host", tables.clean_names(opening.players)
    tokens = [secrets.token_urlsafe(32) for _ in range(len(names) + 1)]
    members: list[tables.Member] = []
    for i, name in enumerate([host_name, *names]):
        members.append(tables.new_member(i + 1, name, tables.hash_token(tokens[i]), members))
    lobby = Lobby(
        game=site.name, host=1, members=members, settings=dict(opening.settings), next_pid=len(members) + 1
    )
    play = None
    if not site.host_seated:  # a desk game starts now: its rules check the setup here
        config = site.build_config(names, None, opening.setup)
        seating = [m.pid for m in members[1:]]
        record = GameRecord(game_no=1, config=config, seed=deal_seed.game_seed(1), seating=seating)
        play = Play.setup(site.make_game(), record)
        play.last_now = now
        lobby.status = PLAYING
    return NewRoom(site, lobby, play, host_name, names, tokens)
