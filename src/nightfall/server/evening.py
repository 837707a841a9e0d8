"""The evening's score in a room: who won each game played at this table.

The winners come from the game (``GameSite.outcome`` reads the rules' result),
never from rules kept here. Earlier games are kept in the lobby (stored with
it); the latest game's outcome is read from its stored result, and folded into
the lobby when the next game starts (in the same transaction), so the score is
the same after a restart and no game is counted twice.
"""

from __future__ import annotations

from nightfall.games.registry import GameSite

from .lobby import Lobby
from .play import Play
from .protocol_types import EveningGame


def outcome(site: GameSite, lobby: Lobby, play: Play | None) -> EveningGame | None:
    """The finished game ``play`` as a line of the score; None while it runs, or for a
    game that keeps no score."""
    if play is None or play.record.result is None:
        return None
    won = site.outcome(play.record.result)
    if won is None:
        return None
    seating = play.record.seating
    pids = [seating[seat - 1] for seat in won.seats if 1 <= seat <= len(seating)]
    names = []
    for pid in pids:
        member = lobby.member(pid)
        names.append(member.name if member is not None else "")
    return {"game_no": play.record.game_no, "side": won.side, "winners": pids, "names": names}


def games(site: GameSite, lobby: Lobby, play: Play | None) -> list[EveningGame]:
    """Every finished game of the evening, oldest first."""
    out: list[EveningGame] = [
        {"game_no": g["game_no"], "side": g["side"], "winners": list(g["winners"]), "names": list(g["names"])}
        for g in lobby.evening
    ]
    latest = outcome(site, lobby, play)
    if latest is not None and all(g["game_no"] != latest["game_no"] for g in out):
        out.append(latest)
    return out


def fold(site: GameSite, draft: Lobby, play: Play | None) -> None:
    """Before the next game starts: the finished game joins the lobby's stored score."""
    latest = outcome(site, draft, play)
    if latest is not None and all(g["game_no"] != latest["game_no"] for g in draft.evening):
        draft.evening.append(dict(latest))
