"""The ``nightfall`` command: serve | simulate | replay | stats | andorra.

Subcommands live next to what they drive; this module only wires them up and
imports each lazily, so ``nightfall replay`` does not pay for the web server.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def _add_serve(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    import os

    p = sub.add_parser("serve", help="run the game server (phones join over the LAN)")
    p.add_argument("--host", default=os.environ.get("NIGHTFALL_HOST", "0.0.0.0"))
    p.add_argument("--port", type=int, default=int(os.environ.get("NIGHTFALL_PORT", "8000")))
    p.add_argument("--data-dir", default=os.environ.get("NIGHTFALL_DATA_DIR", "data"))
    from nightfall.server import fast  # light: reads the switch only

    p.add_argument(
        "--plain",
        action="store_true",
        default=not fast.enabled(),
        help=f"plain Starlette/uvicorn WebSocket and GC paths (as {fast.ENV}=0; see server/fast)",
    )
    p.add_argument(
        "--public-url",
        default=os.environ.get("NIGHTFALL_PUBLIC_URL"),
        help="where phones reach the server, when that is a proxy in front of it (a cluster)",
    )
    p.add_argument(
        "--allowed-host",
        action="append",
        default=[n for n in os.environ.get("NIGHTFALL_ALLOWED_HOSTS", "").split(",") if n.strip()],
        metavar="NAME",
        help="a name phones reach the server by, other than an address, localhost, a local"
        " network name (laptop, laptop.local, ...) or --public-url's (repeatable; refused"
        " otherwise, against DNS rebinding)",
    )
    p.add_argument(
        "--store",
        default=os.environ.get("NIGHTFALL_STORE"),
        help="the event store: postgresql://... (several nodes), sqlite:///PATH or a file path"
        " (default: nightfall.sqlite3 in --data-dir)",
    )
    p.add_argument(
        "--redis",
        default=os.environ.get("NIGHTFALL_REDIS"),
        help="redis://HOST:PORT/DB: run as one node of a cluster (room leases; docs/deploy.md)",
    )
    p.add_argument(
        "--node",
        default=os.environ.get("NIGHTFALL_NODE"),
        help="this node's name in the cluster (default: HOST-PORT-PID)",
    )
    p.add_argument(
        "--lease-ms",
        type=int,
        default=int(os.environ.get("NIGHTFALL_LEASE_MS", "2000")),
        help="how long a room's lease lasts unrenewed: a dead node's rooms move after this",
    )
    p.add_argument(
        "--health-port",
        type=int,
        default=int(os.environ.get("NIGHTFALL_HEALTH_PORT", "0")),
        help="answer the proxy's health checks on this port, from a thread: a node busy taking "
        "over rooms is not taken for dead (0: only /api/health; docs/deploy.md)",
    )
    p.add_argument(
        "--redis-prefix",
        default=os.environ.get("NIGHTFALL_REDIS_PREFIX", "nf"),
        help="the prefix of this cluster's Redis keys",
    )
    p.add_argument(
        "--odds-workers",
        type=int,
        default=int(os.environ.get("NIGHTFALL_ODDS_WORKERS", "1")),
        help="processes (given way to the rooms, --odds-priority) simulating the odds of the lobbies' decks (0: no odds in the lobby)",
    )
    p.add_argument(
        "--odds-priority",
        choices=("idle", "nice"),
        default=os.environ.get("NIGHTFALL_ODDS_PRIORITY", "idle"),
        help="how the odds workers give way to the rooms: idle (Linux's SCHED_IDLE: only CPU time"
        " nothing else wants) or nice (a lower share; for a machine kept busy, e.g. by tests)",
    )
    p.add_argument(
        "--odds-target",
        type=float,
        default=float(os.environ.get("NIGHTFALL_ODDS_TARGET", "2.5")),
        help="a deck's games stop when every side's 95 %% interval is within ± this many points"
        " (0: never stop, for load tests)",
    )
    p.add_argument(
        "--odds-warm",
        action="store_true",
        default=os.environ.get("NIGHTFALL_ODDS_WARM") == "1",
        help="simulate every standard deck at start, niced, so the first lobbies get final odds at once"
        " (without: a deck is computed when a lobby first asks for it)",
    )
    from nightfall.server.limits import add_arguments as add_limits  # light: no web server imported

    add_limits(p)

    def run(args: argparse.Namespace) -> int:
        from nightfall.server.main import run as serve

        return serve(args)

    p.set_defaults(func=run)


def _add_simulate(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("simulate", help="play many bot games and report win rates")
    p.add_argument("game", choices=["heks"])
    p.add_argument("--players", default="4-12", help="a count or a range such as 4-12")
    p.add_argument("--games", type=int, default=100, help="games per player count")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--bots",
        default="strong",
        help="strong (default), heuristic or random for every seat, or per side: village=strong,witch=heuristic",
    )
    p.add_argument("--mode", choices=["timed", "unlimited"], default="timed")
    p.add_argument(
        "--deck",
        default=None,
        help="the host's deck (H-DECK-1..6): ROLE=COUNT,... e.g. WITCH=2,CROW=1,JESTER=0,SEER=1; "
        "roles not named are 0, Villagers fill the rest; default: standard (Table 2.1)",
    )
    p.add_argument("--jobs", type=int, default=None, help="worker processes (default: every core)")
    p.add_argument("--plot", default=None, metavar="FILE", help="draw the balance to FILE (.png or .svg)")
    p.add_argument("--json", action="store_true", help="print the stable JSON report instead of tables")

    def run(args: argparse.Namespace) -> int:
        from nightfall.cli.simulate import main as simulate

        return simulate(args)

    p.set_defaults(func=run)


def _add_replay(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    import os

    default_store = os.path.join(os.environ.get("NIGHTFALL_DATA_DIR", "data"), "nightfall.sqlite3")
    p = sub.add_parser(
        "replay", help="replay a transcript (or a stored room's game) and print what one viewer saw"
    )
    p.add_argument("file", nargs="?", help="a transcript (JSON)")
    p.add_argument("--room", help="replay this room's latest game from the store instead")
    p.add_argument("--store", default=default_store, help="the server's store: a path or URL (with --room)")
    p.add_argument("--save", help="with --room: also write the game's transcript to this file")
    p.add_argument("--viewer", default="all", help="a seat number, host, public or all")
    p.add_argument("--json", action="store_true")

    def run(args: argparse.Namespace) -> int:
        from nightfall.cli.replay import main as replay

        return replay(args)

    p.set_defaults(func=run)


def _add_stats(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    import os

    default_store = os.path.join(os.environ.get("NIGHTFALL_DATA_DIR", "data"), "nightfall.sqlite3")
    p = sub.add_parser("stats", help="what real tables on this server did, per deck (wins per side)")
    p.add_argument("--store", default=default_store, help="the server's store: a path or URL")
    p.add_argument("--json", action="store_true")

    def run(args: argparse.Namespace) -> int:
        from nightfall.cli.stats import main as stats

        return stats(args)

    p.set_defaults(func=run)


def _add_andorra(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    import importlib

    try:
        module = importlib.import_module("nightfall.cli.andorra")
    except ImportError:  # the Andorra CLI is optional while it is being built
        return
    commands = module.register(sub)
    # ``andorra thread`` (issue 32 §1) builds on andorra_cli: registered here, no import cycle
    importlib.import_module("nightfall.cli.andorra_thread").register(commands)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="nightfall",
        description="Nightfall hosts hidden-role games: Vang de Heks (phones and a TV board in one room)"
        " and Andorra Mafia (a forum game with a host's desk). Start with: nightfall serve",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    _add_serve(sub)
    _add_simulate(sub)
    _add_replay(sub)
    _add_stats(sub)
    _add_andorra(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        code: int = args.func(args)
    except BrokenPipeError:  # `nightfall replay x | head` is normal use, not an error
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        return 130
    return code
