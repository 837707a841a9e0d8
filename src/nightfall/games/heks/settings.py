"""The host's settings of a Heks game: Timed or Unlimited (H-SET-6) and the
discussion time (H-TIM-2). One check, used by the rules (``setup``) and by the
lobby (``site``), from the values in ``tables``."""

from __future__ import annotations

from typing import Any

from . import tables

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
    return {"mode": MODES[0], "discuss_seconds": tables.DISCUSS_DEFAULT}


def schema() -> dict[str, Any]:
    """The settings' ranges as clients show them."""
    return {
        "mode": list(MODES),
        "discuss_seconds": {
            "min": tables.DISCUSS_MIN,
            "max": tables.DISCUSS_MAX,
            "step": tables.DISCUSS_STEP,
        },
    }
