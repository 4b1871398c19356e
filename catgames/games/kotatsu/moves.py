"""The moves of Kotatsu Cats and their text forms (logs, saves, the command line).

A turn can take several small decisions, each its own move: a ``Play`` (or a ``Pass`` when no
play is legal), then with ``single_card_discard`` an optional ``Discard``, and when a kotatsu
resolves, the winner's ``Pick`` of a pair.  Cards are named by colour and stars (``O3``):
identical cards are interchangeable, so one move stands for whichever copy is in hand.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar, Union

from catgames.core.moves import Move as AnyMove
from catgames.core.moves import MovePattern, clean_text, match_move


@dataclass(frozen=True)
class Play(AnyMove):
    """Put ``cards`` face up on the mover's edge of kotatsu ``kotatsu`` (0-based)."""

    kotatsu: int
    cards: tuple[str, ...]   #: card labels, sorted
    kind: ClassVar[str] = "play"

    def __str__(self) -> str:
        return f"play {' '.join(self.cards)} on {self.kotatsu + 1}"


@dataclass(frozen=True)
class Pass(AnyMove):
    """No legal play exists (rule 11): the turn passes, the hand is still refilled."""

    kind: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Discard(AnyMove):
    """After a single-card play (option ``single_card_discard``): discard ``card`` or nothing."""

    card: str | None
    kind: ClassVar[str] = "discard"

    def __str__(self) -> str:
        return f"discard {self.card or 'none'}"


@dataclass(frozen=True)
class Pick(AnyMove):
    """The 1st-ranked player takes pair ``slot`` (0-based) of the kotatsu being resolved."""

    slot: int
    kind: ClassVar[str] = "pick"

    def __str__(self) -> str:
        return f"take pair {self.slot + 1}"


Move = Union[Play, Pass, Discard, Pick]
PASS = Pass()
KEEP = Discard(None)


@lru_cache(maxsize=None)
def play(kotatsu: int, cards: tuple[str, ...]) -> Play:
    """The (shared) ``Play`` object for sorted ``cards``: legal move lists reuse them."""
    return Play(kotatsu, cards)


def _discard(card: str) -> Discard:
    return KEEP if card == "none" else Discard(card)


_PATTERNS: tuple[MovePattern[Move], ...] = (
    (re.compile(r"pass"), lambda: PASS),
    (re.compile(r"play\s+((?:[A-Z]\d+\s*)+)\s+on\s+(\d+)"),
     lambda cards, at: play(int(at) - 1, tuple(sorted(cards.split())))),
    (re.compile(r"discard\s+([A-Z]\d+|none)"), _discard),
    (re.compile(r"take\s+pair\s+(\d+)"), lambda slot: Pick(int(slot) - 1)),
)


def parse_move(text: str) -> Move:
    """The move whose ``str()`` is ``text``; ``ValueError`` says what was expected otherwise."""
    move = match_move(clean_text(text), _PATTERNS)
    if move is None:
        raise ValueError(f"not a Kotatsu Cats move: {text!r} (expected like 'play O3 G1 on 2', "
                         "'pass', 'discard K2', 'discard none' or 'take pair 1')")
    return move
