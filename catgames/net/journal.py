"""Group commit: moves are written to disk in batches, each one transaction, off the event loop.

A move is committed before anyone hears of it, and with ``synchronous=FULL`` each commit waits
for the disk.  Committing each move alone cost a sync per move and stalled the loop while the
disk worked.  Here every move (and undo) is queued; one transaction at a time is committed on a
thread of its own, and whatever was queued meanwhile goes into the next one, so the batches
grow with the load and a sync serves many moves.  A commit costs the server about 0.3 ms of
CPU however few moves it holds (``bench net``: a fifth of a move's cost at a thousand tables,
with batches of two or three moves), so while tables move together (the last batch held more
than one table's changes) the next one starts no sooner than ``gather_s`` after the last began:
at 500 moves a second a commit then holds about seventeen.  ``GATHER_S`` of 35 ms rather than 20:
in ``bench net`` at 1,000 tables 9 % less CPU a move (session 48, four pairs side by side),
the p99 of a move's update 45–57 ms rather than 33–48, far under the 100 ms a player would
notice.  A single table playing alone is never held back (its player would wait for nothing).
The acknowledgements and updates of a table wait for the batch holding its last change
(``settled(table)``), not for other tables' batches.

A batch that cannot be stored is forgotten by every table in it, and so is the batch queued
behind it (its moves follow the lost ones): ``failed`` is told their ids, rebuilds each from the
store and answers those the store holds whole (the commit landed though its line was cut before
the answer came): a batch all of whose tables are held counts as stored.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
from dataclasses import dataclass, field
from typing import Callable

from catgames.net.store import Storage, Write

log = logging.getLogger(__name__)

GATHER_S = 0.035  #: while many tables move, a commit starts at most this often (a move waits at most this)


Then = Callable[[bool], None]  #: told whether the batch it waited for was stored


@dataclass
class _Batch:
    done: asyncio.Future[bool]
    writes: list[Write] = field(default_factory=list)
    tables: set[str] = field(default_factory=set)
    then: list[Then] = field(default_factory=list)  #: called as it lands, in order (``after``)


class Journal:
    def __init__(self, store: Storage, failed: Callable[[set[str]], set[str]], gather_s: float = GATHER_S) -> None:
        self.store = store
        self._failed = failed
        self.gather_s = gather_s
        self._launched = float("-inf")  #: when the last batch began (the loop's clock)
        self._crowded = False  #: the last batch held more than one table's changes
        self._queued: _Batch | None = None  #: filling up
        self._flying: _Batch | None = None  #: being committed
        self._holding: dict[str, _Batch] = {}  #: the batch with each table's last change, till it lands
        #: batches for the committing thread (``None``: stop); a thread of its own rather than an
        #: executor's, whose submit and wrapped futures cost ~5 % of the server's CPU (``bench net``)
        self._to_commit: queue.SimpleQueue[tuple[_Batch, asyncio.AbstractEventLoop] | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self.batches = 0  #: transactions committed
        self.writes = 0  #: writes committed in them

    def write(self, table_id: str, writes: list[Write]) -> None:
        """Queue ``writes`` of ``table_id`` for the next commit."""
        if self._queued is None:
            loop = asyncio.get_running_loop()
            self._queued = _Batch(loop.create_future())
            if self._flying is None:
                self._launch_soon()
        self._queued.writes += writes
        self._queued.tables.add(table_id)
        self._holding[table_id] = self._queued

    def pending(self, table_id: str) -> bool:
        """A change of ``table_id`` is not committed yet."""
        return table_id in self._holding

    async def settled(self, table_id: str | None = None) -> bool:
        """Wait until everything queued so far (of ``table_id``, if given) is committed;
        ``False``: it could not be."""
        batch = (self._queued or self._flying) if table_id is None else self._holding.get(table_id)
        return True if batch is None else await asyncio.shield(batch.done)

    def after(self, table_id: str, then: Then) -> None:
        """Call ``then(stored)`` once everything queued so far of ``table_id`` is committed (at
        once if nothing is), in the order asked, as the batch lands: before anything awaiting
        ``settled`` resumes.  A move's ack is sent so: awaiting it cost each move a future and a
        wake-up of its line's task, and the batch lands on the loop anyway."""
        batch = self._holding.get(table_id)
        if batch is None:
            then(True)
        else:
            batch.then.append(then)

    def _launch_soon(self) -> None:
        """Start the queued batch on the next turn of the loop, or once ``gather_s`` has passed
        since the last one began if that one was crowded (more moves then share its sync)."""
        loop = asyncio.get_running_loop()
        wait = self._launched + self.gather_s - loop.time() if self._crowded else 0.0
        if wait > 0:
            loop.call_later(wait, self._launch)
        else:
            loop.call_soon(self._launch)

    def _launch(self) -> None:
        if self._flying is not None or self._queued is None:
            return
        batch, self._queued, self._flying = self._queued, None, self._queued
        loop = asyncio.get_running_loop()
        self._launched, self._crowded = loop.time(), len(batch.tables) > 1
        if self._thread is None:
            self._thread = threading.Thread(target=self._commit_all, name="journal", daemon=True)
            self._thread.start()
        self._to_commit.put((batch, loop))

    def _commit_all(self) -> None:
        """The committing thread: each batch in turn, its landing told to the loop."""
        while (job := self._to_commit.get()) is not None:
            batch, loop = job
            try:
                self.store.commit(batch.writes)
                failure: BaseException | None = None
            except Exception as exc:  # told to the loop, which rebuilds the batch's tables
                failure = exc
            try:
                loop.call_soon_threadsafe(self._landed, batch, failure)
            except RuntimeError:  # the loop closed under a batch (the server was torn down)
                return

    def _landed(self, batch: _Batch, failure: BaseException | None) -> None:
        self._flying = None
        self._release(batch)
        if failure is None:
            self.batches += 1
            self.writes += len(batch.writes)
            batch.done.set_result(True)
            _tell(batch, True)
        else:
            log.error("a batch of %d writes (tables %s) could not be stored: %s", len(batch.writes),
                      sorted(batch.tables), failure)
            lost = [batch] + ([self._queued] if self._queued is not None else [])
            self._queued = None
            for each in lost:
                self._release(each)
            try:
                held = self._failed(set().union(*(b.tables for b in lost)))
            except Exception:  # its waiters are told all the same: none may wait for ever
                log.exception("the tables of a lost batch could not be rebuilt")
                held = set()
            for each in lost:
                stored = each.tables <= held
                each.done.set_result(stored)
                _tell(each, stored)
        if self._queued is not None:
            self._launch_soon()

    def _release(self, batch: _Batch) -> None:
        for table_id in batch.tables:
            if self._holding.get(table_id) is batch:
                del self._holding[table_id]

    async def close(self) -> None:
        """Commit what is queued (the server is stopping: at once), then let the thread go."""
        self.gather_s = 0.0
        self._launch()
        for _ in range(3):  # the batch in flight, then the one queued behind it
            if not await self.settled():
                break
        if self._thread is not None:
            self._to_commit.put(None)  # it is idle now: nothing is queued or in flight
            self._thread.join()


def _tell(batch: _Batch, stored: bool) -> None:
    """Each ``after`` of a batch that landed, in order; one that fails does not stop the rest."""
    for then in batch.then:
        try:
            then(stored)
        except Exception:
            log.exception("a callback of a batch failed")
