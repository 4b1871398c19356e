"""What one connection is sent about its table: its seat's update, nothing more.

The one place that turns the match into a seat's payload, so that moving to the runner's
``SeatUpdate.to_json()`` (issue 27) changes only this module.  ``observe(seat)`` masks what
the seat may not see; a spectator (``NOBODY``) gets the public view.  No move log is sent: a
move's text may name a card its seat drew, which only the runner's redaction can hide.
"""

from __future__ import annotations

from typing import Any

from catgames.core.rules import Seat
from catgames.net.table import NetTable


def seat_update(table: NetTable, seat: Seat) -> dict[str, Any]:
    """The ``update`` message for ``seat`` at ``table``'s current version."""
    match = table.match
    return {
        "type": "update",
        "table": table.id,
        "game": match.game_id,
        "players": match.players,
        "seat": seat,
        "version": table.version,
        "to_move": match.state.to_move,
        "seats": [s.kind if s.level is None else f"{s.kind}:{s.level}" for s in table.record.seats],
        "view": match.state.observe(seat).to_dict(),
        "outcome": table.outcome(),
    }
