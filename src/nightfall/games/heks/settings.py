"""The host's settings of a Heks game: Timed or Unlimited (H-SET-6) and the
discussion time (H-TIM-2). One check, used by the rules (``setup``) and by the
lobby (``site``), from the values in ``tables``."""

from __future__ import annotations

from typing import Any

from . import deck, tables

MODES = ("timed", "unlimited")  # H-SET-6


def mode_ok(mode: object) -> bool:
    return mode in MODES


def discuss_ok(seconds: object) -> bool:
    """60-600 s in steps of 30 (H-TIM-2)."""
    return (
        type(seconds) is int
        and tables.DISCUSS_MIN <= seconds <= tables.DISCUSS_MAX
        and (seconds - tables.DISCUSS_MIN) % tables.DISCUSS_STEP == 0
    )


def defaults() -> dict[str, Any]:
    # deck None: the standard deck, Table 2.1's row for whoever is seated (H-DECK-7)
    return {"mode": MODES[0], "discuss_seconds": tables.DISCUSS_DEFAULT, "deck": None}


def schema() -> dict[str, Any]:
    """The settings' ranges as clients show them."""
    return {
        "mode": list(MODES),
        "discuss_seconds": {
            "min": tables.DISCUSS_MIN,
            "max": tables.DISCUSS_MAX,
            "step": tables.DISCUSS_STEP,
        },
        # H-DECK-1: the roles a deck names (the Villager fills the rest), at most ``max`` each
        # (H-DECK-4, H-DECK-5; Witches and Crows are bounded by H-DECK-3 instead).
        "deck": {"roles": list(deck.DECK_ROLES), "one_holder": [*deck.ONE_HOLDER, tables.JESTER]},
    }
