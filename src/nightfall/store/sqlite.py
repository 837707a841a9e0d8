"""SQLite event store (embedded, WAL).

``synchronous=FULL`` makes every commit durable on disk before the server
acknowledges a command, which is the promise docs/protocol.md §6 makes. With
WAL a commit is one append plus an fsync, fast enough for a party game.

A store object is used by one thread at a time (the server runs it on a
single worker thread); ``check_same_thread`` is off because that thread is not
the one that opened it.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from nightfall.engine import Command

from .backend import SqlBackend, now_ms
from .interface import Append, StaleOwner
from .records import GameRecord, RoomRecord, StoredRoom

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    code     TEXT PRIMARY KEY,
    game     TEXT NOT NULL,
    status   TEXT NOT NULL,
    lobby    TEXT NOT NULL,
    revision INTEGER NOT NULL,
    updated_ms INTEGER NOT NULL DEFAULT 0,
    fence    INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS games (
    code    TEXT NOT NULL REFERENCES rooms(code),
    game_no INTEGER NOT NULL,
    config  TEXT NOT NULL,
    seed    INTEGER NOT NULL,
    seating TEXT NOT NULL,
    result  TEXT,
    PRIMARY KEY (code, game_no)
);
CREATE TABLE IF NOT EXISTS commands (
    code    TEXT NOT NULL,
    game_no INTEGER NOT NULL,
    seq     INTEGER NOT NULL,
    command TEXT NOT NULL,
    PRIMARY KEY (code, game_no, seq),
    FOREIGN KEY (code, game_no) REFERENCES games(code, game_no)
);
CREATE TABLE IF NOT EXISTS alive (
    node TEXT PRIMARY KEY,
    ms   INTEGER NOT NULL
);
"""


# SQLite allows 32,766 bound values per statement (3.32+); 4 per row, well below.
_CHUNK = 2000
T = TypeVar("T")


def _chunks(rows: list[T]) -> Iterator[list[T]]:
    for start in range(0, len(rows), _CHUNK):
        yield rows[start : start + _CHUNK]


def _dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


class SqliteStore(SqlBackend[sqlite3.Connection]):
    readers = 0  # one connection, one thread: never two writers at once

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(SCHEMA)
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(rooms)")}
        if "updated_ms" not in columns:  # a database from before rooms were timestamped
            self._db.execute("ALTER TABLE rooms ADD COLUMN updated_ms INTEGER NOT NULL DEFAULT 0")
        if "fence" not in columns:  # a database from before rooms had owners
            self._db.execute("ALTER TABLE rooms ADD COLUMN fence INTEGER NOT NULL DEFAULT 0")

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def create_room(self, room: RoomRecord, game: GameRecord | None = None) -> None:
        with self._tx() as db:
            try:
                db.execute(
                    "INSERT INTO rooms (code, game, status, lobby, revision, updated_ms) VALUES (?, ?, ?, ?, ?, ?)",
                    (room.code, room.game, room.status, _dumps(room.lobby), room.revision, now_ms()),
                )
            except sqlite3.IntegrityError as exc:
                raise KeyError(room.code) from exc
            if game is not None:
                self._insert_game(db, room.code, game)

    def code_taken(self, code: str) -> bool:
        row = self._db.execute("SELECT 1 FROM rooms WHERE code = ?", (code,)).fetchone()
        return row is not None

    @staticmethod
    def _insert_game(db: sqlite3.Connection, code: str, game: GameRecord) -> None:
        db.execute(
            "INSERT INTO games (code, game_no, config, seed, seating, result) VALUES (?, ?, ?, ?, ?, NULL)",
            (code, game.game_no, _dumps(game.config), game.seed, _dumps(game.seating)),
        )

    def append_many(self, items: list[Append], fences: Mapping[str, int] | None = None) -> None:
        """One transaction, and one statement per table rather than two per command.

        Python's sqlite3 lets go of the GIL around every statement and must take it
        back after; on the server this runs on the store thread while the event loop
        holds the GIL, so every take-back waited for the loop. A batch of N commands
        cost 2N such waits; now it costs two or three (docs/benchmarks.md).
        """
        rows = [
            (code, game_no, seq, _dumps(command.to_json())) for code, game_no, seq, command, _, _ in items
        ]
        revisions: dict[str, int] = {}
        ended: list[tuple[str, str, int]] = []
        for code, game_no, _seq, _command, revision, outcome in items:
            revisions[code] = max(revision, revisions.get(code, revision))
            if outcome is not None:
                ended.append((_dumps(outcome), code, game_no))
        owners = {code: fence for code, fence in (fences or {}).items() if code in revisions}
        now = now_ms()
        with self._tx() as db:
            self._check_fences(db, owners)
            for batch in _chunks(rows):
                db.execute(
                    "INSERT INTO commands (code, game_no, seq, command) VALUES "
                    + ",".join(["(?, ?, ?, ?)"] * len(batch)),
                    [value for row in batch for value in row],
                )
            for chunk in _chunks(list(revisions.items())):
                db.execute(
                    "UPDATE rooms SET revision = v.column2, updated_ms = ? FROM (VALUES "
                    + ",".join(["(?, ?)"] * len(chunk))
                    + ") AS v WHERE rooms.code = v.column1",
                    [now, *(value for row in chunk for value in row)],
                )
            for result, code, game_no in ended:
                db.execute(
                    "UPDATE games SET result = ? WHERE code = ? AND game_no = ?", (result, code, game_no)
                )
                db.execute("UPDATE rooms SET status = 'ended' WHERE code = ?", (code,))

    def mark_alive(self, node: str, ms: int) -> None:
        with self._tx() as db:
            db.execute(
                "INSERT INTO alive (node, ms) VALUES (?, ?) ON CONFLICT (node) DO UPDATE SET ms = excluded.ms",
                (node, ms),
            )

    def last_alive(self, node: str) -> int | None:
        row = self._db.execute("SELECT ms FROM alive WHERE node = ?", (node,)).fetchone()
        return None if row is None else int(row[0])

    def load_open_rooms(self, active_since_ms: int = 0) -> list[StoredRoom]:
        codes = [
            r[0]
            for r in self._db.execute(
                "SELECT code FROM rooms WHERE status != 'closed' AND updated_ms >= ? ORDER BY code",
                (active_since_ms,),
            )
        ]
        return [room for code in codes if (room := self.load_room(code)) is not None]

    def load_room(self, code: str) -> StoredRoom | None:
        row = self._db.execute(
            "SELECT code, game, status, lobby, revision, updated_ms FROM rooms WHERE code = ?", (code,)
        ).fetchone()
        if row is None:
            return None
        room = RoomRecord(
            code=row[0],
            game=row[1],
            status=row[2],
            lobby=json.loads(row[3]),
            revision=row[4],
            updated_ms=row[5],
        )
        grow = self._db.execute(
            "SELECT game_no, config, seed, seating, result FROM games WHERE code = ? ORDER BY game_no DESC LIMIT 1",
            (code,),
        ).fetchone()
        if grow is None:
            return StoredRoom(room=room, game=None)
        game = GameRecord(
            game_no=grow[0],
            config=json.loads(grow[1]),
            seed=grow[2],
            seating=json.loads(grow[3]),
            result=None if grow[4] is None else json.loads(grow[4]),
        )
        commands = [
            Command.from_json(json.loads(c[0]))
            for c in self._db.execute(
                "SELECT command FROM commands WHERE code = ? AND game_no = ? ORDER BY seq",
                (code, game.game_no),
            )
        ]
        return StoredRoom(room=room, game=game, commands=commands)

    def finished_results(self) -> Iterator[tuple[str, dict[str, Any]]]:
        rows = self._db.execute(
            "SELECT r.game, g.result FROM games g JOIN rooms r ON r.code = g.code"
            " WHERE g.result IS NOT NULL ORDER BY g.code, g.game_no"
        ).fetchall()
        for game, result in rows:
            yield game, json.loads(result)

    def close(self) -> None:
        self._db.close()

    @staticmethod
    def _update_room(
        db: sqlite3.Connection, code: str, status: str, lobby: dict[str, Any], revision: int
    ) -> None:
        cur = db.execute(
            "UPDATE rooms SET status = ?, lobby = ?, revision = ?, updated_ms = ? WHERE code = ?",
            (status, _dumps(lobby), revision, now_ms(), code),
        )
        if cur.rowcount != 1:
            raise KeyError(code)

    @staticmethod
    def _set_fence(db: sqlite3.Connection, code: str, fence: int) -> None:
        cur = db.execute("UPDATE rooms SET fence = ? WHERE code = ?", (fence, code))
        if cur.rowcount != 1:
            raise KeyError(code)

    @staticmethod
    def _check_fences(db: sqlite3.Connection, fences: Mapping[str, int]) -> None:
        """Refuse the whole write if a room was claimed with a larger token (inside the
        write transaction, so no claim can come between the check and the write)."""
        for code, fence in fences.items():
            row = db.execute("SELECT fence FROM rooms WHERE code = ?", (code,)).fetchone()
            if row is not None and row[0] > fence:
                raise StaleOwner(code, fence, row[0])
