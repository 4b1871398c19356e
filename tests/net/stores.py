"""The two stores the online tests run against: the SQLite file in the server's data folder
(the default) and PostgreSQL (a throw-away cluster per test process, a fresh database per
server the tests start)."""

from __future__ import annotations

import itertools
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

import psycopg

from catgames.net.opening import open_store
from catgames.net.store import FILE_NAME, Storage

KINDS = ("sqlite", "postgresql")
_names = itertools.count()


@dataclass(frozen=True)
class Place:
    """Where one server keeps its tables: ``address`` (PostgreSQL) or the SQLite file in ``data``."""

    address: str | None
    data: Path

    def args(self) -> tuple[str, ...]:
        """``serve``'s options for this store (its ``--data`` is given apart)."""
        return ("--store", self.address) if self.address else ()

    def open(self) -> Storage:
        return open_store(self.address, self.data)

    def moves_committed(self) -> int:
        """Moves the store holds, read beside a running server (SQLite: read-only, as WAL allows)."""
        if self.address is not None:
            with psycopg.connect(self.address, autocommit=True) as pg:
                row = pg.execute("SELECT count(*) FROM moves").fetchone()
            return int(row[0]) if row else 0
        db = sqlite3.connect(f"file:{self.data / FILE_NAME}?mode=ro", uri=True, timeout=5)
        try:
            return int(db.execute("SELECT count(*) FROM moves").fetchone()[0])
        except sqlite3.OperationalError:  # not made yet
            return 0
        finally:
            db.close()


@dataclass(frozen=True)
class Stores:
    """Makes empty stores of one kind; ``cluster``: the PostgreSQL cluster's address."""

    kind: str
    cluster: str | None = None

    def new(self, data: Path) -> Place:
        if self.cluster is None:
            return Place(None, data)
        name = f"t{os.getpid()}_{next(_names)}"
        with psycopg.connect(self.cluster, autocommit=True) as db:
            db.execute(f"CREATE DATABASE {name}")
        return Place(self.cluster.replace("/postgres?", f"/{name}?"), data)
