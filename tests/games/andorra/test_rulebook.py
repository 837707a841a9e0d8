"""The Andorra rulebook covers the specification's IDs (citations by tests: tests/test_rule_ids.py)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
RULEBOOK = ROOT / "docs" / "rules" / "andorra.md"
# Whether each implemented rule is cited by a test is tests/test_rule_ids.py's check, for
# every book at once (it counts names, docstrings and assertion messages, not comments).


def test_rulebook_covers_the_spec_ids() -> None:
    """Every ID of the spec appears in the rulebook (implemented or explained)."""
    spec = ROOT.parent / "shared" / "rules" / "andorra.md"
    if not spec.exists():  # the spec lives outside the repository
        return
    spec_ids = set(re.findall(r"\*\*(A-[A-Z]+(?:-[A-Z]+)*-\d+[a-z]?)", spec.read_text(encoding="utf-8")))
    book = RULEBOOK.read_text(encoding="utf-8")
    absent = sorted(i for i in spec_ids if not re.search(rf"{re.escape(i)}(?![0-9a-z])", book))
    assert not absent, absent
