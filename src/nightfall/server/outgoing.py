"""What a socket is told about its room (docs/protocol.md §4.2). Pure functions
over the room's parts, so the room only decides *when* to send."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nightfall.engine import Viewer, view_parts
from nightfall.games.registry import GameSite

from . import evening
from .lobby import PLAYING, Lobby, Member
from .play import Play
from .presence import Presence
from .protocol import encode
from .protocol_types import (
    GameSettings,
    MemberJson,
    PresenceMessage,
    PresenceState,
    RealTablesJson,
    RoomJson,
    RoomLinks,
    StateMessage,
    YouJson,
)
from .real_tables import RealTables


def seat_of(lobby: Lobby, play: Play | None, pid: int) -> int | None:
    """The game seat while a game runs, otherwise the seat in the next game."""
    if lobby.status == PLAYING and play is not None:
        return play.seat_of(pid)
    return lobby.seat_of(pid)


def you(
    lobby: Lobby, play: Play | None, pid: int | None, seen: dict[str, PresenceState] | None = None
) -> YouJson:
    out: YouJson = {
        "pid": pid,
        "seat": seat_of(lobby, play, pid) if pid is not None else None,
        "host": pid is not None and pid == lobby.host,
        "spectator": pid is None,
    }
    if seen is not None:
        out["presence"] = seen
    return out


def seen_by(
    site: GameSite, lobby: Lobby, presence: Presence, pid: int | None
) -> dict[str, PresenceState] | None:
    """Who is connected, for the one viewer who may know it in a game whose players must not
    (``private_presence``, Andorra: a connection at night hints at a night move): the host."""
    if not site.private_presence or pid is None or pid != lobby.host:
        return None
    return {str(m.pid): presence.of(m.pid) for m in lobby.members}


def room_json(
    code: str,
    site: GameSite,
    lobby: Lobby,
    play: Play | None,
    presence: Presence,
    spectators: int,
    tallies: RealTables | None = None,
) -> RoomJson:
    return {
        "code": code,
        "game": site.name,
        "status": lobby.status,
        "game_no": play.record.game_no if play else 0,
        "members": [_member(site, lobby, play, presence, m) for m in lobby.members],
        "spectators": spectators,
        "settings": GameSettings(dict(lobby.settings)),
        "limits": {
            "min_players": site.min_players,
            "max_players": site.max_players,
            "roles": site.table_roles(),
        },
        "evening": evening.games(site, lobby, play),
        "relinks": [{"seat": r["seat"], "at": r["at"]} for r in lobby.relinks],
        "real_tables": real_tables(site, lobby, tallies),
    }


def real_tables(site: GameSite, lobby: Lobby, tallies: RealTables | None) -> RealTablesJson | None:
    """What this server's finished games did with the deck the lobby would deal now."""
    if tallies is None or lobby.status == PLAYING:
        return None
    return tallies.of(site.name, site.deck_key(len(lobby.members), lobby.settings))


def _member(
    site: GameSite, lobby: Lobby, play: Play | None, presence: Presence, member: Member
) -> MemberJson:
    pid = member.pid
    out: MemberJson = {
        "pid": pid,
        "name": member.name,
        "seat": seat_of(lobby, play, pid),
        "host": pid == lobby.host,
        "colour": member.colour,
        "avatar": member.avatar,
    }
    if not site.private_presence:  # else only the host is told, in his ``you`` (seen_by)
        out["presence"] = presence.of(pid)
    if play is not None:
        out["game_seat"] = play.seat_of(pid)
    return out


def links(base_url: str | None, code: str) -> RoomLinks:
    """The join link (the QR code's target) and the TV board's address."""
    if base_url is None:
        return {"join_url": None, "board_url": None}
    return {"join_url": f"{base_url}/r/{code}", "board_url": f"{base_url}/board/{code}"}


def add_links(room: RoomJson, base_url: str | None, code: str) -> None:
    """``links`` added to a room's JSON, in place (after its other keys)."""
    found = links(base_url, code)
    room["join_url"] = found["join_url"]
    room["board_url"] = found["board_url"]


def viewer_of(play: Play, pid: int | None, host: int | None = None) -> Viewer:
    """A seated member sees their seat; a host without a seat (Andorra's ведущий)
    the host's view; everyone else (spectators, late joiners) the public one."""
    seat = play.seat_of(pid) if pid is not None else None
    if seat is None and pid is not None and pid == host:
        return "host"
    return seat if seat is not None else "public"


def view_for(play: Play | None, pid: int | None, host: int | None = None) -> dict[str, Any] | None:
    if play is None:
        return None
    return play.game.view(play.state, viewer_of(play, pid, host))


class SharedText:
    """The encoded shared part of the views (``nightfall.engine.view_parts``),
    re-encoded only when the game hands out a different object."""

    __slots__ = ("_open", "_shared", "_text")

    def __init__(self) -> None:
        self._shared: Mapping[str, Any] | None = None
        self._text = ""
        self._open = ""

    def text(self, shared: Mapping[str, Any]) -> str:
        if shared is not self._shared:  # holding it keeps its id from being reused
            self._shared, self._text = shared, encode(shared)
            self._open = f"{self._text[:-1]},"
        return self._text

    def opened(self, shared: Mapping[str, Any]) -> str:
        """``text(shared)`` without its closing brace and with a comma: own keys follow."""
        self.text(shared)
        return self._open


def view_pieces(
    play: Play | None, pid: int | None, host: int | None, shared_text: SharedText
) -> tuple[str, str]:
    """``encode(view_for(play, pid, host))`` as two strings to write one after the other:
    the shared part (the same object for every viewer at one state version, so a
    repeat is seen by identity) and this viewer's own keys."""
    if play is None:
        return "", "null"
    shared, own = view_parts(play.game, play.state, viewer_of(play, pid, host))
    if not shared:
        return "", encode(own)
    if not own:
        return shared_text.text(shared), ""
    return shared_text.opened(shared), encode(own)[1:]  # '{...shared,' + 'own...}'


def state(
    version: int,
    now: int,
    room: RoomJson,
    lobby: Lobby,
    play: Play | None,
    pid: int | None,
    seen: dict[str, PresenceState] | None = None,
) -> StateMessage:
    return {
        "type": "state",
        "version": version,
        "server_time": now,
        "room": room,
        "you": you(lobby, play, pid, seen),
        "view": view_for(play, pid, lobby.host),
    }


def presence_changes(now: int, presence: Presence, pids: list[int]) -> PresenceMessage:
    return {
        "type": "presence",
        "server_time": now,
        "members": [{"pid": p, "presence": presence.of(p)} for p in pids],
    }
