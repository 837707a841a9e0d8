"""A-THREAD-2 (§09): «Голосование за посадку красным цветом. Обращение к ведущему синим
цветом. Любые другие цвета ведущим игнорируются»: which written colours are red and blue."""

from __future__ import annotations

import re

_RED = {"red", "#ff0000", "#f00", "rgb(255,0,0)", "ff0000"}
_BLUE = {"blue", "#0000ff", "#00f", "rgb(0,0,255)", "0000ff"}


def _norm(value: str) -> str:
    return re.sub(r"\s+", "", value).strip("'\"").casefold()


def colour_of(value: str) -> str | None:
    """``"red"``, ``"blue"`` or None for a CSS/BBCode colour as forums write it."""
    v = _norm(value)
    if v in _RED:
        return "red"
    if v in _BLUE:
        return "blue"
    return None


_STYLE_COLOUR = re.compile(r"(?:^|;)\s*color\s*:\s*([^;]+)", re.IGNORECASE)


def colour_of_style(style: str) -> str | None:
    """The colour of an inline ``style`` attribute («color: #FF0000»), red/blue or None."""
    m = _STYLE_COLOUR.search(style)
    return colour_of(m.group(1)) if m else None
