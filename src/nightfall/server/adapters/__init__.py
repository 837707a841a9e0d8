"""What the server needs to know about each game, and nothing more.

The rules live in ``nightfall.games``; an adapter adds the lobby-facing facts
(player limits, settings and their ranges, how a table becomes a config).
Andorra plugs in by adding one adapter to ``default_catalog``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from nightfall.engine import Game


class GameAdapter(Protocol):
    name: str
    min_players: int
    max_players: int

    def make_game(self) -> Game[Any]: ...

    def default_settings(self) -> dict[str, Any]: ...

    def describe_settings(self) -> dict[str, Any]:
        """The settings' ranges for clients (``GET /api/games``)."""
        ...

    def merge_settings(self, current: Mapping[str, Any], patch: Mapping[str, Any]) -> dict[str, Any]:
        """``current`` updated with ``patch``; raises ``Rejected("bad_settings", field=...)``."""
        ...

    def build_config(
        self, names: list[str], host_seat: int, settings: Mapping[str, Any]
    ) -> dict[str, Any]: ...


Catalog = dict[str, GameAdapter]


def default_catalog() -> Catalog:
    from .andorra import AndorraAdapter
    from .heks import HeksAdapter

    return {"heks": HeksAdapter(), "andorra": AndorraAdapter()}


def describe(adapter: GameAdapter) -> dict[str, Any]:
    return {
        "name": adapter.name,
        "min_players": adapter.min_players,
        "max_players": adapter.max_players,
        "settings": adapter.describe_settings(),
        "defaults": adapter.default_settings(),
    }
