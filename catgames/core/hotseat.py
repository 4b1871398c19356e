"""One screen, several players: whose hidden things it may show, and when it changes hands.

With one human the screen is theirs.  With several humans and hidden information the device
passes between them: the screen shows the hand of the seat it was last handed to, nobody's
while an AI moves (the device may be with anyone), and before the first hand-off nobody's.  A
hand-off is asked for only when something on the device is hidden from the others: the new
seat's view differs from the one on the screen, or what it chooses now is secret
(``Game.secret_choice``).  Moved here from the table so that the runner decides it, once.
"""

from __future__ import annotations

from catgames.core.rules import NOBODY, Seat
from catgames.core.session import Match


class Hotseat:
    """The device's holder in a match (``shown``: the seat it was last handed to)."""

    def __init__(self) -> None:
        self.shown: Seat | None = None

    def reset(self) -> None:
        """A new match: nobody holds the device yet."""
        self.shown = None

    @staticmethod
    def viewer(match: Match) -> Seat:
        """Whose view a table shows: the human to move, else the first human, else seat 0."""
        if match.is_human(match.state.to_move):
            return match.state.to_move
        humans = match.human_seats
        return humans[0] if humans else 0

    def private_seat(self, match: Match) -> Seat | None:
        """Whose hand and hidden faces the screen may show now (``None``: nobody's)."""
        humans = match.human_seats
        if not humans:
            return None
        if len(humans) == 1:
            return humans[0]
        if not match.game.has_hidden_information:
            return self.viewer(match)
        if not match.is_human(match.state.to_move):
            return None
        return self.shown

    @staticmethod
    def passes_hands(match: Match, seat: Seat) -> bool:
        """A human's turn in hidden-information hotseat, where the device may change hands."""
        return (match.game.has_hidden_information and len(match.human_seats) > 1
                and match.is_human(seat))

    def needs_handoff(self, match: Match, seat: Seat) -> bool:
        """The device must be handed to ``seat`` before it is shown its view."""
        if seat == self.shown:
            return False
        if match.game.secret_choice(match.state):
            return True
        shown = NOBODY if self.shown is None else self.shown
        return match.state.observe(seat).to_dict() != match.state.observe(shown).to_dict()

    def announce(self, match: Match) -> Seat | None:
        """The turn has passed (not waiting for End turn, game not over): the seat the device
        must be handed to first, if one must; the device is that seat's from now on."""
        seat = match.state.to_move
        if match.awaiting or match.state.is_over() or not self.passes_hands(match, seat):
            return None
        handoff = self.needs_handoff(match, seat)
        self.shown = seat
        return seat if handoff else None
