"""The games this installation knows: the one door from the rest of the project
(the server, ``nightfall replay``) into ``nightfall.games``.

Two lookups:

- ``site(name)``: a game as the server hosts it (``GameSite``), by the room's
  game name, the name rooms are stored under ("heks", "andorra");
- ``get(name)``: the rules, by transcript name. Every site's rules are here
  under their own name, so a room's stored log replays like any transcript
  ("andorra_site" is Andorra with the site's clan chat); "andorra" alone is the
  pure engine of the forum CLI's transcripts.

A third game adds one line to ``_SITES`` (and its rules to ``_RULES``).
"""

from __future__ import annotations

import importlib
from typing import Any

from nightfall.engine import Game

from .interface import Created, GameSite, OddsTally, Opening, Order, Outbox, Pages, describe

__all__ = [
    "Catalog",
    "Created",
    "GameSite",
    "OddsTally",
    "Opening",
    "Order",
    "Outbox",
    "Pages",
    "api_aliases",
    "default_catalog",
    "describe",
    "error_text",
    "get",
    "packages",
    "site",
]

# name -> "module:class", imported on first use (``nightfall replay heks`` loads no Andorra).
_SITES = {
    "heks": "nightfall.games.heks.site:HeksSite",
    "andorra": "nightfall.games.andorra.site:AndorraSite",
}
_RULES = {
    "heks": "nightfall.games.heks:HeksGame",
    "andorra": "nightfall.games.andorra:AndorraGame",
    "andorra_site": "nightfall.games.andorra.site:AndorraSiteGame",
}

Catalog = dict[str, GameSite]


def _load(path: str) -> Any:
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


def packages() -> list[str]:
    """The package of each game this installation hosts, in ``_SITES`` order (``typegen``
    finds a game's ``*_types`` modules there)."""
    return list(dict.fromkeys(path.partition(":")[0].rsplit(".", 1)[0] for path in _SITES.values()))


def get(name: str) -> Game[Any]:
    """The rules named ``name`` in a transcript; ``KeyError`` if there are none."""
    path = _RULES.get(name)
    if path is None:
        raise KeyError(name)
    game: Game[Any] = _load(path)()
    return game


def site(name: str) -> GameSite:
    """The game rooms store as ``name``; ``KeyError`` if this installation has none."""
    path = _SITES.get(name)
    if path is None:
        raise KeyError(name)
    found: GameSite = _load(path)()
    return found


def default_catalog() -> Catalog:
    """Every game this installation hosts, by name (what ``nightfall serve`` offers)."""
    return {name: site(name) for name in _SITES}


def api_aliases() -> dict[str, str]:
    """Older API addresses of the registered games: alias -> game name (``GameSite.api_alias``)."""
    found = {}
    for name, path in _SITES.items():
        alias = _load(path).api_alias
        if alias:
            found[str(alias)] = name
    return found


def error_text(code: str) -> str | None:
    """The English text of a game's own rejection code, if some game has one."""
    for name in _SITES:
        text = _load(_SITES[name]).error_texts.get(code)
        if text is not None:
            return str(text)
    return None
