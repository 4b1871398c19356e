"""What the table may show, read from its feed's updates (never from the match): the public
update (whose turn, whether it waits, the outcome), whose hand may be on the screen (the feed's
hot-seat decision), and that seat's view with the game's view model of it, made once per
change.  A replay's table shows the whole position of a finished game."""

from __future__ import annotations

from typing import Any, Generic, Protocol, TypeVar

from catgames.core.feed import TableFeed
from catgames.core.rules import NOBODY, Seat, State
from catgames.core.seats import SeatUpdate
from catgames.core.session import HUMAN


V = TypeVar("V")


class Shown(Generic[V]):
    """A game table's typed reading of what it may show, written once for every game:
    ``bed = Shown(BedState)`` is ``observed`` read as a ``BedState``, ``Shown(Facts, "seen")``
    the game's view model; anything else there is a bug, said at once."""

    def __init__(self, kind: type[V], of: str = "observed") -> None:
        self.kind, self.of = kind, of

    def __get__(self, table: Any, owner: Any = None) -> V:
        value = getattr(table, self.of)
        if not isinstance(value, self.kind):
            raise TypeError(f"{type(table).__name__}.{self.of} is a {type(value).__name__}, "
                            f"not a {self.kind.__name__}")
        return value


class ViewHost(Protocol):
    """The feed the table reads, and the game's view model."""

    feed: TableFeed
    read_only: bool  #: a replay's table: it hides nothing

    @property
    def version(self) -> tuple[int, int]: ...
    def make_seen(self, view: Any, private: Seat | None) -> Any: ...


class TableView:
    """One table's reading of its feed."""

    def __init__(self, table: ViewHost) -> None:
        self.table = table
        self._seen: tuple[tuple[int, int, Seat | None], State, Any] | None = None

    @property
    def public(self) -> SeatUpdate:
        """What anyone may know now: whose turn, whether it waits, whether the game is over."""
        return self.table.feed.update_for(NOBODY)

    def viewer_seat(self) -> int:
        """Whose view is shown: the human to move here, else the first human here, else seat 0
        (in a replay: whoever moves)."""
        public = self.public
        to_move = public.to_move
        if self.plays_here(public, to_move) or (self.table.read_only and to_move >= 0):
            return to_move
        return next((s for s in range(len(public.seats)) if self.plays_here(public, s)), 0)

    def plays_here(self, public: SeatUpdate, seat: Seat) -> bool:
        """A human at this table plays ``seat`` (a replay's: a human played it)."""
        return 0 <= seat < len(public.seats) and public.seats[seat] == HUMAN and self.table.feed.is_local(seat)

    def private_seat(self) -> Seat | None:
        """Whose hand and hidden faces may be drawn (a replay: the mover's, at the end the
        viewer's)."""
        return self.viewer_seat() if self.table.read_only else self.table.feed.private_seat()

    def private(self) -> SeatUpdate:
        """The update of the seat whose hand is on the screen (the public one when nobody's)."""
        seat = self.private_seat()
        return self.table.feed.update_for(NOBODY if seat is None else seat)

    def shown(self) -> tuple[State, Any]:
        """The view the table may show and the game's view model of it."""
        table, private = self.table, self.private_seat()
        key = (*table.version, private)
        if self._seen is None or self._seen[0] != key:
            view = self.private().view  # a replay's runner hides nothing (``open_book``)
            self._seen = (key, view, table.make_seen(view, private))
        return self._seen[1], self._seen[2]
