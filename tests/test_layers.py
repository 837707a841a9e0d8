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
