"""Whose hidden parts the table may show: the only human's; in hidden-information hot seat the
seat the device was last handed to, and nobody's while an AI moves (the device may be with
anyone) or before the first hand-off; nobody's among AIs; everything in a replay.  And whether
the device must be handed over before a seat's turn."""

from __future__ import annotations

from typing import Protocol

from catgames.core.rules import NOBODY, State
from catgames.core.session import Match


class PrivacyHost(Protocol):
    """The match, and what the table knows of its seats."""

    match: Match
    read_only: bool  #: a replay's table: it hides nothing

    @property
    def state(self) -> State: ...
    def secret_choice(self) -> bool: ...


class SeatPrivacy:
    """The hot-seat privacy of one table: which seat the device was last handed to."""

    def __init__(self, table: PrivacyHost) -> None:
        self.table = table
        self.shown_seat: int | None = None  #: the seat the device was last handed to

    def viewer_seat(self) -> int:
        """Whose view is shown: the human to move, else the first human, else seat 0 (in a
        replay: whoever moves)."""
        match, to_move = self.table.match, self.table.state.to_move
        if match.is_human(to_move) or (self.table.read_only and to_move >= 0):
            return to_move
        humans = match.human_seats
        return humans[0] if humans else 0

    def private_seat(self) -> int | None:
        """Whose hand and hidden faces may be drawn now (``None``: nobody's)."""
        match = self.table.match
        if self.table.read_only:  # a replay hides nothing: the mover's hand, at the end the viewer's
            return self.viewer_seat()
        humans = match.human_seats
        if not humans:
            return None
        if len(humans) == 1:
            return humans[0]
        if not match.game.has_hidden_information:
            return self.viewer_seat()
        if not match.is_human(self.table.state.to_move):
            return None
        return self.shown_seat

    def hotseat_turn(self, seat: int) -> bool:
        """A human's turn in hidden-information hotseat, where the device may change hands."""
        match = self.table.match
        return (match.game.has_hidden_information and len(match.human_seats) > 1
                and match.is_human(seat))

    def needs_handoff(self, seat: int) -> bool:
        """Hand the device to ``seat`` only when something on it is hidden from the others: its
        view differs from the one on the screen, or what it chooses now is secret."""
        if seat == self.shown_seat:
            return False
        if self.table.secret_choice():
            return True
        shown = NOBODY if self.shown_seat is None else self.shown_seat
        state = self.table.state
        return state.observe(seat).to_dict() != state.observe(shown).to_dict()
