"""What a table holds of a match: ``TableFeed``, the one surface a table drives and reads.

A table is a view: it draws the ``SeatUpdate`` it is given and sends intents; it never holds
the ``Match``.  Two things stand behind a table and both satisfy this protocol: the local
``core.runner.Runner`` (the match on this computer, its AI seats thinking here) and, online, a
remote runner that forwards intents to the server and hands on the updates it is sent.  Which
one a table has is decided where the table is made, never by the table.

The changes a table shows come back from ``start``, ``step`` and ``changes`` (those of the
intents sent since are among them; ``changes`` hands them on at once, with no frame passing).
What only a match on this computer allows (a restart, a new match, a position set by hand,
standing in for any seat) is ``LocalControl``, which a local table has beside its feed and an
online one has not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from catgames.core.moves import Move
from catgames.core.rules import Reason, Seat
from catgames.core.seats import SeatUpdate

if TYPE_CHECKING:
    from catgames.core.runner import Change
    from catgames.core.session import Match


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
        """One frame; the changes since the last ``start`` or ``step``, the intents' included
        (``hold``: machine moves wait)."""

    def changes(self) -> list[Change]:
        """The changes since the last ``start``, ``step`` or ``changes``, no time passing and
        no seat asked: an intent's own, shown at once.  (Added: a move is drawn the frame it
        is made.)"""

    def update_for(self, seat: Seat) -> SeatUpdate:
        """What ``seat`` may know now (``NOBODY``: the public view); only seats this table
        may show are ever asked."""

    def private_seat(self) -> Seat | None:
        """Whose hand this screen may show now (``None``: nobody's)."""

    def is_local(self, seat: Seat) -> bool:
        """A human at this table plays ``seat`` (its moves are submitted here)."""

    def submit(self, seat: Seat, move: Move) -> Reason | None:
        """A local human's move: ``None`` once accepted, else why not."""

    def undo_refusal(self) -> str | None:
        """Why Undo is refused now (``nothing``, ``turn``, ``revealed``), ``None`` when it is
        not: the Undo button is greyed out and says why.  (Added for the table's Undo button.)"""

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


class LocalControl(Protocol):
    """What only a match played on this computer allows, beside its ``TableFeed`` (the local
    ``Runner`` is both): an online table has none, and offers a rematch instead of a restart."""

    @property
    def match(self) -> Match:
        """The match itself: kept, recorded and replayed here."""

    def restart(self, seed: int, ai_seed: int) -> None:
        """The same set-up dealt again with new seeds."""

    def replace(self, match: Match) -> None:
        """Play ``match`` from now on (a tutorial begun again)."""

    def refresh(self) -> None:
        """The match was changed past the feed (a position set by hand): read it anew."""

    def play(self, move: Move) -> Reason | None:
        """The seat to move's ``move``, whoever plays that seat (a test standing in for it)."""
