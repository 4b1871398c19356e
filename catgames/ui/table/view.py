"""What the table may show, read from the runner's updates (never from the match's state): the
public update (whose turn, whether it waits, the outcome), whose hand may be on the screen (the
runner's hot-seat decision), and that seat's view with the game's view model of it, made once
per change.  A replay's table shows the whole position of a finished game."""

from __future__ import annotations

from typing import Any, Protocol

from catgames.core.rules import NOBODY, Seat, State
from catgames.core.runner import Runner
from catgames.core.seats import SeatUpdate


class ViewHost(Protocol):
    """The runner the table reads, and the game's view model."""

    match_runner: Runner
    read_only: bool  #: a replay's table: it hides nothing

    @property
    def version(self) -> tuple[int, int]: ...
    def make_seen(self, view: Any, private: Seat | None) -> Any: ...


class TableView:
    """One table's reading of its runner."""

    def __init__(self, table: ViewHost) -> None:
        self.table = table
        self._seen: tuple[tuple[int, int, int, Seat | None], State, Any] | None = None

    @property
    def public(self) -> SeatUpdate:
        """What anyone may know now: whose turn, whether it waits, whether the game is over."""
        return self.table.match_runner.update_for(NOBODY)

    def viewer_seat(self) -> int:
        """Whose view is shown: the human to move, else the first human, else seat 0 (in a
        replay: whoever moves)."""
        match, to_move = self.table.match_runner.match, self.public.to_move
        if match.is_human(to_move) or (self.table.read_only and to_move >= 0):
            return to_move
        humans = match.human_seats
        return humans[0] if humans else 0

    def private_seat(self) -> Seat | None:
        """Whose hand and hidden faces may be drawn (a replay: the mover's, at the end the
        viewer's)."""
        return self.viewer_seat() if self.table.read_only else self.table.match_runner.private_seat()

    def private(self) -> SeatUpdate:
        """The update of the seat whose hand is on the screen (the public one when nobody's)."""
        seat = self.private_seat()
        return self.table.match_runner.update_for(NOBODY if seat is None else seat)

    def shown(self) -> tuple[State, Any]:
        """The view the table may show and the game's view model of it."""
        table, private = self.table, self.private_seat()
        key = (*table.version, table.match_runner.version, private)
        if self._seen is None or self._seen[0] != key:
            view = self.private().view  # a replay's runner hides nothing (``open_book``)
            self._seen = (key, view, table.make_seen(view, private))
        return self._seen[1], self._seen[2]
