"""Every rule ID in the project's rulebooks is cited by at least one test.

A rule that no test names is a rule nobody checks; this test fails and lists them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULE_ID = re.compile(r"\b[HA]-[A-Z0-9]+(?:-[A-Z0-9]+)*-[0-9]+[a-z]?\b")
BOOKS = {"heks": ROOT / "docs/rules/heks.md", "andorra": ROOT / "docs/rules/andorra.md"}


def _cited() -> set[str]:
    cited: set[str] = set()
    for path in (ROOT / "tests").rglob("*.py"):
        if path.name == Path(__file__).name:
            continue
        cited.update(RULE_ID.findall(path.read_text(encoding="utf-8")))
    return cited


@pytest.mark.parametrize("book", sorted(BOOKS))
def test_every_rule_id_is_cited_by_a_test(book: str) -> None:
    path = BOOKS[book]
    if not path.exists():
        pytest.skip(f"{path.name} not written yet")
    ids = set(RULE_ID.findall(path.read_text(encoding="utf-8")))
    assert ids, f"{path} names no rule IDs"
    missing = sorted(ids - _cited())
    assert not missing, (
        f"{len(missing)} of {len(ids)} rule IDs in {path.name} are cited by no test: {missing}"
    )
