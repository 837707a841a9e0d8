"""Bots for Vang de Heks. A bot sees only its own seat's view (plus public table talk)."""

from .driver import BOTS, play_game
from .table_talk import TableTalk

__all__ = ["BOTS", "TableTalk", "play_game"]
