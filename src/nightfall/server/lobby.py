"""The table before (and between) games: members, seat order, host, settings.

Pure functions over a plain ``Lobby`` record, so the rules of the lobby are
tested without sockets. Every function validates completely before it
mutates (the engine's validate-then-mutate contract), raising ``Rejected``
with the codes listed in docs/protocol.md §4.2.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from nightfall.engine import Rejected

from . import looks

LOBBY = "lobby"
PLAYING = "playing"
ENDED = "ended"

NAME_MAX = 20
_SPACES = re.compile(r"\s+")


def hash_token(token: str) -> str:
    """Only a hash of a seat token is stored: a copied database opens no seats."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(slots=True)
class Member:
    pid: int
    name: str
    token_hash: str
    colour: str | None = None  # looks.COLOURS, unique at the table (None: a room from before colours)
    avatar: str | None = None  # looks.AVATARS

    def to_json(self) -> dict[str, Any]:
        return {
            "pid": self.pid,
            "name": self.name,
            "token_hash": self.token_hash,
            "colour": self.colour,
            "avatar": self.avatar,
        }

    @classmethod
    def from_json(cls, m: dict[str, Any]) -> Member:
        return cls(m["pid"], m["name"], m["token_hash"], m.get("colour"), m.get("avatar"))


@dataclass(slots=True)
class Lobby:
    game: str
    host: int  # the host's pid (H-SET-2)
    members: list[Member] = field(default_factory=list)  # in seat order (H-SET-3)
    settings: dict[str, Any] = field(default_factory=dict)
    status: str = LOBBY
    next_pid: int = 1
    # The evening's finished games before the latest one (docs/protocol.md §4.2 ``evening``):
    # the latest game's outcome is read from its stored result, and folded in here when the
    # next game starts, so the score survives a restart without a copy of any game's rules.
    evening: list[dict[str, Any]] = field(default_factory=list)
    # The seats the host gave a new private link while the running game was on, or since the
    # last one ended, each ``{"seat", "at", "pid", "between"}`` (H-HST-8; clients read seat and
    # at): the table is told, so a host cannot quietly take over another seat's phone view.
    # A game starts with those made between games ("between"), at the player's new seat.
    relinks: list[dict[str, int]] = field(default_factory=list)

    def member(self, pid: int) -> Member | None:
        return next((m for m in self.members if m.pid == pid), None)

    def member_by_token(self, token: str) -> Member | None:
        digest = hash_token(token)
        found = None
        for m in self.members:  # no early exit: the time taken says nothing about the token
            if hmac.compare_digest(m.token_hash, digest):
                found = m
        return found

    def seat_of(self, pid: int) -> int | None:
        """The seat this member has (or will have) in lobby order, 1-based."""
        for i, m in enumerate(self.members):
            if m.pid == pid:
                return i + 1
        return None

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "host": self.host,
            "members": [m.to_json() for m in self.members],
            "settings": dict(self.settings),
            "status": self.status,
            "next_pid": self.next_pid,
            "evening": [dict(g) for g in self.evening],
            "relinks": [dict(r) for r in self.relinks],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Lobby:
        return cls(
            game=data["game"],
            host=data["host"],
            members=[Member.from_json(m) for m in data["members"]],
            settings=dict(data["settings"]),
            status=data["status"],
            next_pid=data["next_pid"],
            evening=[dict(g) for g in data.get("evening", [])],
            relinks=[dict(r) for r in data.get("relinks", [])],
        )


def clean_name(raw: object) -> str:
    """Trim, collapse inner whitespace, NFC-normalise; 1-20 characters, printable."""
    if not isinstance(raw, str):
        raise Rejected("bad_name", reason="empty")
    name = _SPACES.sub(" ", unicodedata.normalize("NFC", raw)).strip()
    if not name:
        raise Rejected("bad_name", reason="empty")
    if len(name) > NAME_MAX:
        raise Rejected("bad_name", reason="too_long", max=NAME_MAX)
    if any(
        unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") or ord(ch) in _INVISIBLE for ch in name
    ):
        raise Rejected("bad_name", reason="control_chars")
    if _mark_tower(name):
        raise Rejected("bad_name", reason="control_chars")
    return name


# What draws nothing though it is no control character: Unicode's default-ignorable code
# points outside Cf (the grapheme joiner, the Hangul fillers, variation selectors) and the
# blank Braille cell. An attack test seated "Host", "Ho\u034fst" and "Host\u3164" side by side,
# alike on every screen, and "\u3164" alone as a name that looks empty.
_INVISIBLE = frozenset(
    {0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x2800, 0x3164, 0xFFA0}
    | set(range(0x180B, 0x1810))
    | set(range(0xFE00, 0xFE10))
    | set(range(0xE0100, 0xE01F0))
)
MARKS_MAX = 3  # combining marks on one letter: any script's accents, not a tower over its neighbours


def _mark_tower(name: str) -> bool:
    """A name that starts with a combining mark (it would sit on the text before it) or
    stacks more than ``MARKS_MAX`` on one letter."""
    run = 0
    for i, ch in enumerate(name):
        if unicodedata.category(ch) in ("Mn", "Me"):
            run += 1
            if i == 0 or run > MARKS_MAX:
                return True
        else:
            run = 0
    return False


def clean_names(raw: list[object]) -> list[str]:
    """Players' names from a form, each as ``clean_name`` and unique ignoring case."""
    names: list[str] = []
    for i, entry in enumerate(raw):
        try:
            name = clean_name(entry)
        except Rejected as rejected:
            raise Rejected(rejected.code, field=f"players[{i}].name", **rejected.params) from None
        if any(n.casefold() == name.casefold() for n in names):
            raise Rejected("name_taken", field=f"players[{i}].name", name=name)
        names.append(name)
    return names


def new_member(pid: int, name: str, token_hash: str, others: list[Member]) -> Member:
    """A member who just sat down: the first free colour and a shape of their own, until
    they choose (``profile``)."""
    colour = looks.free_colour({m.colour for m in others})
    return Member(pid, name, token_hash, colour, looks.default_avatar(pid))


def new_lobby(game: str, host_name: str, token_hash: str, settings: dict[str, Any]) -> Lobby:
    name = clean_name(host_name)
    host = new_member(1, name, token_hash, [])
    return Lobby(game=game, host=1, members=[host], settings=dict(settings), next_pid=2)


def join(lobby: Lobby, raw_name: object, token_hash: str, max_players: int) -> Member:
    require_status(lobby, LOBBY, ENDED)
    name = clean_name(raw_name)
    if any(m.name.casefold() == name.casefold() for m in lobby.members):
        raise Rejected("name_taken", name=name)
    if len(lobby.members) >= max_players:
        raise Rejected("room_full", max=max_players)
    member = new_member(lobby.next_pid, name, token_hash, lobby.members)
    lobby.members.append(member)
    lobby.next_pid += 1
    return member


def profile(lobby: Lobby, actor: int, payload: dict[str, Any]) -> Member:
    """A member changes their own name, colour or avatar, before or between games (a
    running game has the names in its config). Every field is checked before any
    changes; a refusal names the ``field`` it concerns, so a client shows it there."""
    require_status(lobby, LOBBY, ENDED)
    member = lobby.member(actor)
    if member is None:
        raise Rejected("unknown_member", pid=actor)
    unknown = sorted(set(payload) - {"name", "colour", "avatar"})
    if unknown or not payload:
        raise Rejected("bad_message", field=unknown[0] if unknown else "payload")
    others = [m for m in lobby.members if m.pid != actor]
    name, colour, avatar = member.name, member.colour, member.avatar
    if "name" in payload:
        try:
            name = clean_name(payload["name"])
        except Rejected as rejected:
            raise Rejected(rejected.code, field="name", **rejected.params) from None
        if any(m.name.casefold() == name.casefold() for m in others):
            raise Rejected("name_taken", field="name", name=name)
    if "colour" in payload:
        colour = payload["colour"]
        if colour not in looks.COLOURS:
            raise Rejected("bad_colour", field="colour")
        if any(m.colour == colour for m in others):
            raise Rejected("colour_taken", field="colour", colour=colour)
    if "avatar" in payload:
        avatar = payload["avatar"]
        if avatar not in looks.AVATARS:
            raise Rejected("bad_avatar", field="avatar")
    member.name, member.colour, member.avatar = name, colour, avatar
    return member


def require_status(lobby: Lobby, *allowed: str) -> None:
    if lobby.status not in allowed:
        raise Rejected("wrong_status", status=lobby.status)


def require_host(lobby: Lobby, actor: int) -> None:
    if actor != lobby.host:
        raise Rejected("not_host")


def reorder(lobby: Lobby, actor: int, order: object) -> None:
    require_host(lobby, actor)
    require_status(lobby, LOBBY, ENDED)
    current = [m.pid for m in lobby.members]
    if (
        not isinstance(order, list)
        or sorted(order) != sorted(current)
        or any(type(p) is not int for p in order)
    ):
        raise Rejected("bad_order")
    by_pid = {m.pid: m for m in lobby.members}
    lobby.members = [by_pid[p] for p in order]


def remove(lobby: Lobby, actor: int, pid: object) -> Member:
    require_host(lobby, actor)
    require_status(lobby, LOBBY, ENDED)
    if pid == lobby.host:
        raise Rejected("host_cannot_leave")
    member = lobby.member(pid) if type(pid) is int else None
    if member is None:
        raise Rejected("unknown_member", pid=pid)
    lobby.members.remove(member)
    return member


def handover(lobby: Lobby, actor: int, pid: object) -> Member:
    """The host gives the host role to another member (H-HST-7a), before or after a game.

    While a game runs the role is the engine's (``pass_host``), so it is not here.
    """
    require_host(lobby, actor)
    require_status(lobby, LOBBY, ENDED)
    member = lobby.member(pid) if type(pid) is int else None
    if member is None:
        raise Rejected("unknown_member", pid=pid)
    if member.pid == actor:
        raise Rejected("already_host", pid=pid)
    lobby.host = member.pid
    return member


def leave(lobby: Lobby, actor: int) -> Member:
    require_status(lobby, LOBBY, ENDED)
    if actor == lobby.host:
        raise Rejected("host_cannot_leave")
    member = lobby.member(actor)
    if member is None:
        raise Rejected("unknown_member", pid=actor)
    lobby.members.remove(member)
    return member


def check_start(lobby: Lobby, actor: int, min_players: int, max_players: int, *statuses: str) -> None:
    require_host(lobby, actor)
    require_status(lobby, *statuses)
    count = len(lobby.members)
    if count < min_players:
        raise Rejected("too_few_players", min=min_players, count=count)
    if count > max_players:
        raise Rejected("too_many_players", max=max_players, count=count)
