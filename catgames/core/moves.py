"""What every game's moves share: the ``Move`` base, and reading a move back from its text.

A move is a small frozen dataclass deriving from ``Move``; its ``str()`` is the move's text in
logs, saves, recordings and on the command line, and its ``kind`` names the sort of move (the
key of ``analyse``'s ``legal_moves_by``, the action an event names).  A game parses the text
back with a table of patterns, one per form, each with the function that builds the move from
the pattern's groups (``match_move``).
"""

from __future__ import annotations

import re
from typing import Callable, ClassVar, Sequence, TypeVar

M = TypeVar("M", bound="Move")
#: one form of a game's move text: its pattern (matched whole) and the builder of its groups
MovePattern = tuple[re.Pattern[str], Callable[..., M]]


class Move:
    """The base of every game's move dataclasses (which write ``kind`` and ``__str__``)."""

    __slots__ = ()
    kind: ClassVar[str]

    def __str__(self) -> str:
        raise NotImplementedError(f"{type(self).__name__} does not say its text")


def clean_text(text: object) -> str:
    """``text`` with each run of white space made one space, and none at either end: the
    spelling every game's parser reads, so extra spaces are tolerated everywhere."""
    return " ".join(str(text).split())


def match_move(text: str, patterns: Sequence[MovePattern[M]]) -> M | None:
    """The move built by the first pattern that matches all of ``text``, else ``None``."""
    for pattern, build in patterns:
        match = pattern.fullmatch(text)
        if match is not None:
            return build(*match.groups())
    return None
