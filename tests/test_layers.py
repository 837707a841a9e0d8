"""The server knows games only through their one interface: it imports nothing of
``nightfall.games`` but the registry, and probes no game for optional attributes."""

from __future__ import annotations

import ast
from pathlib import Path

SERVER = Path(__file__).resolve().parents[1] / "src" / "nightfall" / "server"


def _modules() -> list[Path]:
    return sorted(SERVER.rglob("*.py"))


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append(node.module)
        elif isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
    return found


def test_the_server_imports_games_only_through_the_registry() -> None:
    wrong = {
        f"{path.relative_to(SERVER)}: {module}"
        for path in _modules()
        for module in _imports(path)
        if module.startswith("nightfall.games.") and module != "nightfall.games.registry"
    }
    wrong |= {
        f"{path.relative_to(SERVER)}: from nightfall.games import {alias.name}"
        for path in _modules()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ImportFrom) and node.module == "nightfall.games"
        for alias in node.names
        if alias.name != "registry"
    }
    assert not wrong, sorted(wrong)


def test_the_server_probes_no_game_with_getattr() -> None:
    """``getattr`` is left only in ``server/fast``, which adapts to uvicorn's internals."""
    probing = [
        f"{path.relative_to(SERVER)}:{node.lineno}"
        for path in _modules()
        if "fast" not in path.relative_to(SERVER).parts
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in ("getattr", "hasattr")
    ]
    assert not probing, probing


def _server_graph() -> dict[str, set[str]]:
    """Server module -> the server modules it imports (``from . import x``, ``from .x import y``)."""
    names = {path.relative_to(SERVER).with_suffix("").as_posix().replace("/", ".") for path in _modules()}
    graph: dict[str, set[str]] = {}
    for path in _modules():
        name = path.relative_to(SERVER).with_suffix("").as_posix().replace("/", ".")
        package = name.rsplit(".", 1)[0] if "." in name and not name.endswith("__init__") else ""
        if name.endswith("__init__"):
            package = name.removesuffix("__init__").rstrip(".")
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom) or node.level == 0:
                continue
            base = package.split(".") if package else []
            base = base[: len(base) - (node.level - 1)] if node.level > 1 else base
            prefix = ".".join([*base, node.module]) if node.module else ".".join(base)
            candidates = [prefix, *(f"{prefix}.{alias.name}".lstrip(".") for alias in node.names)]
            found |= {c for c in candidates if c in names and c != name}
        graph[name] = found
    return graph


def test_the_server_has_no_import_cycles() -> None:
    graph = _server_graph()
    assert graph["room_lobby"] >= {"room_host"}  # the walk sees imports at all
    cycles: list[list[str]] = []
    done: set[str] = set()

    def visit(node: str, trail: list[str]) -> None:
        if node in trail:
            cycles.append([*trail[trail.index(node) :], node])
            return
        if node in done:
            return
        for nxt in sorted(graph.get(node, ())):
            visit(nxt, [*trail, node])
        done.add(node)

    for node in sorted(graph):
        visit(node, [])
    assert not cycles, cycles
