"""``json_edge``: the depth limit agrees with the real nesting of any JSON text, strings
with brackets, quotes and backslashes included; lone surrogates are found anywhere."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nightfall.server.json_edge import MAX_DEPTH, Unreadable, check_depth, loads

TRICKY = st.text(alphabet='[]{}"\\ab\u00e9', max_size=8)
values = st.recursive(
    st.none() | st.booleans() | st.integers() | TRICKY,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TRICKY, inner, max_size=3),
    max_leaves=60,
)


def depth(value: Any) -> int:
    if isinstance(value, list):
        return 1 + max((depth(v) for v in value), default=0)
    if isinstance(value, dict):
        return 1 + max((depth(v) for v in value.values()), default=0)
    return 0


@settings(max_examples=300, deadline=None)
@given(values, st.integers(min_value=1, max_value=6))
def test_the_depth_check_agrees_with_the_real_depth(value: Any, limit: int) -> None:
    text = json.dumps(value, ensure_ascii=False)
    too_deep = depth(value) > limit
    try:
        check_depth(text, limit)
        refused = False
    except Unreadable as unreadable:
        assert unreadable.reason == "too_deep"
        refused = True
    assert refused is too_deep, (text, depth(value), limit)


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        (b"[" * 5000 + b"]" * 5000, "too_deep"),
        (b'{"a": ' * (MAX_DEPTH + 1) + b"1" + b"}" * (MAX_DEPTH + 1), "too_deep"),
        (b'{"a": ["\\ud800"]}', "bad_text"),
        (b'{"\\udfff": 1}', "bad_text"),
        (b'{"a": "\\ud83d\\ude00"}', None),  # a pair is a character, not a lone surrogate
        (b"\xff{}", "bad_json"),
        (b"{nope", "bad_json"),
        (b'{"a": "' + b"[" * 5000, "bad_json"),  # an unclosed string's brackets do not count
        (b'{"a": "\\"' + b"[" * 5000 + b'"}', None),  # nor those after an escaped quote
    ],
)
def test_loads_refuses_what_no_handler_expects(raw: bytes, reason: str | None) -> None:
    if reason is None:
        assert loads(raw) == json.loads(raw)
        return
    with pytest.raises(Unreadable) as refused:
        loads(raw)
    assert refused.value.reason == reason
