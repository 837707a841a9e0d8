"""``protocol.encode`` writes exactly what the standard library would
(``json.dumps(..., ensure_ascii=False, separators=(",", ":"))``), whichever of its
paths a message takes: plain orjson, orjson with int keys, or the standard
library for what orjson refuses (integers wider than 64 bits)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from nightfall.server.protocol import encode

scalars = st.none() | st.booleans() | st.integers() | st.text()
# Keys are strings or ints, never both in one dict (json would write "1" twice).
str_keyed = st.dictionaries(st.text(max_size=8), st.deferred(lambda: values), max_size=4)
int_keyed = st.dictionaries(st.integers(), st.deferred(lambda: values), max_size=4)
values: st.SearchStrategy[Any] = st.recursive(
    scalars, lambda inner: st.lists(inner, max_size=4) | str_keyed | int_keyed, max_leaves=12
)


def stdlib(message: Any) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


@given(values)
@settings(max_examples=400, deadline=None)
def test_encode_is_the_standard_librarys_json_on_every_path(message: Any) -> None:
    assert encode(message) == stdlib(message)


def test_each_path_is_taken() -> None:
    assert encode({"seat": 1, "hand": ["a", "b"]}) == '{"seat":1,"hand":["a","b"]}'  # plain orjson
    assert encode({1: "x", 2: {3: None}}) == '{"1":"x","2":{"3":null}}'  # int keys
    assert encode({"n": 2**70}) == stdlib({"n": 2**70})  # wider than 64 bits: the standard library
    assert encode({1: 2**70}) == '{"1":1180591620717411303424}'
