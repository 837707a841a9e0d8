"""How a member looks on the screens: a colour and an avatar, chosen in the lobby.

These are the table's, not a game's: every game's player lists and boards show
them. The ids are plain words; the web client draws them (a palette of twelve
colours far apart on a dark TV board, and simple SVG shapes, since a TV's or a
phone's browser may have no emoji font). Colours are unique at a table, so a
colour names a player at a glance across the room; avatars may repeat.
"""

from __future__ import annotations

from typing import Final

# As many colours as the largest table (Heks seats 12), in the order new members get them.
COLOURS: Final = (
    "red",
    "orange",
    "yellow",
    "lime",
    "green",
    "teal",
    "sky",
    "blue",
    "violet",
    "pink",
    "brown",
    "white",
)

AVATARS: Final = (
    "circle",
    "square",
    "triangle",
    "diamond",
    "star",
    "heart",
    "moon",
    "hexagon",
    "cross",
    "drop",
    "leaf",
    "bolt",
)


def free_colour(taken: set[str | None]) -> str | None:
    """The first colour nobody has (None once all are taken: a table larger than the palette)."""
    return next((c for c in COLOURS if c not in taken), None)


def default_avatar(pid: int) -> str:
    """New members get different shapes, in turn, until they choose their own."""
    return AVATARS[(pid - 1) % len(AVATARS)]
