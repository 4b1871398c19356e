"""Group commit: the moves of one event-loop turn are stored in one transaction before anyone
is told of them, while tables move together a commit waits a moment to hold more of them, and a
batch that cannot be stored is forgotten by every table in it."""

from __future__ import annotations

import asyncio

from catgames.ai.seat import Brain
from catgames.net.creation import create_table
from typing import Sequence

from catgames.net.journal import Journal
from catgames.net.store import Store, Write, move_write
from catgames.net.table import NetTable

CREATE = {"type": "create", "game": "kotatsu", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}


def stored_table(store: Store, journal: Journal, seed: int) -> NetTable:
    record = create_table({**CREATE, "seed": seed}, test_seeds=True).record
    store.add_table(record, float(seed))
    return NetTable(record, Brain(lambda: None), journal.write)


def first_move(table: NetTable) -> str:
    return table.take(table.to_move, table.version, str(table.match.state.legal_moves()[0]))


def test_moves_of_one_turn_are_committed_together_and_only_then_settled(tmp_path):
    store = Store(tmp_path)
    lost: list[set[str]] = []
    journal = Journal(store, lambda ids: lost.append(ids) or set())

    async def turn() -> bool:
        tables = [stored_table(store, journal, seed) for seed in (1, 2, 3)]
        for table in tables:
            first_move(table)
        assert all(store.table(t.id).moves == [] for t in tables)  # nothing on disk before the turn ends
        settled = await journal.settled()
        assert all(store.table(t.id).moves == t.record.moves != [] for t in tables)
        await journal.close()
        return settled

    try:
        assert asyncio.run(turn()) and journal.batches == 1 and lost == []
    finally:
        store.close()


def test_a_batch_that_cannot_be_stored_is_forgotten_by_its_tables(tmp_path):
    store = Store(tmp_path)
    lost: list[set[str]] = []
    journal = Journal(store, lambda ids: lost.append(ids) or set())

    async def turn() -> tuple[bool, NetTable, NetTable]:
        kept = stored_table(store, journal, 1)
        first_move(kept)
        assert await journal.settled()
        broken, other = stored_table(store, journal, 2), stored_table(store, journal, 3)
        first_move(broken)
        first_move(other)
        journal.write(broken.id, [move_write(broken.id, 0, 0, "again")])  # the key refuses it: all fail
        settled = await journal.settled()
        await journal.close()
        return settled, kept, broken

    try:
        settled, kept, broken = asyncio.run(turn())
        assert not settled and len(lost) == 1 and broken.id in lost[0] and kept.id not in lost[0]
        assert len(store.table(kept.id).moves) == 1
        assert all(store.table(t).moves == [] for t in lost[0])  # neither move of the batch is stored
    finally:
        store.close()


def test_the_batch_queued_behind_a_lost_one_is_lost_too(tmp_path):
    store = Store(tmp_path)
    lost: list[set[str]] = []
    journal = Journal(store, lambda ids: lost.append(ids) or set())

    async def turns() -> tuple[bool, NetTable, NetTable]:
        broken, behind = stored_table(store, journal, 1), stored_table(store, journal, 2)
        first_move(broken)
        journal.write(broken.id, [move_write(broken.id, 0, 0, "again")])  # this batch fails ...
        await asyncio.sleep(0)  # ... on the journal's thread, while the next one is queued
        first_move(behind)
        first_move(broken)  # its move 1 would follow a move 0 that is not stored
        settled = await journal.settled()
        await journal.close()
        return settled, broken, behind

    try:
        settled, broken, behind = asyncio.run(turns())
        assert not settled and lost == [{broken.id, behind.id}] and journal.batches == 0
        assert store.table(broken.id).moves == [] and store.table(behind.id).moves == []
    finally:
        store.close()


class CountedStore(Store):
    """The SQLite store, counting the commits begun (on the journal's thread)."""

    begun = 0

    def commit(self, writes: Sequence[Write]) -> None:
        self.begun += 1
        super().commit(writes)


async def _stays(check, turns: int = 100) -> bool:
    """Whether ``check()`` holds through ``turns`` short sleeps of the loop (the journal's
    thread has time to begin a commit meanwhile)."""
    for _ in range(turns):
        if not check():
            return False
        await asyncio.sleep(0.01)
    return check()


def test_while_tables_move_together_the_next_commit_waits_to_gather_more(tmp_path):
    store = CountedStore(tmp_path)
    journal = Journal(store, lambda lost: set(), gather_s=600.0)

    async def turns() -> tuple[bool, NetTable]:
        together = [stored_table(store, journal, seed) for seed in (1, 2)]
        later = stored_table(store, journal, 3)
        begun = store.begun
        for table in together:
            first_move(table)
        assert await journal.settled() and store.begun == begun + 1  # two tables' moves, one commit
        first_move(later)
        held = await _stays(lambda: store.begun == begun + 1 and journal.pending(later.id))
        await journal.close()  # a stopping server commits what waits, at once
        return held, later

    try:
        held, later = asyncio.run(turns())
        assert held
        assert store.table(later.id).moves == later.record.moves != []
    finally:
        store.close()


def test_a_table_moving_alone_is_never_held_back(tmp_path):
    store = CountedStore(tmp_path)
    journal = Journal(store, lambda lost: set(), gather_s=600.0)

    async def turns() -> bool:
        table = stored_table(store, journal, 1)
        first_move(table)
        assert await journal.settled()
        first_move(table)  # the other seat answers at once
        waiting = await _stays(lambda: journal.pending(table.id), turns=1000)
        await journal.close()
        return waiting

    try:
        assert not asyncio.run(turns())
    finally:
        store.close()


def test_after_is_told_in_order_once_its_tables_change_is_stored_before_the_waiters_resume(tmp_path):
    """A move's ack is sent by ``after`` as the batch lands: only once the table's change is on
    disk, in the order asked, ahead of anything awaiting ``settled``; ``False`` for a lost batch;
    at once for a table with nothing pending."""
    store = Store(tmp_path)
    journal = Journal(store, lambda tables: set())
    told: list[tuple[str, bool, int]] = []

    async def turns() -> None:
        first, second, broken = (stored_table(store, journal, seed) for seed in (1, 2, 3))
        journal.after(first.id, lambda stored: told.append(("idle", stored, 0)))
        first_move(first)
        first_move(second)
        for name, table in (("first", first), ("second", second), ("first again", first)):
            journal.after(table.id, lambda stored, name=name, table=table: told.append(
                (name, stored, len(store.table(table.id).moves))))
        waiter = asyncio.create_task(journal.settled())
        await asyncio.sleep(0)
        assert [name for name, _, _ in told] == ["idle"]  # the others wait for the commit
        waiter.add_done_callback(lambda _: told.append(("waiter", True, 0)))
        assert await waiter
        first_move(broken)
        journal.write(broken.id, [move_write(broken.id, 0, 0, "again")])  # the key refuses it
        journal.after(broken.id, lambda stored: told.append(("broken", stored, 0)))
        await journal.settled()
        await journal.close()

    try:
        asyncio.run(turns())
        assert told == [("idle", True, 0), ("first", True, 1), ("second", True, 1), ("first again", True, 1),
                        ("waiter", True, 0), ("broken", False, 0)]
    finally:
        store.close()


def test_a_lost_batch_whose_tables_cannot_be_read_back_still_tells_everyone_waiting(tmp_path):
    """Rebuilding the tables failed too (the store is away): the waiters and ``after`` are told
    all the same; a move's ack waited on it, and its line with it, for ever."""
    store = Store(tmp_path)

    def unreadable(tables: set[str]) -> set[str]:
        raise OSError("the store is away")
    journal = Journal(store, unreadable)
    told: list[bool] = []

    async def turn() -> bool:
        broken = stored_table(store, journal, 1)
        first_move(broken)
        journal.write(broken.id, [move_write(broken.id, 0, 0, "again")])  # the key refuses it
        journal.after(broken.id, told.append)
        settled = await asyncio.wait_for(journal.settled(), 10.0)
        await journal.close()
        return settled

    try:
        assert asyncio.run(turn()) is False and told == [False]
    finally:
        store.close()
