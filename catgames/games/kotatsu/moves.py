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
from typing import Union


@dataclass(frozen=True)
class Play:
    """Put ``cards`` face up on the mover's edge of kotatsu ``kotatsu`` (0-based)."""

    kotatsu: int
    cards: tuple[str, ...]   #: card labels, sorted

    def __str__(self) -> str:
        return f"play {' '.join(self.cards)} on {self.kotatsu + 1}"


@dataclass(frozen=True)
class Pass:
    """No legal play exists (rule 11): the turn passes, the hand is still refilled."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Discard:
    """After a single-card play (option ``single_card_discard``): discard ``card`` or nothing."""

    card: str | None

    def __str__(self) -> str:
        return f"discard {self.card or 'none'}"


@dataclass(frozen=True)
class Pick:
    """The 1st-ranked player takes pair ``slot`` (0-based) of the kotatsu being resolved."""

    slot: int

    def __str__(self) -> str:
        return f"take pair {self.slot + 1}"


Move = Union[Play, Pass, Discard, Pick]
PASS = Pass()
KEEP = Discard(None)

_PLAY = re.compile(r"^play\s+((?:[A-Z]\d+\s*)+)\s+on\s+(\d+)$")
_DISCARD = re.compile(r"^discard\s+([A-Z]\d+|none)$")
_PICK = re.compile(r"^take\s+pair\s+(\d+)$")


@lru_cache(maxsize=None)
def play(kotatsu: int, cards: tuple[str, ...]) -> Play:
    """The (shared) ``Play`` object for sorted ``cards``: legal move lists reuse them."""
    return Play(kotatsu, cards)


def parse_move(text: str) -> Move:
    """The move whose ``str()`` is ``text``; ``ValueError`` says what was expected otherwise."""
    t = " ".join(str(text).split())
    if t == "pass":
        return PASS
    if m := _PLAY.match(t):
        return play(int(m.group(2)) - 1, tuple(sorted(m.group(1).split())))
    if m := _DISCARD.match(t):
        return KEEP if m.group(1) == "none" else Discard(m.group(1))
    if m := _PICK.match(t):
        return Pick(int(m.group(1)) - 1)
    raise ValueError(f"not a Kotatsu Cats move: {text!r} (expected like 'play O3 G1 on 2', "
                     "'pass', 'discard K2', 'discard none' or 'take pair 1')")
