"""PostgreSQL event store, for several server nodes sharing one database.

It implements the same ``EventStore`` as the SQLite default, with the same
group commit: ``append_many`` writes many rooms' commands in one transaction,
so one WAL flush acknowledges them all. The server calls a store from one
worker thread (server/storage.py), so the calls are blocking psycopg 3 calls
on a connection pool; the pool replaces a connection the database dropped,
and a call that fails raises, so the server never acknowledges a command that
is not committed.

Fencing: each room row keeps the token of its owner (``fence``). ``claim``
raises it, and an append carrying a smaller token is refused with
``StaleOwner``: a node that was paused and lost its lease cannot write after
the room's new owner took over.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg import Connection, errors
from psycopg.types.json import Jsonb
from psycopg_pool import ConnectionPool

from nightfall.engine import Command

from .backend import SqlBackend, now_ms
from .interface import Append, StaleOwner
from .migrations import migrate
from .records import GameRecord, RoomRecord, StoredRoom

WAIT_S = 3.0
_ANY_FENCE = 2**62  # a write without a token (one server) passes every fence
# libpq settings for every pooled connection: a database that stops answering (a cut
# link drops no connection by itself) is noticed within seconds.
_LINK = {
    "connect_timeout": 3,
    "keepalives": 1,
    "keepalives_idle": 5,
    "keepalives_interval": 2,
    "keepalives_count": 2,
    "tcp_user_timeout": 5000,  # ms: sent data unacknowledged this long closes the connection
}


class PostgresStore(SqlBackend[Connection[Any]]):
    # Threads the server may call ``load_room``, ``claim`` and ``last_alive`` from
    # besides its writer (server/storage.py): a takeover loads rooms side by side.
    # With the writer that is the pool's ``max_size``.
    readers = 3

    def __init__(
        self,
        url: str,
        *,
        min_size: int = 1,
        max_size: int = 4,
        timeout: float = 10.0,
        wait_s: float = WAIT_S,
    ) -> None:
        """``timeout``: for the first connection at start; ``wait_s``: how long a read or
        write waits for a connection once running. While PostgreSQL is away every
        store call fails after ``wait_s`` (the phones hear ``store_failed``), not after
        minutes: a refused connection fails at once, a silent network within
        ``_LINK`` (connect timeout, TCP keepalives, unacknowledged data)."""
        self.url = url
        try:  # one plain connection first: its error names the cause (no such database, refused...)
            psycopg.connect(url, connect_timeout=max(1, int(timeout))).close()
        except psycopg.Error as exc:
            raise ConnectionError(f"cannot reach PostgreSQL at {_safe(url)}: {exc}") from exc
        self._pool: ConnectionPool[Connection[Any]] = ConnectionPool(
            url, min_size=min_size, max_size=max_size, timeout=wait_s, open=False, kwargs=dict(_LINK)
        )
        try:
            self._pool.open(wait=True, timeout=timeout)
        except Exception as exc:
            self._pool.close()
            raise ConnectionError(f"cannot reach PostgreSQL at {_safe(url)}: {exc}") from exc
        with self._pool.connection() as conn:
            migrate(conn)

    @contextmanager
    def _tx(self) -> Iterator[Connection[Any]]:
        with self._pool.connection() as conn, conn.transaction():
            yield conn

    def create_room(self, room: RoomRecord, game: GameRecord | None = None) -> None:
        try:
            with self._tx() as db:
                db.execute(
                    "INSERT INTO rooms (code, game, status, lobby, revision, updated_ms)"
                    " VALUES (%s, %s, %s, %s, %s, %s)",
                    (room.code, room.game, room.status, Jsonb(room.lobby), room.revision, now_ms()),
                )
                if game is not None:
                    self._insert_game(db, room.code, game)
        except errors.UniqueViolation as exc:
            if exc.diag.table_name not in (None, "rooms"):
                raise  # the game's row: not a taken code
            raise KeyError(room.code) from exc

    def code_taken(self, code: str) -> bool:
        with self._pool.connection() as db:
            return db.execute("SELECT 1 FROM rooms WHERE code = %s", (code,)).fetchone() is not None

    @staticmethod
    def _insert_game(db: Connection[Any], code: str, game: GameRecord) -> None:
        db.execute(
            "INSERT INTO games (code, game_no, config, seed, seating, result)"
            " VALUES (%s, %s, %s, %s, %s, NULL)",
            (code, game.game_no, Jsonb(game.config), game.seed, Jsonb(game.seating)),
        )

    def append_many(self, items: list[Append], fences: Mapping[str, int] | None = None) -> None:
        revisions: dict[str, int] = {}
        for code, _game_no, _seq, _command, revision, _result in items:
            revisions[code] = max(revision, revisions.get(code, revision))
        now = now_ms()
        with self._tx() as db:
            self._move_revisions(db, revisions, now, fences or {})
            with db.cursor() as cur:
                cur.executemany(
                    "INSERT INTO commands (code, game_no, seq, command) VALUES (%s, %s, %s, %s)",
                    [
                        (code, game_no, seq, Jsonb(command.to_json()))
                        for code, game_no, seq, command, _, _ in items
                    ],
                )
                ended = [(Jsonb(r), code, no) for code, no, _s, _c, _v, r in items if r is not None]
                if ended:
                    cur.executemany("UPDATE games SET result = %s WHERE code = %s AND game_no = %s", ended)
                    cur.executemany(
                        "UPDATE rooms SET status = 'ended' WHERE code = %s",
                        [(code,) for _r, code, _n in ended],
                    )

    def load_open_rooms(self, active_since_ms: int = 0) -> list[StoredRoom]:
        with self._pool.connection() as db:
            codes = [
                row[0]
                for row in db.execute(
                    "SELECT code FROM rooms WHERE status <> 'closed' AND updated_ms >= %s ORDER BY code",
                    (active_since_ms,),
                )
            ]
        return [room for code in codes if (room := self.load_room(code)) is not None]

    def mark_alive(self, node: str, ms: int) -> None:
        with self._pool.connection() as db, db.transaction():
            db.execute(
                "INSERT INTO alive (node, ms) VALUES (%s, %s) ON CONFLICT (node) DO UPDATE SET ms = excluded.ms",
                (node, ms),
            )

    def last_alive(self, node: str) -> int | None:
        with self._pool.connection() as db:
            row = db.execute("SELECT ms FROM alive WHERE node = %s", (node,)).fetchone()
        return None if row is None else int(row[0])

    def load_room(self, code: str) -> StoredRoom | None:
        with self._pool.connection() as db, db.transaction():
            row = db.execute(
                "SELECT code, game, status, lobby, revision, updated_ms FROM rooms WHERE code = %s", (code,)
            ).fetchone()
            if row is None:
                return None
            room = RoomRecord(
                code=row[0], game=row[1], status=row[2], lobby=row[3], revision=row[4], updated_ms=row[5]
            )
            grow = db.execute(
                "SELECT game_no, config, seed, seating, result FROM games WHERE code = %s"
                " ORDER BY game_no DESC LIMIT 1",
                (code,),
            ).fetchone()
            if grow is None:
                return StoredRoom(room=room, game=None)
            game = GameRecord(game_no=grow[0], config=grow[1], seed=grow[2], seating=grow[3], result=grow[4])
            commands = [
                Command.from_json(c[0])
                for c in db.execute(
                    "SELECT command FROM commands WHERE code = %s AND game_no = %s ORDER BY seq",
                    (code, game.game_no),
                )
            ]
        return StoredRoom(room=room, game=game, commands=commands)

    def finished_results(self) -> Iterator[tuple[str, dict[str, Any]]]:
        with self._pool.connection() as db:
            rows = db.execute(
                "SELECT r.game, g.result FROM games g JOIN rooms r ON r.code = g.code"
                " WHERE g.result IS NOT NULL ORDER BY g.code, g.game_no"
            ).fetchall()
        yield from ((game, result) for game, result in rows)

    def close(self) -> None:
        self._pool.close()

    @staticmethod
    def _update_room(
        db: Connection[Any], code: str, status: str, lobby: dict[str, Any], revision: int
    ) -> None:
        cur = db.execute(
            "UPDATE rooms SET status = %s, lobby = %s, revision = %s, updated_ms = %s WHERE code = %s",
            (status, Jsonb(lobby), revision, now_ms(), code),
        )
        if cur.rowcount != 1:
            raise KeyError(code)

    @classmethod
    def _move_revisions(
        cls, db: Connection[Any], revisions: Mapping[str, int], now: int, fences: Mapping[str, int]
    ) -> None:
        """Set every room's revision in one statement that also checks the owners' fencing
        tokens (a node's only extra work per commit on a cluster): a room whose row carries
        a larger token than the write is not updated, and the whole write is refused."""
        codes = sorted(revisions)
        moved = db.execute(
            "UPDATE rooms AS r SET revision = v.revision, updated_ms = %s"
            " FROM unnest(%s::text[], %s::bigint[], %s::bigint[]) AS v(code, revision, fence)"
            " WHERE r.code = v.code AND r.fence <= v.fence RETURNING r.code",
            (now, codes, [revisions[c] for c in codes], [fences.get(c, _ANY_FENCE) for c in codes]),
        ).fetchall()
        if len(moved) == len(codes):
            return
        cls._check_fences(db, {code: fences.get(code, _ANY_FENCE) for code in codes})
        raise KeyError(sorted(set(codes) - {row[0] for row in moved}))

    @staticmethod
    def _set_fence(db: Connection[Any], code: str, fence: int) -> None:
        cur = db.execute("UPDATE rooms SET fence = %s WHERE code = %s", (fence, code))
        if cur.rowcount != 1:
            raise KeyError(code)

    @staticmethod
    def _check_fences(db: Connection[Any], fences: Mapping[str, int]) -> None:
        """Lock the rooms' rows and refuse the whole write if any token is stale."""
        if not fences:
            return
        rows = db.execute(
            "SELECT code, fence FROM rooms WHERE code = ANY(%s) ORDER BY code FOR UPDATE", (sorted(fences),)
        ).fetchall()
        for code, current in rows:
            if current > fences[code]:
                raise StaleOwner(code, fences[code], current)


def _safe(url: str) -> str:
    """The URL without its password, for error messages."""
    if "@" not in url or "://" not in url:
        return url
    scheme, rest = url.split("://", 1)
    creds, host = rest.rsplit("@", 1)
    user = creds.split(":", 1)[0]
    return f"{scheme}://{user}@{host}"
