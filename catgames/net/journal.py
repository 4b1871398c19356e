"""Group commit: the writes of one event-loop turn go to disk in one transaction.

A move is committed before anyone hears of it, and with ``synchronous=FULL`` each commit waits
for the disk.  Committing each move alone cost most of a move's server time; here every move
(and undo) played while the loop serves one batch of frames is queued, the queue is committed
once on the loop's next turn, and only then are the acknowledgements and updates sent
(``settled``).  Under load more frames wait during a commit, so the batches grow with the load
and the cost per move falls.  A batch that cannot be stored is forgotten by every table in it:
``failed`` is told their ids, and each is rebuilt from the store.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Callable

from catgames.net.store import Store, Write

log = logging.getLogger(__name__)


class Journal:
    def __init__(self, store: Store, failed: Callable[[set[str]], None]) -> None:
        self.store = store
        self._failed = failed
        self._writes: list[Write] = []
        self._tables: set[str] = set()
        self._done: asyncio.Future[bool] | None = None
        self.batches = 0  #: transactions committed (the bench and the tests read it)

    def write(self, table_id: str, writes: list[Write]) -> None:
        """Queue ``writes`` of ``table_id`` for this turn's commit."""
        self._writes += writes
        self._tables.add(table_id)
        if self._done is None:
            loop = asyncio.get_running_loop()
            self._done = loop.create_future()
            loop.call_soon(self._flush)

    def pending(self, table_id: str) -> bool:
        return table_id in self._tables

    async def settled(self) -> bool:
        """Wait until what was queued so far is committed; ``False``: it could not be."""
        if self._done is None:
            return True
        return await asyncio.shield(self._done)

    def _flush(self) -> None:
        writes, tables, done = self._writes, self._tables, self._done
        self._writes, self._tables, self._done = [], set(), None
        try:
            self.store.commit(writes)
            self.batches += 1
            ok = True
        except Exception:
            log.exception("a batch of %d writes (tables %s) could not be stored", len(writes), sorted(tables))
            self._failed(tables)
            ok = False
        if done is not None and not done.done():
            done.set_result(ok)

    def flush(self) -> None:
        """Commit now (the server is stopping)."""
        if self._done is not None:
            self._flush()
