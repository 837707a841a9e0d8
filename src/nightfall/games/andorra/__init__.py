"""Andorra Mafia: the pure rules engine (spec: rules/andorra.md, rulebook: docs/rules/andorra.md)."""

from .game import AndorraGame

__all__ = ["AndorraGame"]
