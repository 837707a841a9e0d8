"""Optional dependencies: which extra of the package brings which import.

A game night runs on the base install (``pip install nightfall``). Several nodes on
PostgreSQL and Redis need ``nightfall[cluster]``, the simulator's plots
``nightfall[plot]``. Code that needs one imports it through ``need`` at the point of
use, so the base install never imports it and a command that needs it says which
extra to install instead of a bare ``ModuleNotFoundError``.
"""

from __future__ import annotations

import importlib
from types import ModuleType

EXTRAS: dict[str, str] = {
    "psycopg": "cluster",
    "psycopg_pool": "cluster",
    "redis": "cluster",
    "matplotlib": "plot",
}


class MissingExtra(RuntimeError):
    """An optional dependency is not installed; the message names the extra to install."""


def need(module: str, purpose: str) -> ModuleType:
    """Import ``module`` (a name in ``EXTRAS``, or one of its submodules) or say which extra brings it."""
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        top = module.split(".", 1)[0]
        extra = EXTRAS.get(top)
        if extra is None or (exc.name or "").split(".", 1)[0] != top:
            raise
        raise MissingExtra(
            f"{purpose} needs {top}, which is not installed: pip install 'nightfall[{extra}]'"
        ) from exc
