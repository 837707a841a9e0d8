"""Refusing payload keys the rules never read.

A command is stored as it arrived and replayed at every load, so a key no rule reads
would only cost the store and every restart (issue 30: a 7 KB junk key on each of
2,040 commands grew a room by 16.7 MB). Every game and the lobby list the keys each
of their messages may carry and refuse the rest with ``bad_payload`` and the sorted
``keys``, before any other check: the answer depends on the payload alone, never on
the state, so it tells nobody anything.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .rejection import Rejected

MAX_KEY_SHOWN = 40  # a refused key is named back only this far


def _shown(key: str) -> str:
    """A refused key as the refusal names it: cut short, and never a lone surrogate or other
    text that cannot be encoded (the answer must not fail where the question did)."""
    return key[:MAX_KEY_SHOWN].encode("utf-8", "replace").decode("utf-8")


def refuse_unknown_keys(payload: Mapping[str, Any], allowed: frozenset[str]) -> None:
    """Raise ``bad_payload {"keys": [...]}`` (sorted) when ``payload`` has a key not in ``allowed``."""
    if payload.keys() <= allowed:  # the common case, without building a set
        return
    raise Rejected("bad_payload", keys=sorted(_shown(k) for k in payload if k not in allowed))
