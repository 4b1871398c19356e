"""What a table holds of a match: ``TableFeed``, the one surface a table drives and reads.

A table is a view: it draws the ``SeatUpdate`` it is given and sends intents; it never holds
the ``Match``.  Two things stand behind a table and both satisfy this protocol: the local
``core.runner.Runner`` (the match on this computer, its AI seats thinking here) and, online, a
remote runner that forwards intents to the server and hands on the updates it is sent.  Which
one a table has is decided where the table is made, never by the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from catgames.core.moves import Move
from catgames.core.rules import Reason, Seat
from catgames.core.seats import SeatUpdate

if TYPE_CHECKING:
    from catgames.core.runner import Change


class TableFeed(Protocol):
    """A match as a table sees it: updates in, intents out (see the module docstring)."""

    pace: float  #: the shortest time between asking a machine seat and playing its move

    @property
    def version(self) -> int:
        """Grows with every change the table must draw anew."""

    @property
    def thinking(self) -> bool:
        """A seat not played at this table (the AI, a script, a remote player) is to decide."""

    @property
    def hint_thinking(self) -> bool:
        """A hint's move is being found."""

    def start(self, confirm_turns: bool = False) -> list[Change]:
        """Begin (or resume) at the table, following the player's End turn setting."""

    def step(self, dt: float, hold: bool = False) -> list[Change]:
        """One frame; the changes since the last (``hold``: machine moves wait)."""

    def update_for(self, seat: Seat) -> SeatUpdate:
        """What ``seat`` may know now (``NOBODY``: the public view); only seats this table
        may show are ever asked."""

    def private_seat(self) -> Seat | None:
        """Whose hand this screen may show now (``None``: nobody's)."""

    def is_local(self, seat: Seat) -> bool:
        """A human at this table plays ``seat`` (its moves are submitted here)."""

    def submit(self, seat: Seat, move: Move) -> Reason | None:
        """A local human's move: ``None`` once accepted, else why not."""

    def undo(self) -> str | None:
        """Take back the last own move: ``None``, or the refusal's code."""

    def confirm_turn(self) -> bool:
        """End turn: the waiting turn passes on (``False``: none waited)."""

    def set_confirm_turns(self, on: bool) -> bool:
        """Follow the End turn setting (``True``: a waiting turn passed on now)."""

    def hints_offered(self) -> bool:
        """Hints may be asked at this table."""

    def ask_hint(self) -> str | None:
        """Ask for a hint (it comes as a ``HINT`` change): ``None``, or why not."""

    def close(self) -> None:
        """Leave the match: let go of seats, threads and connections."""
