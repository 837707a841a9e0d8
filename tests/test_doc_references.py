"""The rulebooks name the code that implements each rule (``view._known_witches``,
``departure.depart``); a name that moved or was renamed sends a reader nowhere. Every
``module.name`` in backquotes whose module is a file of the game's package must name a
function, class or assignment at the top of that file (issue 33 §7).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "src" / "nightfall" / "games"
BOOKS = {"heks": ROOT / "docs/rules/heks.md", "andorra": ROOT / "docs/rules/andorra.md"}
REFERENCE = re.compile(r"`(?:[a-z_]+/)*([a-z_]+)\.([A-Za-z_][A-Za-z0-9_]*)(?:\([^`]*\))?`")


def _defines(path: Path, name: str) -> bool:
    # A function, class or constant of the module, or a method or field of one of its classes.
    pattern = rf"^\s*(?:async\s+def|def|class)\s+{name}\b|^\s*{name}\s*[:=]"
    return re.search(pattern, path.read_text(encoding="utf-8"), re.M) is not None


def broken_references(book: Path, package: Path) -> list[str]:
    modules: dict[str, list[Path]] = {}
    for path in package.rglob("*.py"):
        modules.setdefault(path.stem, []).append(path)
    broken = set()
    for found in REFERENCE.finditer(book.read_text(encoding="utf-8")):
        module, name = found.groups()
        if name != "py" and module in modules and not any(_defines(p, name) for p in modules[module]):
            broken.add(f"{module}.{name}")
    return sorted(broken)


@pytest.mark.parametrize("game", sorted(BOOKS))
def test_the_rulebook_names_code_that_exists(game: str) -> None:
    broken = broken_references(BOOKS[game], GAMES / game)
    assert not broken, f"docs/rules/{game}.md names code that is not there (moved or renamed?): {broken}"


def test_a_moved_name_is_found(tmp_path: Path) -> None:
    package = tmp_path / "game"
    package.mkdir()
    (package / "view.py").write_text("def seat_view():\n    pass\n")
    book = tmp_path / "book.md"
    book.write_text("*(`view.seat_view`, `view._step_part`, `other.thing`)*")
    assert broken_references(book, package) == ["view._step_part"]
