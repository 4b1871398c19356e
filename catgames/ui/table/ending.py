"""The end of a game on the table: a moment's wait once the last move is played, so that it is
seen, then the table's result: the game's walkthrough of its final scoring on the board
(``staged_end``; skipped under Reduce motion and in a replay), then the end screen."""

from __future__ import annotations

from typing import Protocol

GAME_OVER_DELAY = 0.8  #: let the last move be seen before the result covers the board


class EndingHost(Protocol):
    """What the end of a game needs of the table: its result shown (the end screen, or first
    the game's walkthrough of its final scoring)."""

    def show_game_over(self) -> None: ...


class Ending:
    """The wait between a game's last move and its result (none most of the time)."""

    def __init__(self, table: EndingHost) -> None:
        self.table = table
        self.left: float | None = None  #: seconds until the result shows, while it waits

    @property
    def waiting(self) -> bool:
        return self.left is not None

    def begin(self) -> None:
        self.left = GAME_OVER_DELAY

    def cancel(self) -> None:
        """The position changed (undo, a new match): no result comes."""
        self.left = None

    def update(self, dt: float) -> bool:
        """Count down; at the end the table shows the game over.  Whether it was waiting (the
        table's other work waits with it)."""
        if self.left is None:
            return False
        self.left -= dt
        if self.left <= 0:
            self.left = None
            self.table.show_game_over()  # a hook: the online table shows its own end screen
        return True

