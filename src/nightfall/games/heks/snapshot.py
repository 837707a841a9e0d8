"""A canonical dump of the whole state, for equality checks, audits and replays."""

from __future__ import annotations

import dataclasses
from typing import Any

from .state import HeksState


def _plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value) if f.name != "cache"
        }
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    if isinstance(value, set | frozenset):
        return sorted(_plain(v) for v in value)
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def snapshot(state: HeksState) -> dict[str, Any]:
    return _plain(state)  # type: ignore[no-any-return]
