"""The games this installation knows, by their transcript name."""

from __future__ import annotations

from typing import Any

from nightfall.engine import Game


def get(name: str) -> Game[Any]:
    if name == "heks":
        from nightfall.games.heks import HeksGame

        return HeksGame()
    if name == "andorra":
        try:
            from nightfall.games.andorra import AndorraGame
        except ImportError as exc:
            raise KeyError(name) from exc
        game: Game[Any] = AndorraGame()
        return game
    raise KeyError(name)
