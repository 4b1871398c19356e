"""The small moves a Cathood game is made of, with the text form used in logs and saves.

A turn is a sequence: an action move (a disc on an action space, ``linear E 2``) and then the
decisions it asks for (``take orange``, ``return pink``, ``trade pink for blue``,
``coffee done``, ``reserve B05``, ``dog to V(1,1)``, ``rps rock``, ``steal blue``), until
``end turn`` or the last disc.  Tiles are named by grid position ``(row,col)``, spaces as
``H(r,c)`` / ``V(r,c)`` (spec 3.2).  ``kind`` is the key of ``analyse``'s ``legal_moves_by``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar, Union

from catgames.core.moves import Move as AnyMove
from catgames.core.moves import MovePattern, clean_text, match_move

RPS = ("rock", "paper", "scissors")   #: rock beats scissors, paper rock, scissors paper


@dataclass(frozen=True)
class Linear(AnyMove):
    """A1: 1 or 2 spaces along the street, teleporting at the border."""

    direction: str
    steps: int
    kind: ClassVar[str] = "linear"

    def __str__(self) -> str:
        return f"linear {self.direction} {self.steps}"


@dataclass(frozen=True)
class Diagonal(AnyMove):
    """A2: 1 to 3 spaces round tile corners, bouncing off the border."""

    direction: str
    steps: int
    kind: ClassVar[str] = "diagonal"

    def __str__(self) -> str:
        return f"diagonal {self.direction} {self.steps}"


@dataclass(frozen=True)
class Rotate(AnyMove):
    """A3: turn the tile at (row, col) a quarter turn clockwise (``cw``) or anticlockwise."""

    row: int
    col: int
    clockwise: bool
    kind: ClassVar[str] = "rotate"

    def __str__(self) -> str:
        return f"rotate ({self.row},{self.col}) {'cw' if self.clockwise else 'ccw'}"


@dataclass(frozen=True)
class Swap(AnyMove):
    """A4: exchange the tiles at two orthogonally adjacent positions (written in reading order)."""

    row: int
    col: int
    row2: int
    col2: int
    kind: ClassVar[str] = "swap"

    def __str__(self) -> str:
        return f"swap ({self.row},{self.col}) ({self.row2},{self.col2})"


@dataclass(frozen=True)
class PetShop(AnyMove):
    """A5: buy toy ``card`` and put a house on the pet-shop lot of the tile at (row, col)."""

    card: str
    row: int
    col: int
    kind: ClassVar[str] = "pet_shop"

    def __str__(self) -> str:
        return f"pet_shop {self.card} @ ({self.row},{self.col})"


@dataclass(frozen=True)
class Building(AnyMove):
    """A6: buy building ``card`` and put a house on the building lot of the tile at (row, col)."""

    card: str
    row: int
    col: int
    kind: ClassVar[str] = "building"

    def __str__(self) -> str:
        return f"building {self.card} @ ({self.row},{self.col})"


@dataclass(frozen=True)
class Park(AnyMove):
    """A7: a statue on the tree of the park tile at (row, col), taking the top park card."""

    row: int
    col: int
    kind: ClassVar[str] = "park"

    def __str__(self) -> str:
        return f"park ({self.row},{self.col})"


@dataclass(frozen=True)
class Repeat(AnyMove):
    """A8: the Repeat disc, carrying out ``action`` (taken already this turn) again."""

    action: "Action"
    kind: ClassVar[str] = "repeat"

    def __str__(self) -> str:
        return f"repeat {self.action}"


@dataclass(frozen=True)
class EndTurn(AnyMove):
    """End Phase 1 early (T4) and sleep."""

    kind: ClassVar[str] = "end_turn"

    def __str__(self) -> str:
        return "end turn"


@dataclass(frozen=True)
class Place(AnyMove):
    """S7: put the cat on ``space`` next to a one-colour shop of ``colour`` (a primary colour)."""

    colour: str
    space: str
    kind: ClassVar[str] = "place"

    def __str__(self) -> str:
        return f"place {self.colour} {self.space}"


@dataclass(frozen=True)
class Take(AnyMove):
    """M1: the colour of a supermarket or mall cube."""

    colour: str
    kind: ClassVar[str] = "take"

    def __str__(self) -> str:
        return f"take {self.colour}"


@dataclass(frozen=True)
class Return(AnyMove):
    """M5: give one cube back to the supply while over the cap."""

    colour: str
    kind: ClassVar[str] = "return"

    def __str__(self) -> str:
        return f"return {self.colour}"


@dataclass(frozen=True)
class Trade(AnyMove):
    """X1: at a coffee, return one ``give`` cube and take one ``get`` cube."""

    give: str
    get: str
    kind: ClassVar[str] = "trade"

    def __str__(self) -> str:
        return f"trade {self.give} for {self.get}"


@dataclass(frozen=True)
class CoffeeDone(AnyMove):
    """X1: no (more) trades at this coffee."""

    kind: ClassVar[str] = "coffee_done"

    def __str__(self) -> str:
        return "coffee done"


@dataclass(frozen=True)
class Reserve(AnyMove):
    """X3: the bee's card, taken from either visible row."""

    card: str
    kind: ClassVar[str] = "reserve"

    def __str__(self) -> str:
        return f"reserve {self.card}"


@dataclass(frozen=True)
class Chase(AnyMove):
    """X2: where the dog sends the cat (a neighbour of its space)."""

    space: str
    kind: ClassVar[str] = "dog"

    def __str__(self) -> str:
        return f"dog to {self.space}"


@dataclass(frozen=True)
class Rps(AnyMove):
    """F3/F4: a fighter's hidden rock-paper-scissors choice."""

    choice: str
    kind: ClassVar[str] = "rps"

    def __str__(self) -> str:
        return f"rps {self.choice}"


@dataclass(frozen=True)
class Steal(AnyMove):
    """F3: the colour the fight's winner takes from the loser."""

    colour: str
    kind: ClassVar[str] = "steal"

    def __str__(self) -> str:
        return f"steal {self.colour}"


Action = Union[Linear, Diagonal, Rotate, Swap, PetShop, Building, Park]
Move = Union[Action, Repeat, EndTurn, Place, Take, Return, Trade, CoffeeDone, Reserve, Chase,
             Rps, Steal]
ACTION_KINDS = ("linear", "diagonal", "rotate", "swap", "pet_shop", "building", "park", "repeat")
MOVE_KINDS = ACTION_KINDS + ("end_turn", "place", "take", "return", "trade", "coffee_done",
                             "reserve", "dog", "rps", "steal")
END_TURN = EndTurn()
COFFEE_DONE = CoffeeDone()
RPS_MOVES = tuple(Rps(c) for c in RPS)

_AT = r"\((\d+),(\d+)\)"
_WORD = r"([a-z_]+)"
_CARD = r"([A-Za-z0-9_]+)"
_SPACE = r"([HV]\(\d+,\d+\))"
_PATTERNS: tuple[MovePattern[Move], ...] = (
    (re.compile(r"linear ([NESW]) (\d)"), lambda d, n: Linear(d, int(n))),
    (re.compile(r"diagonal (NE|SE|SW|NW) (\d)"), lambda d, n: Diagonal(d, int(n))),
    (re.compile(rf"rotate {_AT} (cw|ccw)"), lambda r, c, w: Rotate(int(r), int(c), w == "cw")),
    (re.compile(rf"swap {_AT} {_AT}"), lambda *a: swap(*map(int, a))),
    (re.compile(rf"pet_shop {_CARD} @ {_AT}"), lambda k, r, c: PetShop(k, int(r), int(c))),
    (re.compile(rf"building {_CARD} @ {_AT}"), lambda k, r, c: Building(k, int(r), int(c))),
    (re.compile(rf"park {_AT}"), lambda r, c: Park(int(r), int(c))),
    (re.compile(r"end turn"), lambda: END_TURN),
    (re.compile(rf"place {_WORD} {_SPACE}"), Place),
    (re.compile(rf"take {_WORD}"), Take),
    (re.compile(rf"return {_WORD}"), Return),
    (re.compile(rf"trade {_WORD} for {_WORD}"), Trade),
    (re.compile(r"coffee done"), lambda: COFFEE_DONE),
    (re.compile(rf"reserve {_CARD}"), Reserve),
    (re.compile(rf"dog to {_SPACE}"), Chase),
    (re.compile(r"rps (rock|paper|scissors)"), Rps),
    (re.compile(rf"steal {_WORD}"), Steal),
)


def swap(r1: int, c1: int, r2: int, c2: int) -> Swap:
    """A swap with its two positions in reading order, so each swap has one spelling."""
    if (r2, c2) < (r1, c1):
        r1, c1, r2, c2 = r2, c2, r1, c1
    return Swap(r1, c1, r2, c2)


def parse_move(text: str) -> Move:
    """The move whose ``str()`` is ``text`` (extra spaces tolerated); ``ValueError`` otherwise."""
    clean = clean_text(str(text).replace("( ", "(").replace(" )", ")").replace(", ", ","))
    if clean.startswith("repeat "):
        inner = parse_move(clean[len("repeat "):])
        if isinstance(inner, (Linear, Diagonal, Rotate, Swap, PetShop, Building, Park)):
            return Repeat(inner)
        raise ValueError(f"Repeat cannot repeat {inner}")
    move = match_move(clean, _PATTERNS)
    if move is not None:
        return move
    raise ValueError(f"not a Cathood move: {text!r} (e.g. 'linear E 2', 'diagonal NE 3', "
                     "'rotate (0,1) cw', 'swap (0,0) (0,1)', 'pet_shop TY1 @ (2,1)', "
                     "'building B05 @ (1,0)', 'park (1,1)', 'repeat linear S 1', 'end turn', "
                     "'place pink H(1,2)', 'take orange', 'return pink', "
                     "'trade pink for blue', 'coffee done', 'reserve B05', 'dog to V(1,1)', "
                     "'rps rock', 'steal blue')")
