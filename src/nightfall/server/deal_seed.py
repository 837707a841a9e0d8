"""Where every game's seed comes from (the deal, and every other draw of the rules).

One function, called when a game starts (a desk game's room, a lobby's start or its next
game), so that the whole server draws its seeds in one place. Production has no knob for
it; a test server fixes it from outside (tests/seeded_serve.py), so that a browser test
meets one known deal instead of whichever the dice give (issue 33 §6).
"""

from __future__ import annotations

import secrets


def game_seed(game_no: int) -> int:
    """The seed of the room's game number ``game_no``: 63 random bits."""
    del game_no  # a fixed-seed stand-in gives each game of a room its own seed
    return secrets.randbits(63)
