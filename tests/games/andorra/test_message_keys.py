"""Message keys are checked (issue 33 §3): every private-message or journalist-line key the
Andorra code sends is defined once, in the common catalogue or in the one role or clan module
that owns it (``role_modules.PARTS``, gathered by ``reports.catalogue.CATALOGUE``), and every
key defined is sent somewhere. A misspelt key fails here, not as a raw code on a phone."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from nightfall.games.andorra.reports import catalogue
from nightfall.games.andorra.reports.catalogue import CATALOGUE
from nightfall.games.andorra.roles.role_modules import PARTS

ANDORRA = Path(catalogue.__file__).resolve().parents[1]
KEY = re.compile(r"^(MSG|J)-[A-Z0-9]+(-[A-Z0-9]+)*$")


def _definitions(tree: ast.AST) -> set[int]:
    """The ids of the key constants that define a message (a key of a dict literal whose
    values are the message's forms, themselves dict literals), not a use of one."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            for k, v in zip(node.keys, node.values, strict=True):
                if isinstance(k, ast.Constant) and isinstance(v, ast.Dict):
                    out.add(id(k))
    return out


def _uses(tree: ast.AST) -> list[tuple[str, int]]:
    """The message keys a module names outside a definition, with their lines."""
    defined = _definitions(tree)
    return [
        (node.value, node.lineno)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and KEY.match(node.value)
        and id(node) not in defined
    ]


def _keys_sent() -> dict[str, list[str]]:
    """Every message key the Andorra code names outside a definition, with where."""
    sent: dict[str, list[str]] = {}
    for path in sorted(ANDORRA.rglob("*.py")):
        for key, line in _uses(ast.parse(path.read_text(encoding="utf-8"))):
            sent.setdefault(key, []).append(f"{path.relative_to(ANDORRA)}:{line}")
    return sent


def test_every_key_sent_is_defined() -> None:  # A-MSG-1
    sent = _keys_sent()
    assert sent, "the scan found no message key at all"
    unknown = {key: where for key, where in sent.items() if key not in CATALOGUE}
    assert not unknown, f"message keys sent but defined nowhere: {unknown}"


def test_every_key_defined_is_sent() -> None:  # A-MSG-1
    sent = _keys_sent()
    dead = sorted(key for key in CATALOGUE if key not in sent)
    assert not dead, f"message keys defined but never sent: {dead}"


def test_a_role_module_defines_only_message_keys() -> None:
    for module in PARTS:
        bad = [key for key in module.MESSAGES if not KEY.match(key)]
        assert not bad, (module, bad)


def test_the_scan_tells_a_use_from_a_definition() -> None:
    """The check itself: a key in a call is a use, a key of a forms dict a definition."""
    tree = ast.parse('send("MSG-NO-SUCH")\nT = {"MSG-DEFINED": {"": ("a", "b")}}\n')
    assert _uses(tree) == [("MSG-NO-SUCH", 1)]
