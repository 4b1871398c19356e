"""What one connection is sent about its table: its seat's update from the runner.

``SeatUpdate.to_json()`` holds the seat's observation and the events and log redacted for it
(a spectator, ``NOBODY``, gets the public view).  The wire's ``version`` is the table's move
count rather than the runner's change count, which starts again with every server start: a
client reconnecting after a restart must find the same version for the same position.
"""

from __future__ import annotations

from typing import Any

from catgames.core.rules import Seat
from catgames.net.table import NetTable


def seat_update(table: NetTable, seat: Seat, log_from: int = 0) -> dict[str, Any]:
    """The ``update`` message for ``seat`` at ``table``'s current version, its log from turn
    ``log_from`` on (the turns before it were sent already: the log is not sent whole with
    every move, or an update would grow with the game)."""
    update = table.runner.update_for(seat)
    payload = update.to_json(min(log_from, len(update.log)))
    payload.update(type="update", table=table.id, players=table.record.players, version=table.version,
                   log_from=min(log_from, len(update.log)))
    return payload
