"""``nightfall serve`` with the Heks timers shortened, for load runs and fault tests.

The server's lobby cannot pass ``timers`` overrides to the Heks config (only
``mode`` and ``discuss_seconds``), so this launcher patches the one function
that builds the config (``HeksAdapter.build_config``) and then runs the real
``nightfall serve`` code path unchanged: same uvicorn options, same SQLite
store, same data-directory lock, same limits.

    NIGHTFALL_TIMERS='{"witch": 0.2, "quarrel": 0.05}' python bench/load_server.py \
        --host 127.0.0.1 --port 8765 --data-dir /tmp/nf-load

``NIGHTFALL_TIMERS`` is a JSON object of Heks timer overrides in seconds
(``depart``, ``guard``, ``witch``, ``propose``, ``approve``, ``quarrel``,
``exile``, ``discuss``); unset or ``{}`` keeps the game's real timers.
``NIGHTFALL_PROFILE=file`` writes a cProfile of the event loop's thread there on exit.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Mapping
from typing import Any

from nightfall import cli
from nightfall.server.adapters.heks import HeksAdapter

_original_build_config = HeksAdapter.build_config


def _timers() -> dict[str, float]:
    raw = os.environ.get("NIGHTFALL_TIMERS", "").strip()
    data = json.loads(raw) if raw else {}
    if not isinstance(data, dict):
        raise SystemExit("NIGHTFALL_TIMERS must be a JSON object")
    return {str(k): float(v) for k, v in data.items()}


def _build_config(
    self: HeksAdapter, names: list[str], host_seat: int, settings: Mapping[str, Any]
) -> dict[str, Any]:
    config = _original_build_config(self, names, host_seat, settings)
    timers = _timers()
    if timers:
        config["timers"] = timers
    return config


def main(argv: list[str]) -> int:
    _timers()  # fail early on a bad value
    HeksAdapter.build_config = _build_config  # type: ignore[method-assign]
    profile = os.environ.get("NIGHTFALL_PROFILE")
    if not profile:
        return cli.main(["serve", *argv])
    import cProfile  # the event loop's thread only: where the rooms, views and sockets run

    profiler = cProfile.Profile()
    try:
        return profiler.runcall(cli.main, ["serve", *argv])
    finally:
        profiler.dump_stats(profile)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
