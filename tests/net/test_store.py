"""The storage interface, the same on both stores: a table comes back as it was stored, an
invite code seats one token once, a move number is taken once (what keeps two processes from
both storing a move there), a batch is stored whole or not at all, and a table is read while
another connection's write is under way."""

from __future__ import annotations

import sqlite3

import psycopg
import pytest

from catgames.net.opening import open_store
from catgames.net.store import FILE_NAME, SeatRecord, TableRecord, move_write, token_hash, undo_writes


def record(table_id: str, code: str) -> TableRecord:
    return TableRecord(table_id, "bed", 2, {"variant": "x"}, 2**31 - 1, 7,
                       [SeatRecord("human", token_hash=token_hash("t1")), SeatRecord("human", code=code)],
                       grace_s=1.5, clock_s=120.0, watch_code=f"W{code}")


def test_a_table_comes_back_as_stored_and_a_code_seats_one_token_once(place):
    store = place.open()
    try:
        store.add_table(record("a", "C1"), 1.0)
        store.commit([move_write("a", 0, 0, "m0"), move_write("a", 1, 1, "m1")])
        assert store.add_rematch("a", record("b", "C2"), 2.0) == "b"
        assert store.claim("C1", token_hash("t2")) == ("a", 1)
        assert store.claim("C1", token_hash("t2")) == ("a", 1)  # the same join again
        assert store.claim("C1", token_hash("t3")) is None and store.claim("nope", token_hash("t3")) is None
        got = store.table("a")
        assert got is not None and got.moves == [(0, "m0"), (1, "m1")] and got.rematch == "b"
        want = record("a", "C1")
        want.seats[1] = SeatRecord("human", code="C1", token_hash=token_hash("t2"))
        want.moves, want.rematch = got.moves, "b"
        assert got == want
        assert [t.id for t in store.tables()] == ["a", "b"]
        assert store.seats_of_token(token_hash("t1")) == [("a", 0), ("b", 0)]
        assert store.watched("WC2") == "b" and store.invited("C2") == "b" and store.invited("W") is None
        store.commit(undo_writes("a", 1, 3))
        after = store.table("a")
        assert after is not None and after.moves == [(0, "m0")] and after.skipped == 3
    finally:
        store.close()


def test_a_table_is_read_while_a_write_is_under_way(place):
    """The server opens tables on its loop while the journal commits on its thread (after a
    restart, a thousand of them while the tables already back play on): a read neither waits
    for a write transaction to end nor sees what it has not committed."""
    store = place.open()
    writer: sqlite3.Connection | psycopg.Connection = (
        psycopg.connect(place.address) if place.address else sqlite3.connect(place.data / FILE_NAME, timeout=0))
    try:
        store.add_table(record("a", "C1"), 1.0)
        store.commit([move_write("a", 0, 0, "m0")])
        mark = "%s" if place.address else "?"
        writer.execute(f"INSERT INTO moves VALUES ({mark}, {mark}, {mark}, {mark})", ("a", 1, 1, "m1"))  # not committed
        got = store.table("a")
        assert got is not None and got.moves == [(0, "m0")]
        assert store.table_ids() == ["a"] and store.watched("WC1") == "a"
    finally:
        writer.rollback()
        writer.close()
        store.close()


def test_a_move_number_is_taken_once_and_a_batch_is_stored_whole_or_not_at_all(place):
    first, second = place.open(), open_store(place.address, place.data)  # two servers on one store
    try:
        first.add_table(record("a", "C1"), 1.0)
        first.commit([move_write("a", 0, 0, "mine")])
        with pytest.raises((sqlite3.IntegrityError, psycopg.errors.UniqueViolation)):
            second.commit([move_write("a", 1, 1, "ok?"), move_write("a", 0, 0, "theirs")])
        table = second.table("a")
        assert table is not None and table.moves == [(0, "mine")]
        second.commit([move_write("a", 1, 1, "next")])  # the store still takes the next one
        assert [m for _, m in first.table("a").moves] == ["mine", "next"]
    finally:
        first.close()
        second.close()


def test_after_postgresql_restarted_every_kind_of_request_is_served_on_a_new_connection(tmp_path):
    """A restart cuts the store's connections, which each request finds out first (the server's
    first read back after a restart once failed, and left a table's lines waiting): a read, a
    transaction and a commit each go through on a new connection."""
    from catgames.net.services import postgres, restart_postgres
    from catgames.net.store_pg import PgStore
    with postgres(fsync=False) as cluster:
        store = PgStore(cluster)
        try:
            store.add_table(record("a", "C1"), 1.0)
            requests = (lambda: store.table("a"), lambda: store.add_table(record("b", "C2"), 2.0),
                        lambda: store.commit([move_write("a", 0, 0, "m0")]), lambda: store.claim("C2", token_hash("t2")))
            for request in requests:
                restart_postgres(cluster)
                request()
            got = store.table("a")
            assert got is not None and got.moves == [(0, "m0")] and store.invited("C2") == "b"
        finally:
            store.close()
