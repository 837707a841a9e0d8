"""The bot interface and the small view helpers every bot uses."""

from __future__ import annotations

from typing import Any, Protocol

from nightfall.engine import Rng

from .table_talk import TableTalk

Action = tuple[str, dict[str, Any]]


class Bot(Protocol):
    def act(self, view: dict[str, Any], rng: Rng, talk: TableTalk) -> list[Action]:
        """Commands to send now, given this seat's view. May be empty."""
        ...


class TapBot(Bot, Protocol):
    def tap(self, public: dict[str, Any], command: str, owes: bool) -> list[Action] | None:
        """In a scene whose only input is a tap (``command``): the commands to send, from the
        public view alone, or None to be asked again with the seat's whole view (``act``).
        It must send what ``act`` would have sent and remember what ``act`` would have."""
        ...


# The public player list is built anew whenever a status changes and shared by every view
# until then (public_part._players), so the last list's cats are kept with the list itself.
_last_cats: tuple[list[dict[str, Any]] | None, list[int]] = (None, [])


def cats(view: dict[str, Any]) -> list[int]:
    global _last_cats
    players = view["players"]
    if _last_cats[0] is not players:
        _last_cats = (players, [p["seat"] for p in players if p["status"] == "CAT"])
    return list(_last_cats[1])


def frogs(view: dict[str, Any]) -> list[int]:
    return [p["seat"] for p in view["players"] if p["status"] == "FROG"]


def open_places(view: dict[str, Any]) -> list[str]:
    return [p["id"] for p in view["places"] if p["open"]]


def alive(view: dict[str, Any]) -> list[int]:
    return [p["seat"] for p in view["players"] if p["status"] != "EXILED"]
