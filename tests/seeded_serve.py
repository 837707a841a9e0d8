"""``nightfall`` with every game's seed fixed, for test servers: one known deal (issue 33 §6).

    python -m tests.seeded_serve SEED serve --port ...

runs the ``nightfall`` command line with ``nightfall.server.deal_seed.game_seed`` replaced:
game number *n* of every room gets ``SEED + n``, so the same table (the same seats in the
same order) is dealt the same roles on every run. Production has no such knob.

Its servers also answer ``POST /test/run-out/{code}`` (``tests/run_out_route.py``): a test
runs out a room's running timer when its table waits on it, rather than sleeping.
"""

from __future__ import annotations

import sys
from typing import Any

from starlette.applications import Starlette

from nightfall import cli
from nightfall.server import deal_seed
from nightfall.server import main as server_main

from . import run_out_route

_BITS = 63


def fixed_seeds(seed: int) -> None:
    def game_seed(game_no: int) -> int:
        return (seed + game_no) % (1 << _BITS)

    deal_seed.game_seed = game_seed


def with_run_out() -> None:
    """Every app this process serves gets the test's run-out route."""
    create_app = server_main.create_app  # type: ignore[attr-defined]

    def create(*args: Any, **kwargs: Any) -> Starlette:
        return run_out_route.install(create_app(*args, **kwargs))

    server_main.create_app = create  # type: ignore[attr-defined]


def main(argv: list[str]) -> int:
    if not argv or not argv[0].lstrip("-").isdigit():
        print("usage: python -m tests.seeded_serve SEED <nightfall arguments>", file=sys.stderr)
        return 2
    fixed_seeds(int(argv[0]))
    with_run_out()
    return cli.main(argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
