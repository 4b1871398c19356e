"""Where the server keeps its tables: one SQLite file in WAL mode in the data folder.

Every move is committed here before the server acknowledges it, so an acknowledged move
survives a ``kill -9``; a server started again on the same folder rebuilds each table by
replaying its moves from its seed (all chance comes from the seed).  Seat tokens are kept only
as hashes: a copy of the file does not let anyone sit at a table.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator, Sequence

FILE_NAME = "tables.sqlite3"
GRACE_S = 60.0  #: a dropped player's seat waits this long before a stand-in plays it

#: one statement of a batch the journal commits at once: (SQL, its parameters)
Write = tuple[str, tuple[Any, ...]]

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY, game TEXT NOT NULL, players INTEGER NOT NULL, options TEXT NOT NULL,
    seed INTEGER NOT NULL, ai_seed INTEGER NOT NULL, created REAL NOT NULL);
CREATE TABLE IF NOT EXISTS table_rules (
    table_id TEXT PRIMARY KEY, skipped INTEGER NOT NULL, grace REAL NOT NULL, clock REAL,
    watch_code TEXT UNIQUE, rematch TEXT);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL, seat INTEGER NOT NULL, kind TEXT NOT NULL, level TEXT,
    code TEXT UNIQUE, token_hash TEXT, PRIMARY KEY (table_id, seat));
CREATE INDEX IF NOT EXISTS seats_by_token ON seats (token_hash);
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL, seq INTEGER NOT NULL, seat INTEGER NOT NULL, move TEXT NOT NULL,
    PRIMARY KEY (table_id, seq));
"""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class SeatRecord:
    """One seat: a remote ``human`` (its invite ``code``, claimed once its ``token_hash`` is
    set) or an ``ai``."""

    kind: str
    level: str | None = None
    code: str | None = None
    token_hash: str | None = None


@dataclass
class TableRecord:
    """What the server needs to rebuild a table: its set-up and the moves played, in order."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    ai_seed: int
    seats: list[SeatRecord]
    moves: list[tuple[int, str]] = field(default_factory=list)  #: (seat, move text)
    #: versions that no longer name a position (taken back by undo): the wire's version is
    #: the moves played plus these, so it only grows
    skipped: int = 0
    grace_s: float = GRACE_S  #: a dropped seat's wait for its player before the stand-in plays
    clock_s: float | None = None  #: the move clock (None: off); on time-out the stand-in moves
    watch_code: str | None = None  #: the code spectators watch the table with
    rematch: str | None = None  #: the table the players moved on to, once the game is over


class Store:
    """The SQLite file; every write is one transaction, committed before it returns."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / FILE_NAME
        #: the journal commits on its own thread; every use of the connection takes the lock
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._lock = threading.RLock()
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.executescript(SCHEMA)
        self._db.execute("INSERT OR IGNORE INTO table_rules (table_id, skipped, grace) "  # an older file's
                         "SELECT id, 0, ? FROM tables", (GRACE_S,))

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def add_table(self, table: TableRecord, created: float) -> None:
        with self._transaction():
            self._db.execute("INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?)",
                             (table.id, table.game, table.players, json.dumps(table.options),
                              table.seed, table.ai_seed, created))
            self._db.execute("INSERT INTO table_rules VALUES (?, ?, ?, ?, ?, ?)",
                             (table.id, table.skipped, table.grace_s, table.clock_s, table.watch_code,
                              table.rematch))
            self._db.executemany("INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?)",
                                 [(table.id, i, s.kind, s.level, s.code, s.token_hash)
                                  for i, s in enumerate(table.seats)])

    def commit(self, writes: Sequence[Write]) -> None:
        """Commit ``writes`` (moves, undos of many tables) in one transaction: one sync to disk
        for all of them, and all or none are stored."""
        with self._transaction():
            for sql, params in writes:
                self._db.execute(sql, params)

    def add_move(self, table_id: str, seq: int, seat: int, move: str) -> None:
        """Commit one move; a second move at the same ``seq`` is refused by the key."""
        self.commit([move_write(table_id, seq, seat, move)])

    def claim(self, code: str, hashed: str) -> tuple[str, int] | None:
        """The (table, seat) whose invite ``code`` this is, now held by the token ``hashed``;
        ``None`` if no seat has that code or another token claimed it (one seat, once).  The
        same token claiming again gets the same seat: a join whose answer was lost is repeated."""
        with self._transaction():
            row = self._db.execute("SELECT table_id, seat, token_hash FROM seats WHERE code = ?",
                                   (code,)).fetchone()
            if row is None or row[2] not in (None, hashed):
                return None
            self._db.execute("UPDATE seats SET token_hash = ? WHERE table_id = ? AND seat = ?",
                             (hashed, row[0], row[1]))
        return str(row[0]), int(row[1])

    def seats_of_token(self, hashed: str) -> list[tuple[str, int]]:
        """The (table, seat) pairs the token ``hashed`` holds (a repeated create)."""
        with self._lock:
            rows = self._db.execute("SELECT table_id, seat FROM seats WHERE token_hash = ? "
                                    "ORDER BY table_id, seat", (hashed,)).fetchall()
        return [(str(t), int(s)) for t, s in rows]

    def watched(self, code: str) -> str | None:
        """The table spectators watch with ``code``."""
        with self._lock:
            row = self._db.execute("SELECT table_id FROM table_rules WHERE watch_code = ?", (code,)).fetchone()
        return None if row is None else str(row[0])

    def tables(self) -> Iterator[TableRecord]:
        """Every stored table with its seats and moves, for a restart."""
        with self._lock:
            ids = self._db.execute("SELECT id FROM tables ORDER BY created").fetchall()
        for (table_id,) in ids:
            record = self.table(table_id)
            if record is not None:
                yield record

    def table(self, table_id: str) -> TableRecord | None:
        """The table as stored (after a batch that could not be: what it was before)."""
        with self._lock:
            return self._table(table_id)

    def _table(self, table_id: str) -> TableRecord | None:
        row = self._db.execute(
            "SELECT t.id, game, players, options, seed, ai_seed, skipped, grace, clock, watch_code, rematch "
            "FROM tables t LEFT JOIN table_rules r ON r.table_id = t.id WHERE t.id = ?", (table_id,)).fetchone()
        if row is None:
            return None
        seats = [SeatRecord(*s) for s in self._db.execute(
            "SELECT kind, level, code, token_hash FROM seats WHERE table_id = ? ORDER BY seat", (table_id,))]
        moves = [(int(s), str(m)) for s, m in self._db.execute(
            "SELECT seat, move FROM moves WHERE table_id = ? ORDER BY seq", (table_id,))]
        return TableRecord(row[0], row[1], row[2], json.loads(row[3]), row[4], row[5], seats, moves,
                           row[6] or 0, GRACE_S if row[7] is None else row[7], row[8], row[9], row[10])

    def _transaction(self) -> "_Transaction":
        return _Transaction(self._db, self._lock)


def move_write(table_id: str, seq: int, seat: int, move: str) -> Write:
    """Store move number ``seq`` (a second one there is refused by the key)."""
    return "INSERT INTO moves VALUES (?, ?, ?, ?)", (table_id, seq, seat, move)


def undo_writes(table_id: str, kept: int, skipped: int) -> list[Write]:
    """Forget the moves after the first ``kept``; the versions skipped grow to ``skipped``."""
    return [("DELETE FROM moves WHERE table_id = ? AND seq >= ?", (table_id, kept)),
            ("UPDATE table_rules SET skipped = ? WHERE table_id = ?", (skipped, table_id))]


def rematch_write(table_id: str, rematch: str) -> Write:
    return "UPDATE table_rules SET rematch = ? WHERE table_id = ?", (rematch, table_id)


class _Transaction:
    """``BEGIN IMMEDIATE`` … ``COMMIT`` (``ROLLBACK`` on an error), holding the store's lock:
    the write is on disk when the block ends."""

    def __init__(self, db: sqlite3.Connection, lock: threading.RLock) -> None:
        self._db = db
        self._lock = lock

    def __enter__(self) -> None:
        self._lock.acquire()
        try:
            self._db.execute("BEGIN IMMEDIATE")
        except BaseException:
            self._lock.release()
            raise

    def __exit__(self, kind: object, *rest: object) -> None:
        try:
            self._db.execute("ROLLBACK" if kind is not None else "COMMIT")
        finally:
            self._lock.release()
