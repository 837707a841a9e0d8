"""Andorra Mafia on the site: the rules plus clan chat and the move form
(``AndorraSiteGame``), and what the server needs to host it (``AndorraSite``)."""

from .game import AndorraSiteGame
from .hosting import AndorraSite

__all__ = ["AndorraSite", "AndorraSiteGame"]
