"""What one connection is sent about its table: its seat's update from the runner.

``SeatUpdate.to_json()`` holds the seat's observation and the events and log redacted for it
(a spectator, ``NOBODY``, gets the public view).  The wire's ``version`` is the table's
(``NetTable.version``): unlike the runner's change count it is the same after a restart and
only grows, so a client that quotes an old one is always found stale.  ``presence`` says who
is at each seat (``attendance``).  An update is encoded once per seat and version: every line
of a seat, and every spectator, is sent the same text.
"""

from __future__ import annotations

from typing import Any, Sequence

from catgames.core.rules import Seat
from catgames.net.protocol import encode
from catgames.net.table import NetTable


Moment = tuple[int, int, tuple[str, ...]]  #: (version, undos, presence): what a seat's update follows


def moment(table: NetTable) -> Moment:
    """The table's moment: an update made at another is out of date."""
    return table.version, table.undos, tuple(table.presence())


def seat_update(table: NetTable, seat: Seat, log_from: int = 0,
                presence: Sequence[str] | None = None) -> dict[str, Any]:
    """The ``update`` message for ``seat`` at ``table``'s current version, its log from turn
    ``log_from`` on (the turns before it were sent already: the log is not sent whole with
    every move, or an update would grow with the game); ``presence``: the table's, if the
    caller has it already."""
    update = table.runner.update_for(seat)
    log_from = min(log_from, len(update.log))
    payload = update.to_json(log_from)
    payload.update(type="update", table=table.id, players=table.record.players, version=table.version,
                   log_from=log_from,
                   presence=table.presence() if presence is None else list(presence))
    return payload


class UpdateCache:
    """Encoded updates of one table at one moment: (seat, log_from) -> (text, turns in its log).
    Dropped as soon as the table's version or presence changes."""

    def __init__(self) -> None:
        self._moment: Moment | tuple[()] = ()
        self._texts: dict[tuple[Seat, int], tuple[str, int]] = {}

    def get(self, table: NetTable, seat: Seat, log_from: int, now: Moment | None = None) -> tuple[str, int]:
        """The text for ``seat`` from turn ``log_from``; ``now``: the table's moment, if the
        caller has it already (each presence is worked out once, not three times)."""
        now = moment(table) if now is None else now
        if now != self._moment:
            self._moment, self._texts = now, {}
        key = (seat, log_from)
        if key not in self._texts:
            update = seat_update(table, seat, log_from, now[2])
            self._texts[key] = encode(update), update["log_from"] + len(update["log"])
        return self._texts[key]
