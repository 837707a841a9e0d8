"""No import cycles inside src/nightfall: modules are layered, one thing each.

Every import counts, also one inside a function (a deferred import hides a cycle,
it does not remove it); only imports for type checkers (``if TYPE_CHECKING:``) do
not, as they never run. The graph is read with ``ast``; nothing is imported.
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"


def module_graph(root: Path) -> dict[str, set[str]]:
    """Module name -> the project modules it imports (a package stands for its __init__)."""
    files: dict[str, tuple[Path, bool]] = {}
    for path in root.rglob("*.py"):
        parts = list(path.relative_to(root).with_suffix("").parts)
        package = parts[-1] == "__init__"
        if package:
            parts = parts[:-1]
        files[".".join(parts)] = (path, package)
    graph: dict[str, set[str]] = {}
    for name, (path, package) in files.items():
        here = name.split(".") if package else name.split(".")[:-1]
        deps: set[str] = set()
        for node in _runtime_nodes(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                deps.update(a.name for a in node.names if a.name in files)
            elif isinstance(node, ast.ImportFrom):
                base = here[: len(here) - node.level + 1] if node.level else []
                module = ".".join(base + ([node.module] if node.module else []))
                for alias in node.names:
                    sub = f"{module}.{alias.name}"
                    if sub in files:
                        deps.add(sub)  # from package import module
                    elif module in files:
                        deps.add(module)
        graph[name] = deps - {name}
    return graph


def _runtime_nodes(tree: ast.AST) -> list[ast.AST]:
    """Every node but those under ``if TYPE_CHECKING:``."""
    out: list[ast.AST] = []
    todo = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            todo.extend(node.orelse)
            continue
        out.append(node)
        todo.extend(ast.iter_child_nodes(node))
    return out


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_checker_finds_a_cycle(tmp_path: Path) -> None:
    pkg = tmp_path / "p"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from . import b\n")
    (pkg / "b.py").write_text("def f() -> None:\n    from .a import x\n")
    (pkg / "c.py").write_text("from p.a import y\n")
    (pkg / "d.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from p.e import z\n")
    (pkg / "e.py").write_text("from p.d import w\n")
    assert cycles(module_graph(tmp_path)) == [["p.a", "p.b"]]


def test_no_import_cycles_in_the_project() -> None:
    graph = module_graph(SRC)
    assert "nightfall.games.heks.flow" in graph and "nightfall.games.andorra.night.hostile_actions" in graph
    assert cycles(graph) == []
