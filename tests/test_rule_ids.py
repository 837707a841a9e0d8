"""Every rule ID in the project's rulebooks is cited by at least one test, where a
citation is what a reader of a failing test sees: its name, its docstring, a
parametrize string or an assertion message, not a comment (``rule_citations.py``
says exactly what counts, and how Heks's ``H-WIN-1`` and Andorra's host rules
``H-01`` are told apart).

A rule that no test names is a rule nobody checks; this test fails and lists them.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from tests.rule_citations import ANY_ID, BOOKS, ROOT, cited, defined, family_of, mentioned, outside_the_engine

TESTS = sorted(
    p for p in (ROOT / "tests").rglob("*.py") if p.name not in {"test_rule_ids.py", "rule_citations.py"}
)
# The debt this check was born with: IDs that tests name only in comments. It may only
# shrink (see the file's header).
COMMENT_ONLY = ROOT / "tests" / "rule_ids_comment_only.txt"


def _comment_only() -> set[str]:
    lines = COMMENT_ONLY.read_text(encoding="utf-8").splitlines()
    return {line.strip() for line in lines if line.strip() and not line.startswith("#")}


@pytest.mark.parametrize("book", sorted(BOOKS))
def test_every_rule_id_is_cited_by_a_test(book: str) -> None:
    ids = set(defined(BOOKS[book]))
    assert ids, f"{BOOKS[book]} defines no rule IDs"
    uncited = ids - cited(TESTS, ids)
    missing = sorted(uncited - _comment_only())
    assert not missing, (
        f"{len(missing)} of {len(ids)} rule IDs in {book}.md are cited by no test "
        f"(name, docstring, parametrize or assertion message; comments do not count): {missing}"
    )
    paid = sorted((ids & _comment_only()) - uncited)
    assert not paid, f"now cited by a test: delete from {COMMENT_ONLY.name}: {paid}"


def test_the_comment_only_ids_are_defined_and_at_least_in_a_comment() -> None:
    known = {rule for path in BOOKS.values() for rule in defined(path)}
    debt = _comment_only()
    assert not debt - known, f"{COMMENT_ONLY.name} lists IDs no book defines: {sorted(debt - known)}"
    named = {rule for path in TESTS for rule in ANY_ID.findall(path.read_text(encoding="utf-8"))}
    assert not debt - named, f"no test names these IDs at all, not even in a comment: {sorted(debt - named)}"


@pytest.mark.parametrize("book", sorted(BOOKS))
def test_a_book_defines_only_its_own_family_and_each_id_once(book: str) -> None:
    ids = defined(BOOKS[book])
    strangers = sorted({rule for rule in ids if family_of(rule) != book})
    assert not strangers, f"{book}.md defines IDs of another book's family: {strangers}"
    twice = sorted({rule for rule in ids if ids.count(rule) > 1})
    assert not twice, f"{book}.md defines these IDs twice: {twice}"


def test_every_mentioned_rule_id_is_defined_somewhere() -> None:
    """A reference to a rule no book states is a typo or a rule that was removed."""
    known = {rule for path in BOOKS.values() for rule in (*defined(path), *outside_the_engine(path))}
    for book, path in BOOKS.items():
        unknown = sorted(mentioned(path) - known)
        assert not unknown, f"{book}.md mentions rule IDs no book defines: {unknown}"


def test_a_comment_is_not_a_citation(tmp_path: Path) -> None:
    source = textwrap.dedent(
        '''
        """Module docstring cites K-TICK-1."""
        import pytest

        def test_h_win_1_seals_reach_s():
            assert True, "H-HST-7a"  # H-DEP-4 is only a comment

        @pytest.mark.parametrize("rule", ["A-GEN-2"])
        def test_something(rule):
            """The host rule H-03b."""
            # H-03c in a comment
            pytest.fail("see H-11a")

        def helper():
            x = "K-LATE-1"  # a bare string is no citation either
        '''
    )
    path = tmp_path / "test_sample.py"
    path.write_text(source)
    rules = {
        "K-TICK-1",
        "H-WIN-1",
        "H-HST-7a",
        "H-HST-7",
        "H-DEP-4",
        "A-GEN-2",
        "H-03b",
        "H-03c",
        "H-11a",
        "K-LATE-1",
    }
    assert cited([path], rules) == {"K-TICK-1", "H-WIN-1", "H-HST-7a", "A-GEN-2", "H-03b", "H-11a"}


def test_heks_and_andorra_host_ids_are_told_apart_by_shape() -> None:
    assert family_of("H-WIN-1") == "heks"
    assert family_of("H-HST-7a") == "heks"
    assert family_of("H-01") == "andorra"
    assert family_of("H-11a") == "andorra"
    assert family_of("A-ROLE-PV-6") == "andorra"
    assert family_of("K-TICK-1") == "kernel"
