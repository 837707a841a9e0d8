"""``nightfall serve``: the server for a table of phones on the LAN."""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import socket
import sqlite3
import sys
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any
from urllib.parse import urlsplit

from nightfall.store import EventStore, SqliteStore, open_store

from . import fast, limits, qr
from .app import create_app
from .odds_pool import OddsPool
from .room_core import RoomOptions

if TYPE_CHECKING:
    from nightfall.cluster.ownership import Ownership

DB_FILE = "nightfall.sqlite3"
LOCK_FILE = "nightfall.lock"
STARTUP_FAILURE = 3  # uvicorn.run's exit code when the server could not start


def websocket_settings(fast_paths: bool = True) -> dict[str, Any]:
    """uvicorn's connection settings (WebSocket and HTTP), for ``nightfall serve`` and the
    tests' servers alike."""
    from .slow_clients import protocol_class

    return {
        # HTTP/1.1 with a deadline for each request and a cap on slow ones per address, in
        # both the fast and the plain path: it is a defence, not a speed-up (slow_clients.py).
        "http": protocol_class(),
        # A socket is pinged after 20 s without a frame from its phone (with the fast paths
        # off: every 20 s), and closed if no answer comes within 20 s more; with the fast
        # paths on, text frames are written directly (server/fast/ws_protocol.py).
        "ws": fast.websocket_protocol(fast_paths),
        "ws_ping_interval": 20,
        "ws_ping_timeout": 20,
        # Frames above 8 KiB get a friendly error; above 64 KiB the socket closes (1009).
        "ws_max_size": 65536,
        # permessage-deflate keeps a ~47 KB zlib state per socket; views are small and the
        # LAN is fast, so compression costs more memory and CPU than it saves (docs/benchmarks.md).
        "ws_per_message_deflate": False,
    }


def open_files_limit() -> int:
    """Raise this process's open-files limit to the hard limit: a socket is a file, and the
    common default of 1,024 is a few hundred phones' pages and sockets away (an attack round
    took such a server off the air by opening sockets fast). The new soft limit."""
    try:
        import resource
    except ImportError:  # not on POSIX
        return 0
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft < hard:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
    return soft


def lan_address() -> str:
    """The address other devices on the LAN reach us at (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            address: str = probe.getsockname()[0]
        except OSError:
            address = "127.0.0.1"
    return address


def public_url(host: str, port: int) -> str:
    shown = lan_address() if host in ("0.0.0.0", "", "::") else host
    if ":" in shown:  # IPv6 literal
        shown = f"[{shown}]"
    return f"http://{shown}:{port}"


def banner(url: str, ansi: bool) -> str:
    host = urlsplit(url).hostname or ""
    if host == "localhost" or host.startswith("127.") or host == "::1":
        # bound to the loopback: no phone can reach it, so none is promised it (a play-test)
        head = [
            "",
            "  Nightfall is running for this computer only (it listens on the loopback).",
            "  For phones on the same Wi-Fi, start it with --host 0.0.0.0. Open:",
            "",
        ]
    else:
        head = ["", "  Nightfall is running. Phones on the same Wi-Fi can join at:", ""]
    return "\n".join(
        [
            *head,
            f"    {url}/",
            "",
            qr.terminal(f"{url}/", ansi=ansi),
            "",
            "  Press Ctrl+C to stop.",
            "",
        ]
    )


def describe_limits(server_limits: limits.ServerLimits) -> str:
    idle = server_limits.idle
    return (
        f"{server_limits.max_rooms} rooms, {server_limits.sockets_per_address} sockets per address, "
        f"HTTP {server_limits.http_burst} at once then {server_limits.http_rate_per_second:g}/s per address; "
        f"idle rooms unloaded after {idle.room_ms // 60_000} min (in a game {idle.game_ms // 60_000} min)"
    )


def configure_logging() -> None:
    handler = logging.StreamHandler()
    handler.setFormatter(
        logging.Formatter("%(asctime)s.%(msecs)03d %(levelname)-5s %(name)s: %(message)s", "%H:%M:%S")
    )
    for name in ("nightfall.server", "nightfall.room"):
        logger = logging.getLogger(name)
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)
        logger.propagate = False


def lock_data_dir(data_dir: Path) -> IO[bytes] | None:
    """One server per data directory: two would both replay and extend the same rooms.

    The lock dies with the process (even on SIGKILL), so a crash never leaves
    a stale lock behind. Returns None if another server holds it.
    """
    data_dir.mkdir(parents=True, exist_ok=True)
    handle = (data_dir / LOCK_FILE).open("ab")
    try:
        import fcntl

        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except ImportError:  # not POSIX: no lock, as before
        pass
    except OSError:
        handle.close()
        return None
    return handle


class StartError(Exception):
    """``nightfall serve`` cannot start as configured; the message says why."""


def check_port(host: str, port: int) -> None:
    """Fail before the banner when the port cannot be had: uvicorn would say so only below
    the banner's "Nightfall is running" and QR code, and then stop (a newcomer's first
    ``make run`` on a laptop where something else already holds port 8000)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        # As uvicorn binds: a port a server just left (TIME_WAIT) is free, a listening one is not.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            raise StartError(
                f"Cannot listen on port {port} ({exc.strerror or exc}): another program, or another "
                f"nightfall, may be using it. Choose another port: nightfall serve --port {port + 1}, "
                f"or NIGHTFALL_PORT={port + 1} make run."
            ) from exc


def open_event_store(args: argparse.Namespace) -> tuple[EventStore, IO[bytes] | None]:
    """The store ``--store`` names (default: SQLite in the data directory, which is
    then locked: one server per file). A wrong or unreachable URL is a ``StartError``."""
    if args.store is None:
        data_dir = Path(args.data_dir)
        lock = lock_data_dir(data_dir)
        if lock is None:
            raise StartError(
                f"Another nightfall server is already using {data_dir}/ (stop it, or pass --data-dir)."
            )
        path = data_dir / DB_FILE
        try:
            check_sqlite_file(path)
            return SqliteStore(path), lock
        except sqlite3.DatabaseError as exc:
            lock.close()
            raise StartError(damaged_store(path, exc)) from exc
    try:
        return open_store(args.store), None
    except (ValueError, ConnectionError, RuntimeError, OSError, sqlite3.Error) as exc:
        raise StartError(f"Cannot open the event store ({_describe(args.store)}): {exc}") from exc


def check_sqlite_file(path: Path) -> None:
    """``sqlite3.DatabaseError`` if the store file is there but damaged (truncated,
    overwritten, pages lost). SQLite notices some of it on opening, the rest only when a
    damaged page is read, perhaps in the middle of a game: ``quick_check`` reads every
    page once at start instead (well under a second for a party's store)."""
    if not path.exists() or path.stat().st_size == 0:
        return  # a new store
    db = sqlite3.connect(path)  # not read-only: a WAL left by a crash must be recovered, as the store would
    try:
        problems = [row[0] for row in db.execute("PRAGMA quick_check(3)")]
    finally:
        db.close()
    if problems != ["ok"]:
        raise sqlite3.DatabaseError("; ".join(str(p) for p in problems))


def damaged_store(path: Path, exc: Exception) -> str:
    """The one line ``nightfall serve`` says about a damaged store: which file, what is
    wrong, what to do."""
    return (
        f"The event store {path} is damaged ({exc}); nightfall will not start on it. "
        f"Keep the file, restore your latest backup over it (docs/deploy.md, Backups), "
        f"or move it away to start with no rooms."
    )


def node_ownership(args: argparse.Namespace) -> Ownership | None:
    """With ``--redis``: this node's room leases. Redis is asked once here, so a wrong
    or unreachable URL stops the start with the reason instead of every room later."""
    if args.redis is None:
        return None
    from nightfall.cluster import Leases
    from nightfall.cluster.ownership import Ownership
    from nightfall.extras import MissingExtra, need

    try:
        redis = need("redis", "A cluster node (--redis)")
    except MissingExtra as exc:
        raise StartError(str(exc)) from exc

    if args.lease_ms < 300:
        raise StartError(f"--lease-ms {args.lease_ms} is too short: renewals need a few round trips")
    try:
        client = redis.Redis.from_url(args.redis, socket_timeout=3, socket_connect_timeout=3)
        client.ping()
        client.close()
    except (redis.exceptions.RedisError, ValueError) as exc:
        raise StartError(f"Cannot reach Redis at {_describe(args.redis)}: {exc}") from exc
    node = args.node or f"{socket.gethostname()}-{args.port}-{os.getpid()}"
    return Ownership(Leases.from_url(args.redis, node, args.lease_ms, args.redis_prefix))


def _describe(url: str) -> str:
    """A store URL without its password, for messages."""
    if "://" in url and "@" in url:
        scheme, rest = url.split("://", 1)
        creds, host = rest.rsplit("@", 1)
        return f"{scheme}://{creds.split(':', 1)[0]}@{host}"
    return url


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from .fast.uvicorn_server import Server as fast_server

    configure_logging()
    try:
        check_port(args.host, args.port)
        store, lock = open_event_store(args)
    except StartError as exc:
        print(exc, file=sys.stderr)
        return 1
    try:
        ownership = node_ownership(args)
    except StartError as exc:
        print(exc, file=sys.stderr)
        store.close()
        return 1
    if ownership is not None:
        logging.getLogger("nightfall.server").info(
            "cluster node %s: room leases of %d ms in Redis %s",
            ownership.node,
            args.lease_ms,
            _describe(args.redis),
        )
    url = args.public_url.rstrip("/") if args.public_url else public_url(args.host, args.port)
    server_limits = limits.from_arguments(args)
    logging.getLogger("nightfall.server").info("limits (0 = unlimited): %s", describe_limits(server_limits))
    fast_paths = not args.plain
    if not fast_paths:
        logging.getLogger("nightfall.server").info("fast paths off: plain Starlette and uvicorn")
    health = None
    if args.health_port:
        from nightfall.cluster.health import NodeHealth

        try:
            check_port(args.host, args.health_port)
        except StartError as exc:
            print(exc, file=sys.stderr)
            store.close()
            return 1
        health = NodeHealth(args.host, args.health_port)
    odds = None
    if args.odds_workers > 0:
        odds = OddsPool(
            args.odds_workers,
            target=args.odds_target,
            priority=args.odds_priority,
            warm_standard=args.odds_warm,
        )
    app = create_app(
        store,
        options=RoomOptions(odds=odds),
        public_url=url,
        limits=server_limits,
        fast_paths=fast_paths,
        ownership=ownership,
        health=health,
        allowed_hosts=args.allowed_host,
    )
    open_files_limit()
    print(banner(url, ansi=sys.stdout.isatty()), flush=True)
    config = uvicorn.Config(
        app, host=args.host, port=args.port, log_level="info", **websocket_settings(fast_paths)
    )
    server = fast_server(config) if fast_paths else uvicorn.Server(config)
    with contextlib.suppress(KeyboardInterrupt):
        server.run()
    if lock is not None:
        lock.close()
    return 0 if server.started else STARTUP_FAILURE
