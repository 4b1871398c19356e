"""A PostgreSQL connection that is made again once PostgreSQL is back from a restart (or a
failover): many server processes live through it, their players seeing a pause.

A connection PostgreSQL cut is marked broken by psycopg at its next use; the link then connects
again.  ``retried`` runs a piece of work again on a new connection while PostgreSQL is away, for
at most a given time: the journal's commits wait that way (the acknowledgements wait with them),
while a read on the event loop is tried again at most once, at once (its client's line is closed
otherwise, and the client comes back a moment later).  Work tried again is a whole transaction:
one cut before its commit stored nothing; one cut during its commit may have stored it, and then
the moves' key refuses the second try (the batch is lost and its tables are read back from the
store, which holds it).
"""

from __future__ import annotations

import time
from typing import Any, Callable, TypeVar

import psycopg

CONNECT_S = 10  #: longest wait for one connection to be made
PAUSE_S = 0.2  #: between two tries while PostgreSQL is away

T = TypeVar("T")
Connection = psycopg.Connection[Any]


def connect(address: str) -> Connection:
    return psycopg.connect(address, autocommit=True, connect_timeout=CONNECT_S)


class Link:
    """One connection to ``address``, made again when it broke."""

    def __init__(self, address: str) -> None:
        self.address = address
        self.connection = connect(address)

    def current(self) -> Connection:
        """The connection; a new one if the last one broke (``OperationalError``: PostgreSQL is
        still away)."""
        if self.connection.broken or self.connection.closed:
            self.connection = connect(self.address)
        return self.connection

    def retried(self, work: Callable[[Connection], T], wait_s: float) -> T:
        """``work`` done on the connection; while the connection is broken, done again on a new
        one for ``wait_s`` (0: once more, at once)."""
        deadline = time.monotonic() + wait_s
        tries = 0
        while True:
            try:
                return work(self.current())
            except psycopg.OperationalError:
                tries += 1
                if not (self.connection.broken or self.connection.closed) or (
                        tries > 1 and time.monotonic() >= deadline):
                    raise
                if tries > 1:
                    time.sleep(PAUSE_S)

    def close(self) -> None:
        self.connection.close()
