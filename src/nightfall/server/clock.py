"""The server clock: integer milliseconds, the only clock the games ever see."""

from __future__ import annotations

import time


def now_ms() -> int:
    return int(time.time() * 1000)
