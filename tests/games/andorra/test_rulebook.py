"""Every implemented rule ID of docs/rules/andorra.md is cited by at least one test."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
RULEBOOK = ROOT / "docs" / "rules" / "andorra.md"
ID = r"(?:A-[A-Z]+(?:-[A-Z]+)*-\d+[a-z]?|H-\d\d)"


def implemented_ids() -> list[str]:
    """Bold entries (`- **ID** —`); entries in `code` are documented as not implemented."""
    return re.findall(rf"^- \*\*({ID})\*\*", RULEBOOK.read_text(encoding="utf-8"), re.M)


def cited_ids() -> set[str]:
    text = "\n".join(
        p.read_text(encoding="utf-8")
        # the site's tests check rules too (the move form's choices, the host's desk)
        for folder in (Path(__file__).parent, Path(__file__).parent.parent / "andorra_site")
        for p in folder.glob("test_*.py")
        if p.name != "test_rulebook.py"
    )
    return set(re.findall(rf"{ID}(?![0-9a-z])", text))


def test_every_rule_is_cited() -> None:
    ids = implemented_ids()
    assert len(ids) > 400
    missing = [i for i in ids if i not in cited_ids()]
    assert not missing, f"rules without a test citing them: {missing}"


def test_rulebook_covers_the_spec_ids() -> None:
    """Every ID of the spec appears in the rulebook (implemented or explained)."""
    spec = ROOT.parent / "shared" / "rules" / "andorra.md"
    if not spec.exists():  # the spec lives outside the repository
        return
    spec_ids = set(re.findall(r"\*\*(A-[A-Z]+(?:-[A-Z]+)*-\d+[a-z]?)", spec.read_text(encoding="utf-8")))
    book = RULEBOOK.read_text(encoding="utf-8")
    absent = sorted(i for i in spec_ids if not re.search(rf"{re.escape(i)}(?![0-9a-z])", book))
    assert not absent, absent
