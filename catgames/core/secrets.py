"""What a game's events and logged moves keep from some seats: its redaction declaration.

A position hides things through ``State.observe``; what happens between two positions (the
events of a move, the move's text in the log) could tell them anyway.  A game says here, once,
which of them hide what from whom, and ``core.redaction`` applies it to every update a seat is
sent (as boardgame.io's ``playerView`` and ``redactLog`` do).  Nothing is hidden unless
declared: an event or move text that tells a seat something it may not know is a bug of the
declaration, which ``tests/games/test_update_privacy.py`` looks for.

Plain data with no import of the rules, so that ``Game`` can carry its declaration.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

#: ``Veil.seen_by``: only the seat that made the move (or the event's seat) sees it
MOVER = "mover"
#: what a hidden value is replaced with (the rules' own spelling of an unseen card)
VEILED = "?"


@dataclass(frozen=True)
class Veil:
    """Part of an event or of a move's text that only some seats may see.

    ``hides``: the event's data keys that are veiled (for a move's text, unused: all of the
    text but its first word, the move's kind, is veiled).  ``seen_by``: who still sees it,
    ``MOVER`` or the name of an event data key holding the seat (or seats) who may.
    """

    hides: tuple[str, ...] = ()
    seen_by: str = MOVER


@dataclass(frozen=True)
class Secrets:
    """A game's declaration: event kind -> its veil; first word of a move's text -> its veil."""

    events: Mapping[str, Veil] = field(default_factory=dict)
    moves: Mapping[str, Veil] = field(default_factory=dict)

    @property
    def veil_nothing(self) -> bool:
        """Every seat's log is the match's own: no turn need be redacted, seat after seat."""
        return not self.events and not self.moves


#: a game whose events and moves hide nothing (every perfect-information game)
NO_SECRETS = Secrets()
