"""JSON from clients, checked at the edge: what the rest of the server may assume of it.

``json.loads`` accepts more than the server can live with: ``"\\ud800"`` decodes to a
``str`` holding a lone surrogate, which cannot be encoded as UTF-8 again, so any answer
or log line that echoes it raises far from here (issue 30: such an id stopped a room);
and nesting is bounded only by the interpreter's recursion limit (a ``RecursionError``
is no ``ValueError``). Every client text (WebSocket frames, HTTP bodies) goes through
``loads``, so the answer to either is a plain refusal (docs/security.md §10).
"""

from __future__ import annotations

import json
import re
from typing import Any

from nightfall.engine import Rejected

MAX_DEPTH = 32  # arrays and objects inside each other; no message of ours nests past 6
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89abcdefABCDEF]")


def loads(text: str) -> Any:
    """``text`` as JSON, or ``Rejected("bad_json")`` (with a ``reason`` for the checks
    beyond the syntax: ``depth`` past ``MAX_DEPTH``, ``surrogate`` for a lone one)."""
    # Cheap bounds first: a text with few brackets cannot nest deeply, and a text
    # without a surrogate escape cannot hold one (a decoded text frame is valid
    # UTF-8). Only what may break a bound is walked.
    deep = text.count("[") + text.count("{") > MAX_DEPTH
    escapes = _SURROGATE_ESCAPE.search(text) is not None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise Rejected("bad_json") from None
    if deep or escapes:
        _walk(data)
    return data


def _walk(data: Any) -> None:
    """Depth and lone surrogates, without recursion (the value may be 4,000 deep)."""
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            _utf8(value)
        elif isinstance(value, dict | list):
            if depth >= MAX_DEPTH:
                raise Rejected("bad_json", reason="depth", max=MAX_DEPTH)
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for key, item in items:
                if isinstance(key, str):
                    _utf8(key)
                stack.append((item, depth + 1))


def _utf8(text: str) -> None:
    try:
        text.encode()
    except UnicodeEncodeError:
        raise Rejected("bad_json", reason="surrogate") from None
