"""JSON from clients, checked at the edge before anything reads it (docs/security.md
§"Bad input at the edge"): nesting at most ``MAX_DEPTH`` deep, no lone surrogates.

Python's ``json.loads`` recurses once per level and raises ``RecursionError`` near
1,000 levels, which no handler expects; and it turns ``"\\ud800"`` into a ``str``
that cannot be encoded as UTF-8, so the first hash, database write or reply that
touches it fails far from the edge. Both are refused here, with ``Unreadable`` whose
``reason`` the caller turns into its own error (HTTP: ``bad_request``, WebSocket:
``bad_json``). No I/O here; ``protocol.decode`` may call ``check_depth`` and
``check_text`` as well.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

MAX_DEPTH = 32  # no message or form of either game nests deeper than 5
_SURROGATE = re.compile("[\ud800-\udfff]")
# What holds no bracket that counts: a string from its opening quote to its closing one (or
# to the end of an unclosed one), and a backslash with the byte it escapes. Each byte is taken
# once by one branch, and possessive quantifiers never give one back, so the scan is linear
# whatever the text (a plain ``(...|...)*`` backtracks on unclosed strings).
_STRING = re.compile(rb'"(?:[^"\\]++|\\.?)*+"?|\\.?', re.DOTALL)
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_STEP = [0] * 256  # what each bracket does to the depth
_STEP[0x5B] = _STEP[0x7B] = 1
_STEP[0x5D] = _STEP[0x7D] = -1
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_SURROGATE_ESCAPE_BYTES = re.compile(rb"\\u[dD][89a-fA-F]")


class Unreadable(ValueError):
    """The text is not JSON we read: ``reason`` is ``bad_json``, ``too_deep`` or ``bad_text``."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def check_depth(text: str | bytes, limit: int = MAX_DEPTH) -> None:
    """``Unreadable("too_deep")`` if arrays and objects nest deeper than ``limit``.

    A text with no more opening brackets than the limit cannot be too deep, so almost every
    message skips the rest. The rest runs in C: the strings are cut out, the brackets kept,
    and their running depth summed; a Python loop over them took seconds on megabytes of
    brackets inside a string, on the event loop every room shares (docs/security.md).
    """
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    if data.count(b"[") + data.count(b"{") <= limit:
        return
    brackets = _STRING.sub(b"", data).translate(None, _NOT_BRACKETS)
    if max(accumulate(map(_STEP.__getitem__, brackets)), default=0) > limit:
        raise Unreadable("too_deep")


def check_text(value: Any) -> None:
    """``Unreadable("bad_text")`` if any string (key or value) in ``value`` holds a lone
    surrogate. ``value`` must already be known to nest no deeper than ``MAX_DEPTH``."""
    if isinstance(value, str):
        if _SURROGATE.search(value):
            raise Unreadable("bad_text")
    elif isinstance(value, dict):
        for key, item in value.items():
            check_text(key)
            check_text(item)
    elif isinstance(value, list):
        for item in value:
            check_text(item)


def loads(raw: str | bytes) -> Any:
    """``json.loads`` for text from a client: ``Unreadable`` instead of any error."""
    check_depth(raw)
    try:
        value = json.loads(raw)
    except (ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
        raise Unreadable("bad_json") from None
    if _may_hold_surrogate(raw):  # the walk only where one can be (every WebSocket frame comes here)
        check_text(value)
    return value


def _may_hold_surrogate(raw: str | bytes) -> bool:
    """A lone surrogate reaches a decoded value only as a ``\\uD800``-``\\uDFFF``
    escape, or in a ``str`` that already holds one (bytes are decoded strictly)."""
    if isinstance(raw, bytes):
        return _SURROGATE_ESCAPE_BYTES.search(raw) is not None
    return _SURROGATE_ESCAPE.search(raw) is not None or (
        not raw.isascii() and _SURROGATE.search(raw) is not None
    )
