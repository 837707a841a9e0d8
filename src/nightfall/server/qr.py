"""QR codes of the join link: SVG for screens, Unicode blocks for the terminal."""

from __future__ import annotations

import functools
import io

import qrcode
import qrcode.image.svg


@functools.lru_cache(maxsize=1024)
def cached_svg(data: str) -> bytes:
    """``svg`` of a room's join or board link, which every phone and board of the room asks
    for: drawn once (~10 ms each time, more for a long link)."""
    return svg(data)


def svg(data: str) -> bytes:
    image = qrcode.make(
        data, image_factory=qrcode.image.svg.SvgPathFillImage, border=2
    )  # white quiet zone: scans on dark themes
    out = io.BytesIO()
    image.save(out)
    return out.getvalue()


def terminal(data: str, ansi: bool = True) -> str:
    """Two modules per character cell (upper/lower half blocks).

    With ``ansi`` the colours are set explicitly (black on white), so the code
    scans on dark and light terminal themes alike. Without it (not a TTY) the
    blocks are light modules, which suits the usual dark terminal.
    """
    code = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_L)
    code.add_data(data)
    code.make(fit=True)
    matrix: list[list[bool]] = code.get_matrix()
    if len(matrix) % 2:
        matrix.append([False] * len(matrix[0]))
    dark = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}
    light = {(False, False): "█", (False, True): "▀", (True, False): "▄", (True, True): " "}
    glyph = dark if ansi else light
    lines = []
    for top, bottom in zip(matrix[::2], matrix[1::2], strict=True):
        row = "".join(glyph[(t, b)] for t, b in zip(top, bottom, strict=True))
        lines.append(f"\x1b[30;107m{row}\x1b[0m" if ansi else row)
    return "\n".join(lines)
