"""The web clients' types are generated from the server's TypedDicts (``make types``):
the checked-in ``web/src/generated/protocol.ts`` must be what the generator writes now."""

from __future__ import annotations

from typing import Annotated, Any, Literal, NotRequired, TypedDict

import pytest

from nightfall import typegen


def test_generated_protocol_ts_is_fresh() -> None:
    assert typegen.OUT.is_file(), "web/src/generated/protocol.ts is missing: run `make types`"
    assert typegen.OUT.read_text(encoding="utf-8") == typegen.render(), (
        "web/src/generated/protocol.ts is stale: run `make types` and commit the result"
    )


Colour = Annotated[str, Literal["red", "blue"]]


class Inner(TypedDict):
    """An inner record."""

    n: int


class Outer(TypedDict):
    colour: Colour
    maybe: Colour | None
    inner: list[Inner]
    table: dict[str, float]
    loose: Any
    later: NotRequired[bool]


def test_typescript_of_each_kind_of_field() -> None:
    names = typegen.Exported(("tests.test_typegen",))
    assert list(names.typeddicts) == ["Inner", "Outer"]
    assert list(names.aliases) == ["Colour"]
    assert "\n".join(typegen.interface(Outer, names)) == (
        "export interface Outer {\n"
        "  colour: Colour;\n"
        "  maybe: Colour | null;\n"
        "  inner: Inner[];\n"
        "  table: Record<string, number>;\n"
        "  loose: unknown;\n"
        "  later?: boolean;\n"
        "}"
    )
    assert typegen.ts(Colour, names, named=False) == '"red" | "blue"'
    assert "/**\n * An inner record.\n */" in "\n".join(typegen.interface(Inner, names))


def test_a_type_outside_the_exported_modules_is_an_error() -> None:
    names = typegen.Exported(())
    with pytest.raises(ValueError, match="not in an exported module"):
        typegen.ts(Inner, names)
