"""What the Woof Days / Cat Days table shows and allows after one change (pure: no pygame).

Built once per change by the shared table from the private seat's observation: the pictures
read hands and piles only from ``view``, so a hand that may not be seen is never drawn.
"""

from __future__ import annotations

from dataclasses import dataclass

from catgames.games.days.components import DRAW, PASS
from catgames.games.days.effects import Spot
from catgames.games.days.rules import DaysState
from catgames.games.days.scoring import Standing


@dataclass(frozen=True)
class Facts:
    """The view model of one position."""

    view: DaysState                  #: the private seat's observation (all hands hidden if none)
    viewer: int                      #: whose week is drawn at the bottom
    private: int | None              #: whose hand may be shown face up
    can_play: bool                   #: the human mover has a card to play
    can_draw: bool
    can_pass: bool
    options: list[Spot]              #: the next choice of a card mid-play
    standing: Standing

    @property
    def shows_hand(self) -> bool:
        """Faces only when the bottom seat's hand is the private one: never an AI's, never a
        human's while the device may be in someone else's hands."""
        return self.private is not None and self.private == self.viewer


def facts_of(view: DaysState, viewer: int, private: int | None, acting: bool) -> Facts:
    """The facts ``view`` shows, from it alone; ``acting``: a human is to move, their hand in
    ``view``."""
    choosing = view.pending is not None or bool(view.refill)
    return Facts(
        view=view, viewer=viewer, private=private,
        can_play=acting and not choosing and bool(view.plays()),
        can_draw=acting and view.check(DRAW) is None,
        can_pass=acting and view.check(PASS) is None,
        options=view.pending_options() if acting else [], standing=view.standing())
