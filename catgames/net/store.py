"""Where the server keeps its tables: the storage interface (``Storage``), written once in the
SQL both databases speak (``SqlStore``), and its default, one SQLite file in WAL mode in the
data folder (``Store``); ``store_pg`` keeps the same in PostgreSQL, for many server processes
(``opening.open_store`` picks one by its address).

Every move is committed here before the server acknowledges it, so an acknowledged move
survives a ``kill -9``; a server started again on the same folder rebuilds each table by
replaying its moves from its seed (all chance comes from the seed).  Seat tokens are kept only
as hashes: a copy of the file does not let anyone sit at a table.  A ``Write`` is one SQL
statement with ``?`` placeholders.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator, Protocol, Sequence

FILE_NAME = "tables.sqlite3"
GRACE_S = 60.0  #: a dropped player's seat waits this long before a stand-in plays it

#: one statement of a batch the journal commits at once: (SQL, its parameters)
Write = tuple[str, tuple[Any, ...]]
Run = Callable[[str, tuple[Any, ...]], list[tuple[Any, ...]]]  #: runs one statement, gives its rows

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


class Storage(Protocol):
    """What the server asks of its storage; every write is committed before it returns."""

    def close(self) -> None: ...
    def add_table(self, table: TableRecord, created: float) -> None: ...
    def add_rematch(self, table_id: str, rematch: TableRecord, created: float) -> str: ...
    def commit(self, writes: Sequence[Write]) -> None: ...
    def claim(self, code: str, hashed: str) -> tuple[str, int] | None: ...
    def seats_of_token(self, hashed: str) -> list[tuple[str, int]]: ...
    def watched(self, code: str) -> str | None: ...
    def invited(self, code: str) -> str | None: ...
    def tables(self) -> Iterator[TableRecord]: ...
    def table_ids(self) -> list[str]: ...
    def table(self, table_id: str) -> TableRecord | None: ...


class SqlStore:
    """Every query of the store: a subclass connects, makes the schema, and runs statements
    (``_rows`` one alone, ``_transaction`` all or none)."""

    def close(self) -> None:
        raise NotImplementedError

    def _rows(self, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        raise NotImplementedError

    def _transaction(self) -> AbstractContextManager[Run]:
        """A block whose statements (run by the callable it gives) are committed together when
        it ends, or none of them if it raises."""
        raise NotImplementedError

    def _snapshot(self) -> AbstractContextManager[Run]:
        """A block of reads that all see the store at one moment (by default a transaction)."""
        return self._transaction()

    def add_table(self, table: TableRecord, created: float) -> None:
        self.commit(table_writes(table, created))

    def add_rematch(self, table_id: str, rematch: TableRecord, created: float) -> str:
        """Store ``rematch`` as ``table_id``'s rematch, unless it has one already (made by
        another process: a takeover fell between two players' asking); the rematch that holds."""
        with self._transaction() as run:
            if run("UPDATE table_rules SET rematch = ? WHERE table_id = ? AND rematch IS NULL RETURNING rematch",
                   (rematch.id, table_id)):
                for sql, params in table_writes(rematch, created):
                    run(sql, params)
                return rematch.id
            return str(run("SELECT rematch FROM table_rules WHERE table_id = ?", (table_id,))[0][0])

    def commit(self, writes: Sequence[Write]) -> None:
        """Commit ``writes`` (moves, undos of many tables) in one transaction: one sync to disk
        for all of them, and all or none are stored."""
        with self._transaction() as run:
            for sql, params in writes:
                run(sql, params)

    def add_move(self, table_id: str, seq: int, seat: int, move: str) -> None:
        """Commit one move; a second move at the same ``seq`` is refused by the key."""
        self.commit([move_write(table_id, seq, seat, move)])

    def claim(self, code: str, hashed: str) -> tuple[str, int] | None:
        """The (table, seat) whose invite ``code`` this is, now held by the token ``hashed``;
        ``None`` if no seat has that code or another token claimed it (one seat, once).  The
        same token claiming again gets the same seat: a join whose answer was lost is repeated."""
        with self._transaction() as run:  # one statement: two claims at once cannot both win
            rows = run("UPDATE seats SET token_hash = ? WHERE code = ? AND (token_hash IS NULL OR token_hash = ?) "
                       "RETURNING table_id, seat", (hashed, code, hashed))
        return (str(rows[0][0]), int(rows[0][1])) if rows else None

    def seats_of_token(self, hashed: str) -> list[tuple[str, int]]:
        """The (table, seat) pairs the token ``hashed`` holds (a repeated create)."""
        rows = self._rows("SELECT table_id, seat FROM seats WHERE token_hash = ? ORDER BY table_id, seat", (hashed,))
        return [(str(t), int(s)) for t, s in rows]

    def watched(self, code: str) -> str | None:
        """The table spectators watch with ``code``."""
        rows = self._rows("SELECT table_id FROM table_rules WHERE watch_code = ?", (code,))
        return str(rows[0][0]) if rows else None

    def invited(self, code: str) -> str | None:
        """The table a seat's invite ``code`` is for (claimed or not)."""
        rows = self._rows("SELECT table_id FROM seats WHERE code = ?", (code,))
        return str(rows[0][0]) if rows else None

    def tables(self) -> Iterator[TableRecord]:
        """Every stored table with its seats and moves."""
        for table_id in self.table_ids():
            record = self.table(table_id)
            if record is not None:
                yield record

    def table_ids(self) -> list[str]:
        """Every stored table's id, oldest first: what a restarted server has to open (each
        read when it is opened, so the server listens before reading them all)."""
        return [str(table_id) for (table_id,) in self._rows("SELECT id FROM tables ORDER BY created, id", ())]

    def table(self, table_id: str) -> TableRecord | None:
        """The table as stored (after a batch that could not be: what it was before)."""
        with self._snapshot() as run:  # the table, its seats and its moves at one moment
            rows = run("SELECT t.id, game, players, options, seed, ai_seed, skipped, grace, clock, watch_code, "
                       "rematch FROM tables t LEFT JOIN table_rules r ON r.table_id = t.id WHERE t.id = ?",
                       (table_id,))
            seats = run("SELECT kind, level, code, token_hash FROM seats WHERE table_id = ? ORDER BY seat",
                        (table_id,))
            moves = run("SELECT seat, move FROM moves WHERE table_id = ? ORDER BY seq", (table_id,))
        if not rows:
            return None
        row = rows[0]
        return TableRecord(row[0], row[1], row[2], json.loads(row[3]), row[4], row[5],
                           [SeatRecord(*s) for s in seats], [(int(s), str(m)) for s, m in moves],
                           row[6] or 0, GRACE_S if row[7] is None else row[7], row[8], row[9], row[10])


class Store(SqlStore):
    """The SQLite file (the default: one process); every write is one transaction.

    Reads go through a connection of their own: in WAL mode a reader never waits for a writer,
    so a table opened on the server's loop (after a restart, a thousand of them while the
    tables already back play on) does not wait behind the journal's commit and its disk sync."""

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
        self._reader = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._reading = threading.RLock()  #: every use of the reading connection takes it

    def close(self) -> None:
        with self._lock, self._reading:
            self._reader.close()
            self._db.close()

    def _rows(self, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        with self._reading:
            return self._reader.execute(sql, params).fetchall()

    @contextmanager
    def _snapshot(self) -> Iterator[Run]:
        """``BEGIN`` … ``COMMIT`` on the reading connection: its reads see one moment."""
        with self._reading:
            self._reader.execute("BEGIN")
            try:
                yield lambda sql, params: self._reader.execute(sql, params).fetchall()
            finally:
                self._reader.execute("COMMIT")

    @contextmanager
    def _transaction(self) -> Iterator[Run]:
        """``BEGIN IMMEDIATE`` … ``COMMIT`` (``ROLLBACK`` on an error), holding the lock: the
        write is on disk when the block ends."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield lambda sql, params: self._db.execute(sql, params).fetchall()
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")


def table_writes(table: TableRecord, created: float) -> list[Write]:
    return ([("INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?)",
              (table.id, table.game, table.players, json.dumps(table.options), table.seed, table.ai_seed, created)),
             ("INSERT INTO table_rules VALUES (?, ?, ?, ?, ?, ?)",
              (table.id, table.skipped, table.grace_s, table.clock_s, table.watch_code, table.rematch))]
            + [("INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?)", (table.id, i, s.kind, s.level, s.code, s.token_hash))
               for i, s in enumerate(table.seats)])


def move_write(table_id: str, seq: int, seat: int, move: str) -> Write:
    """Store move number ``seq`` (a second one there is refused by the key)."""
    return "INSERT INTO moves VALUES (?, ?, ?, ?)", (table_id, seq, seat, move)


def undo_writes(table_id: str, kept: int, skipped: int) -> list[Write]:
    """Forget the moves after the first ``kept``; the versions skipped grow to ``skipped``."""
    return [("DELETE FROM moves WHERE table_id = ? AND seq >= ?", (table_id, kept)),
            ("UPDATE table_rules SET skipped = ? WHERE table_id = ?", (skipped, table_id))]
