"""Which kept online tables wait on a turn played at this computer, for the title screen: each
table's standing asked once (a ``sit`` with ``look``, as the Play online list asks it:
``lobby.table_status``), in threads of their own, a few at a time.  A table of this computer's
own server is asked once that server listens, at its address of the day."""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Protocol

from catgames.net.hosting import READY, STARTING
from catgames.net.kept import KeptTable
from catgames.net.lobby import Pending, TableStatus, table_status

ASKING_AT_ONCE = 4  #: kept tables asked about at the same time


class Hosting(Protocol):
    """This computer's server, as far as the asking needs it (``net.hosting``)."""

    state: str
    url: str


class WaitingTurns:
    """The kept ``tables`` asked about; ``waiting``: the games of those whose turn is here."""

    def __init__(self, tables: list[KeptTable]) -> None:
        self.tables = tables
        self.asking: dict[int, Pending[TableStatus]] = {}
        self.answered: dict[int, TableStatus | None] = {}  #: None: not reached, or refused
        self.waiting: list[str] = []

    def step(self, hosting: Hosting) -> bool:
        """Ask the next tables, take the answers in; whether ``waiting`` changed."""
        for i, table in enumerate(self.tables):
            if len(self.asking) >= ASKING_AT_ONCE:
                break
            if i in self.asking or i in self.answered:
                continue
            if table.hosted and hosting.state == STARTING:
                continue  # asked once the server listens: its address may change on the way
            if table.hosted and hosting.state != READY:
                self.answered[i] = None
                continue
            link = replace(table.link, url=hosting.url) if table.hosted else table.link
            self.asking[i] = Pending(partial(table_status, link))
        for i in [i for i, pending in self.asking.items() if pending.done]:
            self.answered[i] = self.asking.pop(i).result
        waiting = [table.link.game_id for i, table in enumerate(self.tables)
                   if (status := self.answered.get(i)) is not None and status.waits_on(table.link.tokens)]
        changed, self.waiting = waiting != self.waiting, waiting
        return changed
