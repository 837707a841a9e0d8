"""A-THREAD-2 (§09): «Голосование за посадку красным цветом. Обращение к ведущему синим
цветом. Любые другие цвета ведущим игнорируются»: which written colours are red and blue."""

from __future__ import annotations

import re

_RED = {"red", "#ff0000", "#f00", "rgb(255,0,0)", "ff0000"}
_BLUE = {"blue", "#0000ff", "#00f", "rgb(0,0,255)", "0000ff"}


def _norm(value: str) -> str:
    return re.sub(r"\s+", "", value).strip("'\"").casefold()


# Reds that are not the red (phpBB's picker offers #BF0000 and #800000 beside #FF0000): not a
# vote (§09), but the host is shown the post, so he can tell its author (A-THREAD-2a).
_NAMED_REDDISH = {"darkred", "maroon", "crimson", "firebrick", "indianred", "orangered", "brown"}
_HEX = re.compile(r"#?([0-9a-f]{3}|[0-9a-f]{6})")
_RGB = re.compile(r"rgb\((\d{1,3}),(\d{1,3}),(\d{1,3})\)")


def _rgb(v: str) -> tuple[int, int, int] | None:
    m = _RGB.fullmatch(v)
    if m:
        r, g, b = (int(x) for x in m.groups())
        return r, g, b
    m = _HEX.fullmatch(v)
    if not m:
        return None
    h = m.group(1)
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def colour_of(value: str) -> str | None:
    """``"red"``, ``"blue"``, ``"reddish"`` (a red that is not red) or None for a CSS/BBCode
    colour as forums write it."""
    v = _norm(value)
    if v in _RED:
        return "red"
    if v in _BLUE:
        return "blue"
    if v in _NAMED_REDDISH:
        return "reddish"
    rgb = _rgb(v)
    if rgb is not None and rgb[0] >= 96 and max(rgb[1], rgb[2]) <= rgb[0] * 0.45:
        return "reddish"
    return None


_STYLE_COLOUR = re.compile(r"(?:^|;)\s*color\s*:\s*([^;]+)", re.IGNORECASE)


def colour_of_style(style: str) -> str | None:
    """The colour of an inline ``style`` attribute («color: #FF0000»), as ``colour_of``."""
    m = _STYLE_COLOUR.search(style)
    return colour_of(m.group(1)) if m else None
