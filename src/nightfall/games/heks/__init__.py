"""Vang de Heks (Catch the Witch): the pure rules engine. See docs/rules/heks.md."""

from .game import HeksGame
from .state import HeksState

__all__ = ["HeksGame", "HeksState"]
