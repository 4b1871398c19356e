"""The small moves a turn of If It Fits is made of, with the text form used in logs and saves.

A turn is a sequence: ``draw`` then ``play …`` (then ``cat @ (x,y)`` or ``skip``), or a single
``sleep @ (x,y)``; ``princess @ (x,y)`` and ``discard …`` also end a turn.  Coordinates are the
spec's (x, y): x to the right, y down; a cat at (x, y) lies on (x, y) and (x, y + 1).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, ClassVar, Union

from catgames.core.moves import Move as AnyMove
from catgames.core.moves import MovePattern, clean_text, match_move


@dataclass(frozen=True)
class StartSide(AnyMove):
    """Set-up (rule 4): add this player's start card at the ``left`` or ``right`` end of the row."""

    side: str
    kind: ClassVar[str] = "start_row"

    def __str__(self) -> str:
        return f"start {self.side}"


@dataclass(frozen=True)
class Draw(AnyMove):
    """Action A, first half: take the top card of the draw pile."""

    kind: ClassVar[str] = "draw"

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True)
class Sleep(AnyMove):
    """Action B: a sleeping cat from the supply onto the pair at (x, y), (x, y + 1)."""

    x: int
    y: int
    kind: ClassVar[str] = "sleeping_cat"

    def __str__(self) -> str:
        return f"sleep @ ({self.x},{self.y})"


@dataclass(frozen=True)
class Play(AnyMove):
    """Lay the hand card ``card`` (a kind name such as ``CUP t2``) turned ``rot`` at (x, y)."""

    card: str
    rot: int
    x: int
    y: int
    kind: ClassVar[str] = "card"

    def __str__(self) -> str:
        return f"play {self.card} r{self.rot} @ ({self.x},{self.y})"


@dataclass(frozen=True)
class Princess(AnyMove):
    """Play a Princess onto the opponent cat lying at (x, y)."""

    x: int
    y: int
    kind: ClassVar[str] = "princess"

    def __str__(self) -> str:
        return f"princess @ ({self.x},{self.y})"


@dataclass(frozen=True)
class Discard(AnyMove):
    """Rule 8: nothing in hand can be played, so this card goes face up to the discards."""

    card: str
    kind: ClassVar[str] = "discard"

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True)
class Cat(AnyMove):
    """An awake cat onto the pair at (x, y), (x, y + 1), which includes the card just played."""

    x: int
    y: int
    kind: ClassVar[str] = "awake_cat"

    def __str__(self) -> str:
        return f"cat @ ({self.x},{self.y})"


@dataclass(frozen=True)
class Skip(AnyMove):
    """No awake cat this turn."""

    kind: ClassVar[str] = "skip"

    def __str__(self) -> str:
        return "skip"


Move = Union[StartSide, Draw, Sleep, Play, Princess, Discard, Cat, Skip]
MOVE_KINDS = ("start_row", "draw", "card", "sleeping_cat", "princess", "discard", "awake_cat", "skip")

_AT = r"@\s*\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)"
_CARD = r"([A-Za-z_]+(?:\s+t\d+)?)"


def _typed(build: Callable[..., Move]) -> Callable[..., Move]:
    """``build`` given its text groups as numbers where they are numbers."""
    return lambda *groups: build(*(int(g) if g.lstrip("-").isdigit() else g for g in groups))


_PATTERNS: tuple[MovePattern[Move], ...] = tuple((re.compile(pattern), _typed(build)) for pattern, build in (
    (r"start\s+(left|right)", StartSide),
    (r"draw", Draw),
    (rf"sleep\s*{_AT}", Sleep),
    (rf"play\s+{_CARD}\s+r(\d+)\s*{_AT}", Play),
    (rf"princess\s*{_AT}", Princess),
    (rf"discard\s+{_CARD}", Discard),
    (rf"cat\s*{_AT}", Cat),
    (r"skip", Skip),
))


def parse_move(text: str) -> Move:
    """The move whose ``str()`` is ``text`` (extra spaces tolerated); ``ValueError`` otherwise."""
    move = match_move(clean_text(text), _PATTERNS)
    if move is None:
        raise ValueError(f"not an If It Fits move: {text!r} (e.g. 'draw', 'play CUP t2 r180 @ (6,4)', "
                         "'cat @ (6,4)', 'skip', 'sleep @ (3,4)', 'princess @ (6,3)', 'discard PRINCESS')")
    return move
