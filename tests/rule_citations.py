"""Rule IDs: which the rulebooks define, and which the tests cite.

Three rulebooks, four families of IDs (docs/architecture.md, "rule ID"):

- Heks (docs/rules/heks.md): ``H-`` and a letter group, ``H-WIN-1``, ``H-HST-7a``.
- Andorra (docs/rules/andorra.md): ``A-`` and letter groups, ``A-ROLE-PV-6``; and the
  host's rules, ``H-01`` ... ``H-11a``: ``H-`` and two digits. They share the letter
  with Heks but never its shape (no Heks ID has digits right after ``H-``), so the
  shape alone says whose rule it is; ``test_rule_ids`` keeps it so.
- The kernel (docs/rules/kernel.md): ``K-`` and a letter group, ``K-TICK-1``.

A book *defines* an ID where it states the rule: a list item that opens with it in
bold (``* **H-WIN-1** ...``, ``- **A-GEN-2** — ...``) or a table row that opens with it
(``| K-TICK-1 | ...``). A list item that opens with the ID in backquotes
(``- `H-06` — *moderation, outside the engine.*``) names a point of the source the
engine leaves to people: known, so it may be referred to, but there is nothing to test.
Other mentions are references.

A test *cites* an ID only where a reader of a failure or of the test list sees it: in
the name of a test function or class (``test_h_win_1_...``: the ID in lower case with
underscores), in a test's docstring (or its module's or class's), in a string of a
``pytest.mark.parametrize``, or in the message of an ``assert``, ``pytest.fail`` or
``pytest.raises(match=...)``. A comment is not a citation: it checks nothing and
nobody sees it when the test fails.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOOKS = {
    "heks": ROOT / "docs/rules/heks.md",
    "andorra": ROOT / "docs/rules/andorra.md",
    "kernel": ROOT / "docs/rules/kernel.md",
}

HEKS = r"H-[A-Z]+(?:-[A-Z]+)*-[0-9]+[a-z]?"
ANDORRA = r"A-[A-Z]+(?:-[A-Z]+)*-[0-9]+[a-z]?"
ANDORRA_HOST = r"H-[0-9]{2}[a-z]?"
KERNEL = r"K-[A-Z]+(?:-[A-Z]+)*-[0-9]+[a-z]?"
FAMILIES = {"heks": (HEKS,), "andorra": (ANDORRA, ANDORRA_HOST), "kernel": (KERNEL,)}

ANY_ID = re.compile(rf"(?<![\w-])(?:{HEKS}|{ANDORRA}|{ANDORRA_HOST}|{KERNEL})(?![\w-])")
_DEFINED = re.compile(
    rf"^\s*(?:[*-]\s+\*\*(?P<item>{ANY_ID.pattern})\*\*|\|\s*(?P<row>{ANY_ID.pattern})\s*\|)", re.M
)


def defined(book: Path) -> list[str]:
    """The IDs a book defines, in order (duplicates kept, so a test can find them)."""
    text = book.read_text(encoding="utf-8")
    return [m.group("item") or m.group("row") for m in _DEFINED.finditer(text)]


_OUTSIDE = re.compile(rf"^\s*[*-]\s+`(?P<id>{ANY_ID.pattern})`", re.M)


def outside_the_engine(book: Path) -> set[str]:
    """IDs the book names as left to people (moderation, judgement): nothing to test."""
    return {m.group("id") for m in _OUTSIDE.finditer(book.read_text(encoding="utf-8"))}


def mentioned(book: Path) -> set[str]:
    return set(ANY_ID.findall(book.read_text(encoding="utf-8")))


def family_of(rule: str) -> str:
    for book, patterns in FAMILIES.items():
        if any(re.fullmatch(p, rule) for p in patterns):
            return book
    raise ValueError(f"{rule} is in no family")


def _name_form(rule: str) -> str:
    return rule.lower().replace("-", "_")


def _strings(node: ast.AST | None) -> Iterator[str]:
    """The text of every string literal in an expression (f-strings included)."""
    if node is None:
        return
    for sub in ast.walk(node):
        if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
            yield sub.value


def _is_test(node: ast.AST) -> bool:
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        return node.name.startswith("test")
    return isinstance(node, ast.ClassDef) and node.name.startswith("Test")


def _is_call_to(node: ast.AST, *names: str) -> bool:
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
    return name in names


def citing_texts(source: str) -> Iterator[str]:
    """The places of a test module that count as citations (see the module docstring)."""
    tree = ast.parse(source)
    if (doc := ast.get_docstring(tree)) is not None:
        yield doc
    for node in ast.walk(tree):
        if _is_test(node):
            assert isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
            yield node.name
            if (doc := ast.get_docstring(node)) is not None:
                yield doc
            for deco in node.decorator_list:
                if _is_call_to(deco, "parametrize"):
                    yield from _strings(deco)
        elif isinstance(node, ast.Assert):
            yield from _strings(node.msg)
        elif _is_call_to(node, "fail"):
            assert isinstance(node, ast.Call)
            for arg in node.args:
                yield from _strings(arg)
        elif _is_call_to(node, "raises"):
            assert isinstance(node, ast.Call)
            for kw in node.keywords:
                if kw.arg == "match":
                    yield from _strings(kw.value)


@cache
def _citing_texts_of(path: Path) -> tuple[str, ...]:
    return tuple(citing_texts(path.read_text(encoding="utf-8")))


def cited(paths: list[Path], rules: set[str]) -> set[str]:
    """Which of ``rules`` the test files at ``paths`` cite."""
    by_name = {_name_form(rule): rule for rule in rules}
    name_form = re.compile(r"(?<![a-z0-9])(" + "|".join(map(re.escape, by_name)) + r")(?![0-9a-z])")
    found: set[str] = set()
    for path in paths:
        for text in _citing_texts_of(path):
            found.update(ANY_ID.findall(text))
            found.update(by_name[m] for m in name_form.findall(text))
    return found & rules
